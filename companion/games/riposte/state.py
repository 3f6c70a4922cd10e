"""The state of a Riposte game: a compact value that clones fast and saves as plain JSON.

Cards are copy ids ("left_jab.2"). Each card is in exactly one place: the deck, the cards known
to lie under it (`bottom`, put there by Rook, in order), the draft row, a hand, the two cards Rook
is looking at (`looking`), a player's stack on the table (played this round, newest last), a card
laid face down (`chosen`, revealed in the BRACE phase), or the discard pile. The deck is kept
sorted: its order is secret and decided by chance at each draw, so a state never pretends to know
it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from companion.engine.records import from_lists

CAST = "cast"  # deal two characters to each player (ruling characters)
CHOOSE = "choose"  # each player keeps one of them, face down until both have
DEAL = "deal"  # shuffle, deal the starting hands, turn up the row, toss the marker
TURN_UP = "turn_up"  # between rounds: a fresh draft row (ruling draft-row)
SWAP = "swap"  # Rook (second ability) may swap the leftover card with a card of the row
DRAFT = "draft"  # `active` picks from the row or blind from the deck
LOOK = "look"  # Rook (first ability) keeps one of the two top cards he looked at
CLASH = "clash"  # both players lay a card face down
BRACE = "brace"  # both cards revealed; Rook (third ability) decides on his once-a-round relief
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
    offered: tuple[Pair, Pair] = ((), ())  # the two characters dealt to each player
    characters: tuple[str, str] = ("", "")  # each player's character ("" in a learning duel)
    unlocked: tuple[int, int] = (0, 0)  # abilities unlocked, in threshold order, for good
    spent: tuple[bool, bool] = (False, False)  # a once-a-round ability used this round
    ignore: tuple[bool, bool] = (False, False)  # Liese ignores her bar with the laid card
    bottom: tuple[str, ...] = ()  # cards put under the deck, the very bottom last
    looking: tuple[str, ...] = ()  # the top cards Rook looks at in the LOOK phase
    winner: int = -1
    last_cards: tuple[str, str] = ("", "")  # the last clash's two cards, by player
    last_words: tuple[str, ...] = ()  # what the last clash did, in words, for the table

    def clone(self) -> RiposteState:
        """Every field handed on positionally, in declaration order: ten times cheaper than
        `dataclasses.replace`, which once took a third of a bot's step
        (tests/companion/test_riposte_speed_paths.py checks that no field is missed)."""
        s = self
        return RiposteState(
            s.names, s.phase, s.offensive, s.active, s.round, s.clash, s.deck, s.row, s.hands,
            s.table, s.chosen, s.discard, s.damage, s.disarm, s.offered, s.characters,
            s.unlocked, s.spent, s.ignore, s.bottom, s.looking, s.winner, s.last_cards,
            s.last_words,
        )  # fmt: skip


def altered(state: RiposteState, **changes: Any) -> RiposteState:
    """`dataclasses.replace` on the fast clone: a copy of `state` with `changes` made (the
    app's imagined clashes make thousands a decision)."""
    new = state.clone()
    for name, value in changes.items():
        setattr(new, name, value)
    return new


LISTS = ("deck", "row", "discard", "bottom", "looking", "last_words")
PAIRS = ("hands", "table", "offered")
DUOS = ("names", "chosen", "last_cards", "damage", "characters", "unlocked", "spent", "ignore")


FIELDS = tuple(f.name for f in fields(RiposteState))
SEQUENCES = (*DUOS, *LISTS)


def to_json(state: RiposteState) -> dict[str, Any]:
    """`records.as_json` with the field names read once (its `fields()` call per state cost
    more than the copying): the same dict, key for key and in the same order."""
    data: dict[str, Any] = {name: getattr(state, name) for name in FIELDS}
    for key in SEQUENCES:
        data[key] = list(data[key])
    for key in PAIRS:
        data[key] = [list(side) for side in data[key]]
    return data


def from_json(data: dict[str, Any]) -> RiposteState:
    return RiposteState(**from_lists(data, (*DUOS, *LISTS), PAIRS))


def every_card(state: RiposteState) -> list[str]:
    """All the cards wherever they are: a test's conservation check and the views' bookkeeping."""
    cards = [*state.deck, *state.bottom, *state.row, *state.looking, *state.discard]
    for p in (0, 1):
        cards += [*state.hands[p], *state.table[p]]
        if state.chosen[p]:
            cards.append(state.chosen[p])
    return cards
