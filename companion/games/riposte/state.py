"""The state of a Riposte game: a compact value that clones fast and saves as plain JSON.

Cards are copy ids ("left_jab.2"). Each card is in exactly one place: the deck, the draft row, a
hand, a player's stack on the table (played this round, newest last), a card laid face down and
not yet revealed (`chosen`), or the discard pile. The deck is kept sorted: its order is secret and
decided by chance at each draw, so a state never pretends to know it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

DEAL = "deal"  # shuffle, deal the starting hands, turn up the row, toss the marker
TURN_UP = "turn_up"  # between rounds: a fresh draft row (ruling draft-row)
DRAFT = "draft"  # `active` picks from the row or blind from the deck
CLASH = "clash"  # both players lay a card face down
OVER = "over"

Pair = tuple[str, ...]


@dataclass(slots=True)
class RiposteState:
    """One moment of a game; every field is immutable, so a clone is a shallow copy."""

    names: tuple[str, str]
    phase: str
    offensive: int = -1  # who holds the offensive marker; -1 before the toss
    active: int = -1  # who picks next in the draft
    round: int = 0  # rounds begun
    clash: int = 0  # clashes resolved in this round
    deck: tuple[str, ...] = ()  # sorted: the order is chance's
    row: tuple[str, ...] = ()
    hands: tuple[Pair, Pair] = ((), ())
    table: tuple[Pair, Pair] = ((), ())  # each player's cards played this round, newest last
    chosen: tuple[str, str] = ("", "")  # cards laid face down, not yet revealed
    discard: tuple[str, ...] = ()
    damage: tuple[int, int] = (0, 0)
    disarm: bool = False  # Disarm waits on the offensive player's next card
    winner: int = -1
    last: str = ""  # the last clash in words, for the table

    def clone(self) -> RiposteState:
        return replace(self)


LISTS = ("deck", "row", "discard")
PAIRS = ("hands", "table")


def to_json(state: RiposteState) -> dict[str, Any]:
    data: dict[str, Any] = {f.name: getattr(state, f.name) for f in fields(state)}
    for key in ("names", "chosen", "damage", *LISTS):
        data[key] = list(data[key])
    for key in PAIRS:
        data[key] = [list(side) for side in data[key]]
    return data


def from_json(data: dict[str, Any]) -> RiposteState:
    values = dict(data)
    for key in ("names", "chosen", "damage", *LISTS):
        values[key] = tuple(values[key])
    for key in PAIRS:
        values[key] = tuple(tuple(side) for side in values[key])
    return RiposteState(**values)


def every_card(state: RiposteState) -> list[str]:
    """All the cards wherever they are: a test's conservation check and the views' bookkeeping."""
    cards = [*state.deck, *state.row, *state.discard]
    for p in (0, 1):
        cards += [*state.hands[p], *state.table[p]]
        if state.chosen[p]:
            cards.append(state.chosen[p])
    return cards
