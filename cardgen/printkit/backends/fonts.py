"""Fonts: TTF files shipped with a dependency (reportlab's Bitstream Vera), never system fonts.

Measuring and line-breaking happen here, once, with the TTF's own metrics; the PDF backend embeds
the same files and the PNG backend draws with them, so text lands in the same place in both.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

import reportlab

FONT_DIR = Path(reportlab.__file__).parent / "fonts"
FONTS = {
    "regular": "Vera.ttf",
    "bold": "VeraBd.ttf",
    "italic": "VeraIt.ttf",
    "bolditalic": "VeraBI.ttf",
}
PDF_NAMES = {key: f"CardgenVera-{key}" for key in FONTS}
PT_PER_MM = 72.0 / 25.4
ASCENT = 0.76  # of the font size, for Vera: where the first baseline sits below a box's top
LEADING = 1.18  # line height as a multiple of the size


def font_path(key: str) -> Path:
    return FONT_DIR / FONTS[key]


@cache
def _ttf(key: str):
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(PDF_NAMES[key], str(font_path(key)))


@cache
def _widths(key: str) -> dict[int, float]:
    face = _ttf(key).face
    return {code: face.getCharWidth(code) for code in face.charToGlyph}


@lru_cache(maxsize=65536)  # words repeat across a deck: measure each once per size
def text_width_mm(text: str, key: str, size_pt: float) -> float:
    widths = _widths(key)
    default = widths.get(ord("?"), 600)
    units = sum(widths.get(ord(ch), default) for ch in text)
    return units / 1000.0 * size_pt / PT_PER_MM


def has_glyph(key: str, char: str) -> bool:
    return ord(char) in _widths(key)


def missing_glyphs(text: str, key: str) -> str:
    return "".join(sorted({c for c in text if not c.isspace() and not has_glyph(key, c)}))


_INK_EM = 1000  # pixels per em when measuring ink: fine enough for a hundredth of a millimetre


@cache
def _ink_font(key: str):
    from PIL import ImageFont

    return ImageFont.truetype(str(font_path(key)), _INK_EM)


@lru_cache(maxsize=16384)
def ink_bounds_mm(text: str, key: str, size_pt: float) -> tuple[float, float, float, float]:
    """Where `text` really puts ink, in mm from its left end on the baseline: (left, top, right,
    bottom), y downwards (so top is negative). Empty for blank text: (0, 0, 0, 0)."""
    if not text.strip():
        return 0.0, 0.0, 0.0, 0.0
    left, top, right, bottom = _ink_font(key).getbbox(text, anchor="ls")
    scale = size_pt / PT_PER_MM / _INK_EM
    return left * scale, top * scale, right * scale, bottom * scale
