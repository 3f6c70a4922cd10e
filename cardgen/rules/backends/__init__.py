"""The rulebooks' typesetter: the only rulebook modules that import reportlab or pillow."""
