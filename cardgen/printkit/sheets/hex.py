"""Hexagonal tiles: their outline, a honeycomb imposition, and hex grids for boards. Pure geometry.

A hex size is given across flats (`cardgen.data.units`): a pointy-top hex (`hex_pointy`, standing
on a corner) is that wide and 2/sqrt(3) times as tall; a flat-top one (`hex_flat`) the other way
round. Tiles nest in a honeycomb, rows offset by half a step, with `gap` mm between facing edges:
at least twice the bleed, so each tile's bleed (its outline pushed outward by the bleed, which is
again a hexagon) meets its neighbour's and never runs over it. The PDF clips each face to that
outline; the cut lines run along every tile's edges. Backs land where the sheet, turned over, puts
them behind their fronts, as for cards (`cardgen.printkit.sheets.duplex`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets.duplex import back_slot
from cardgen.printkit.sheets.geometry import Line, Page, Rect, Slot
from cardgen.printkit.sheets.grid import Grid
from cardgen.printkit.sheets.margins import mark_area, sheet_margins

SQRT3 = math.sqrt(3)
HEX_SHAPES = ("hex_pointy", "hex_flat")
FOLD_GAP_MM = 4.0  # gutterfold: from the nearest tile to the fold line
Point = tuple[float, float]


def is_hex(shape: str) -> bool:
    return shape in HEX_SHAPES


def hex_points(cx: float, cy: float, flats: float, shape: str) -> tuple[Point, ...]:
    """The six corners of a hexagon `flats` across, centred on (cx, cy), clockwise from the top
    corner (pointy top) or the right one (flat top); y grows downwards."""
    radius = flats / SQRT3  # centre to corner
    first = -90 if shape == "hex_pointy" else 0
    return tuple(
        (cx + radius * math.cos(math.radians(first + 60 * k)),
         cy + radius * math.sin(math.radians(first + 60 * k)))
        for k in range(6)
    )  # fmt: skip


def flats_of(shape: str, width: float, height: float) -> float:
    """A hex face's size across flats, from its bounding box."""
    return width if shape == "hex_pointy" else height


def face_outline(shape: str, width: float, height: float, offset: float = 0.0) -> tuple[Point, ...]:
    """A hex face's outline in its own millimetres (from its trim box's top-left), pushed
    outward by `offset` (its bleed): an offset hexagon is the hexagon 2 x offset wider across
    flats, about the same centre."""
    return hex_points(width / 2, height / 2, flats_of(shape, width, height) + 2 * offset, shape)


def hex_edges(points: tuple[Point, ...]) -> list[Line]:
    return [Line(*points[k], *points[(k + 1) % 6]) for k in range(6)]


# -- a board's hex grid ----------------------------------------------------------------------


@dataclass(frozen=True)
class HexCell:
    """One cell of a hex grid: its column and row, centre, and corners (for a polygon element)."""

    col: int
    row: int
    cx: float
    cy: float
    points: tuple[Point, ...]


def hex_grid(
    cols: int,
    rows: int,
    flats: float,
    orientation: str = "pointy",
    x: float = 0.0,
    y: float = 0.0,
    gap: float = 0.0,
) -> list[HexCell]:
    """The cells of a `cols` x `rows` hex grid, the first cell's bounding box at (x, y).

    Pointy-top grids offset every odd row half a cell right; flat-top grids every odd column
    half a cell down ("odd-r" and "odd-q" offsets). A layout draws one with a repeat:
    `items = "{{ hex_grid(6, 5, 20) }}"` and a polygon with `points = "{{ item.points }}"`.
    """
    shape = "hex_pointy" if orientation == "pointy" else "hex_flat"
    if orientation not in ("pointy", "flat"):
        raise ValueError(f"a hex grid is pointy or flat, not {orientation!r:.20}")
    if not (0 < cols * rows <= 10_000) or flats <= 0:
        raise ValueError("a hex grid needs 1 to 10,000 cells of a positive size")
    step = flats + gap  # between neighbours' centres
    corner = flats / SQRT3
    cells = []
    for row in range(rows):
        for col in range(cols):
            if shape == "hex_pointy":
                cx = x + flats / 2 + col * step + (step / 2 if row % 2 else 0)
                cy = y + corner + row * step * SQRT3 / 2
            else:
                cx = x + corner + col * step * SQRT3 / 2
                cy = y + flats / 2 + row * step + (step / 2 if col % 2 else 0)
            cells.append(HexCell(col, row, cx, cy, hex_points(cx, cy, flats, shape)))
    return cells


# -- imposition ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Honeycomb:
    """Tile centres on one page, in reading order, and the bounding box of each tile."""

    page_w: float
    page_h: float
    centres: tuple[Point, ...]
    w: float
    h: float

    def trim(self, index: int) -> Rect:
        cx, cy = self.centres[index]
        return Rect(cx - self.w / 2, cy - self.h / 2, self.w, self.h)


def _rows(room_u: float, room_v: float, flats: float, gap: float) -> list[list[float]] | None:
    """Centres of a pointy-top honeycomb in a room `room_u` wide, `room_v` tall (its top-left at
    0, 0): the u of each centre, row by row (row r at v = corner + r x row pitch). Odd rows hold
    as many tiles as even ones, shifted half a step, or one fewer within the even rows' width:
    whichever fits more."""
    step = flats + gap
    corner = flats / SQRT3
    pitch = step * SQRT3 / 2
    rows = int((room_v - 2 * corner + 1e-9) // pitch) + 1 if room_v >= 2 * corner else 0
    if rows <= 0 or room_u < flats:
        return None
    per_row = int((room_u - flats + 1e-9) // step) + 1
    options = []
    staggered = per_row if rows == 1 else int((room_u - flats - step / 2 + 1e-9) // step) + 1

    def centre(c: int, r: int) -> float:
        return flats / 2 + c * step + (step / 2 if r % 2 else 0)

    if staggered > 0:  # every row full, odd ones shifted
        options.append([[centre(c, r) for c in range(staggered)] for r in range(rows)])
    if per_row > 1 or rows == 1:  # odd rows one short, nested between the even rows' tiles
        options.append([[centre(c, r) for c in range(per_row - r % 2)] for r in range(rows)])
    if not options:
        return None
    return max(options, key=lambda o: sum(len(r) for r in o))


def honeycomb(
    flats: float, shape: str, page_w: float, page_h: float, room: Rect, gap: float
) -> Honeycomb | None:
    """The most tiles of a shape that nest in `room` on a page, the block centred there."""
    pointy = shape == "hex_pointy"
    room_u, room_v = (room.w, room.h) if pointy else (room.h, room.w)
    rows = _rows(room_u, room_v, flats, gap)
    if rows is None:
        return None
    corner = flats / SQRT3
    pitch = (flats + gap) * SQRT3 / 2
    used_u = max(u for row in rows for u in row) + flats / 2
    used_v = (len(rows) - 1) * pitch + 2 * corner
    shift_u, shift_v = (room_u - used_u) / 2, (room_v - used_v) / 2
    centres = []
    for r, row in enumerate(rows):
        for u in row:
            cu, cv = u + shift_u, corner + r * pitch + shift_v
            centres.append((room.x + cu, room.y + cv) if pointy else (room.x + cv, room.y + cu))
    w, h = (flats, 2 * corner) if pointy else (2 * corner, flats)
    return Honeycomb(page_w, page_h, tuple(centres), w, h)


def hex_gap(options: PrintOptions) -> float:
    """Between facing edges: the gutter asked for, but never less than both tiles' bleed."""
    return max(options.gutter_mm, 2 * options.bleed_mm)


def best_honeycomb(
    flats: float, shape: str, options: PrintOptions, half: bool = False
) -> Honeycomb:
    """Portrait or landscape paper, whichever holds more tiles (portrait on a tie); `half`: only
    the left half of the sheet (a gutterfold's fronts)."""
    pw, ph = options.paper_mm
    m = sheet_margins(options.bleed_mm)
    found = []
    for page_w, page_h in ((pw, ph), (ph, pw)):
        right = page_w / 2 - FOLD_GAP_MM if half else page_w - m.right
        room = Rect(m.left, m.top, right - m.left, page_h - m.top - m.bottom)
        comb = honeycomb(flats, shape, page_w, page_h, room, hex_gap(options))
        if comb is not None:
            found.append(comb)
    if not found:
        raise ValueError(
            f"a hex tile {flats:g} mm across flats does not fit on {options.paper} paper"
        )
    return max(found, key=lambda c: len(c.centres))


def _grid(comb: Honeycomb, options: PrintOptions) -> Grid:
    """A Grid standing for the honeycomb where imposition asks for one (the page's size)."""
    return Grid(comb.page_w, comb.page_h, len(comb.centres), 1, comb.w, comb.h,
                hex_gap(options), options.bleed_mm, 0.0, 0.0)  # fmt: skip


def _cuts(comb: Honeycomb, slots: tuple[Slot, ...], shape: str) -> tuple[Line, ...]:
    """Every tile's six edges, each once (with no gap, neighbours share theirs)."""
    flats = flats_of(shape, comb.w, comb.h)
    seen: dict[tuple, Line] = {}
    for slot in slots:
        t = slot.trim
        for line in hex_edges(hex_points(t.x + t.w / 2, t.y + t.h / 2, flats, shape)):
            ends = sorted(
                [(round(line.x1, 3), round(line.y1, 3)), (round(line.x2, 3), round(line.y2, 3))]
            )
            seen.setdefault(tuple(ends), line)
    return tuple(seen.values())


def impose_hex(
    count: int, shape: str, w: float, h: float, options: PrintOptions, has_backs: bool = True
) -> tuple[Grid, tuple[Page, ...]]:
    """Pages for `count` hex tiles with bounding box w x h: fronts, each followed by its backs
    page when duplexing, or fronts and backs side by side for a gutterfold; with the Grid that
    stands for the honeycomb (`cardgen.printkit.sheets.impose.Imposition` holds both)."""
    flats = flats_of(shape, w, h)
    comb = best_honeycomb(flats, shape, options, half=options.gutterfold)
    grid = _grid(comb, options)
    bleed = options.bleed_mm
    per_page = len(comb.centres)
    pages: list[Page] = []
    for start in range(0, count, per_page):
        n = min(per_page, count - start)
        slots = tuple(
            Slot(start + i, 0, i, comb.trim(i), comb.trim(i).expand(bleed, bleed, bleed, bleed))
            for i in range(n)
        )
        cuts = _cuts(comb, slots, shape)
        if options.gutterfold:
            fold_x = comb.page_w / 2
            backs = tuple(replace(s, trim=s.trim.mirror_x(fold_x), paint=s.paint.mirror_x(fold_x),
                                  face="back") for s in slots) if has_backs else ()  # fmt: skip
            area = mark_area(comb.page_w, comb.page_h)
            fold = Line(fold_x, area.y, fold_x, area.bottom)
            mirrored = tuple(Line(2 * fold_x - k.x1, k.y1, 2 * fold_x - k.x2, k.y2) for k in cuts)
            pages.append(Page(comb.page_w, comb.page_h, "gutterfold", slots + backs, (),
                              cuts + (mirrored if has_backs else ()), fold))  # fmt: skip
            continue
        pages.append(Page(comb.page_w, comb.page_h, "front", slots, (), cuts))
        if options.duplex is Duplex.NONE and not has_backs:
            continue
        backs = tuple(back_slot(s, grid, options.duplex, options.back_offset_mm) for s in slots)
        if not has_backs:
            backs = ()
        back_cuts = cuts if options.duplex is Duplex.NONE else ()
        pages.append(Page(comb.page_w, comb.page_h, "back", backs, (), back_cuts))
    return grid, tuple(pages)
