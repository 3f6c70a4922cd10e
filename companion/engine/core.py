"""The one small protocol every game's rules follow, and a Match that logs, replays and undoes.

Shape (after OpenSpiel and boardgame.io): a game's `Rules` give the initial state, the legal actions
in a state, a reason when an action is illegal, and `apply`, which returns a new state. Chance is an
action too: a roll action either carries the value a player rolled on a physical die, or leaves it
out and the rules draw it from the random source handed to `apply`. That source follows from the
match's chance (a server-held secret, or a seed; `companion.engine.chance`) and the action's
position in the log, so replaying the log rebuilds the state exactly, and undoing a roll then
rolling again gives the same value (undo cannot be used to re-roll).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.engine.chance import Chance, StepRandom
from companion.engine.seats import CHANCE, Action, Outcome, Seat

State = Any  # each game's own state type; must survive copy.deepcopy and to_json/from_json
Result = tuple[Action, list[str]]  # what a handler returns: the resolved action and its events
Rng = random.Random  # the random source handed to `apply` and to every handler

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


@dataclass(frozen=True)
class Entry:
    """One logged action as a seat may see it: its place in the log, the action (redacted),
    the seats that could take it, and the plain sentences it produced."""

    index: int
    action: Action
    actors: frozenset[Seat]
    events: list[str]


class Rules(Protocol):
    """What a game module provides. Implementations keep state changes inside `apply`.

    Seats (`companion.engine.seats`): `seats`, `actors`, `to_move`, `legal_actions_for`,
    `view`, `redact`, `resample`, `sealed`, `reveals` and `outcome` say who may act, what each
    seat may see and what may never be taken back; `SeatedRules` gives the defaults for a game
    with no secrets.
    """

    game_id: str
    title: str

    def new_state(self, options: dict[str, Any]) -> State: ...

    def legal_actions(self, state: State) -> list[Action]:
        """Every action any seat may take now, fully specified."""
        ...

    def check(self, state: State, action: Action) -> str | None:
        """None if the action is legal now, else the reason it is not, in players' words."""
        ...

    def apply(self, state: State, action: Action, rng: random.Random) -> Step:
        """The step after `action`: validates it (IllegalAction with the reason if refused),
        works on a copy, and never changes `state`, so a refused action leaves nothing behind."""
        ...

    def apply_unchecked(self, state: State, action: Action, rng: random.Random) -> Step:
        """`apply` without `check`, for an action `legal_actions` itself produced (bots)."""
        ...

    def advance(self, state: State, action: Action, rng: random.Random) -> tuple[State, Action]:
        """A bot's step on a state it owns (after OpenSpiel's `apply_action`): the state to go on
        with (`state` itself, changed in place, where the game can) and the resolved action; no
        check, no events. Only for an action the rules produced."""
        ...

    def sample_action(self, state: State, rng: random.Random) -> Action | None:
        """A legal action drawn uniformly at random, without listing them all where a game can
        do better; None when there is none (a bot's cheap move)."""
        ...

    def is_over(self, state: State) -> bool: ...

    def clone(self, state: State) -> State:
        """A copy `apply` may change freely (a game may do better than copy.deepcopy)."""
        ...

    def to_json(self, state: State) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> State: ...

    def seats(self, state: State) -> tuple[Seat, ...]: ...

    def seat_name(self, state: State, seat: Seat) -> str: ...

    def actors(self, state: State, action: Action) -> frozenset[Seat]: ...

    def to_move(self, state: State) -> frozenset[Seat]: ...

    def legal_actions_for(self, state: State, seat: Seat) -> list[Action]: ...

    def refuse_seat(self, state: State, action: Action, seat: Seat) -> str | None: ...

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]: ...

    def redact(self, before: State, action: Action, seat: Seat | None) -> Action: ...

    def resample(self, state: State, seat: Seat | None, rng: random.Random) -> State: ...

    def from_view(self, view: dict[str, Any], seat: Seat | None, rng: random.Random) -> State: ...

    def sealed(self, state: State) -> str | None:
        """Why nothing may be taken back now: one side's sealed choice waits for the other's."""
        ...

    def reveals(self, before: State, action: Action, after: State) -> str | None:
        """Why the logged `action`, played in `before` and leading to `after`, may never be
        taken back: it revealed sealed choices (the second of two made in secret turns both
        over) or turned a face-down card up, so taking it back would let a player choose again
        knowing what was shown; else None."""
        ...

    def outcome(self, state: State) -> Outcome: ...


Handler = Callable[[Any, Any, Action, Rng], Result]


def apply_with(
    data: Any,
    state: Any,
    action: Action,
    rng: random.Random,
    check: Callable[[Any, Any, Action], str | None] | None,
    handlers: Mapping[str, Handler],
) -> Step:
    """The usual `apply`: refuse with `check`'s reason, else run the action's handler on a clone.

    A game keeps its rules in `check(data, state, action)` and in one handler per action type,
    `handler(data, state, action, rng) -> (resolved action, events)`, which may change the clone.
    With `check` None the action is trusted (it came from `legal_actions`): a bot's fast path.
    """
    if check is not None:
        reason = check(data, state, action)
        if reason is not None:
            raise IllegalAction(reason)
    after = state.clone()
    resolved, events = handlers[action["type"]](data, after, action, rng)
    return Step(after, resolved, events)


def step_rng(seed: int, index: int) -> random.Random:
    """A seeded random source (simulators, tests): see `companion.engine.chance.StepRandom`."""
    return StepRandom(seed, index)


SNAPSHOT_EVERY = 32  # states kept along the log: undo and rewinds replay at most this many


@dataclass
class Match:
    """One game in progress: rules, options, seed and the append-only log of resolved actions.

    Every SNAPSHOT_EVERY actions the state is kept, so undo and a look at an earlier moment cost
    the last few actions, not the whole log. States are never changed in place (`apply` works on
    a clone), so a kept state needs no copy. Each action's random source comes from `chance`
    (`companion.engine.chance`): a secret for a game started at the table, `seed` for a seeded one.
    """

    rules: Rules
    options: dict[str, Any]
    seed: int
    log: list[Action] = field(default_factory=list)
    events: list[list[str]] = field(default_factory=list)  # events of each logged action
    state: State = None
    snapshots: dict[int, State] = field(default_factory=dict)  # log length -> state then
    saved_upto: int = 0  # the first entry a save must write; earlier ones are stored as they are
    seen: dict[Seat | None, list[Action]] = field(default_factory=dict, repr=False, compare=False)
    chance: Chance = field(default_factory=Chance, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.chance.is_secret and self.chance.seed != self.seed:
            self.chance = Chance(self.seed)

    @classmethod
    def start(
        cls,
        rules: Rules,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        chance: Chance | None = None,
    ) -> Match:
        """A new match. With neither `seed` nor `chance`, chance is a fresh secret (a game at
        the table); a `seed` makes every outcome follow from it (simulators, tests, examples)."""
        if chance is None:
            chance = Chance(seed) if seed is not None else Chance.fresh()
        match = cls(rules, dict(options or {}), chance.seed, chance=chance)
        match.state = rules.new_state(match.options | {"seed": chance.seed})
        match.snapshots[0] = match.state
        return match

    def rng(self, index: int) -> random.Random:
        """The random source of log entry `index`."""
        return self.chance.step(index)

    def app_rng(self) -> random.Random:
        """The app opponent's random source for its choice now (its own derived stream)."""
        return self.chance.app(len(self.log))

    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        """Every legal action now, or only those `seat` may take."""
        if seat is None:
            return self.rules.legal_actions(self.state)
        return self.rules.legal_actions_for(self.state, seat)

    def check(self, action: Action, seat: Seat | None = None) -> str | None:
        reason = self.rules.check(self.state, action)
        if reason is None and seat is not None:
            reason = self.rules.refuse_seat(self.state, action, seat)
        return reason

    def play(self, action: Action, seat: Seat | None = None, *, trusted: bool = False) -> Step:
        """Apply `action` (for `seat`, when given) or raise IllegalAction with the reason; the
        state is untouched then. `trusted`: the action came from `legal_actions` (bots)."""
        if seat is not None:
            reason = self.rules.refuse_seat(self.state, action, seat)
            if reason is not None and self.rules.check(self.state, action) is None:
                raise IllegalAction(reason)
        rng = self.chance.step(len(self.log))
        if trusted:
            step = self.rules.apply_unchecked(self.state, action, rng)
        else:
            step = self.rules.apply(self.state, action, rng)
        self._push(step)
        return step

    def _push(self, step: Step) -> None:
        self.state = step.state
        self.log.append(step.action)
        self.events.append(step.events)
        if len(self.log) % SNAPSHOT_EVERY == 0:
            self.snapshots[len(self.log)] = step.state

    def state_at(self, length: int) -> State:
        """The state after the first `length` logged actions, from the nearest kept state."""
        if length == len(self.log):
            return self.state
        start = max(k for k in self.snapshots if k <= length)
        state = self.snapshots[start]
        for index in range(start, length):
            rng = self.chance.step(index)
            state = self.rules.apply_unchecked(state, self.log[index], rng).state
        return state

    def rewind(self, length: int) -> None:
        """Forget every action after the first `length`."""
        self.saved_upto = min(self.saved_upto, length)
        for redacted in self.seen.values():
            del redacted[length:]
        self.state = self.state_at(length)
        del self.log[length:], self.events[length:]
        for kept in [k for k in self.snapshots if k > length]:
            del self.snapshots[kept]

    def undo_refusal(self, seat: Seat | None = None) -> str | None:
        """Why the last action may not be taken back (by `seat`, when given), or None: a sealed
        choice waiting for the other (`sealed`), an action that revealed sealed choices, which
        stands for good (`reveals`), or, for `seat`, another seat's move."""
        if not self.log:
            return "Nothing to undo."
        sealed = self.rules.sealed(self.state)
        if sealed is not None:
            return sealed
        before = self.state_at(len(self.log) - 1)
        revealed = self.rules.reveals(before, self.log[-1], self.state)
        if revealed is not None or seat is None:
            return revealed
        actors = self.rules.actors(before, self.log[-1])
        if seat in actors or CHANCE in actors:
            return None
        owner = " or ".join(self.rules.seat_name(before, s) for s in sorted(actors))
        return f"Only {owner} can take back the last move."

    def undo(self, seat: Seat | None = None) -> Action | None:
        """Take back the last action; returns it, or None when there is none. A sealed choice, a
        reveal (or, for `seat`, another seat's move) is refused with IllegalAction and its reason,
        so a run of undos stops at the first reveal."""
        if not self.log:
            return None
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        undone = self.log[-1]
        self.rewind(len(self.log) - 1)
        return undone

    # --- what a seat may see ---------------------------------------------------------------------

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return self.rules.view(self.state, seat)

    def seen_log(self, seat: Seat | None) -> list[Action]:
        """The log as `seat` may see it: each action redacted in the state it was played in.
        Kept per seat and extended as the log grows, so a page rerun costs the new entries."""
        redacted = self.seen.setdefault(seat, [])
        done = len(redacted)
        if done < len(self.log):
            state = self.state_at(done)
            for index in range(done, len(self.log)):
                action = self.log[index]
                redacted.append(self.rules.redact(state, action, seat))
                if index + 1 < len(self.log):
                    rng = self.chance.step(index)
                    state = self.rules.apply_unchecked(state, action, rng).state
        return list(redacted)

    def history(self, seat: Seat | None, last: int | None = None) -> list[Entry]:
        """The log as `seat` may see it (newest last): each action redacted, with its events and
        the seats that could take it."""
        first = 0 if last is None else max(0, len(self.log) - last)
        seen = self.seen_log(seat)
        state = self.state_at(first)
        entries = []
        for index in range(first, len(self.log)):
            action = self.log[index]
            actors = self.rules.actors(state, action)
            entries.append(Entry(index, seen[index], actors, self.events[index]))
            if index + 1 < len(self.log):
                state = self.rules.apply_unchecked(state, action, self.chance.step(index)).state
        return entries

    def outcome(self) -> Outcome:
        return self.rules.outcome(self.state)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        options: dict[str, Any],
        seed: int,
        log: Sequence[Action],
        chance: Chance | None = None,
    ) -> Match:
        """Rebuild a match from its log, checking every entry; one the rules refuse raises
        IllegalAction naming it. `chance` when the match has more than a seed."""
        match = cls.start(rules, options, seed, chance)
        for index, action in enumerate(log):
            try:
                match.play(action)
            except IllegalAction as exc:
                raise IllegalAction(f"entry {index + 1} of the log: {exc.reason}") from None
        return match

    @classmethod
    def resume(
        cls,
        rules: Rules,
        options: dict[str, Any],
        seed: int,
        log: Sequence[Action],
        events: Sequence[list[str]],
        snapshot: tuple[int, dict[str, Any]] | None = None,
        chance: Chance | None = None,
    ) -> Match:
        """A match from our own save: the kept state (log length, its JSON) plus the actions
        after it, replayed unchecked since they were checked when played. Imports go through
        `replay` instead."""
        chance = Chance(seed) if chance is None else chance
        match = cls(rules, dict(options), seed, list(log), [list(e) for e in events], chance=chance)
        start, state = 0, rules.new_state(match.options | {"seed": seed})
        match.snapshots[0] = state
        if snapshot is not None:
            start, state = snapshot[0], rules.from_json(snapshot[1])
            match.snapshots[start] = state
        for index in range(start, len(log)):
            state = rules.apply_unchecked(state, log[index], chance.step(index)).state
            if (index + 1) % SNAPSHOT_EVERY == 0:
                match.snapshots[index + 1] = state
        match.state = state
        match.saved_upto = len(log)
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
