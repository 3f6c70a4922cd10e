"""Imposition: where each card, its bleed and every crop mark go on each page. Pure geometry.

Millimetres, origin at the paper's top-left corner, y growing downwards (as designers measure);
the PDF backend flips y. Cards sit in a grid centred on the paper, trims at least 5 mm from the
edge. With no gutter, neighbours share cut lines: bleed runs only round the outside of the block
and each card is clipped to its trim on inner sides, so one card's bleed never paints over the
next. Backs land where the sheet, once turned over on the chosen edge, puts them behind their own
fronts; see shared/reference/print-standards.md section 2.4.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from cardgen.paper import MIN_MARGIN_MM, Duplex, PrintOptions

MARK_LENGTH_MM = 5.0
MARK_GAP_MM = 1.0  # between the bleed edge and a crop mark
MARK_MIN_MM = 1.5  # shorter marks are not drawn
FOLD_GAP_MM = 4.0  # gutterfold: trim to fold line, so glue and fold stay off the card


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def expand(self, left: float, top: float, right: float, bottom: float) -> Rect:
        return Rect(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def mirror_x(self, axis: float) -> Rect:
        """Mirror across the vertical line x = axis (a sheet turned over left to right)."""
        return Rect(2 * axis - self.x - self.w, self.y, self.w, self.h)

    def mirror_y(self, axis: float) -> Rect:
        return Rect(self.x, 2 * axis - self.y - self.h, self.w, self.h)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)


@dataclass(frozen=True)
class Slot:
    """One card on one page: which item, its trim, the area it may paint (trim + bleed)."""

    item: int
    row: int
    col: int
    trim: Rect
    paint: Rect
    rotation: int = 0  # degrees the face is turned on the page (180 for short-edge backs)
    face: str = "front"  # which side of the item this slot prints: front | back


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    side: str  # front | back | calibration-front | calibration-back
    slots: tuple[Slot, ...] = ()
    marks: tuple[Line, ...] = ()
    cut_lines: tuple[Line, ...] = ()
    fold: Line | None = None
    label: str = ""  # printed in the margin: what the page holds and how to print it


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


def _fit(length: float, item: float, gutter: float, margin: float) -> int:
    return max(0, int((length - 2 * margin + gutter + 1e-9) // (item + gutter)))


def fit_grid(
    w: float, h: float, page_w: float, page_h: float, bleed: float, gutter: float
) -> Grid | None:
    """The grid of w x h trims that fits on the page, centred; None if not even one fits."""
    cols = _fit(page_w, w, gutter, MIN_MARGIN_MM)
    rows = _fit(page_h, h, gutter, MIN_MARGIN_MM)
    if cols == 0 or rows == 0:
        return None
    block_w = cols * w + (cols - 1) * gutter
    block_h = rows * h + (rows - 1) * gutter
    x0, y0 = (page_w - block_w) / 2, (page_h - block_h) / 2
    return Grid(page_w, page_h, cols, rows, w, h, gutter, bleed, x0, y0)


def best_grid(w: float, h: float, options: PrintOptions) -> Grid:
    """Portrait or landscape paper, whichever holds more; portrait on a tie."""
    pw, ph = options.paper_mm
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


def back_slot(slot: Slot, grid: Grid, duplex: Duplex, offset: tuple[float, float]) -> Slot:
    """Where the back of `slot` goes so that, turned over, it lies behind its own front."""
    landscape = grid.page_w > grid.page_h
    # Turning over on the long edge of a portrait page swaps left and right; on a landscape
    # page the long edge is horizontal, so it swaps top and bottom instead.
    flips_x = (duplex is Duplex.LONG) != landscape
    rotation = 0
    if duplex is Duplex.NONE:
        trim, paint = slot.trim, slot.paint
    elif flips_x:
        trim, paint = slot.trim.mirror_x(grid.page_w / 2), slot.paint.mirror_x(grid.page_w / 2)
    else:
        trim, paint = slot.trim.mirror_y(grid.page_h / 2), slot.paint.mirror_y(grid.page_h / 2)
        rotation = 180  # the sheet turns end over end: keep the back upright behind its front
    dx, dy = offset
    return replace(
        slot, trim=trim.moved(dx, dy), paint=paint.moved(dx, dy), rotation=rotation, face="back"
    )


@dataclass(frozen=True)
class Imposition:
    grid: Grid
    pages: tuple[Page, ...] = field(default_factory=tuple)


def impose(
    count: int, w: float, h: float, options: PrintOptions, has_backs: bool = True
) -> Imposition:
    """Pages for `count` items of w x h: fronts, each followed by its backs page when duplexing.

    Items that print with no back still get an empty back page in duplex mode, so the fronts and
    backs of the next type stay paired sheet by sheet.
    """
    if options.gutterfold:
        return _impose_gutterfold(count, w, h, options, has_backs)
    grid = best_grid(w, h, options)
    pages: list[Page] = []
    for start in range(0, count, grid.per_page):
        n = min(grid.per_page, count - start)
        cells = [divmod(i, grid.cols) for i in range(n)]
        slots = tuple(
            Slot(start + i, r, c, grid.trim(r, c), grid.paint(r, c))
            for i, (r, c) in enumerate(cells)
        )
        marks = crop_marks(grid, n)
        cuts = cut_lines(grid, n) if options.cut_lines else ()
        pages.append(Page(grid.page_w, grid.page_h, "front", slots, marks, cuts))
        if options.duplex is Duplex.NONE and not has_backs:
            continue
        backs = tuple(back_slot(s, grid, options.duplex, options.back_offset_mm) for s in slots)
        if not has_backs:
            backs = ()
        if options.duplex is Duplex.NONE:
            pages.append(Page(grid.page_w, grid.page_h, "back", backs, marks, cuts))
        else:
            pages.append(Page(grid.page_w, grid.page_h, "back", backs))
    return Imposition(grid, tuple(pages))


def _impose_gutterfold(
    count: int, w: float, h: float, options: PrintOptions, has_backs: bool
) -> Imposition:
    """Fronts on the left half, backs mirrored across the vertical fold line on the right half."""
    pw, ph = options.paper_mm
    best: tuple[Grid, float, float] | None = None
    for page_w, page_h in ((pw, ph), (ph, pw)):
        half = page_w / 2 - FOLD_GAP_MM
        cols = _fit(half + MIN_MARGIN_MM, w, options.gutter_mm, MIN_MARGIN_MM)
        rows = _fit(page_h, h, options.gutter_mm, MIN_MARGIN_MM)
        if cols and rows and (best is None or cols * rows > best[0].per_page):
            block_h = rows * h + (rows - 1) * options.gutter_mm
            x0 = page_w / 2 - FOLD_GAP_MM - cols * w - (cols - 1) * options.gutter_mm
            grid = Grid(page_w, page_h, cols, rows, w, h, options.gutter_mm, options.bleed_mm,
                        x0, (page_h - block_h) / 2)  # fmt: skip
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
        fold = Line(fold_x, MIN_MARGIN_MM, fold_x, page_h - MIN_MARGIN_MM)
        marks = crop_marks(grid, n) + tuple(
            Line(2 * fold_x - m.x1, m.y1, 2 * fold_x - m.x2, m.y2) for m in crop_marks(grid, n)
        )
        pages.append(Page(page_w, page_h, "gutterfold", tuple(slots), marks, (), fold))
    return Imposition(grid, tuple(pages))


BOARD_MARGIN_MM = 8.0  # room for the piece label and cut marks
BOARD_OVERLAP_MM = 12.0  # shared strip between neighbouring pieces, for glue and alignment


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
    area_w, area_h = page_w - 2 * BOARD_MARGIN_MM, page_h - 2 * BOARD_MARGIN_MM
    columns = _spans(w, area_w, BOARD_OVERLAP_MM)
    rows = _spans(h, area_h, BOARD_OVERLAP_MM)
    pieces = []
    for r, (ry, rh) in enumerate(rows):
        for c, (rx, rw) in enumerate(columns):
            region = Rect(rx, ry, rw, rh)
            trim = Rect((page_w - rw) / 2, (page_h - rh) / 2, rw, rh)
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
