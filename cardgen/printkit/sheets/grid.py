"""How many cards of a size fit a page, and where the block of them sits.

The block is centred in what the margins leave (`cardgen.printkit.sheets.margins`): each margin
holds the bleed, a crop mark and the band no home printer reaches, and the foot also holds the
page label. A size that would squeeze the marks into that band gets fewer cards per row or column
instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.printkit.paper import PrintOptions
from cardgen.printkit.sheets.cutter import CUTTER_GUTTER_MM, silhouette_marks
from cardgen.printkit.sheets.geometry import Rect
from cardgen.printkit.sheets.margins import CLEAR_MM, sheet_margins


@dataclass(frozen=True)
class Grid:
    """A block of `cols` x `rows` trims of `w` x `h` with `gutter` between them on a page."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    w: float
    h: float
    gutter: float
    bleed: float
    x0: float  # top-left trim corner of the block
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def trim(self, row: int, col: int) -> Rect:
        return Rect(self.x0 + col * (self.w + self.gutter), self.y0 + row * (self.h + self.gutter),
                    self.w, self.h)  # fmt: skip

    def paint(self, row: int, col: int) -> Rect:
        """Trim plus bleed: full bleed on the block's outside, half the gutter (at most) inside."""
        inner = min(self.bleed, self.gutter / 2)
        left = self.bleed if col == 0 else inner
        right = self.bleed if col == self.cols - 1 else inner
        top = self.bleed if row == 0 else inner
        bottom = self.bleed if row == self.rows - 1 else inner
        return self.trim(row, col).expand(left, top, right, bottom)

    @property
    def block(self) -> Rect:
        return Rect(self.x0, self.y0, self.cols * self.w + (self.cols - 1) * self.gutter,
                    self.rows * self.h + (self.rows - 1) * self.gutter)  # fmt: skip


def fits_along(length: float, item: float, gutter: float) -> int:
    """How many items, `gutter` apart, fit in `length`."""
    return max(0, int((length + gutter + 1e-9) // (item + gutter)))


def fit_grid(
    w: float, h: float, page_w: float, page_h: float, bleed: float, gutter: float
) -> Grid | None:
    """The grid of w x h trims that fits within the margins, centred there; None if none fits."""
    m = sheet_margins(bleed)
    room_w, room_h = page_w - m.left - m.right, page_h - m.top - m.bottom
    cols = fits_along(room_w, w, gutter)
    rows = fits_along(room_h, h, gutter)
    if cols == 0 or rows == 0:
        return None
    block_w = cols * w + (cols - 1) * gutter
    block_h = rows * h + (rows - 1) * gutter
    x0, y0 = m.left + (room_w - block_w) / 2, m.top + (room_h - block_h) / 2
    return Grid(page_w, page_h, cols, rows, w, h, gutter, bleed, x0, y0)


def best_grid(w: float, h: float, options: PrintOptions) -> Grid:
    """Portrait or landscape paper, whichever holds more; portrait on a tie."""
    pw, ph = options.paper_mm
    if options.cutter:
        return cutter_grid(w, h, options)
    candidates = [
        g
        for g in (
            fit_grid(w, h, pw, ph, options.bleed_mm, options.gutter_mm),
            fit_grid(w, h, ph, pw, options.bleed_mm, options.gutter_mm),
        )
        if g is not None
    ]
    if not candidates:
        raise ValueError(
            f"a {w:g} x {h:g} mm item does not fit on {options.paper} paper; "
            "it needs the board splitter"
        )
    return max(candidates, key=lambda g: g.per_page)  # max keeps the first (portrait) on ties


def cutter_grid(w: float, h: float, options: PrintOptions) -> Grid:
    """The grid with the most pieces whose every piece, bleed and all, keeps clear of the
    cutting machine's registration marks (`cardgen.printkit.sheets.cutter`); each piece has
    bleed of its own all round, half the gutter. Portrait on a tie."""
    gutter = max(options.gutter_mm, CUTTER_GUTTER_MM)
    bleed = gutter / 2
    edge = CLEAR_MM + bleed  # the trims' block stays inside the printable area
    best: Grid | None = None
    pw, ph = options.paper_mm
    for page_w, page_h in ((pw, ph), (ph, pw)):
        marks = silhouette_marks(page_w, page_h)
        most_cols = fits_along(page_w - 2 * edge, w, gutter)
        most_rows = fits_along(page_h - 2 * edge, h, gutter)
        for cols in range(most_cols, 0, -1):
            for rows in range(most_rows, 0, -1):
                if best is not None and cols * rows <= best.per_page:
                    break
                block_w = cols * w + (cols - 1) * gutter
                block_h = rows * h + (rows - 1) * gutter
                grid = Grid(page_w, page_h, cols, rows, w, h, gutter, bleed,
                            (page_w - block_w) / 2, (page_h - block_h) / 2)  # fmt: skip
                cells = (grid.paint(r, c) for r in range(rows) for c in range(cols))
                if all(marks.clear(cell) for cell in cells):
                    best = grid
    if best is None:
        raise ValueError(
            f"a {w:g} x {h:g} mm item does not fit on {options.paper} paper between the "
            f"{options.cutter} registration marks"
        )
    return best
