"""The state of a declared game: plain lists and dicts, so JSON and views are one step away.

Cards are their ids; each card in a zone keeps the key of the deck it came from (`origins`, public:
everyone saw which deck it was drawn from), which is what a resampled state needs to redraw a
hidden card from the right pile. In the "app" cards mode each deck is an ordered list (the top is
its end); in the "table" mode the deck is shuffled at the table, the app knows only how many cards
are left, and each drawn card is entered by its player.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

SETUP, DEAL, PLAY, OVER = "setup", "deal", "play", "over"
APP, TABLE = "app", "table"


@dataclass
class DeclaredState:
    names: list[str]
    mode: str = APP
    stage: str = SETUP
    round: int = 1
    active: int = 0  # whose turn, in "in_turn" order
    phase: int = 0  # index into the declared phases
    counters: dict[str, list[int]] = field(default_factory=dict)
    shared: dict[str, int] = field(default_factory=dict)
    zones: dict[str, list[list[str]]] = field(default_factory=dict)
    origins: dict[str, list[list[str]]] = field(default_factory=dict)
    decks: dict[str, list[str]] = field(default_factory=dict)  # app mode: the order, top last
    left: dict[str, int] = field(default_factory=dict)  # cards left in each deck (both modes)
    dice: dict[str, int | None] = field(default_factory=dict)
    done: list[list[int]] = field(default_factory=list)  # per seat: times each allowance taken
    ended: list[bool] = field(default_factory=list)  # "together": who has ended the phase
    sealed: list[str | None] = field(default_factory=list)
    sealed_from: list[str | None] = field(default_factory=list)
    revealed: list[str | None] = field(default_factory=list)  # the last reveal
    winner: int | None = None
    result: str = ""
    scores: list[float] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.names)

    def clone(self) -> DeclaredState:
        return copy.deepcopy(self)


def to_json(state: DeclaredState) -> dict[str, Any]:
    return asdict(state)


def from_json(data: dict[str, Any]) -> DeclaredState:
    return DeclaredState(**copy.deepcopy(data))
