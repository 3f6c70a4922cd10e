"""Moonlighter's pictures as markup: the dungeon map, the status cards and the tile box's chips.

Pure functions from values to SVG/HTML strings (after python-chess's `chess/svg.py`): no Streamlit
and no rules here. The page asks the engine what is true and legal, then hands the answers in.
Every colour is paired with a letter and a word, so nothing is told by colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import NamedTuple

Coord = tuple[int, int]


class Look(NamedTuple):
    fill: str
    ink: str  # text drawn on the fill
    letter: str
    word: str  # what the room holds, in one or two words


LOOKS: dict[str, Look] = {
    "white": Look("#F4F4EF", "#1A1A1A", "W", "empty"),
    "orange": Look("#F08A24", "#1A1A1A", "O", "enemies"),
    "green": Look("#1F7A3D", "#FFFFFF", "G", "cleared"),  # dark enough for white text (5.4:1)
    "yellow": Look("#F5C518", "#1A1A1A", "Y", "chest"),
    "blue": Look("#1F68B8", "#FFFFFF", "B", "healing pool"),  # 5.6:1 against white text
    "red": Look("#D62828", "#FFFFFF", "R", "boss"),
    "black": Look("#262626", "#FFFFFF", "K", "locked"),
}
PAWN_FILL = {
    "white": "#FFFFFF",
    "red": "#D62828",
    "orange": "#F08A24",
    "yellow": "#F5C518",
    "green": "#2E9E4F",
    "blue": "#2F7FD8",
    "purple": "#8E44AD",
    "pink": "#F48FB1",
    "black": "#262626",
}
UNKNOWN = Look("#BBBBBB", "#1A1A1A", "?", "unknown")

CELL = 64  # one tile, in SVG units
PAD = 5  # gap between tiles
AXIS = 26  # room for the coordinate labels
MIN_SPAN = 5  # the map shows at least 5 x 5 squares, so one tile does not fill the screen
MAX_COLUMNS, MAX_ROWS = 9, 7  # beyond that the map follows you, so tiles stay big enough to read

CSS = """
<style>
  .ml-strip { display: flex; flex-wrap: wrap; gap: 8px; }
  .ml-card { flex: 1 1 104px; background: #FFFFFF; color: #111; border: 2px solid #C8C8C8;
             border-top-width: 10px; border-radius: 12px; padding: 4px 10px 8px; min-width: 0; }
  .ml-label { font-size: 0.85rem; font-weight: 700; color: #444; letter-spacing: 0.03em; }
  .ml-value { font-size: 2rem; font-weight: 800; line-height: 1.15; white-space: nowrap; }
  .ml-value.word { font-size: 1.55rem; line-height: 1.4; }
  .ml-sub { font-size: 0.95rem; line-height: 1.25; color: #222; }
  .ml-hearts { color: #C62828; font-size: 1.3rem; letter-spacing: 1px; line-height: 1.2;
               word-break: break-all; }
  .ml-hearts .gone { color: #C4C4C4; }
  .ml-swatch { display: inline-block; min-width: 1.5em; padding: 0 4px; text-align: center;
               border: 2px solid #555; border-radius: 6px; font-weight: 800; margin-right: 6px; }
  .ml-next { font-size: 1.35rem; font-weight: 700; color: #111; background: #FFF8E1;
             border-left: 8px solid #F5A623; border-radius: 8px; padding: 8px 14px; }
  .ml-now { display: flex; gap: 14px; align-items: center; font-size: 1.15rem; color: #111;
            background: #F3F6FB; border-radius: 12px; padding: 8px 12px; }
  .ml-now svg { flex: 0 0 auto; }
  .ml-map svg { display: block; margin: 0 auto; width: 100%; height: auto; max-height: 50vh; }
  div[data-testid="stButton"] button div[data-testid="stMarkdownContainer"] p {
    font-size: 1.3rem; font-weight: 650; line-height: 1.2; }
  div[class*="st-key-act_place_tile"] button div[data-testid="stMarkdownContainer"] p {
    font-size: 1.15rem; }
  div[data-testid="stAlert"] div[data-testid="stMarkdownContainer"] p {
    font-size: 1.35rem; font-weight: 700; }
  .ml-you { text-align: center; font-size: 1.2rem; font-weight: 700; padding-top: 14px;
            color: #111; }
</style>
"""


def look(face: str) -> Look:
    return LOOKS.get(face, UNKNOWN)


def swatch(face: str) -> str:
    """A small tile: its colour with its letter on it."""
    tile = look(face)
    return (
        f'<span class="ml-swatch" style="background:{tile.fill};color:{tile.ink}">'
        f"{tile.letter}</span>"
    )


def hearts_row(left: int, top: int) -> str:
    """Hearts as pictures: full ones for what is left, pale ones for what is lost."""
    return (
        f'<div class="ml-hearts" aria-label="{left} of {top} hearts">{"♥" * left}'
        f'<span class="gone">{"♥" * max(0, top - left)}</span></div>'
    )


class Card(NamedTuple):
    label: str
    value: str  # HTML
    sub: str = ""  # HTML
    colour: str = ""  # the card's top band: the room's or the pawn's colour
    word: bool = False  # the value is a word, drawn a little smaller than a number


def cards_html(cards: Iterable[Card]) -> str:
    body = "".join(
        f'<div class="ml-card"{_band(c.colour)}><div class="ml-label">{escape(c.label)}</div>'
        f'<div class="ml-value{" word" if c.word else ""}">{c.value}</div>'
        f'<div class="ml-sub">{c.sub}</div></div>'
        for c in cards
    )
    return f'<div class="ml-strip ml-cards">{body}</div>'


def _band(colour: str) -> str:
    return f' style="border-top-color:{colour}"' if colour else ""


def supply_label(colour: str, remaining: int, total: int) -> str:
    """A tile box chip's words (its letters are drawn by `supply_css`): what the tile holds and
    how many are left of the box's total."""
    return f"{look(colour).word} **{remaining}**/{total}"


def supply_css(key: str, colour: str, back: str | None) -> str:
    """A tile box chip's letters (`key` is its button's): the tile's colour with its letter,
    and the colour its other side turns to when the room is cleared."""
    css = _letter_css(f".st-key-{key} button::before", colour)
    if back:
        css += _letter_css(f".st-key-{key} button p::before", back)
    return css


def _letter_css(selector: str, colour: str) -> str:
    tile = look(colour)
    return f'{selector} {{ content: "{tile.letter}"; background: {tile.fill}; color: {tile.ink}; }}'


def pawn_icon(cx: float, cy: float, colour: str, size: float = 1.0) -> str:
    """A standee: round head on a bell-shaped body, outlined so a white pawn shows on white."""
    fill = PAWN_FILL.get(colour, "#BBBBBB")
    s = size
    body = (
        f"M{cx - 9 * s},{cy + 11 * s} Q{cx - 8 * s},{cy - 1 * s} {cx - 3 * s},{cy - 3 * s} "
        f"L{cx + 3 * s},{cy - 3 * s} Q{cx + 8 * s},{cy - 1 * s} {cx + 9 * s},{cy + 11 * s} Z"
    )
    halo = f'fill="none" stroke="#FFFFFF" stroke-width="{5 * s:.1f}"'  # shows on dark tiles
    stroke = f'fill="{fill}" stroke="#111" stroke-width="{2 * s:.1f}"'
    head = f'cx="{cx}" cy="{cy - 8 * s}" r="{5.5 * s}"'
    return (
        f'<path d="{body}" {halo}/><circle {head} {halo}/>'
        f'<path d="{body}" {stroke}/><circle {head} {stroke}/>'
    )


class MapRoom(NamedTuple):
    x: int
    y: int
    face: str
    chest: str = ""  # the pawn waiting in its chest


def map_svg(
    rooms: Sequence[MapRoom],
    at: Coord,
    pawn: str,
    free: Sequence[Coord] = (),
    rolled: str = "",
) -> str:
    """The placed tiles as a grid, north up; `free` sides are dashed and numbered from 1."""
    (x0, x1), (y0, y1) = map_window(rooms, at, free)
    rooms = [r for r in rooms if x0 <= r.x <= x1 and y0 <= r.y <= y1]
    width = AXIS + (x1 - x0 + 1) * CELL
    height = AXIS + (y1 - y0 + 1) * CELL

    def corner(x: int, y: int) -> tuple[int, int]:
        return AXIS + (x - x0) * CELL, (y1 - y) * CELL  # north (larger y) at the top

    parts = [_axes(x0, x1, y0, y1, corner)]
    for room in rooms:
        parts.append(_tile(room, corner(room.x, room.y), (room.x, room.y) == at, pawn))
    for number, (x, y) in enumerate(free, start=1):
        parts.append(_free_side(corner(x, y), number, rolled))
    label = f"Dungeon map, x {x0} to {x1}, y {y0} to {y1}; you stand at {at[0]}, {at[1]}"
    return (
        f'<div class="ml-map"><svg role="img" aria-label="{escape(label)}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="sans-serif">{"".join(parts)}</svg></div>'
    )


def _span(low: int, high: int) -> tuple[int, int]:
    """Widen [low, high] to at least MIN_SPAN squares, growing both ways."""
    missing = MIN_SPAN - (high - low + 1)
    if missing > 0:
        low -= missing // 2
        high += missing - missing // 2
    return low, high


def _window(low: int, high: int, centre: int, most: int) -> tuple[int, int]:
    """At most `most` squares of [low, high], centred on `centre` as far as the ends allow."""
    if high - low + 1 <= most:
        return low, high
    start = min(max(low, centre - most // 2), high - most + 1)
    return start, start + most - 1


def map_window(
    rooms: Sequence[MapRoom], at: Coord, free: Sequence[Coord] = ()
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The squares the map shows: ((x0, x1), (y0, y1)), for a caption saying what is off it."""
    cells = [(r.x, r.y) for r in rooms] + list(free)
    xs, ys = [c[0] for c in cells] or [0], [c[1] for c in cells] or [0]
    return (
        _window(*_span(min(xs) - 1, max(xs) + 1), at[0], MAX_COLUMNS),
        _window(*_span(min(ys) - 1, max(ys) + 1), at[1], MAX_ROWS),
    )


def _axes(x0: int, x1: int, y0: int, y1: int, corner) -> str:
    marks = []
    for x in range(x0, x1 + 1):
        cx, _ = corner(x, y0)
        marks.append(
            f'<text x="{cx + CELL / 2}" y="{(y1 - y0 + 1) * CELL + 19}" font-size="16" '
            f'text-anchor="middle" fill="#666">{x}</text>'
        )
    for y in range(y0, y1 + 1):
        _, cy = corner(x0, y)
        marks.append(
            f'<text x="{AXIS - 6}" y="{cy + CELL / 2 + 5}" font-size="16" '
            f'text-anchor="end" fill="#666">{y}</text>'
        )
    return "".join(marks)


def _tile(room: MapRoom, xy: tuple[int, int], here: bool, pawn: str) -> str:
    x, y = xy
    tile = look(room.face)
    size = CELL - PAD
    parts = [
        f'<rect x="{x + PAD / 2}" y="{y + PAD / 2}" width="{size}" height="{size}" rx="7" '
        f'fill="{tile.fill}" stroke="#555" stroke-width="2"/>'
    ]
    letter_x = x + CELL / 2 + (9 if here else 0)
    parts.append(
        f'<text x="{letter_x}" y="{y + CELL / 2 + 10}" font-size="28" font-weight="800" '
        f'text-anchor="middle" fill="{tile.ink}">{tile.letter}</text>'
    )
    if room.chest:
        parts.append(pawn_icon(x + CELL - 15, y + CELL - 19, room.chest, 0.8))
    if here:
        parts.append(
            f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="9" '
            'fill="none" stroke="#111" stroke-width="6"/>'
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="6" '
            'fill="none" stroke="#FFFFFF" stroke-width="2.5"/>'
        )
        parts.append(pawn_icon(x + 18, y + CELL / 2 + 2, pawn, 1.1))
    return "".join(parts)


def _free_side(xy: tuple[int, int], number: int, rolled: str) -> str:
    x, y = xy
    tile = look(rolled)
    size = CELL - PAD - 4
    return (
        f'<rect x="{x + PAD / 2 + 2}" y="{y + PAD / 2 + 2}" width="{size}" height="{size}" '
        f'rx="7" fill="{tile.fill}" fill-opacity="0.35" stroke="#111" stroke-width="3" '
        'stroke-dasharray="7 5"/>'
        f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 11}" font-size="30" font-weight="800" '
        f'text-anchor="middle" fill="#111">{number}</text>'
    )


# --- the map as a grid of tap targets ------------------------------------------------------------

ARROWS = {(1, 0): "→", (0, 1): "↑", (-1, 0): "←", (0, -1): "↓"}


class MapCell(NamedTuple):
    """One square of the map: a placed room, a free side to place on, or nothing."""

    x: int
    y: int
    kind: str  # "room", "free" or "empty"
    face: str = ""
    chest: str = ""
    here: bool = False
    number: int = 0  # a free side's number, counted from 1 as the engine lists them


def map_cells(
    rooms: Sequence[MapRoom], at: Coord, free: Sequence[Coord] = ()
) -> list[list[MapCell]]:
    """The squares the map shows (`map_window`), one list per row, north first."""
    (x0, x1), (y0, y1) = map_window(rooms, at, free)
    placed = {(r.x, r.y): r for r in rooms}
    numbers = {xy: n for n, xy in enumerate(free, start=1)}
    rows = []
    for y in range(y1, y0 - 1, -1):
        row = []
        for x in range(x0, x1 + 1):
            room = placed.get((x, y))
            if room is not None:
                row.append(MapCell(x, y, "room", room.face, room.chest, (x, y) == at))
            elif (x, y) in numbers:
                row.append(MapCell(x, y, "free", number=numbers[(x, y)]))
            else:
                row.append(MapCell(x, y, "empty"))
        rows.append(row)
    return rows


def cell_label(cell: MapCell, at: Coord) -> str:
    """The words on a square's button: the room's letter (and "you", and a chest's pawn), or on
    a free side "Place" and the way it lies from you."""
    if cell.kind == "free":
        side = ARROWS.get((cell.x - at[0], cell.y - at[1]), "")
        return f"Place {side}".strip()
    letter = look(cell.face).letter
    if cell.here:
        return f"{letter} · you"
    return f"{letter} ♟" if cell.chest else letter


def cell_name(cell: MapCell) -> str:
    """What the room is, in words, for the tooltip and the screen reader."""
    if cell.chest:
        return f"the {cell.face} chest room ({cell.chest} pawn in it)"
    return f"the {cell.face} room ({look(cell.face).word})"


def cell_css(key: str, cell: MapCell, rolled: str, walk: bool, area: tuple[int, int]) -> str:
    """The colours of one square's button (`key`) and its `area` in the map's grid (row, column,
    from 1): the room's fill and ink; a free side in the rolled tile's colour, pale and dashed;
    a room you may walk to ringed."""
    place = f".st-key-{key} {{ grid-area: {area[0]} / {area[1]}; }}"
    if cell.kind == "free":
        tile = look(rolled)
        return place + (
            f".st-key-{key} button {{ background: {tile.fill}55; color: #111; "
            "border: 3px dashed #111; }"
        )
    tile = look(cell.face)
    ring = "box-shadow: inset 0 0 0 3px #FFFFFF, 0 0 0 3px #0B5CAD;" if walk else ""
    edge = "border: 5px solid #111;" if cell.here else "border: 2px solid #555;"
    return place + (
        f".st-key-{key} button {{ background: {tile.fill}; color: {tile.ink}; {edge} {ring} }}"
        f".st-key-{key} button p {{ color: {tile.ink}; }}"
    )


def map_grid_css(key: str, columns: int, rows: int, most: Mapping[str, int]) -> str:
    """The map's grid (the container `key`): `columns` by `rows` squares, each at most
    `most[orientation]` pixels wide. Only squares that hold something are elements; the empty
    ones are the grid's background, pale squares with the same gaps, so a tap on the page sends
    and draws a button per room, not an element per square."""
    gap = 4
    tile = f"calc((100% + {gap}px) / {columns}) calc((100% + {gap}px) / {rows})"
    gaps = (
        f"linear-gradient(to right, transparent calc(100% - {gap}px), #FFFFFF 0), "
        f"linear-gradient(to bottom, transparent calc(100% - {gap}px), #FFFFFF 0)"
    )
    width = {name: columns * px + (columns - 1) * gap for name, px in most.items()}
    box = f".st-key-{key}"
    return (
        f"{box} {{ grid-template-columns: repeat({columns}, minmax(0, 1fr)); "
        f"grid-template-rows: repeat({rows}, minmax(44px, 1fr)); "
        f"aspect-ratio: {columns * 100 + (columns - 1) * gap} / {rows * 100 + (rows - 1) * gap}; "
        f"max-width: {width['landscape']}px; background-color: #F4F4F4; "
        f"background-image: {gaps}; background-size: {tile}, {tile}; }}"
        f"@media (orientation: portrait) {{ {box} {{ max-width: {width['portrait']}px; }} }}"
    )
