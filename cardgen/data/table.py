"""The table a game declares in its manifest: seats, counters, dice, decks, zones, turn and end.

A designer who writes a `"table"` block gets a companion without Python (the table companion
has one engine that plays any declared table); docs/table-declaration.md is the reference. The
block is read with the rest of the data (`cardgen.data.table_reader`), so `cardgen validate`
refuses a declaration that cannot work (an unknown zone, a bound a condition needs and the
counter lacks, a phase nobody can leave) in one line naming its place, and numbers in it may cite
the game's rule numbers (`"{start_health}"`).
"""

from __future__ import annotations

from dataclasses import dataclass

OUTCOMES = ("nothing", "loses", "wins", "ends")
OF = ("self", "other", "each")
DOES = ("draw", "play", "roll", "change", "seal")
ORDERS = ("in_turn", "together")
SEEN = ("owner", "all", "none")  # a hand, a face-up pile, a face-down pile
DECK_EMPTY = ("nothing", "loses", "ends")
LARGEST = 10_000  # no counter, deal or count at a table needs more
MOST_SEATS = 8
DIE, DIFFERENCE = "die", "difference"


@dataclass(frozen=True)
class Counter:
    """A number a seat (or the whole table) keeps, with its bounds and what reaching each means."""

    id: str
    name: str
    start: int
    min: int
    max: int
    at_min: str = "nothing"
    at_max: str = "nothing"
    each_round: int = 0  # shared counters only: the change when every seat has had a turn


@dataclass(frozen=True)
class Die:
    id: str
    name: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Deck:
    """Every copy of every card of `types`; one for the table, or one per seat (`each`)."""

    id: str
    name: str
    types: tuple[str, ...]
    each: bool = False


@dataclass(frozen=True)
class Zone:
    """A place each seat has for cards: seen by its owner only (a hand) or by all."""

    id: str
    name: str
    seen: str = "all"
    deal: int = 0


@dataclass(frozen=True)
class Effect:
    """A counter change: `amount` itself, or `sign` times a word (`die`, `difference` or a card
    stat) known only when the action is played."""

    counter: str
    of: str | None  # None: a shared counter
    amount: int = 0
    sign: int = 1
    word: str | None = None


@dataclass(frozen=True)
class Allowed:
    """One action a phase allows, and how many times a seat may (and must) take it there."""

    do: str
    at_least: int = 0
    at_most: int = 1
    deck: str | None = None
    count: int = 1
    source: str | None = None  # `from`
    to: str | None = None
    die: str | None = None
    then: tuple[Effect, ...] = ()
    change: Effect | None = None  # `change`: the counter change a button makes
    compare: str | None = None  # `seal`: the stat compared when all are revealed
    lower: tuple[Effect, ...] = ()
    higher: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    allows: tuple[Allowed, ...]


@dataclass(frozen=True)
class TableSpec:
    """A game's table as its manifest declares it, every number resolved."""

    seats: tuple[str, ...]
    counters: tuple[Counter, ...]
    shared: tuple[Counter, ...]
    dice: tuple[Die, ...]
    decks: tuple[Deck, ...]
    zones: tuple[Zone, ...]
    order: str
    phases: tuple[Phase, ...]
    deck_empty: str = "nothing"
    winner: tuple[str, str] | None = None  # ("highest" | "lowest", counter id)

    def counter(self, counter_id: str) -> Counter:
        return next(c for c in (*self.counters, *self.shared) if c.id == counter_id)

    def is_shared(self, counter_id: str) -> bool:
        return any(c.id == counter_id for c in self.shared)

    def zone(self, zone_id: str) -> Zone:
        return next(z for z in self.zones if z.id == zone_id)

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def die(self, die_id: str) -> Die:
        return next(d for d in self.dice if d.id == die_id)
