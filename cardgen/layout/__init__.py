"""Layouts: one per component type, declared in TOML under templates/, bound to card fields
with Jinja2 expressions, laid out into drawing primitives (`cardgen.draw`) in millimetres."""

from cardgen.layout.render import LayoutError, render_face
from cardgen.layout.template import Layout, find_layout, load_layout

__all__ = ["Layout", "LayoutError", "find_layout", "load_layout", "render_face"]
