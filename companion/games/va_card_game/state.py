"""The state of a VA Card Game: a compact value that clones fast and saves as plain JSON.

Cards are copy ids ("storm_lancer.1", "broadsword.2"), and each player's cards stay on that
player's side: the hero deck, the equipment deck, the hand (heroes and equipment kept apart, as
their backs tell them apart at the table), the hero in play with the equipment attached to it,
and the graveyard. Each card is in exactly one of these places. The decks are kept sorted: their
order is secret and decided by chance at each draw, so a state never pretends to know it.

Damage is kept as what the hero in play has lost (`hp_lost`, `def_lost`, ruling track-damage),
never as a number written on a card: the hero's totals come from the card and its equipment
(ruling hero-totals), and a piece attached later adds its full bonus.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from companion.engine.records import from_lists

TOSS = "toss"  # flip the coin: its winner takes the first turn
DEAL = "deal"  # each player draws three cards from each deck
PREPARE = "prepare"  # each player places a hero and its equipment face down, then both reveal
DECLARE = "declare"  # attack or block, face down: the active player first, then the opponent
DRAW = "draw"  # both players draw one hero and one equipment card (ruling draw-and-equip)
EQUIP = "equip"  # `equipping` attaches equipment and brings in a new hero if theirs fell
OVER = "over"

ATTACK, BLOCK = "attack", "block"
STANCES = (ATTACK, BLOCK)

Pair = tuple[str, ...]


@dataclass(slots=True)
class VaCardGameState:
    """One moment of a game; every field is immutable, so a clone is a shallow copy."""

    names: tuple[str, str]
    phase: str
    first: int = -1  # who won the coin flip; -1 before it
    active: int = -1  # whose turn it is
    turn: int = 0  # turns begun
    equipping: int = -1  # whose equip step it is, in the EQUIP phase
    hero_decks: tuple[Pair, Pair] = ((), ())  # sorted: the order is chance's
    gear_decks: tuple[Pair, Pair] = ((), ())
    hero_hands: tuple[Pair, Pair] = ((), ())
    gear_hands: tuple[Pair, Pair] = ((), ())
    heroes: tuple[str, str] = ("", "")  # the hero in play ("" none); face down in PREPARE
    gear: tuple[Pair, Pair] = ((), ())  # attached to the hero in play, oldest first
    hp_lost: tuple[int, int] = (0, 0)
    def_lost: tuple[int, int] = (0, 0)
    graves: tuple[Pair, Pair] = ((), ())  # each player's graveyard, newest last
    life: tuple[int, int] = (0, 0)
    declared: tuple[str, str] = ("", "")  # attack or block, face down until both have declared
    winner: int = -1  # in the OVER phase, -1 is a draw
    last_declared: tuple[str, str] = ("", "")  # the last duel's two declarations, by player
    last_words: tuple[str, ...] = ()  # what the last duel did, in words, for the table

    def clone(self) -> VaCardGameState:
        """Every field handed to the constructor as it is (`dataclasses.replace` costs three times
        as much, and every checked step clones)."""
        return VaCardGameState(*_every_field(self))


_every_field = attrgetter(*(f.name for f in fields(VaCardGameState)))


PAIRS = ("hero_decks", "gear_decks", "hero_hands", "gear_hands", "gear", "graves")
DUOS = ("names", "heroes", "hp_lost", "def_lost", "life", "declared", "last_declared")
LISTS = ("last_words",)


def to_json(state: VaCardGameState) -> dict[str, Any]:
    """`records.as_json` written out (each field in its own order, tuples as lists), as every
    view, log check and search state costs one (tests/companion/test_va_speed_paths.py holds
    the two equal)."""
    s = state
    return {
        "names": list(s.names),
        "phase": s.phase,
        "first": s.first,
        "active": s.active,
        "turn": s.turn,
        "equipping": s.equipping,
        "hero_decks": [list(side) for side in s.hero_decks],
        "gear_decks": [list(side) for side in s.gear_decks],
        "hero_hands": [list(side) for side in s.hero_hands],
        "gear_hands": [list(side) for side in s.gear_hands],
        "heroes": list(s.heroes),
        "gear": [list(side) for side in s.gear],
        "hp_lost": list(s.hp_lost),
        "def_lost": list(s.def_lost),
        "graves": [list(side) for side in s.graves],
        "life": list(s.life),
        "declared": list(s.declared),
        "winner": s.winner,
        "last_declared": list(s.last_declared),
        "last_words": list(s.last_words),
    }


def from_json(data: dict[str, Any]) -> VaCardGameState:
    values = from_lists(data, (*DUOS, *LISTS), PAIRS)
    values.pop("revealed", None)  # saved before reveals were told by the action (seats.reveals)
    return VaCardGameState(**values)


def cards_of(state: VaCardGameState, player: int) -> list[str]:
    """All of `player`'s cards wherever they are: a test's conservation check and the views'
    bookkeeping."""
    cards = [
        *state.hero_decks[player],
        *state.gear_decks[player],
        *state.hero_hands[player],
        *state.gear_hands[player],
        *state.gear[player],
        *state.graves[player],
    ]
    if state.heroes[player]:
        cards.append(state.heroes[player])
    return cards


def with_side(pair: tuple[Any, Any], player: int, value: Any) -> tuple[Any, Any]:
    """`pair` with `player`'s side replaced by `value`."""
    return (value, pair[1]) if player == 0 else (pair[0], value)
