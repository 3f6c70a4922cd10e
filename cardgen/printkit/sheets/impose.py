"""Imposition: the pages for a run of cards, fronts each followed by backs, or gutterfolded."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets.crop_marks import crop_marks, cut_lines
from cardgen.printkit.sheets.cutter import LABEL_FROM_MM, silhouette_marks
from cardgen.printkit.sheets.duplex import back_slot
from cardgen.printkit.sheets.geometry import Line, Page, Rect, Slot
from cardgen.printkit.sheets.grid import Grid, best_grid, fits_along
from cardgen.printkit.sheets.hex import impose_hex, is_hex
from cardgen.printkit.sheets.margins import mark_area, sheet_margins

FOLD_GAP_MM = 4.0  # gutterfold: trim to fold line, so glue and fold stay off the card


@dataclass(frozen=True)
class Imposition:
    grid: Grid
    pages: tuple[Page, ...] = field(default_factory=tuple)


def impose(
    count: int,
    w: float,
    h: float,
    options: PrintOptions,
    has_backs: bool = True,
    shape: str = "rect",
) -> Imposition:
    """Pages for `count` items of w x h: fronts, each followed by its backs page when duplexing.

    Items that print with no back still get an empty back page in duplex mode, so the fronts and
    backs of the next type stay paired sheet by sheet. Hex tiles (`shape` hex_pointy or
    hex_flat) nest in a honeycomb instead (`cardgen.printkit.sheets.hex`).
    """
    if is_hex(shape):
        if options.cutter:
            raise ValueError(
                f"hex tiles are not laid out for a cutting machine: build them without "
                f"--cutter {options.cutter}"
            )
        return Imposition(*impose_hex(count, shape, w, h, options, has_backs))
    if options.gutterfold:
        return _impose_gutterfold(count, w, h, options, has_backs)
    grid = best_grid(w, h, options)
    pages: list[Page] = []
    lines: dict[int, tuple[tuple[Line, ...], tuple[Line, ...]]] = {}  # same for every full sheet
    registration = silhouette_marks(grid.page_w, grid.page_h).solids if options.cutter else ()
    for start in range(0, count, grid.per_page):
        n = min(grid.per_page, count - start)
        cells = [divmod(i, grid.cols) for i in range(n)]
        slots = tuple(
            Slot(start + i, r, c, grid.trim(r, c), grid.paint(r, c))
            for i, (r, c) in enumerate(cells)
        )
        if options.cutter:  # the machine cuts: no crop marks by its sensor's marks
            pages.append(Page(grid.page_w, grid.page_h, "front", slots, solids=registration,
                              label_x=LABEL_FROM_MM))  # fmt: skip
        else:
            if n not in lines:
                lines[n] = (crop_marks(grid, n), cut_lines(grid, n) if options.cut_lines else ())
            pages.append(Page(grid.page_w, grid.page_h, "front", slots, *lines[n]))
        marks, cuts = lines.get(n, ((), ()))
        if options.duplex is Duplex.NONE and not has_backs:
            continue
        backs = tuple(back_slot(s, grid, options.duplex, options.back_offset_mm) for s in slots)
        if not has_backs:
            backs = ()
        if options.duplex is Duplex.NONE:  # backs on sheets of their own, marked the same way
            pages.append(Page(grid.page_w, grid.page_h, "back", backs, marks, cuts,
                              solids=registration, label_x=pages[-1].label_x))  # fmt: skip
        else:
            pages.append(Page(grid.page_w, grid.page_h, "back", backs))
    return Imposition(grid, tuple(pages))


def _impose_gutterfold(
    count: int, w: float, h: float, options: PrintOptions, has_backs: bool
) -> Imposition:
    """Fronts on the left half, backs mirrored across the vertical fold line on the right half."""
    pw, ph = options.paper_mm
    m = sheet_margins(options.bleed_mm)
    best: tuple[Grid, float, float] | None = None
    for page_w, page_h in ((pw, ph), (ph, pw)):
        half = page_w / 2 - FOLD_GAP_MM
        room_h = page_h - m.top - m.bottom
        cols = fits_along(half - m.left, w, options.gutter_mm)
        rows = fits_along(room_h, h, options.gutter_mm)
        if cols and rows and (best is None or cols * rows > best[0].per_page):
            block_h = rows * h + (rows - 1) * options.gutter_mm
            x0 = page_w / 2 - FOLD_GAP_MM - cols * w - (cols - 1) * options.gutter_mm
            grid = Grid(page_w, page_h, cols, rows, w, h, options.gutter_mm, options.bleed_mm,
                        x0, m.top + (room_h - block_h) / 2)  # fmt: skip
            best = (grid, page_w, page_h)
    if best is None:
        raise ValueError(f"a {w:g} x {h:g} mm item does not fit a gutterfold sheet")
    grid, page_w, page_h = best
    fold_x = page_w / 2
    pages = []
    for start in range(0, count, grid.per_page):
        n = min(grid.per_page, count - start)
        slots: list[Slot] = []
        for i in range(n):
            row, col = i // grid.cols, i % grid.cols
            paint = grid.paint(row, col)
            if col == grid.cols - 1:  # bleed toward the fold stops short of it
                paint = Rect(paint.x, paint.y, min(paint.right, fold_x - 0.5) - paint.x, paint.h)
            front = Slot(start + i, row, col, grid.trim(row, col), paint)
            slots.append(front)
            if has_backs:
                back_trim, back_paint = front.trim.mirror_x(fold_x), front.paint.mirror_x(fold_x)
                slots.append(replace(front, trim=back_trim, paint=back_paint, face="back"))
        area = mark_area(page_w, page_h)
        fold = Line(fold_x, area.y, fold_x, area.bottom)
        fronts = crop_marks(grid, n, right=False)  # the fold side's cuts are marked above, below
        marks = fronts + tuple(
            Line(2 * fold_x - k.x1, k.y1, 2 * fold_x - k.x2, k.y2) for k in fronts
        )
        pages.append(Page(page_w, page_h, "gutterfold", tuple(slots), marks, (), fold))
    return Imposition(grid, tuple(pages))
