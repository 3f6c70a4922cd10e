"""Vita Luna's creature cards as markup: a card on its board position (face up, face down or a
card back, marked while an attack is walked through), one card large, and the epics' names.

Pure functions from plain values to SVG strings (after python-chess's `chess/svg.py`): no Streamlit
and no rules; `board` lays these cards out. Nothing is told by colour alone: decks are named,
epics are words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

DECK_FILL = {"black": "#262626", "blue": "#1F5FBF", "red": "#B3261E"}
DECK_WORD = {"black": "black", "blue": "blue", "red": "red"}
EPIC_WORD = {  # each epic as printed, whole: a chip wraps to a second row rather than cut it
    "move_anywhere": "Move anywhere",
    "poisonous": "Poisonous",
    "resistant": "Resistant",
    "armour": "Armour",
    "holds": "Holds",
    "anchor": "Anchor",
    "retaliate": "Retaliate",
    "pronged": "Pronged",
}
EPIC_NAME = EPIC_WORD | {"pronged": "Pronged attack"}  # the same, in the same order
ATTACKER_INK, TARGET_INK = "#F08A24", "#D62828"
HEART_INK = "#C62828"
FONT = "DejaVu Sans, Verdana, sans-serif"
CELL_W, CELL_H = 150, 124  # one position, in SVG units


@dataclass(frozen=True)
class Cell:
    """What lies on one position."""

    kind: str = "empty"  # "creature", "back" (a face-down card seen by the other side), "empty"
    name: str = ""
    deck: str = ""
    attack: int = 0
    health: int = 0
    max_health: int = 0
    armour: str = ""  # "" no armour epic; "on"; "gone"
    epics: tuple[str, ...] = ()
    face_down: bool = False  # a grey card shown to its owner: face down on the table
    mark: str = ""  # while an attack is walked through: "attacker", "target" (a creature hit
    # there; an empty position marked so lost it to the hit) or "heart" (the heart took the hit)


def _lines(name: str, most: int = 9) -> list[str]:
    """A name on one line, or on two split at a space, so long names stay large."""
    if len(name) <= most or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(name) / 2))
    return [" ".join(words[:best]), " ".join(words[best:])]


def cell_svg(cell: Cell, x: int, y: int, row: str) -> str:
    """What lies on one position, its top left corner at (`x`, `y`), in a `row` ("white"/"grey")."""
    if cell.kind == "empty":
        body = _empty(x, y, row, cell.mark)
    elif cell.kind == "back":
        body = _back(cell, x, y)
    else:
        body = _creature(cell, x, y)
    return body + _mark(cell.mark, x, y)


def _empty(x: int, y: int, row: str, mark: str = "") -> str:
    """An empty position; while an attack is walked through, one the heart took a hit through
    ("heart") or one whose creature the hit just killed ("target")."""
    fill = "#FFFFFF" if row == "white" else "#E2E2E2"
    word = "empty" if row == "white" else "reserve"
    text = (
        f'<text x="{x + CELL_W / 2}" y="{y + CELL_H / 2 + 8}" font-size="20" '
        f'text-anchor="middle" fill="#595959">{word}</text>'
    )
    if mark == "target":
        text = (
            f'<text x="{x + CELL_W / 2}" y="{y + CELL_H / 2 - 4}" font-size="40" '
            f'font-weight="800" text-anchor="middle" fill="{TARGET_INK}">✕</text>'
            f'<text x="{x + CELL_W / 2}" y="{y + CELL_H - 24}" font-size="20" font-weight="800" '
            f'text-anchor="middle" fill="{TARGET_INK}">killed</text>'
        )
    if mark == "heart":
        text = (
            f"{heart(x + CELL_W / 2 - 22, y + 28, 44)}"
            f'<text x="{x + CELL_W / 2}" y="{y + CELL_H - 22}" font-size="20" font-weight="800" '
            f'text-anchor="middle" fill="{HEART_INK}">the heart</text>'
        )
    return (
        f'<rect x="{x + 3}" y="{y + 3}" width="{CELL_W - 6}" height="{CELL_H - 6}" rx="10" '
        f'fill="{fill}" stroke="#8C8C8C" stroke-width="2.5" stroke-dasharray="8 6"/>{text}'
    )


def _back(cell: Cell, x: int, y: int) -> str:
    fill = DECK_FILL.get(cell.deck, "#444444")
    cx, cy = x + CELL_W / 2, y + 44
    return (
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" height="{CELL_H - 4}" rx="10" '
        f'fill="{fill}" stroke="#111" stroke-width="2"/>'
        f'<rect x="{x + 9}" y="{y + 9}" width="{CELL_W - 18}" height="{CELL_H - 18}" rx="7" '
        f'fill="none" stroke="#FFFFFF" stroke-opacity="0.55" stroke-width="2"/>'
        f'<circle cx="{cx}" cy="{cy}" r="20" fill="#FFFFFF" fill-opacity="0.9"/>'
        f'<circle cx="{cx + 8}" cy="{cy - 6}" r="17" fill="{fill}"/>'
        f'<text x="{cx}" y="{y + CELL_H - 34}" font-size="17" font-weight="700" '
        f'text-anchor="middle" fill="#FFFFFF">face down</text>'
        f'<text x="{cx}" y="{y + CELL_H - 15}" font-size="15" text-anchor="middle" '
        f'fill="#FFFFFF">{DECK_WORD.get(cell.deck, "")} card</text>'
    )


def _creature(cell: Cell, x: int, y: int) -> str:
    fill = DECK_FILL.get(cell.deck, "#444444")
    head = 48
    parts = [
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" height="{CELL_H - 4}" rx="10" '
        f'fill="{"#E4E4E4" if cell.face_down else "#FFFFFF"}" stroke="{fill}" stroke-width="4"/>',
        f'<path d="M{x + 2},{y + head} v{-(head - 12)} a10,10 0 0 1 10,-10 h{CELL_W - 24} '
        f'a10,10 0 0 1 10,10 v{head - 12} z" fill="{fill}"/>',
    ]
    lines = _lines(cell.name)
    for i, line in enumerate(lines):
        size = 23 if len(lines) == 1 else 19
        top = y + (33 if len(lines) == 1 else 23 + i * 19)
        parts.append(
            f'<text x="{x + CELL_W / 2}" y="{top}" font-size="{size}" font-weight="800" '
            f'text-anchor="middle" fill="#FFFFFF">{escape(line)}</text>'
        )
    words = chip_words(cell.epics, cell.armour) if not cell.face_down else []
    rows = chip_rows(words, CHIP_SIZE)
    if len(rows) > 1:  # two rows of epics: the numbers a little smaller, the chips too
        rows = chip_rows(words, CHIP_SMALL)
    two = len(rows) > 1
    base = y + head + (26 if two else 36)
    big = 28 if two else 36
    attack_ink = "#111" if cell.attack else "#6B6B6B"
    hurt = cell.health < cell.max_health
    parts.append(
        f'<text x="{x + 8}" y="{base - 3}" font-size="21" fill="{attack_ink}">⚔</text>'
        f'<text x="{x + 31}" y="{base}" font-size="{big}" font-weight="800" '
        f'fill="{attack_ink}">{cell.attack}</text>'
        f"{heart(x + 62, base - 22, 22 if two else 24)}"
        f'<text x="{x + 88}" y="{base}" font-size="{big}" font-weight="800" '
        f'fill="{HEART_INK if hurt else "#111"}">{cell.health}</text>'
        f'<text x="{x + (110 if cell.health < 10 else 126)}" y="{base}" font-size="19" '
        f'font-weight="700" fill="#4A4A4A">/{cell.max_health}</text>'
    )
    if cell.face_down:
        parts.append(
            f'<text x="{x + CELL_W / 2}" y="{y + CELL_H - 12}" font-size="15" font-weight="700" '
            'text-anchor="middle" fill="#333">face down</text>'
        )
    else:
        parts.append(_chips(rows, x, base + 5, two))
    return "".join(parts)


CHIP_SIZE, CHIP_SMALL = 14.0, 12.5  # chip font sizes, in SVG units
CHIP_PAD = 10  # a chip's width beyond its word's
CHIP_GAP = 4
GLYPH = 0.64  # a bold DejaVu Sans letter's average width, in ems (wide letters: a margin)
CHIP_ROOM = CELL_W - 14  # the width chips may take on a card


def chip_words(epics: Sequence[str], armour: str) -> list[tuple[str, str]]:
    """(word, look) for each chip on a creature: its epics, then its armour marker's state."""
    words = [(EPIC_WORD.get(e, e), "epic") for e in epics if e != "armour"]
    if armour:
        words.append(("Armour" if armour == "on" else "no armour", armour))
    return words


def chip_width(word: str, size: float) -> float:
    return len(word) * size * GLYPH + CHIP_PAD


def chip_rows(words: list[tuple[str, str]], size: float) -> list[list[tuple[str, str, float]]]:
    """The chips laid out in rows of at most CHIP_ROOM, each whole: (word, look, width)."""
    rows: list[list[tuple[str, str, float]]] = []
    used = CHIP_ROOM + 1.0
    for word, kind in words:
        width = chip_width(word, size)
        if rows and used + CHIP_GAP + width <= CHIP_ROOM:
            rows[-1].append((word, kind, width))
            used += CHIP_GAP + width
        else:
            rows.append([(word, kind, width)])
            used = width
    return rows


def _chips(rows: list[list[tuple[str, str, float]]], x: int, top: float, two: bool) -> str:
    size = CHIP_SMALL if two else CHIP_SIZE
    height = 19 if two else 25
    looks = {
        "epic": ('fill="#F1E7C8" stroke="#9C7A1B"', "#3D2E00"),
        "on": ('fill="#4E6478" stroke="#1E2A36"', "#FFFFFF"),
        "gone": ('fill="#FFFFFF" stroke="#8A8A8A" stroke-dasharray="4 3"', "#555555"),
    }
    out: list[str] = []
    y = top
    for row in rows:
        total = sum(w for _, _, w in row) + CHIP_GAP * (len(row) - 1)
        spare = (CHIP_ROOM - total) / len(row)  # a row's chips share what is left
        left: float = x + 7
        for word, kind, width in row:
            box, ink = looks[kind]
            per = width + spare
            out.append(
                f'<rect x="{left:.1f}" y="{y:.1f}" width="{per:.1f}" height="{height}" rx="6" '
                f'{box} stroke-width="1.5"/><text x="{left + per / 2:.1f}" '
                f'y="{y + height * 0.73:.1f}" font-size="{size}" font-weight="700" '
                f'text-anchor="middle" fill="{ink}">{escape(word)}</text>'
            )
            left += per + CHIP_GAP
        y += height + 2
    return "".join(out)


def _mark(mark: str, x: int, y: int) -> str:
    if not mark:
        return ""
    ink = ATTACKER_INK if mark == "attacker" else TARGET_INK
    word = "ATTACKS" if mark == "attacker" else "HIT"
    width = 96 if mark == "attacker" else 50
    return (
        f'<rect x="{x - 2}" y="{y - 2}" width="{CELL_W + 4}" height="{CELL_H + 4}" rx="12" '
        f'fill="none" stroke="{ink}" stroke-width="7"/>'
        f'<rect x="{x + CELL_W / 2 - width / 2}" y="{y - 14}" width="{width}" '
        f'height="22" rx="6" fill="{ink}" stroke="#FFFFFF" stroke-width="1.5"/>'
        f'<text x="{x + CELL_W / 2}" y="{y + 3}" font-size="16" font-weight="800" '
        f'text-anchor="middle" fill="#FFFFFF">{word}</text>'
    )


def heart(x: float, y: float, size: float, fill: str = HEART_INK) -> str:
    """A heart `size` units high, its top left corner at (`x`, `y`): for health and for hearts."""
    s = size / 24
    return (
        f'<path transform="translate({x},{y}) scale({s:.3f})" fill="{fill}" d="M12 21.6 '
        "C5.6 16.4 1.5 12.6 1.5 8.1 C1.5 4.9 4 2.5 7 2.5 C9 2.5 10.9 3.6 12 5.3 "
        'C13.1 3.6 15 2.5 17 2.5 C20 2.5 22.5 4.9 22.5 8.1 C22.5 12.6 18.4 16.4 12 21.6 Z"/>'
    )


# --- a single card, face up (the auction's lot) --------------------------------------------------


def card_svg(cell: Cell, width: int = 220) -> str:
    """One creature card, large: the card turned up for bidding."""
    body = _creature(cell, 0, 0)
    return (
        f'<svg role="img" aria-label="{escape(cell.name)}, {escape(cell.deck)} card, attack '
        f'{cell.attack}, health {cell.max_health}" width="{width}" '
        f'height="{round(width * CELL_H / CELL_W)}" viewBox="-4 -4 {CELL_W + 8} {CELL_H + 8}" '
        f'xmlns="http://www.w3.org/2000/svg" font-family="{FONT}">{body}</svg>'
    )


def epic_legend(epics: Sequence[str]) -> str:
    """The full names of the epics on the board, for the caption under it."""
    seen = [EPIC_NAME[e] for e in EPIC_NAME if e in set(epics)]
    return ", ".join(seen)
