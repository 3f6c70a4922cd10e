"""Vita Luna's battle board as markup: both halves with their name bands, the track and counters.

Pure functions from plain values to SVG strings (after python-chess's `chess/svg.py`): no
Streamlit and no rules. The page reads the engine and hands in what to draw. The board is drawn
as it lies on the table: Player 2's grey and white rows at the top, Player 1's at the bottom, the
columns numbered 1 to 4 from Player 1's left, and the track down the right-hand edge from one
heart to the other. The cards on it are drawn by `cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from companion.screens.vita_luna.cards import (
    ATTACKER_INK,
    CELL_H,
    CELL_W,
    FONT,
    HEART_INK,
    Cell,
    cell_svg,
    heart,
)

COUNTER_FILL = ("#F08A24", "#4FB3E8")  # Player 1's orange star, Player 2's sky-blue diamond
COUNTER_WORD = ("orange star", "sky-blue diamond")

# geometry, in SVG units (a position is CELL_W by CELL_H)
GAP = 10
LEFT = 10
ROW_W = 4 * CELL_W + 3 * GAP
TRACK_X = LEFT + ROW_W + 14
TRACK_W = 78
WIDTH = TRACK_X + TRACK_W + 8
BAND = 46  # each side's name band
MIDDLE = 40  # the strip with the column numbers
HEIGHT = 2 * BAND + 4 * CELL_H + 2 * GAP + MIDDLE


def cell_box(player: int, row: str, column: int) -> tuple[float, float, float, float]:
    """Where `player`'s position `column` of `row` lies on the board: (x, y, width, height) as
    fractions of the board's width and height, for a tap target laid over it."""
    top_half = (BAND, BAND + CELL_H + GAP)  # Player 2's grey row, then white row
    bottom_white = BAND + 2 * CELL_H + GAP + MIDDLE
    bottom_half = (bottom_white + CELL_H + GAP, bottom_white)  # Player 1's grey, then white
    y = (bottom_half if player == 0 else top_half)[0 if row == "grey" else 1]
    x = LEFT + column * (CELL_W + GAP)
    return x / WIDTH, y / HEIGHT, CELL_W / WIDTH, CELL_H / HEIGHT


def row_box(player: int, row: str) -> tuple[float, float, float, float]:
    """Where `player`'s `row` lies on the board (its mat, all four positions), as `cell_box`."""
    x, y, _, _ = cell_box(player, row, 0)
    pad_x, pad_y = 4 / WIDTH, 4 / HEIGHT
    return x - pad_x, y - pad_y, (ROW_W + 8) / WIDTH, (CELL_H + 8) / HEIGHT


def track_box() -> tuple[float, float, float, float]:
    """Where the track lies on the board, as `cell_box` gives a position."""
    top, bottom = BAND - 6, HEIGHT - BAND + 6
    return TRACK_X / WIDTH, top / HEIGHT, TRACK_W / WIDTH, (bottom - top) / HEIGHT


@dataclass(frozen=True)
class Side:
    """One player's half of the board."""

    name: str
    role: str  # "attacker", "defender" or ""
    white: tuple[Cell, ...]
    grey: tuple[Cell, ...]
    hearts: int
    max_hearts: int
    active: bool = False  # whose turn or placing it is


@dataclass(frozen=True)
class Track:
    """The counters: steps moved towards the enemy heart, of `steps` needed."""

    moved: tuple[int, int]
    steps: int  # 2 (basic/advanced: the rectangle is one step) or 3 (extended)


# --- the board -----------------------------------------------------------------------------------


def board_svg(bottom: Side, top: Side, track: Track, caption: str = "") -> str:
    """The whole board: `top` is Player 2's half, `bottom` Player 1's, the track on the right."""
    y = 0
    parts: list[str] = []
    parts.append(_band(top, y, above=True))
    y += BAND
    rows_top = [(top.grey, "grey", y), (top.white, "white", y + CELL_H + GAP)]
    y += 2 * CELL_H + GAP
    middle = y
    y += MIDDLE
    rows_bottom = [(bottom.white, "white", y), (bottom.grey, "grey", y + CELL_H + GAP)]
    y += 2 * CELL_H + GAP
    parts.append(_band(bottom, y, above=False))
    height = y + BAND
    for cells, row, top_y in rows_top + rows_bottom:
        parts.append(_row(cells, row, top_y))
    parts.append(_middle(middle))
    parts.append(_track(track, BAND - 6, height - BAND + 6))
    label = caption or f"Battle board: {top.name} at the top, {bottom.name} at the bottom"
    return (
        f'<div class="vl-board"><svg role="img" aria-label="{escape(label)}" '
        f'viewBox="0 0 {WIDTH} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="{FONT}">{"".join(parts)}</svg></div>'
    )


def _band(side: Side, y: int, above: bool) -> str:
    fill = "#FFF3C4" if side.active else "#F4F4F4"
    stroke = "#E0A800" if side.active else "#CCCCCC"
    role = side.role.upper()
    tag = ""
    if role:
        ink = ATTACKER_INK if side.role == "attacker" else "#2F7FD8"
        tag = (
            f'<rect x="{LEFT + 250}" y="{y + 9}" width="150" height="30" rx="8" fill="{ink}"/>'
            f'<text x="{LEFT + 325}" y="{y + 31}" font-size="18" font-weight="800" '
            f'text-anchor="middle" fill="#FFFFFF">{role}</text>'
        )
    turn = ""
    if side.active:
        turn = (
            f'<text x="{LEFT + 10}" y="{y + 33}" font-size="24" font-weight="800" '
            f'fill="#111">▶</text>'
        )
    hearts = ""
    if side.role:  # hearts count once a battle is on
        hearts = (
            f"{heart(LEFT + ROW_W - 118, y + 8, 30)}"
            f'<text x="{LEFT + ROW_W - 46}" y="{y + 34}" font-size="28" font-weight="800" '
            f'text-anchor="end" fill="{HEART_INK}">{side.hearts}</text>'
            f'<text x="{LEFT + ROW_W - 42}" y="{y + 34}" font-size="18" fill="#555">'
            f"/ {side.max_hearts}</text>"
        )
    return (
        f'<rect x="{LEFT}" y="{y + 3}" width="{ROW_W}" height="{BAND - 6}" rx="10" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="3"/>'
        f'{turn}<text x="{LEFT + 40}" y="{y + 32}" font-size="24" font-weight="800" '
        f'fill="#111">{escape(side.name)}</text>{tag}{hearts}'
    )


def _row(cells: Sequence[Cell], row: str, y: int) -> str:
    mat = "#FFFFFF" if row == "white" else "#CFCFCF"
    edge = "#9A9A9A" if row == "white" else "#8A8A8A"
    parts = [
        f'<rect x="{LEFT - 4}" y="{y - 4}" width="{ROW_W + 8}" height="{CELL_H + 8}" rx="12" '
        f'fill="{mat}" stroke="{edge}" stroke-width="2"/>'
    ]
    for column, cell in enumerate(cells):
        parts.append(cell_svg(cell, LEFT + column * (CELL_W + GAP), y, row))
    return "".join(parts)


def _middle(y: int) -> str:
    parts = [
        f'<text x="{LEFT + c * (CELL_W + GAP) + CELL_W / 2}" y="{y + MIDDLE / 2 + 9}" '
        f'font-size="24" font-weight="800" text-anchor="middle" fill="#444">{c + 1}</text>'
        for c in range(4)
    ]
    line = (
        f'<line x1="{LEFT}" y1="{y + MIDDLE / 2}" x2="{LEFT + ROW_W}" y2="{y + MIDDLE / 2}" '
        'stroke="#BBBBBB" stroke-width="2" stroke-dasharray="6 8"/>'
    )
    return line + "".join(parts)


# --- the track -----------------------------------------------------------------------------------

SLOTS = 7  # Player 1's heart, red circle, the rectangle's 3 circles, red circle, Player 2's heart


def slot_of(player: int, moved: int, steps: int) -> int:
    """Where a counter stands, 0 (Player 1's heart, bottom) to 6 (Player 2's heart, top).

    Both start on the middle circle (3). With 2 steps the rectangle is one step: one win reaches
    the red circle and the next the heart; with 3 steps each circle counts."""
    if moved <= 0:
        travelled = 0
    elif steps == 2:
        travelled = moved + 1
    else:
        travelled = moved
    return 3 + travelled if player == 0 else 3 - travelled


def _track(track: Track, top: float, bottom: float) -> str:
    cx = TRACK_X + TRACK_W / 2
    span = (bottom - top - 40) / (SLOTS - 1)

    def y_of(slot: int) -> float:
        return bottom - 20 - slot * span

    parts = [
        f'<rect x="{TRACK_X}" y="{top}" width="{TRACK_W}" height="{bottom - top}" rx="14" '
        'fill="#F7F3EA" stroke="#BBB" stroke-width="2"/>',
        f'<line x1="{cx}" y1="{y_of(0)}" x2="{cx}" y2="{y_of(6)}" stroke="#999" stroke-width="3"/>',
    ]
    rect_top, rect_bottom = y_of(4) - 26, y_of(2) + 26
    parts.append(
        f'<rect x="{cx - 30}" y="{rect_top}" width="60" height="{rect_bottom - rect_top}" rx="10" '
        'fill="#FFFFFF" stroke="#555" stroke-width="3"/>'
    )
    one_step = track.steps == 2
    for slot in (2, 3, 4):
        dash = ' stroke-dasharray="4 4"' if one_step and slot != 3 else ""
        parts.append(
            f'<circle cx="{cx}" cy="{y_of(slot)}" r="17" fill="#FFFFFF" stroke="#555" '
            f'stroke-width="2.5"{dash}/>'
        )
    for slot in (1, 5):
        parts.append(
            f'<circle cx="{cx}" cy="{y_of(slot)}" r="19" fill="#FFFFFF" stroke="#C62828" '
            'stroke-width="5"/>'
        )
    for slot in (0, 6):
        parts.append(heart(cx - 24, y_of(slot) - 24, 48))
    slots = [slot_of(p, track.moved[p], track.steps) for p in (0, 1)]
    for p in (0, 1):
        dx = -15 if slots[0] == slots[1] else 0
        dx = dx if p == 0 else -dx
        parts.append(_counter(p, cx + dx, y_of(slots[p])))
    return "".join(parts)


def _counter(player: int, cx: float, cy: float) -> str:
    fill = COUNTER_FILL[player]
    if player == 0:  # a five-pointed star
        from math import cos, pi, sin

        points = " ".join(
            f"{cx + (15 if k % 2 == 0 else 6.5) * sin(k * pi / 5):.1f},"
            f"{cy - (15 if k % 2 == 0 else 6.5) * cos(k * pi / 5):.1f}"
            for k in range(10)
        )
        return f'<polygon points="{points}" fill="{fill}" stroke="#111" stroke-width="2"/>'
    return (
        f'<polygon points="{cx},{cy - 15} {cx + 13},{cy} {cx},{cy + 15} {cx - 13},{cy}" '
        f'fill="{fill}" stroke="#111" stroke-width="2"/>'
    )


def counter_svg(player: int, size: int = 30) -> str:
    """The player's counter, for the player cards beside the board."""
    return (
        f'<svg width="{size}" height="{size}" viewBox="-17 -17 34 34" role="img" '
        f'aria-label="{COUNTER_WORD[player]} counter">{_counter(player, 0, 0)}</svg>'
    )
