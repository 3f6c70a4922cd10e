"""Vita Luna's pictures as markup: the battle board with its track, the player cards, a card face.

Pure functions from plain values to SVG/HTML strings (after python-chess's `chess/svg.py`): no
Streamlit and no rules. The page reads the engine and hands in what to draw. The board is drawn
as it lies on the table: Player 2's grey and white rows at the top, Player 1's at the bottom, the
columns numbered 1 to 4 from Player 1's left, and the track down the right-hand edge from one
heart to the other. Nothing is told by colour alone: decks are named, epics are words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

DECK_FILL = {"black": "#262626", "blue": "#1F5FBF", "red": "#B3261E"}
DECK_WORD = {"black": "black", "blue": "blue", "red": "red"}
EPIC_WORD = {
    "move_anywhere": "Move any",
    "poisonous": "Poison",
    "resistant": "Resist",
    "armour": "Armour",
    "holds": "Holds",
    "anchor": "Anchor",
    "retaliate": "Retaliate",
    "pronged": "Pronged",
}
EPIC_NAME = {
    "move_anywhere": "Move anywhere",
    "poisonous": "Poisonous",
    "resistant": "Resistant",
    "armour": "Armour",
    "holds": "Holds",
    "anchor": "Anchor",
    "retaliate": "Retaliate",
    "pronged": "Pronged attack",
}
COUNTER_FILL = ("#F08A24", "#4FB3E8")  # Player 1's orange star, Player 2's sky-blue diamond
COUNTER_WORD = ("orange star", "sky-blue diamond")
ATTACKER_INK, TARGET_INK = "#F08A24", "#D62828"
HEART_INK = "#C62828"
FONT = "DejaVu Sans, Verdana, sans-serif"

# geometry, in SVG units
CELL_W, CELL_H, GAP = 150, 124, 10
LEFT = 10
ROW_W = 4 * CELL_W + 3 * GAP
TRACK_X = LEFT + ROW_W + 14
TRACK_W = 78
WIDTH = TRACK_X + TRACK_W + 8
BAND = 46  # each side's name band
MIDDLE = 40  # the strip with the column numbers


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
    mark: str = ""  # "attacker" or "target" while an attack is walked through


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
            f"{_heart(LEFT + ROW_W - 118, y + 8, 30)}"
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
        parts.append(_cell(cell, LEFT + column * (CELL_W + GAP), y, row))
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


def _lines(name: str, most: int = 9) -> list[str]:
    """A name on one line, or on two split at a space, so long names stay large."""
    if len(name) <= most or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(name) / 2))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _cell(cell: Cell, x: int, y: int, row: str) -> str:
    if cell.kind == "empty":
        body = _empty(x, y, row, cell.mark == "target")
    elif cell.kind == "back":
        body = _back(cell, x, y)
    else:
        body = _creature(cell, x, y)
    return body + _mark(cell.mark, x, y)


def _empty(x: int, y: int, row: str, hit: bool) -> str:
    fill = "#FFFFFF" if row == "white" else "#E2E2E2"
    word = "empty" if row == "white" else "reserve"
    text = (
        f'<text x="{x + CELL_W / 2}" y="{y + CELL_H / 2 + 8}" font-size="20" '
        f'text-anchor="middle" fill="#7A7A7A">{word}</text>'
    )
    if hit:
        text = (
            f"{_heart(x + CELL_W / 2 - 22, y + 28, 44)}"
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
    base = y + head + 36
    attack_ink = "#111" if cell.attack else "#8A8A8A"
    hurt = cell.health < cell.max_health
    parts.append(
        f'<text x="{x + 8}" y="{base - 3}" font-size="21" fill="{attack_ink}">⚔</text>'
        f'<text x="{x + 31}" y="{base}" font-size="36" font-weight="800" '
        f'fill="{attack_ink}">{cell.attack}</text>'
        f"{_heart(x + 64, base - 24, 24)}"
        f'<text x="{x + 90}" y="{base}" font-size="36" font-weight="800" '
        f'fill="{HEART_INK if hurt else "#111"}">{cell.health}</text>'
        f'<text x="{x + (112 if cell.health < 10 else 130)}" y="{base}" font-size="19" '
        f'font-weight="700" fill="#555">/{cell.max_health}</text>'
    )
    chips_y = y + CELL_H - 32
    if cell.face_down:
        parts.append(
            f'<text x="{x + CELL_W / 2}" y="{chips_y + 20}" font-size="15" font-weight="700" '
            'text-anchor="middle" fill="#333">face down</text>'
        )
    else:
        parts.append(_chips(cell.epics, cell.armour, x, chips_y))
    return "".join(parts)


def _chips(epics: Sequence[str], armour: str, x: int, y: int) -> str:
    words = [(EPIC_WORD.get(e, e), "epic") for e in epics if e != "armour"]
    if armour:
        words.append(("Armour" if armour == "on" else "no armour", armour))
    if not words:
        return ""
    letters = sum(len(w) + 2 for w, _ in words)
    size = 15 if letters <= 17 else 13
    out, left = [], x + 7
    room = CELL_W - 14 - 4 * (len(words) - 1)
    looks = {
        "epic": ('fill="#F1E7C8" stroke="#9C7A1B"', "#3D2E00"),
        "on": ('fill="#4E6478" stroke="#1E2A36"', "#FFFFFF"),
        "gone": ('fill="#FFFFFF" stroke="#9A9A9A" stroke-dasharray="4 3"', "#777777"),
    }
    for word, kind in words:
        box, ink = looks[kind]
        per = room * (len(word) + 2) / letters
        out.append(
            f'<rect x="{left}" y="{y}" width="{per}" height="26" rx="6" {box} stroke-width="1.5"/>'
            f'<text x="{left + per / 2}" y="{y + 19}" font-size="{size}" font-weight="700" '
            f'text-anchor="middle" fill="{ink}">{escape(word)}</text>'
        )
        left += per + 4
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


def _heart(x: float, y: float, size: float, fill: str = HEART_INK) -> str:
    s = size / 24
    return (
        f'<path transform="translate({x},{y}) scale({s:.3f})" fill="{fill}" d="M12 21.6 '
        "C5.6 16.4 1.5 12.6 1.5 8.1 C1.5 4.9 4 2.5 7 2.5 C9 2.5 10.9 3.6 12 5.3 "
        'C13.1 3.6 15 2.5 17 2.5 C20 2.5 22.5 4.9 22.5 8.1 C22.5 12.6 18.4 16.4 12 21.6 Z"/>'
    )


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
        parts.append(_heart(cx - 24, y_of(slot) - 24, 48))
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


# --- the player cards ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerCard:
    player: int
    name: str
    note: str  # "the app", or ""
    role: str
    active: bool
    hearts: int | None  # None before the first battle
    max_hearts: int
    decks: dict[str, int]  # cards held of each colour
    singulars: tuple[tuple[str, bool], ...]  # (name, still unused)
    markers: int | None = None  # advanced game, during the auction


def player_cards_html(cards: Sequence[PlayerCard]) -> str:
    return f'<div class="vl-players">{"".join(_player(c) for c in cards)}</div>'


def _player(card: PlayerCard) -> str:
    role = ""
    if card.role:
        role = f'<span class="vl-role vl-{card.role}">{card.role.upper()}</span>'
    note = f' <span class="vl-note">({escape(card.note)})</span>' if card.note else ""
    turn = ' <span class="vl-turn">▶ now</span>' if card.active else ""
    decks = "".join(
        f'<span class="vl-deck" style="background:{DECK_FILL[d]}">{n} {d}</span>'
        for d, n in card.decks.items()
    )
    singulars = "".join(
        f'<span class="vl-sing{"" if unused else " used"}">{escape(name)}</span>'
        for name, unused in card.singulars
    )
    markers = ""
    if card.markers is not None:
        markers = f'<span class="vl-markers">markers <b>{card.markers}</b></span>'
    active = " active" if card.active else ""
    return (
        f'<div class="vl-player{active}"><div class="vl-who">'
        f"<span>{counter_svg(card.player, 24)} <b>{escape(card.name)}</b>{note} {role}{turn}</span>"
        f"{_hearts(card)}</div>"
        f'<div class="vl-chips">{decks}<span class="vl-gap"></span>{singulars}{markers}</div></div>'
    )


def _hearts(card: PlayerCard) -> str:
    if card.hearts is None:
        return ""
    return (
        f'<span class="vl-hearts">{_heart_html()}<b>{card.hearts}</b>'
        f'<span class="vl-of">/{card.max_hearts}</span></span>'
    )


def _heart_html() -> str:
    heart = _heart(0, 0, 24)
    return f'<svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">{heart}</svg>'


# --- a single card, face up (the auction's lot) --------------------------------------------------


def card_svg(cell: Cell, width: int = 220) -> str:
    """One creature card, large: the card turned up for bidding."""
    body = _creature(cell, 0, 0)
    return (
        f'<svg role="img" aria-label="{escape(cell.name)}, {cell.deck} card, attack '
        f'{cell.attack}, health {cell.max_health}" width="{width}" '
        f'height="{round(width * CELL_H / CELL_W)}" viewBox="-4 -4 {CELL_W + 8} {CELL_H + 8}" '
        f'xmlns="http://www.w3.org/2000/svg" font-family="{FONT}">{body}</svg>'
    )


def epic_legend(epics: Sequence[str]) -> str:
    """The full names of the epics on the board, for the caption under it."""
    seen = [EPIC_NAME[e] for e in EPIC_NAME if e in set(epics)]
    return ", ".join(seen)


CSS = """
<style>
  div[data-testid="stMainBlockContainer"] { padding-left: 0.8rem; padding-right: 0.8rem;
                                            padding-top: 0.6rem; }
  .vl-board svg { display: block; margin: 0 auto; width: 100%; height: auto; max-height: 86vh; }
  .vl-players { display: flex; flex-direction: column; gap: 6px; }
  .vl-player { background: #FFFFFF; color: #111; border: 2px solid #C8C8C8;
               border-radius: 12px; padding: 4px 10px 6px; }
  .vl-player.active { border: 4px solid #E0A800; background: #FFFBEA; padding: 2px 8px 4px; }
  .vl-who { display: flex; justify-content: space-between; align-items: center; gap: 6px;
            font-size: 1.2rem; line-height: 1.3; }
  .vl-who svg { vertical-align: -5px; }
  .vl-note { color: #555; font-size: 0.95rem; }
  .vl-role { font-size: 0.85rem; font-weight: 800; color: #FFF; border-radius: 6px;
             padding: 1px 6px; white-space: nowrap; }
  .vl-attacker { background: #C45E00; }
  .vl-defender { background: #2F6FB8; }
  .vl-turn { font-weight: 800; color: #7A5A00; white-space: nowrap; }
  .vl-hearts { font-size: 1.7rem; color: #C62828; white-space: nowrap; }
  .vl-hearts svg { vertical-align: -2px; margin-right: 3px; }
  .vl-of { font-size: 1rem; color: #444; }
  .vl-chips { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 2px; align-items: center; }
  .vl-gap { width: 6px; }
  .vl-deck { color: #FFF; font-weight: 700; border-radius: 6px; padding: 0 7px;
             font-size: 1rem; }
  .vl-sing { background: #EDE3F5; color: #3B1A55; border: 1.5px solid #6A3D8C; border-radius: 6px;
             padding: 0 5px; font-size: 0.95rem; font-weight: 700; }
  .vl-sing.used { background: #F2F2F2; color: #999; border-color: #CCC;
                  text-decoration: line-through; font-weight: 400; }
  .vl-markers { font-size: 1.05rem; margin-left: 6px; }
  .vl-markers b { font-size: 1.4rem; }
  .vl-next { font-size: 1.2rem; font-weight: 700; color: #111; background: #FFF8E1;
             border-left: 8px solid #F5A623; border-radius: 8px; padding: 6px 12px; }
  .vl-now { font-size: 1.02rem; color: #222; background: #F3F6FB; border-radius: 10px;
            padding: 6px 10px; }
  .vl-walk { background: #FFFFFF; border: 4px solid #F08A24; border-radius: 14px;
             padding: 8px 14px; color: #111; }
  .vl-walk .vl-step { font-size: 0.95rem; font-weight: 800; color: #8A4B00;
                      letter-spacing: 0.03em; text-transform: uppercase; }
  .vl-walk .vl-say { font-size: 1.55rem; font-weight: 750; line-height: 1.3; margin-top: 4px; }
  .vl-walk .vl-say + .vl-say { font-size: 1.2rem; font-weight: 600; }
  .vl-cover { background: #263238; color: #FFFFFF; border-radius: 14px; padding: 18px 16px;
              font-size: 1.5rem; font-weight: 700; text-align: center; }
  .vl-cover small { display: block; font-size: 1.05rem; font-weight: 500; margin-top: 6px;
                    color: #CFD8DC; }
  .vl-bid { font-size: 3.6rem; font-weight: 800; text-align: center; line-height: 1.1;
            color: #111; }
  .vl-reveal { display: flex; gap: 12px; }
  .vl-reveal div { flex: 1; text-align: center; border: 3px solid #999; border-radius: 12px;
                   padding: 6px; font-size: 1.15rem; color: #111; background: #FFF; }
  .vl-reveal b { display: block; font-size: 2.6rem; }
  .vl-lot { display: flex; gap: 14px; align-items: center; color: #111; font-size: 1.1rem; }
  .vl-slot { text-align: center; font-size: 1rem; font-weight: 700; color: #333;
             padding-top: 10px; line-height: 1.25; }
  .vl-rowname { font-size: 0.95rem; font-weight: 800; color: #444; margin: 2px 0 -8px; }
  div[data-testid="stButton"] button div[data-testid="stMarkdownContainer"] p {
    font-size: 1.15rem; font-weight: 650; line-height: 1.15; }
  div[data-testid="stAlert"] div[data-testid="stMarkdownContainer"] p {
    font-size: 1.3rem; font-weight: 700; }
  @media (orientation: landscape) {
    div[data-testid="stColumn"]:has(.st-key-vl_left) {
      position: sticky; top: 0.4rem; align-self: flex-start; }
  }
  @media (orientation: portrait) {
    .st-key-vl_main > div > div[data-testid="stHorizontalBlock"] { flex-direction: column; }
    .st-key-vl_main > div > div[data-testid="stHorizontalBlock"] > div[data-testid="stColumn"] {
      width: 100% !important; flex: 1 1 100% !important; }
    div[data-testid="stColumn"]:has(.st-key-vl_left) {
      position: sticky; top: 0; z-index: 5; background: #FFFFFF; padding-bottom: 4px;
      box-shadow: 0 8px 8px -8px rgba(0, 0, 0, 0.35); }
    .vl-board svg { max-height: 50vh; }
    .vl-players { flex-direction: row; }
    .vl-player { flex: 1 1 0; min-width: 0; }
  }
</style>
"""
