"""Rules made of a game's own modules: the delegations every game's Rules class used to repeat.

Each game keeps its rules in modules: the state and its JSON (`state.py`), one `check` that gives a
refusal's reason (`checks.py`), one handler per action type (`actions.py`, `HANDLERS`), and, for a
game with secrets, who acts and what each seat sees (`seats.py`). A game's Rules class names those
modules and writes only what is its own (new states, legal actions, its speed paths); the one-line
methods that hand each protocol call to them are said here, once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from companion.engine.core import Action, Handler, Step, apply_with
from companion.engine.seats import Outcome, Seat, SeatedRules


class ModularRules(SeatedRules):
    """A game whose `check(data, state, action)`, `HANDLERS` and state module say its rules.

    A subclass names `default_data` (the shipped card data, used when no edited copy is passed),
    `checks` (the module with `check`), `handlers` and `states` (the module with `to_json` and
    `from_json`); `is_over` is the phase `over`.
    """

    data: Any
    default_data: Callable[[], Any]
    checks: ModuleType  # these four are the class's own, named once in its body
    handlers: Mapping[str, Handler]
    states: ModuleType
    over: str = "over"

    def __init__(self, data: Any = None) -> None:
        self.data = data or self.default_data()

    def player_names(self, options: dict[str, Any]) -> tuple[str, str]:
        """The `names` option (default "Player 1" and "Player 2"), refused with a ValueError unless
        there are two and they differ: the table log tells the players apart by name."""
        names = tuple(options.get("names") or ("Player 1", "Player 2"))
        if len(names) != 2 or len(set(names)) != 2:
            raise ValueError(f"{self.title} needs two different player names")
        return str(names[0]), str(names[1])

    def check(self, state: Any, action: Action) -> str | None:
        return self.checks.check(self.data, state, action)

    def apply(self, state: Any, action: Action, rng: random.Random) -> Step:
        """Validate, then play `action` on a clone; `state` itself is never changed."""
        return apply_with(self.data, state, action, rng, self.checks.check, self.handlers)

    def apply_unchecked(self, state: Any, action: Action, rng: random.Random) -> Step:
        """`apply` without `check`, for an action the rules produced (`legal_actions`,
        `sample_action`): a bot's path, so `apply_with` is inlined (one call less per action)."""
        after = state.clone()
        resolved, events = self.handlers[action["type"]](self.data, after, action, rng)
        return Step(after, resolved, events)

    def is_over(self, state: Any) -> bool:
        return state.phase == self.over

    def clone(self, state: Any) -> Any:
        return state.clone()

    def to_json(self, state: Any) -> dict[str, Any]:
        return self.states.to_json(state)

    def from_json(self, data: dict[str, Any]) -> Any:
        return self.states.from_json(data)


class SeatedModularRules(ModularRules):
    """A two-player game with secrets whose `seats` module says who acts and what each seat sees:
    `SEATS`, `actors(action)`, `view(state, seat)`, `redact(before, action, seat)`,
    `determinize(data, view, seat, rng)`, `sealed(state)`, `reveals(before, action)` and
    `outcome(state)`. `resample` is `SeatedRules`'s: `from_view` of the seat's `view`."""

    seating: ModuleType

    def seats(self, state: Any) -> tuple[Seat, ...]:
        return self.seating.SEATS

    def actors(self, state: Any, action: Action) -> frozenset[Seat]:
        return self.seating.actors(action)

    def view(self, state: Any, seat: Seat | None) -> dict[str, Any]:
        return self.seating.view(state, seat)

    def redact(self, before: Any, action: Action, seat: Seat | None) -> Action:
        return self.seating.redact(before, action, seat)

    def from_view(self, view: dict[str, Any], seat: Seat | None, rng: random.Random) -> Any:
        return self.seating.determinize(self.data, view, seat, rng)

    def sealed(self, state: Any) -> str | None:
        return self.seating.sealed(state)

    def reveals(self, before: Any, action: Action, after: Any) -> str | None:
        return self.seating.reveals(before, action)

    def outcome(self, state: Any) -> Outcome:
        return self.seating.outcome(state)
