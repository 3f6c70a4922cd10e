"""Moonlighter's map as values: each square's button (its key, its words, what it plays or why a
walk there is refused now) and the CSS that places and colours it, row by row, north first.

The map is drawn from this plan (`taps.tap_map`: a fragment per row, and one for the CSS of
all of it), and a walk's callback compares the plan before the walk with the plan after it
(`redraw.walk`): a walk changes the buttons of the square you left and of the square you
reached, so only their rows are sent to the browser again, with the map's CSS (where each square
stands: the map follows you once the dungeon outgrows it). Only when rows come into the map or
leave it is all of it sent.
Nothing here decides a rule: what may be walked to or placed on is the engine's legal actions,
and why not is the engine's `check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from companion.engine.seen import SeenMatch
from companion.screens import parts
from companion.screens.moonlighter.map import (
    MapCell,
    MapRoom,
    cell_css,
    cell_label,
    map_cells,
    map_grid_css,
    map_window,
)

Action = dict[str, Any]
GRID = "ml_map"  # the map's container: a CSS grid of the squares that hold something
CELL_MAX = {"landscape": 72, "portrait": 64}  # a square's largest side, in CSS pixels


class Square(NamedTuple):
    """One square that holds something: a room (to walk to, or whose rules it opens) or a free
    side to lay the rolled tile on."""

    cell: MapCell
    key: str  # its button's widget key: the tests, the CSS and the benchmarks find it by it
    label: str
    action: Action | None  # the walk or the placing it plays; None: it opens the room's rules
    note: str | None  # why a walk there is refused now, shown with the room's rules
    css: str  # its colours and its place in the grid


class Plan(NamedTuple):
    rows: dict[int, tuple[Square, ...]]  # the squares of each row that holds any, by y
    grid: str  # the grid's own CSS: its columns and rows
    caption: str  # the line under the map ("" for none)


def row_key(y: int) -> str:
    """The key of the fragment that draws the map's row `y`."""
    return f"ml_f_row_y{y}"


def rooms_of(state: Any) -> list[MapRoom]:
    return [MapRoom(x, y, room.face, room.chest) for (x, y), room in state.rooms.items()]


def plan(seen: SeenMatch, legal: Sequence[Action], watching: bool) -> Plan:
    """The map as the page draws it now: only legal walks and placings are offered, and a
    device that only watches gets the rooms' rules alone."""
    state = seen.state
    rooms = rooms_of(state)
    free = [(a["x"], a["y"]) for a in legal if a["type"] == "place_tile"]
    offered = {(a["x"], a["y"]): a for a in legal
               if a["type"] == "place_tile" or (a["type"] == "move" and not watching)}  # fmt: skip
    cells = map_cells(rooms, state.at, free)
    rows: dict[int, tuple[Square, ...]] = {}
    for line, row in enumerate(cells, start=1):
        shown = tuple(
            _square(seen, cell, offered.get((cell.x, cell.y)), watching, (line, column))
            for column, cell in enumerate(row, start=1)
            if cell.kind != "empty"
        )
        if shown:
            rows[row[0].y] = shown
    grid = map_grid_css(GRID, len(cells[0]), len(cells), CELL_MAX)
    (x0, x1), (y0, y1) = map_window(rooms, state.at, free)
    hidden = sum(1 for r in rooms if not (x0 <= r.x <= x1 and y0 <= r.y <= y1))
    caption = ""
    if hidden:
        caption = f"The map follows you: {hidden} more rooms lie beyond its edges."
    elif not watching:
        caption = "Tap a ringed room to walk there; any other room for its rules."
    return Plan(rows, grid, caption)


def _square(
    seen: SeenMatch, cell: MapCell, action: Action | None, watching: bool, area: tuple[int, int]
) -> Square:
    state = seen.state
    label = cell_label(cell, state.at)
    if action is not None:
        key = parts.action_key(action, named=True)
        walk = action["type"] == "move"
        return Square(cell, key, label, action, None,
                      cell_css(key, cell, state.rolled, walk=walk, area=area))  # fmt: skip
    key = "rule_ml_here" if cell.here else f"rule_ml_room_x{cell.x}_y{cell.y}"
    note = None
    if not cell.here and not watching:
        note = seen.check({"type": "move", "x": cell.x, "y": cell.y})
    return Square(cell, key, label, None, note,
                  cell_css(key, cell, state.rolled, walk=False, area=area))  # fmt: skip


def changed_rows(before: Plan, after: Plan) -> list[int] | None:
    """The rows whose buttons a walk changed, or None when rows came into the map or left it
    (the map is then drawn again whole). Where a square stands is its CSS (`css`, sent with
    every walk), so a map that moved sideways or up keeps the buttons that did not change."""
    if before.rows.keys() != after.rows.keys():
        return None
    return [y for y, shown in after.rows.items() if _buttons(shown) != _buttons(before.rows[y])]


def _buttons(row: tuple[Square, ...]) -> tuple[Square, ...]:
    return tuple(square._replace(css="") for square in row)


def css(found: Plan) -> str:
    """The grid's CSS and every square's, as one style sheet."""
    squares = "".join(s.css for row in found.rows.values() for s in row)
    return f"<style>{found.grid}{squares}</style>"
