"""Backends: the only print-kit modules that import reportlab (PDF) or pillow (PNG and JPEG).

Everything above them works in millimetres and plain values; fonts are read here too, since
their metrics come from reportlab's TTF parser.
"""
