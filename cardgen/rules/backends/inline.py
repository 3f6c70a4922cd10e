"""Inline rule text into platypus markup: escape first, then our own markup, then icons.

Everything from the data or the template is escaped before any tag is added, so `<`, `&` or
`<b>` in a card's text print literally and never break the build.
"""

from __future__ import annotations

import re
import tempfile
from functools import cache
from html import escape
from pathlib import Path

BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
ICON = re.compile(r":([a-z0-9_]+):")


@cache
def _icon_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="cardgen-icons-"))


_PNGS: dict[tuple[int, str], str] = {}


def icon_png(icon, ink: str) -> str:
    """A crisp raster of the icon (600 dpi) for inline use in paragraphs, made once."""
    key = (id(icon), ink)
    if key not in _PNGS:
        _PNGS[key] = _render_icon(icon, ink)
    return _PNGS[key]


def _render_icon(icon, ink: str) -> str:
    from cardgen.printkit.backends.png import render_png
    from cardgen.printkit.draw import Face, IconOp

    face = Face(6.0, 6.0, 0.0, [IconOp(icon, 0.0, 0.0, 6.0, ink, "#FFFFFF")])
    image = render_png(face, dpi=600).convert("RGBA")
    # White paper becomes transparent, so icons sit on any tint.
    from PIL import ImageChops

    red, green, blue, _ = image.split()
    darkest = ImageChops.darker(ImageChops.darker(red, green), blue)
    image.putalpha(darkest.point(lambda v: 255 if v <= 245 else 0))
    path = _icon_dir() / f"{icon.name}-{ink.lstrip('#')}.png"
    image.save(path)
    return str(path)


def inline(text: str, icons: dict, size_pt: float, ink: str = "#1A1A1A") -> str:
    markup = escape(str(text), quote=False)
    markup = BOLD.sub(r"<b>\1</b>", markup)
    markup = ITALIC.sub(r"<i>\1</i>", markup)

    def icon(match: re.Match) -> str:
        found = icons.get(match[1])
        if found is None:
            return match[0]
        side = size_pt * 1.15
        source, drop = icon_png(found, ink), size_pt * 0.22
        return f'<img src="{source}" width="{side:.1f}" height="{side:.1f}" valign="-{drop:.1f}"/>'

    return ICON.sub(icon, markup)
