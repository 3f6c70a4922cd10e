"""Riposte's pictures as markup: a combat card, two cards meeting top edge to top edge, and a
damage tracker with its character's thresholds.

Pure functions from plain values to SVG strings (after python-chess's `chess/svg.py`): no
Streamlit and no rules. Nothing is told by colour alone: an attack is a filled slot with an arrow
and its number, a follow-up position a dark slot with its number, a facing pair a bar with "×".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from companion.games.riposte.data import POSITIONS, Move

FONT = "DejaVu Sans, Verdana, sans-serif"
CARD_W, CARD_H = 140, 176  # a card, in SVG units
SLOT_W, SLOT_GAP = 22, 3
SLOT_X0 = (CARD_W - 5 * SLOT_W - 4 * SLOT_GAP) / 2  # the same margin left and right
ATTACK_INK, ATTACK_PALE = "#1F5FBF", "#E6ECF5"
BAR_INK = "#263238"
PAIR_INK = "#E06C00"
PLAYER_INK = ("#E07B00", "#2C8FCC")  # the orange tracker (A) and the sky-blue one (B)
KEYWORDS = {
    "lunge": "Lunge",
    "press": "Press",
    "guard": "Guard",
    "riposte": "Riposte",
    "flow": "Flow",
    "footwork": "Footwork",
    "disarm": "Disarm",
}


def slot_x(position: int) -> float:
    """The left edge of attack position `position` (1..5) on an upright card."""
    return SLOT_X0 + (position - 1) * (SLOT_W + SLOT_GAP)


def lines(name: str, most: int = 10) -> list[str]:
    """A name on one line, or on two split after the space or hyphen nearest its middle."""
    if len(name) <= most:
        return [name]
    cuts = [i + 1 for i, ch in enumerate(name) if ch in " -"]
    if not cuts:
        return [name]
    cut = min(cuts, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut].strip(), name[cut:].strip()]


def name_size(names: list[str]) -> float:
    """The largest type (up to 21) that fits the longest line across a card."""
    return min(21.0, 205 / max(len(n) for n in names))


def card_body(move: Move, x: float = 0, y: float = 0, bar: Collection[int] = ()) -> str:
    """One card drawn upright with its top left corner at (`x`, `y`). `bar`: positions to
    ring on the follow-up bar (the next card's positions, widened by Flow or a character)."""
    parts = [
        f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{CARD_W - 3}" height="{CARD_H - 3}" rx="11" '
        'fill="#FFFFFF" stroke="#4A4A4A" stroke-width="3"/>'
    ]
    for p in POSITIONS:
        sx = x + slot_x(p)
        if p in move.attacks:
            parts.append(
                f'<rect x="{sx}" y="{y + 7}" width="{SLOT_W}" height="36" rx="4" '
                f'fill="{ATTACK_INK}"/><path d="M{sx + 4} {y + 19} L{sx + SLOT_W / 2} {y + 9} '
                f'L{sx + SLOT_W - 4} {y + 19} Z" fill="#FFFFFF"/>'
                f'<text x="{sx + SLOT_W / 2}" y="{y + 39}" font-size="17" font-weight="800" '
                f'text-anchor="middle" fill="#FFFFFF">{p}</text>'
            )
        else:
            parts.append(
                f'<rect x="{sx}" y="{y + 7}" width="{SLOT_W}" height="36" rx="4" '
                f'fill="{ATTACK_PALE}"/><text x="{sx + SLOT_W / 2}" y="{y + 38}" font-size="15" '
                f'text-anchor="middle" fill="#8A96A8">{p}</text>'
            )
    names = lines(move.name)
    size = name_size(names)
    top = y + (78 if len(names) == 2 else 90)
    for i, line in enumerate(names):
        parts.append(
            f'<text x="{x + CARD_W / 2}" y="{top + i * 24}" font-size="{size:.1f}" '
            'font-weight="800" '
            f'text-anchor="middle" fill="#111">{escape(line)}</text>'
        )
    if move.keyword:
        word = KEYWORDS.get(move.keyword, move.keyword.title())
        parts.append(
            f'<rect x="{x + 20}" y="{y + 112}" width="{CARD_W - 40}" height="22" rx="11" '
            f'fill="#EDE3F5" stroke="#6A3D8C" stroke-width="1.5"/><text x="{x + CARD_W / 2}" '
            f'y="{y + 128}" font-size="14.5" font-weight="700" text-anchor="middle" '
            f'fill="#3B1A55">{word}</text>'
        )
    for p in POSITIONS:
        sx, sy = x + slot_x(p), y + CARD_H - 34
        on = p in move.follow_up
        ring = p in bar
        fill = BAR_INK if on else "#FFFFFF"
        stroke = PAIR_INK if ring else ("#BFC5CC" if not on else BAR_INK)
        width = 3.5 if ring else 1.5
        ink = "#FFFFFF" if on else ("#9AA3AD" if not ring else PAIR_INK)
        parts.append(
            f'<rect x="{sx}" y="{sy}" width="{SLOT_W}" height="27" rx="4" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"/><text x="{sx + SLOT_W / 2}" '
            f'y="{sy + 21}" font-size="16" font-weight="800" text-anchor="middle" '
            f'fill="{ink}">{p}</text>'
        )
    return "".join(parts)


def card_svg(move: Move, width: int, bar: Collection[int] = (), label: str = "") -> str:
    """A card on its own, `width` pixels wide (the height follows)."""
    height = round(width * CARD_H / CARD_W)
    aria = escape(label or describe(move))
    return (
        f'<svg role="img" aria-label="{aria}" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="{FONT}">{card_body(move, bar=bar)}</svg>'
    )


def back_svg(width: int, words: str = "face down") -> str:
    """A card lying face down: its back, and what it is."""
    height = round(width * CARD_H / CARD_W)
    return (
        f'<svg role="img" aria-label="a card {escape(words)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="{FONT}"><rect x="1.5" y="1.5" width="{CARD_W - 3}" '
        f'height="{CARD_H - 3}" rx="11" fill="#37474F" stroke="#1C262B" stroke-width="3"/>'
        f'<rect x="12" y="12" width="{CARD_W - 24}" height="{CARD_H - 24}" rx="7" fill="none" '
        f'stroke="#90A4AE" stroke-width="2" stroke-dasharray="6 5"/><text x="{CARD_W / 2}" '
        f'y="{CARD_H / 2 + 7}" font-size="19" font-weight="700" text-anchor="middle" '
        f'fill="#ECEFF1">{escape(words)}</text></svg>'
    )


def describe(move: Move) -> str:
    """A card in words: its name, attacks and follow-up bar."""
    return f"{move.name}: attacks {join(move.attacks)}; follow-up bar {join(move.follow_up)}"


def join(positions: Collection[int]) -> str:
    return ", ".join(str(p) for p in sorted(positions))


def clash_svg(attack: Move, defend: Move, names: tuple[str, str], height: int) -> str:
    """The two cards of a clash as they meet on the table: the defending player's card upside
    down above, the offensive player's upright below, top edges touching, so the attacker's
    position p faces the defender's 6 - p. Each facing pair is marked at the seam."""
    seam = 16
    total_h = 2 * CARD_H + seam
    width = round(height * CARD_W / total_h)
    defender = f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">{card_body(defend)}</g>'
    attacker = card_body(attack, 0, CARD_H + seam)
    marks = []
    for p in POSITIONS:
        if p in attack.attacks and 6 - p in defend.attacks:
            x = slot_x(p)
            marks.append(
                f'<rect x="{x - 1}" y="{CARD_H - 8}" width="{SLOT_W + 2}" height="{seam + 16}" '
                f'rx="5" fill="{PAIR_INK}"/><text x="{x + SLOT_W / 2}" y="{CARD_H + seam / 2 + 6}" '
                'font-size="17" font-weight="900" text-anchor="middle" fill="#FFFFFF">×</text>'
            )
    label = (
        f"{names[1]} defends with {describe(defend)}, upside down above; {names[0]} attacks "
        f"with {describe(attack)}, upright below"
    )
    return (
        f'<svg role="img" aria-label="{escape(label)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {total_h}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="{FONT}">{defender}{attacker}{"".join(marks)}</svg>'
    )


def track_svg(damage: int, limit: int, thresholds: Sequence[int], player: int) -> str:
    """A damage tracker from 0 to `limit`+: the damage marked in the player's colour, the
    boxes below it tinted, each threshold boxed in gold with its ability's number above."""
    box, gap, top = 30, 2, 16
    count = limit + 1
    width = count * box + (count - 1) * gap
    ink = PLAYER_INK[player]
    parts = []
    for n in range(count):
        x = n * (box + gap)
        if n == min(damage, limit):
            fill, text, weight = ink, "#FFFFFF", "900"
        elif n < damage:
            fill, text, weight = "#F1E3D3" if player == 0 else "#DCEBF5", "#555", "600"
        else:
            fill, text, weight = "#FFFFFF", "#444", "600"
        stroke, sw = ("#B8860B", 3.5) if n in thresholds else ("#9E9E9E", 1.5)
        word = f"{limit}+" if n == limit else str(n)
        size = 13 if n == limit else 15
        parts.append(
            f'<rect x="{x + 1}" y="{top}" width="{box - 2}" height="28" rx="5" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"/><text x="{x + box / 2}" y="{top + 20}" '
            f'font-size="{size}" font-weight="{weight}" text-anchor="middle" '
            f'fill="{text}">{word}</text>'
        )
        if n in thresholds:
            number = list(thresholds).index(n) + 1
            parts.append(
                f'<text x="{x + box / 2}" y="{top - 3}" font-size="13" font-weight="800" '
                f'text-anchor="middle" fill="#8A6500">{number}</text>'
            )
    label = f"damage {damage} of {limit}"
    if thresholds:
        label += "; abilities at " + ", ".join(map(str, thresholds))
    return (
        f'<svg role="img" aria-label="{label}" width="100%" viewBox="0 0 {width} {top + 30}" '
        f'preserveAspectRatio="xMinYMid meet" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="{FONT}">{"".join(parts)}</svg>'
    )
