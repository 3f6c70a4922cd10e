"""Backends: the only modules that import reportlab (PDF) or pillow (PNG) to draw."""
