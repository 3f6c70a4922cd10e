"""Colours as a press prints them: sRGB `#RRGGBB` turned into device CMYK, one formula for all.

The PDF backend uses it for every fill and stroke of a CMYK print-shop file, and the image
backend applies the same formula to every pixel (art and the TIFF faces), so a colour comes out
the same in both. Grey goes wholly to black ink (K): black text is 100 % K, never four inks that
blur when the plates shift. The total of the four inks is capped at 240 %, the limit
DriveThruCards sets (shared/reference/print-standards.md, sections 1.2 and 7 check I4).

No ICC profile is applied: this is a plain device conversion. A shop that names a profile
(MB Print: Fogra39) gets closer colours from a conversion made with that profile.
"""

from __future__ import annotations

TOTAL_INK_LIMIT = 2.4  # 240 %: the most ink any CMYK colour may put down
# Black over a large area prints dull and grey in black ink alone: such areas (a full-bleed back,
# a banner) get a rich black under it, within the ink limit (60 + 40 + 40 + 100 = 240 %). Text
# and thin lines stay on the black plate alone, where a shifted plate would blur them.
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)
RICH_BLACK_MM2 = 400.0  # the smallest area (20 x 20 mm) filled in rich black


def rgb_of(colour: str) -> tuple[float, float, float]:
    """`#RRGGBB` as three fractions."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"{colour!r} is not a #RRGGBB colour")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def cmyk_of(colour: str) -> tuple[float, float, float, float]:
    """Cyan, magenta, yellow and black (fractions) for an sRGB `#RRGGBB` colour."""
    r, g, b = rgb_of(colour)
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    colours = c + m + y
    if colours + k > TOTAL_INK_LIMIT:
        share = (TOTAL_INK_LIMIT - k) / colours
        c, m, y = c * share, m * share, y * share
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def total_ink(cmyk: tuple[float, float, float, float]) -> float:
    """The four inks added up: 1.0 is 100 %."""
    return sum(cmyk)


def cmyk_fill(colour: str, area_mm2: float) -> tuple[float, float, float, float]:
    """`cmyk_of`, except that black filling at least `RICH_BLACK_MM2` is rich black."""
    ink = cmyk_of(colour)
    if ink == (0.0, 0.0, 0.0, 1.0) and area_mm2 >= RICH_BLACK_MM2:
        return RICH_BLACK
    return ink
