"""App opponents: players the app drives, who decide from what their seat may see and nothing else.

An opponent is handed its seat's view and its seat's legal actions, never the state or the match,
so it cannot read the other player's hand or sealed bid however it is written. A search bot that
needs whole states draws them from the view (each game's `resample`/`determinize`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from companion.engine.core import Action, Match
from companion.engine.seats import CHANCE, Seat

STRONG, EASY = "strong", "easy"
STRENGTHS = (STRONG, EASY)


class Opponent(Protocol):
    """Chooses one of `legal` (its seat's actions) from `view` (its seat's view), or None when
    it has nothing it wants to do now. Same view, actions and random source: same choice."""

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None: ...


def opponent_move(
    match: Match, seat: Seat, opponent: Opponent, rng: random.Random
) -> Action | None:
    """What `opponent`, sitting in `seat`, does now: decided on the seat's view alone."""
    legal = match.legal_actions(seat)
    mine = [a for a in legal if CHANCE not in match.rules.actors(match.state, a)]
    if not mine:
        return None
    return opponent.choose(match.view(seat), mine, rng)


@dataclass
class AppPlayer:
    """The app in `seat`: "strong" (the default) or "easy". A game's opponent names its `game`
    (for the refusal of another strength), adds its card data and builds on `__post_init__`."""

    game: ClassVar[str]
    seat: int
    strength: str = STRONG

    def __post_init__(self) -> None:
        if self.strength not in STRENGTHS:
            raise ValueError(
                f"{self.game}'s app plays {' or '.join(STRENGTHS)}, not {self.strength!r}"
            )
