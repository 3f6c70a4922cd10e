"""Boards larger than the paper: pieces with overlapping glue strips and registration crosses."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardgen.printkit.paper import PrintOptions
from cardgen.printkit.sheets.geometry import Rect
from cardgen.printkit.sheets.margins import MARK_LENGTH_MM, Margins, sheet_margins

BOARD_OVERLAP_MM = 12.0  # shared strip between neighbouring pieces, for glue and alignment


def board_margins(bleed: float) -> Margins:
    """A piece's margins: its bleed and full-length corner marks inside the printable area."""
    return sheet_margins(bleed, MARK_LENGTH_MM)


@dataclass(frozen=True)
class BoardPiece:
    """One page of a board larger than the paper.

    `region` is the part of the board (mm from its top-left) this page shows, placed at `trim`.
    Neighbouring regions overlap by at least BOARD_OVERLAP_MM: the piece on the right or below is
    laid over the other's `glue` strips, matching the registration crosses printed on both.
    """

    row: int
    col: int
    rows: int
    cols: int
    page_w: float
    page_h: float
    region: Rect
    trim: Rect
    paint: Rect
    glue: tuple[Rect, ...]  # on this page: strips that the next pieces cover
    crosses: tuple[tuple[float, float], ...]  # on this page: registration cross centres

    @property
    def name(self) -> str:
        return f"{chr(65 + self.row)}{self.col + 1}"


def _spans(total: float, window: float, overlap: float) -> list[tuple[float, float]]:
    if total <= window:
        return [(0.0, total)]
    count = math.ceil((total - window) / (window - overlap)) + 1
    size = (total + (count - 1) * overlap) / count  # equal pieces, each overlap exactly `overlap`
    return [(i * (size - overlap), size) for i in range(count)]


def split_board(w: float, h: float, options: PrintOptions) -> list[BoardPiece]:
    """Pages for a w x h board: the orientation needing fewer pages, pieces in reading order."""
    pw, ph = options.paper_mm
    best: list[BoardPiece] | None = None
    for page_w, page_h in ((pw, ph), (ph, pw)):
        pieces = _pieces(w, h, page_w, page_h, options.bleed_mm)
        if best is None or len(pieces) < len(best):
            best = pieces
    assert best is not None
    return best


def _pieces(w: float, h: float, page_w: float, page_h: float, bleed: float) -> list[BoardPiece]:
    m = board_margins(bleed)
    area_w, area_h = page_w - m.left - m.right, page_h - m.top - m.bottom
    columns = _spans(w, area_w, BOARD_OVERLAP_MM)
    rows = _spans(h, area_h, BOARD_OVERLAP_MM)
    pieces = []
    for r, (ry, rh) in enumerate(rows):
        for c, (rx, rw) in enumerate(columns):
            region = Rect(rx, ry, rw, rh)
            trim = Rect(m.left + (area_w - rw) / 2, m.top + (area_h - rh) / 2, rw, rh)
            paint = trim.expand(
                bleed if c == 0 else 0,
                bleed if r == 0 else 0,
                bleed if c == len(columns) - 1 else 0,
                bleed if r == len(rows) - 1 else 0,
            )
            glue = []
            crosses = []
            if c + 1 < len(columns):  # the next column's piece lies over our right strip
                start = columns[c + 1][0] - rx
                glue.append(Rect(trim.x + start, trim.y, rw - start, rh))
            if r + 1 < len(rows):
                start = rows[r + 1][0] - ry
                glue.append(Rect(trim.x, trim.y + start, rw, rh - start))
            for strip in _overlap_strips(region, columns, rows, r, c):
                for fx, fy in _cross_points(strip):
                    crosses.append((trim.x + fx - rx, trim.y + fy - ry))
            pieces.append(
                BoardPiece(r, c, len(rows), len(columns), page_w, page_h, region, trim, paint,
                           tuple(glue), tuple(crosses))
            )  # fmt: skip
    return pieces


def _overlap_strips(
    region: Rect,
    columns: list[tuple[float, float]],
    rows: list[tuple[float, float]],
    r: int,
    c: int,
) -> list[Rect]:
    """Board-coordinate strips this piece shares with its four neighbours."""
    strips = []
    if c > 0:
        left_end = columns[c - 1][0] + columns[c - 1][1]
        strips.append(Rect(region.x, region.y, left_end - region.x, region.h))
    if c + 1 < len(columns):
        start = columns[c + 1][0]
        strips.append(Rect(start, region.y, region.right - start, region.h))
    if r > 0:
        top_end = rows[r - 1][0] + rows[r - 1][1]
        strips.append(Rect(region.x, region.y, region.w, top_end - region.y))
    if r + 1 < len(rows):
        start = rows[r + 1][0]
        strips.append(Rect(region.x, start, region.w, region.bottom - start))
    return strips


def _cross_points(strip: Rect) -> list[tuple[float, float]]:
    """Two registration crosses along the middle of an overlap strip."""
    cx, cy = strip.x + strip.w / 2, strip.y + strip.h / 2
    if strip.h > strip.w:
        return [(cx, strip.y + strip.h * 0.25), (cx, strip.y + strip.h * 0.75)]
    return [(strip.x + strip.w * 0.25, cy), (strip.x + strip.w * 0.75, cy)]
