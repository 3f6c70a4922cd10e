"""How far from the paper's edge things may go, and the room each margin of a sheet needs.

Home printers leave a band round the sheet unprinted: 4 mm guaranteed on some, about 5 mm on
most lasers, 6.35 mm "a safe bet" (shared/reference/print-standards.md section 2.1). Every crop
mark, cut line, fold line, glue strip and page label therefore lies at least PRINTABLE_MM from
every edge, on A4 and Letter alike; only bleed may run into that band, where losing it costs
nothing. A sheet's margin holds, from the card outwards: its bleed, a gap, a crop mark at least
MARK_MIN_MM long, then the unprinted band; the foot of the sheet also holds the page label.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.printkit.sheets.geometry import Rect

PRINTABLE_MM = 6.0  # nothing that must print lies nearer a paper edge than this
CLEAR_MM = PRINTABLE_MM + 0.1  # what we keep clear: rounding in the PDF never lands on the line
MARK_LENGTH_MM = 5.0  # a crop mark's length where the margin has room
MARK_MIN_MM = 2.4  # the shortest crop mark a sheet makes room for
MARK_GAP_MM = 1.0  # between the bleed edge and a crop mark
LABEL_PT = 6.5  # the page label: what the sheet holds and how to print it
LABEL_MIN_PT = 6.0  # a label too long for the line is set this small, then shortened
LABEL_BASELINE_MM = 6.8  # from the foot of the paper: its descenders stay inside the band
LABEL_ROOM_MM = 3.5  # above the unprinted band at the foot: the label's line, kept free of marks


@dataclass(frozen=True)
class Margins:
    left: float
    top: float
    right: float
    bottom: float


def sheet_margins(bleed: float, mark: float = MARK_MIN_MM) -> Margins:
    """The least margin round a block of cards: bleed, gap, a `mark` long crop mark, the band."""
    side = bleed + MARK_GAP_MM + mark + CLEAR_MM
    return Margins(side, side, side, side + LABEL_ROOM_MM)


def mark_area(page_w: float, page_h: float) -> Rect:
    """Where marks, cut lines and fold lines may be drawn: inside the band, above the label."""
    return Rect(CLEAR_MM, CLEAR_MM, page_w - 2 * CLEAR_MM, page_h - 2 * CLEAR_MM - LABEL_ROOM_MM)


def label_position(page_h: float) -> tuple[float, float]:
    """(x, baseline) of the page label in mm from the paper's top-left."""
    return CLEAR_MM, page_h - LABEL_BASELINE_MM


def label_width(page_w: float) -> float:
    """The longest the page label may run, in mm."""
    return page_w - 2 * CLEAR_MM
