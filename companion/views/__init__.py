"""One module per game view, each with `render(table)`: read state, offer legal actions, draw.

Not named pages/: Streamlit would list such files as pages of their own."""
