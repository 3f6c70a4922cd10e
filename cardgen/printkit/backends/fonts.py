"""Fonts: TrueType files, never system fonts: reportlab's Bitstream Vera by default, and the
families a game's manifest names (`"fonts"`, files in its own folder; `cardgen.data.fonts`).

Measuring and line-breaking happen here, once, with the TTF's own metrics; the PDF backend embeds
the same files (as subsets) and the PNG backend draws with them, so text lands in the same place
in both. A font is known by its key: "regular", "bold", "italic" and "bolditalic" are Vera; a
game's family is registered under keys "<game>.<family>/<style>" (`register_family`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType

import reportlab

FONT_DIR = Path(reportlab.__file__).parent / "fonts"
STYLES = ("regular", "bold", "italic", "bolditalic")
FONTS: dict[str, Path] = {
    "regular": FONT_DIR / "Vera.ttf",
    "bold": FONT_DIR / "VeraBd.ttf",
    "italic": FONT_DIR / "VeraIt.ttf",
    "bolditalic": FONT_DIR / "VeraBI.ttf",
}  # every font key known in this process: Vera's, then each registered family's
PDF_NAMES = {key: f"CardgenVera-{key}" for key in FONTS}
VERA: Mapping[str, str] = MappingProxyType({style: style for style in STYLES})  # layout names
FAMILY_OF: dict[str, tuple[str, str]] = {key: ("", key) for key in FONTS}  # key -> family, style
PT_PER_MM = 72.0 / 25.4
ASCENT = 0.76  # of the font size, for Vera: where the first baseline sits below a box's top
LEADING = 1.18  # line height as a multiple of the size


class FontError(ValueError):
    """A font file that cannot be used: the message is one line naming the file."""


def font_path(key: str) -> Path:
    return FONTS[key]


def register_family(family: str, files: Mapping[str, Path]) -> dict[str, str]:
    """The font keys of `family` (an id such as "riposte.display") by style, its `files` (style
    -> TTF) checked and registered first. Registering the same files again is free; a file
    reportlab cannot embed (not TrueType outlines, or its licence forbids embedding) raises
    FontError naming it."""
    keys: dict[str, str] = {}
    for style, path in files.items():
        key = f"{family}/{style}"
        known = FONTS.get(key)
        if known != path:
            FONTS[key] = path
            again = f"-{len(FONTS)}" if known is not None else ""  # reportlab's names are for good
            PDF_NAMES[key] = "Cardgen-" + "".join(
                ch if ch.isalnum() else "-" for ch in f"{family}-{style}{again}"
            )
            FAMILY_OF[key] = (family, style)
            if known is not None:
                _forget()
            try:
                _ttf(key)
            except Exception as exc:  # reportlab's TTFError, or a truncated file's own error
                del FONTS[key], PDF_NAMES[key], FAMILY_OF[key]
                _ttf.cache_clear()
                reason = str(exc).split("\n")[0][:120] or type(exc).__name__
                raise FontError(f"{path}: not a font the PDF can embed ({reason})") from None
        keys[style] = key
    return keys


def styled(key: str, bold: bool, italic: bool) -> str | None:
    """The key of `key`'s family in the style `bold` and `italic` ask for, or None when the
    family has no such file."""
    family, _ = FAMILY_OF[key]
    style = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
             (True, True): "bolditalic"}[(bold, italic)]  # fmt: skip
    wanted = f"{family}/{style}" if family else style
    return wanted if wanted in FONTS else None


def style_of(key: str) -> str:
    return FAMILY_OF[key][1]


def _forget() -> None:
    """Drops what was measured with an earlier file under a key now given another (a test's
    own font registered twice)."""
    for cached in (_ttf, _widths, _ink_font):
        cached.cache_clear()
    text_width_mm.cache_clear()
    ink_bounds_mm.cache_clear()


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
