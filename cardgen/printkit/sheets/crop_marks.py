"""Crop marks and full-length cut lines: where the knife goes, drawn in the margins."""

from __future__ import annotations

import math

from cardgen.printkit.sheets.geometry import Line
from cardgen.printkit.sheets.grid import Grid

MARK_LENGTH_MM = 5.0
MARK_GAP_MM = 1.0  # between the bleed edge and a crop mark
MARK_MIN_MM = 1.5  # shorter marks are not drawn


def crop_marks(grid: Grid, count: int) -> tuple[Line, ...]:
    """Marks in the margins, collinear with every cut, starting 1 mm outside the bleed."""
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
    right = grid.x0 + cols_used * (grid.w + grid.gutter) - grid.gutter + grid.bleed + MARK_GAP_MM
    edge = 0.5  # keep marks just inside the paper
    marks = []
    for x in sorted(xs):
        marks.append(Line(x, top, x, max(top - MARK_LENGTH_MM, edge)))
        marks.append(Line(x, bottom, x, min(bottom + MARK_LENGTH_MM, grid.page_h - edge)))
    for y in sorted(ys):
        marks.append(Line(left, y, max(left - MARK_LENGTH_MM, edge), y))
        marks.append(Line(right, y, min(right + MARK_LENGTH_MM, grid.page_w - edge), y))
    return tuple(m for m in marks if m.length >= MARK_MIN_MM)


def cut_lines(grid: Grid, count: int) -> tuple[Line, ...]:
    """Full-length lines along every cut, edge to edge of the paper.

    With shared cut lines each line runs along a trim edge that is cut away, so after the first
    cut the remaining strips still carry the lines for the next ones.
    """
    marks = crop_marks(grid, count)
    xs = sorted({m.x1 for m in marks if m.x1 == m.x2})
    ys = sorted({m.y1 for m in marks if m.y1 == m.y2})
    return tuple(
        [Line(x, 0, x, grid.page_h) for x in xs] + [Line(0, y, grid.page_w, y) for y in ys]
    )
