"""Seats: who may act, what each player may see, and how a game ends, said once for every game.

A seat is a player's place at the table, numbered from 0. Chance is a seat of its own (`CHANCE`):
a deal or a die that nobody chooses is its action, and any device at the table may trigger it
(the app draws it, or a player types in what the physical cards or die show). `None` stands for
the shared table screen, which sees only what is public.

Pages, logs, exports and app opponents read a game through `view(state, seat)` and nothing else,
so a leak is mended in one place (after boardgame.io's `playerView` and OpenSpiel's information
states). `resample(state, seat, rng)` makes a full state that the seat could not tell from the
real one: what a search bot needs to reason about cards it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

Action = dict[str, Any]  # JSON-serialisable, e.g. {"type": "roll", "die": "tile", "value": 7}
Seat = int
CHANCE: Seat = -1
HIDDEN = "hidden"  # a value the viewing seat may not know, as its view shows it


@dataclass(frozen=True)
class Outcome:
    """How the game stands: still running, or over with a winner (None: a draw) and scores."""

    over: bool
    winner: Seat | None = None
    scores: tuple[float, ...] = field(default_factory=tuple)
    text: str = ""


RUNNING = Outcome(False)

# The seats of a two-player game, and who may take an action there.
TWO_SEATS: tuple[Seat, ...] = (0, 1)
BY_CHANCE: frozenset[Seat] = frozenset({CHANCE})
ONE: tuple[frozenset[Seat], ...] = (frozenset({0}), frozenset({1}))
BOTH: frozenset[Seat] = frozenset(TWO_SEATS)  # an action the table agrees on


def is_player(value: Any) -> TypeGuard[Seat]:
    """A player's seat of a two-player game, as an action names it (True and False are not)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in TWO_SEATS


def player_or_chance(
    action: Action,
    chance_types: frozenset[str],
    shared: frozenset[str] = frozenset(),
    *,
    strict: bool = True,
) -> frozenset[Seat]:
    """Who takes `action` in a two-player game: chance for a draw, deal or toss nobody chooses,
    both players for one the table agrees on (`shared`), else the player it names (nobody, when
    it names none). `strict`: True and False name nobody; a game whose checks compare players
    with `==` (so take True for player 2) passes False, and its seats agree with its checks."""
    kind = action.get("type")
    if kind in chance_types:
        return BY_CHANCE
    if kind in shared:
        return BOTH
    player = action.get("player")
    if player in TWO_SEATS and not (strict and isinstance(player, bool)):
        return ONE[player]
    return frozenset()


def half_sealed(phase: str, choices: Mapping[str, tuple[Sequence[Any], str]]) -> str | None:
    """The refusal of an undo while a phase's secret choices are half made (one seat's down, the
    other's not yet), or None: taken back, the first could be made again in the light of the
    second. `choices` holds, per phase, both seats' choices and the refusal to give."""
    found = choices.get(phase)
    if found is None:
        return None
    made, refusal = found
    return refusal if bool(made[0]) != bool(made[1]) else None


def second_reveals(
    phase: str,
    action: Action,
    seconds: Mapping[str, tuple[str, Sequence[Any], str]],
    *,
    strict: bool = True,
) -> str | None:
    """The refusal of an undo of the second of two secret choices, made in `phase` (the phase
    before it), or None: it turned both over, and taken back it could be made again knowing the
    other's. `seconds` holds, per action type, its phase, both seats' choices before it and the
    refusal; `strict` as in `player_or_chance`."""
    kind, p = action.get("type"), action.get("player")
    if not isinstance(kind, str) or p not in TWO_SEATS or (strict and isinstance(p, bool)):
        return None
    found = seconds.get(kind)
    if found is None:
        return None
    when, made, refusal = found
    return refusal if phase == when and made[1 - p] else None


def won_when_over(state: Any) -> Outcome:
    """Running until the phase is "over", then won by `state.winner` (of `state.names`)."""
    if state.phase != "over":
        return RUNNING
    return won_by(state.winner, state.names)


def resample_with(
    view: Callable[[Any, Seat | None], dict[str, Any]],
    determinize: Callable[[Any, dict[str, Any], Seat | None, random.Random], Any],
) -> Callable[[Any, Any, Seat | None, random.Random], Any]:
    """A seats module's `resample(data, state, seat, rng)`: `determinize` of the seat's `view`,
    so a resampled state is made from what the seat may see and nothing else."""

    def resample(data: Any, state: Any, seat: Seat | None, rng: random.Random) -> Any:
        return determinize(data, view(state, seat), seat, rng)

    return resample


def others_hidden(dealt: Sequence[Sequence[Any]], seat: Seat | None) -> list[Any]:
    """Cards dealt to each seat, as `seat` may see them: its own, and HIDDEN for each of the
    others' (how many is open)."""
    return [cards if p == seat else [HIDDEN] * len(cards) for p, cards in enumerate(dealt)]


def won_by(winner: Seat, names: Sequence[str]) -> Outcome:
    """A two-player game won by `winner`: +1 for the winner and -1 for the other (zero-sum, as
    search bots score it)."""
    scores = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
    return Outcome(True, winner, scores, f"{names[winner]} won.")


class SeatedRules:
    """Defaults for a game whose players see everything: one seat, no secrets, no sealed choices.

    A game with hidden information overrides `seats`, `actors`, `view`, `redact`, `resample`,
    `sealed` and `reveals`; the conformance suite (tests/companion/test_conformance.py) checks
    that what it overrides agrees with its `check` and `apply`, and that undo never crosses a
    reveal.
    """

    game_id: str
    title: str

    # What every game writes itself (see `companion.engine.core.Rules`).
    def legal_actions(self, state: Any) -> list[Action]:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        raise NotImplementedError

    def to_json(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def from_json(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def apply(self, state: Any, action: Action, rng: random.Random) -> Any:
        raise NotImplementedError

    def apply_unchecked(self, state: Any, action: Action, rng: random.Random) -> Any:
        """A game whose `apply` checks cheaply need not write a faster path."""
        return self.apply(state, action, rng)

    def advance(self, state: Any, action: Action, rng: random.Random) -> tuple[Any, Action]:
        """A bot's step: (the state to continue with, the resolved action). `state` is the
        caller's own, so a game may change it in place and return it (no copy, no log); this
        default cannot, and returns `apply_unchecked`'s new state. Either way the caller goes on
        with the returned state and must not rely on `state` afterwards, changed or not."""
        step = self.apply_unchecked(state, action, rng)
        return step.state, step.action

    def sample_action(self, state: Any, rng: random.Random) -> Action | None:
        """One legal action drawn uniformly at random (None when there is none): a bot's move.

        Whatever it returns is listed by `legal_actions` and accepted by `check`, so a bot may
        hand it to `apply_unchecked`. This default lists every action; a game overrides it where
        it can draw one without building the whole list.
        """
        actions = self.legal_actions(state)
        return rng.choice(actions) if actions else None

    # --- who plays -------------------------------------------------------------------------------

    def seats(self, state: Any) -> tuple[Seat, ...]:
        return (0,)

    def seat_name(self, state: Any, seat: Seat) -> str:
        names = getattr(state, "names", None)
        if seat == CHANCE:
            return "Chance"
        return str(names[seat]) if names else f"Player {seat + 1}"

    def actors(self, state: Any, action: Action) -> frozenset[Seat]:
        """The seats that may take `action` (CHANCE for a draw or roll nobody chooses)."""
        return frozenset({0})

    def to_move(self, state: Any) -> frozenset[Seat]:
        """The seats that may act now: several at once for simultaneous choices."""
        movers: set[Seat] = set()
        for action in self.legal_actions(state):
            movers |= self.actors(state, action)
        return frozenset(movers)

    def legal_actions_for(self, state: Any, seat: Seat) -> list[Action]:
        """What `seat` may do now (chance actions are CHANCE's, offered on every device)."""
        return [a for a in self.legal_actions(state) if seat in self.actors(state, a)]

    def refuse_seat(self, state: Any, action: Action, seat: Seat) -> str | None:
        """Why `seat` may not take `action` even if it is legal, in players' words."""
        actors = self.actors(state, action)
        if seat in actors or CHANCE in actors:
            return None
        owners = " or ".join(self.seat_name(state, s) for s in sorted(actors))
        return f"That is for {owners} to do." if owners else "Nobody can do that now."

    # --- what a seat sees ------------------------------------------------------------------------

    def view(self, state: Any, seat: Seat | None) -> dict[str, Any]:
        """The state as `seat` may see it (None: the shared table screen), as plain JSON."""
        return self.to_json(state)

    def redact(self, before: Any, action: Action, seat: Seat | None) -> Action:
        """A logged action as `seat` may see it, given the state it was played in."""
        return action

    def resample(self, state: Any, seat: Seat | None, rng: random.Random) -> Any:
        """A full state `seat` cannot tell from `state`: hidden cards and choices redrawn.
        Made from the seat's view alone, so it cannot carry what the view leaves out."""
        return self.from_view(self.view(state, seat), seat, rng)

    def from_view(self, view: dict[str, Any], seat: Seat | None, rng: random.Random) -> Any:
        """A full state consistent with `view`: what the seat cannot see made up at random.
        Pages draw from this (never from the real state), and so do app opponents."""
        return self.from_json(view)

    def sealed(self, state: Any) -> str | None:
        """Why nothing may be taken back now (a sealed bid waiting for the other), else None."""
        return None

    def reveals(self, before: Any, action: Action, after: Any) -> str | None:
        """Why the logged `action`, played in `before`, may never be taken back, else None: it
        revealed sealed choices (the second of two sealed bids turns both over). `Match.undo`
        refuses to cross it, so nobody chooses again knowing the other's choice. A game with no
        sealed choices reveals nothing."""
        return None

    # --- how it ends -----------------------------------------------------------------------------

    def outcome(self, state: Any) -> Outcome:
        if not self.is_over(state):
            return RUNNING
        return Outcome(True, 0, (1.0,), "Won.")


def hide_all(values: Iterable[Any]) -> list[str]:
    return [HIDDEN for _ in values]
