"""App opponents: players the app drives, who decide from what their seat may see and nothing else.

An opponent is handed its seat's view and its seat's legal actions, never the state or the match,
so it cannot read the other player's hand or sealed bid however it is written. A search bot that
needs whole states draws them from the view (each game's `resample`/`determinize`).

An opponent may say why it chose (its `reason`, set by `choose`): built from the same view and
actions, in the game's words, and never naming what the other player cannot see of its own (its
hand, a card laid face down, a sealed bid), since the table log shows it to every seat. The
reason is worked out from numbers the choice computed anyway and draws nothing from the random
source, so it never changes a choice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, cast

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
    if hasattr(opponent, "reason"):
        cast(Any, opponent).reason = None  # a choice that gives no reason leaves none before it
    return opponent.choose(match.view(seat), mine, rng)


def reason_of(opponent: Opponent) -> str | None:
    """Why `opponent` made its last choice, in the game's words, or None if it gave no reason."""
    reason = getattr(opponent, "reason", None)
    return reason if isinstance(reason, str) and reason else None


def explain(match: Match, seat: Seat, opponent: Opponent) -> str | None:
    """After `opponent`'s move in `seat` was played: its reason as one more sentence of that log
    entry ("Rival (the app): ..."), so the table sees it, a save keeps it and undo takes it back
    with the move. The sentence added, or None when the opponent gave no reason."""
    reason = reason_of(opponent)
    if reason is None or not match.log:
        return None
    line = f"{match.rules.seat_name(match.state, seat)} (the app): {reason}."
    match.events[-1] = [*match.events[-1], line]
    return line


@dataclass
class AppPlayer:
    """The app in `seat`: "strong" (the default) or "easy". A game's opponent names its `game`
    (for the refusal of another strength), adds its card data and builds on `__post_init__`."""

    game: ClassVar[str]
    seat: int
    strength: str = STRONG
    reason: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.strength not in STRENGTHS:
            raise ValueError(
                f"{self.game}'s app plays {' or '.join(STRENGTHS)}, not {self.strength!r}"
            )
