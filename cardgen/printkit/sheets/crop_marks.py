"""Crop marks and full-length cut lines: where the knife goes, drawn in the margins.

Marks stop at the band a home printer cannot reach and above the page label
(`cardgen.printkit.sheets.margins.mark_area`); the grid leaves each margin room for them.
"""

from __future__ import annotations

import math

from cardgen.printkit.sheets.geometry import Line
from cardgen.printkit.sheets.grid import Grid
from cardgen.printkit.sheets.margins import MARK_GAP_MM, MARK_LENGTH_MM, MARK_MIN_MM, mark_area


def crop_marks(grid: Grid, count: int, right: bool = True) -> tuple[Line, ...]:
    """Marks in the margins, collinear with every cut, starting 1 mm outside the bleed.

    `right=False` leaves out the marks right of the block (a gutterfold's fold side: the cuts
    there are marked above and below, and marks there would run onto the backs).
    """
    rows_used = math.ceil(count / grid.cols) if count < grid.per_page else grid.rows
    cols_used = min(count, grid.cols)
    xs: set[float] = set()
    ys: set[float] = set()
    for col in range(cols_used):
        t = grid.trim(0, col)
        xs |= {round(t.x, 4), round(t.right, 4)}
    for row in range(rows_used):
        t = grid.trim(row, 0)
        ys |= {round(t.y, 4), round(t.bottom, 4)}
    top = grid.y0 - grid.bleed - MARK_GAP_MM
    bottom = grid.y0 + rows_used * (grid.h + grid.gutter) - grid.gutter + grid.bleed + MARK_GAP_MM
    left = grid.x0 - grid.bleed - MARK_GAP_MM
    end = grid.x0 + cols_used * (grid.w + grid.gutter) - grid.gutter + grid.bleed + MARK_GAP_MM
    area = mark_area(grid.page_w, grid.page_h)
    marks = []
    for x in sorted(xs):
        marks.append(Line(x, top, x, max(top - MARK_LENGTH_MM, area.y)))
        marks.append(Line(x, bottom, x, min(bottom + MARK_LENGTH_MM, area.bottom)))
    for y in sorted(ys):
        marks.append(Line(left, y, max(left - MARK_LENGTH_MM, area.x), y))
        if right:
            marks.append(Line(end, y, min(end + MARK_LENGTH_MM, area.right), y))
    return tuple(m for m in marks if m.length >= MARK_MIN_MM - 1e-6 and _inside(m, grid))


def _inside(mark: Line, grid: Grid) -> bool:
    """Both ends within the mark area (a mark pointing away from it has none of its length)."""
    area = mark_area(grid.page_w, grid.page_h)
    return all(
        area.x - 1e-6 <= x <= area.right + 1e-6 and area.y - 1e-6 <= y <= area.bottom + 1e-6
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2))
    )


def cut_lines(grid: Grid, count: int) -> tuple[Line, ...]:
    """Lines along every cut, across the paper within the mark area.

    With shared cut lines each line runs along a trim edge that is cut away, so after the first
    cut the remaining strips still carry the lines for the next ones.
    """
    marks = crop_marks(grid, count)
    area = mark_area(grid.page_w, grid.page_h)
    xs = sorted({m.x1 for m in marks if m.x1 == m.x2})
    ys = sorted({m.y1 for m in marks if m.y1 == m.y2})
    return tuple(
        [Line(x, area.y, x, area.bottom) for x in xs] + [Line(area.x, y, area.right, y) for y in ys]
    )
