"""Reading printed cards with the tablet's camera: the codes in a photo (`photo`), turned into
the game's cards and checked against what the page may take now (`cards`). No streamlit here:
the pages hand in the photo's bytes and a rule check, and show what comes back."""
