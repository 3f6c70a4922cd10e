"""Rulebooks and quick-reference sheets: rule text in Jinja2 templates, typeset with platypus."""
