"""The one small protocol every game's rules follow, and a Match that logs, replays and undoes.

Shape (after OpenSpiel and boardgame.io): a game's `Rules` give the initial state, the legal actions
in a state, a reason when an action is illegal, and `apply`, which returns a new state. Chance is an
action too: a roll action either carries the value a player rolled on a physical die, or leaves it
out and the rules draw it from the random source handed to `apply`. That source is seeded from the
match seed and the action's position in the log, so replaying the log rebuilds the state exactly,
and undoing a roll then rolling again gives the same value (undo cannot be used to re-roll).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Action = dict[str, Any]  # JSON-serialisable, e.g. {"type": "roll", "die": "tile", "value": 7}
State = Any  # each game's own state type; must survive copy.deepcopy and to_json/from_json

LOG_FORMAT = 1


class IllegalAction(Exception):
    """An action the rules refuse; `reason` is shown to the player as it is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """What applying one action produced: the new state, the action as resolved, and the events.

    The resolved action carries every value chance decided (die faces, shuffles), so the log can
    be replayed without the random source. Events are plain sentences for the table log.
    """

    state: State
    action: Action
    events: list[str] = field(default_factory=list)


class Rules(Protocol):
    """What a game module provides. Implementations keep state changes inside `apply`."""

    game_id: str
    title: str

    def new_state(self, options: dict[str, Any]) -> State: ...

    def legal_actions(self, state: State) -> list[Action]: ...

    def check(self, state: State, action: Action) -> str | None:
        """None if the action is legal now, else the reason it is not, in players' words."""
        ...

    def apply(self, state: State, action: Action, rng: random.Random) -> Step:
        """The step after `action`: validates it (IllegalAction with the reason if refused),
        works on a copy, and never changes `state`, so a refused action leaves nothing behind."""
        ...

    def is_over(self, state: State) -> bool: ...

    def clone(self, state: State) -> State:
        """A copy `apply` may change freely (a game may do better than copy.deepcopy)."""
        ...

    def to_json(self, state: State) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> State: ...


Handler = Callable[[Any, Any, Action, random.Random], tuple[Action, list[str]]]


def apply_with(
    data: Any,
    state: Any,
    action: Action,
    rng: random.Random,
    check: Callable[[Any, Any, Action], str | None],
    handlers: Mapping[str, Handler],
) -> Step:
    """The usual `apply`: refuse with `check`'s reason, else run the action's handler on a clone.

    A game keeps its rules in `check(data, state, action)` and in one handler per action type,
    `handler(data, state, action, rng) -> (resolved action, events)`, which may change the clone.
    """
    reason = check(data, state, action)
    if reason is not None:
        raise IllegalAction(reason)
    after = state.clone()
    resolved, events = handlers[action["type"]](data, after, action, rng)
    return Step(after, resolved, events)


MASK64 = (1 << 64) - 1


class StepRandom(random.Random):
    """The random source for the action at `index` of the log: same seed and index, same dice.

    SplitMix64 (Steele, Lea and Flood 2014) behind Python's Random interface (randint, choice,
    shuffle ...): starting one costs next to nothing, where seeding a Mersenne Twister costs more
    than most actions; and its sequence does not depend on the Python version.
    """

    def __init__(self, seed: int, index: int) -> None:
        self._mix = (seed * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9 + 1) & MASK64
        super().__init__(self._mix)

    def seed(self, a: Any = None, version: int = 2) -> None:  # called by Random.__init__
        self._mix = hash(a) & MASK64 if not isinstance(a, int) else a & MASK64

    def _next(self) -> int:
        self._mix = (self._mix + 0x9E3779B97F4A7C15) & MASK64
        z = self._mix
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        bits, value = 0, 0
        while bits < k:
            value = (value << 64) | self._next()
            bits += 64
        return value >> (bits - k)

    def getstate(self) -> Any:
        return self._mix

    def setstate(self, state: Any) -> None:
        self._mix = state


def step_rng(seed: int, index: int) -> random.Random:
    return StepRandom(seed, index)


@dataclass
class Match:
    """One game in progress: rules, options, seed and the append-only log of resolved actions."""

    rules: Rules
    options: dict[str, Any]
    seed: int
    log: list[Action] = field(default_factory=list)
    events: list[list[str]] = field(default_factory=list)  # events of each logged action
    state: State = None

    @classmethod
    def start(cls, rules: Rules, options: dict[str, Any] | None = None, seed: int | None = None):
        chosen = seed if seed is not None else random.SystemRandom().randrange(2**31)
        match = cls(rules, dict(options or {}), chosen)
        match.state = rules.new_state(match.options | {"seed": chosen})
        return match

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def check(self, action: Action) -> str | None:
        return self.rules.check(self.state, action)

    def play(self, action: Action) -> Step:
        """Apply `action` or raise IllegalAction with the reason; the state is untouched then."""
        step = self.rules.apply(self.state, action, step_rng(self.seed, len(self.log)))
        self.state = step.state
        self.log.append(step.action)
        self.events.append(step.events)
        return step

    def undo(self) -> Action | None:
        """Take back the last action by replaying all the others; returns the one undone."""
        if not self.log:
            return None
        undone = self.log[-1]
        rebuilt = Match.replay(self.rules, self.options, self.seed, self.log[:-1])
        self.state, self.log, self.events = rebuilt.state, rebuilt.log, rebuilt.events
        return undone

    @classmethod
    def replay(
        cls, rules: Rules, options: dict[str, Any], seed: int, log: Sequence[Action]
    ) -> Match:
        """Rebuild a match from its log; an entry the rules refuse raises IllegalAction."""
        match = cls(rules, dict(options), seed)
        match.state = rules.new_state(match.options | {"seed": seed})
        for index, action in enumerate(log):
            try:
                match.play(action)
            except IllegalAction as exc:
                raise IllegalAction(f"entry {index + 1} of the log: {exc.reason}") from None
        return match

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "game": self.rules.game_id,
            "options": self.options,
            "seed": self.seed,
            "log": self.log,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)
