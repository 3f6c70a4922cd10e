"""Layouts: one per component type, declared in TOML under templates/, bound to card fields
with Jinja2 expressions, laid out into drawing primitives (`cardgen.printkit.draw`) in
millimetres."""

from cardgen.printkit.layout.errors import OVERFLOW_POLICIES, LayoutError, TextOverflowError
from cardgen.printkit.layout.render import Renderer, render_face
from cardgen.printkit.layout.template import Layout, find_layout, load_layout

__all__ = [
    "OVERFLOW_POLICIES",
    "Layout",
    "LayoutError",
    "Renderer",
    "TextOverflowError",
    "find_layout",
    "load_layout",
    "render_face",
]
