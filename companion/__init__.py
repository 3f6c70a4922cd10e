"""The table companion: rules engines (pure Python) and the Streamlit app that drives them."""
