"""One adapter from our Rules protocol to an OpenSpiel Python game, for every engine at once.

How the protocol maps onto OpenSpiel's model (a sequential game with explicit chance nodes):

- Seats are players; `outcome().scores` are the returns (zero-sum for two seats).
- Actions are dicts in our engines and integers in OpenSpiel. A player's action id is its index in
  `legal_actions_for(state, seat)`, a list the conformance suite keeps identical across every
  state the seat cannot tell apart, so an id means the same move in every resampled world.
- Chance: our engines draw inside `apply` from the random source they are handed (a deal, a
  roll, a trade's blue card), rather than listing each outcome. Such a draw becomes a chance
  node with `chance_samples` equally likely outcomes, each one seed of the engine's own random
  source: a sampled picture of the true distribution, drawn by the rules themselves. A player's
  action that draws (detected by running it once on a counting random source) is split into the
  player's choice and a chance node that resolves it, so no search ever knows a roll in advance.
- A decision the table makes together (Vita Luna's first attacker) is a fair draw between its
  actions: no seat gets to choose it for both.
- Simultaneous choices (sealed bids, Riposte's cards) are played turn by turn, lowest seat first,
  the way OpenSpiel's turn-based transform plays a simultaneous game: the later seat's view hides
  the earlier choice (the engines seal it), so its information state is the same either way.
- Information-state strings are the seat's `view` (with the move number); observation strings
  the view alone; `resample_from_infostate` is the protocol's `resample`. A view is what the
  protocol says a seat knows now, not a record of everything it ever saw, so these are not
  perfect-recall information states in OpenSpiel's strict sense (tabular CFR would want those;
  ISMCTS does not).
- `max_moves` ends a game that has run that long with the returns of a draw (a random
  Moonlighter explorer may wander for tens of thousands of actions).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pyspiel

from companion.engine.core import Action, Rules, StepRandom
from companion.engine.seats import CHANCE, Seat

PREFIX = "cardgen_"
CHANCE_SAMPLES = 64  # seeds per drawn outcome at a chance node
MOST_ACTIONS = 1024  # a seat's legal actions in one state, at most (checked when listed)
MOST_CHANCE_ACTIONS = 16  # chance or table actions in one state, at most
MAX_MOVES = 2000
TABLE = -3  # a node where the table decides together (a fair draw), as a chance node


class OptionLike(Protocol):
    @property
    def key(self) -> str: ...

    @property
    def choices(self) -> tuple[tuple[Any, str], ...]: ...


class Playable(Protocol):
    """What the adapter needs of a registry entry (`companion.registry.GameEntry`)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def rules(self) -> Callable[[], Rules] | None: ...

    @property
    def options(self) -> Sequence[OptionLike]: ...

    @property
    def setup(self) -> Callable[[dict[str, Any]], dict[str, Any]] | None: ...

    @property
    def secrets(self) -> bool: ...


class Counting(StepRandom):
    """A random source that notes whether anything was drawn from it."""

    drew = False

    def random(self) -> float:
        self.drew = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drew = True
        return super().getrandbits(k)


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _parameter(value: Any) -> Any:
    """An option's value as an OpenSpiel parameter (bool, int, float or str)."""
    return value if isinstance(value, bool | int | float | str) else json.dumps(value)


def game_type(entry: Playable, seats: int) -> pyspiel.GameType:
    params: dict[str, Any] = {
        "max_moves": MAX_MOVES,
        "chance_samples": CHANCE_SAMPLES,
    }
    for option in entry.options:
        params[option.key] = _parameter(option.initial)
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(entry.id),
        long_name=f"cardgen {entry.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            information.IMPERFECT_INFORMATION if entry.secrets else information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if seats == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


_ENTRIES: dict[str, Playable] = {}  # short name -> the registry entry it was made from
_SETUPS: dict[str, Setup] = {}  # a game's name with its parameters -> its setup


@dataclass(frozen=True)
class Setup:
    """Everything the adapter knows about one loaded game, kept on the Python side: OpenSpiel
    may hand a state a game object that has lost its Python attributes (one made from a
    serialised string), so states reach their rules through this, found by the game's name."""

    key: str  # the game's short name and parameters
    entry: Playable
    rules: Rules
    options: dict[str, Any]
    seats: tuple[Seat, ...]
    max_moves: int
    chance_samples: int


def register(entry: Playable) -> str:
    """Register `entry`'s engine with OpenSpiel (once); returns its short name."""
    name = short_name(entry.id)
    if name in _ENTRIES:
        return name
    if entry.rules is None:
        raise ValueError(f"{entry.id} has no rules engine to register")
    rules = entry.rules()
    seats = len(rules.seats(rules.new_state(_rules_options(entry, {}) | {"seed": 0})))
    kind = game_type(entry, seats)
    _ENTRIES[name] = entry
    # A class per game (not a closure): OpenSpiel keeps its maker until the process exits, after
    # Python has shut down, and a class outlives that where a closure would be freed then.
    maker = type(f"EngineGame_{entry.id}", (EngineGame,), {"KIND": kind})
    pyspiel.register_game(kind, maker)
    return name


def setup_for(name: str, params: dict[str, Any]) -> Setup:
    """The setup of game `name` with `params` (OpenSpiel's values), made once."""
    values = {k: v.value() if hasattr(v, "value") else v for k, v in params.items()}
    key = name + json.dumps(values, sort_keys=True, default=str)
    found = _SETUPS.get(key)
    if found is None:
        entry = _ENTRIES[name]
        assert entry.rules is not None
        rules = entry.rules()
        options = _rules_options(entry, values)
        seats = tuple(rules.seats(rules.new_state(options | {"seed": 0})))
        max_moves = int(values.get("max_moves", MAX_MOVES))
        samples = int(values.get("chance_samples", CHANCE_SAMPLES))
        found = _SETUPS[key] = Setup(key, entry, rules, options, seats, max_moves, samples)
    return found


def _rules_options(entry: Playable, params: dict[str, Any]) -> dict[str, Any]:
    """The engine's options from OpenSpiel parameters: each registry option (its first choice
    when not given), through the entry's own setup."""
    chosen: dict[str, Any] = {}
    for option in entry.options:
        value = params.get(option.key, option.initial)
        known = {_parameter(v): v for v, _ in option.choices}
        if _parameter(value) not in known:
            allowed = ", ".join(str(k) for k in known)
            raise ValueError(f"{entry.id}: option {option.key} is one of {allowed}, not {value!r}")
        chosen[option.key] = known[_parameter(value)]
    return entry.setup(chosen) if entry.setup else chosen


class EngineGame(pyspiel.Game):
    """One of our engines as an OpenSpiel game, with the options its parameters choose. Made by
    OpenSpiel from the registered game type, whose short name says which engine."""

    KIND: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind, params = self.KIND, params or {}
        setup = setup_for(kind.short_name, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=MOST_ACTIONS,
            max_chance_outcomes=MOST_CHANCE_ACTIONS * setup.chance_samples,
            num_players=len(setup.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if len(setup.seats) == 2 else None,
            max_game_length=2 * setup.max_moves,
        )
        values = {k: v.value() if hasattr(v, "value") else v for k, v in params.items()}
        super().__init__(kind, info, values)

    @property
    def setup(self) -> Setup:
        return setup_for(self.get_type().short_name, self.get_parameters())

    def new_initial_state(self) -> EngineState:
        return EngineState(self, self.setup)

    def state_from_view(self, view: dict[str, Any], seat: Seat, rng: random.Random) -> EngineState:
        """A full state consistent with `seat`'s view (the protocol's `from_view`), `seat` to move
        first if others may move too: what an app opponent searches from, so it never starts
        from the real state."""
        setup = self.setup
        state = EngineState(self, setup, setup.rules.from_view(view, seat, rng))
        state.first = seat
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(with_moves=recall or iig_obs_type is None)


class EngineState(pyspiel.State):
    """An engine state, plus what OpenSpiel needs around it: the move count, and the player's
    action that waits for chance to resolve it (None when none does)."""

    def __init__(self, game: EngineGame, setup: Setup, state: Any = None, moves: int = 0) -> None:
        super().__init__(game)
        if state is None:
            state = setup.rules.new_state(setup.options | {"seed": 0})
        self.held = Held(setup, state)
        self.moves = moves
        self.pending: Action | None = None
        self.first: Seat | None = None  # the seat that moves first if several may (an app's)
        self._node: tuple[int, list[Action]] | None = None
        self._seen: dict[Seat, str] = {}  # each seat's view as a string, until the state moves

    # OpenSpiel's own clone deep-copies each attribute onto a new initial state: `held` copies
    # the engine state the engine's way and shares the setup and its rules.
    @property
    def spiel(self) -> Setup:
        return self.held.setup

    @property
    def rules(self) -> Rules:
        return self.held.setup.rules

    @property
    def engine(self) -> Any:
        return self.held.state

    @engine.setter
    def engine(self, state: Any) -> None:
        self.held = Held(self.held.setup, state)
        self._moved()

    def _moved(self) -> None:
        """Forget what was worked out for the position before: who acts, and what each seat sees."""
        self._node = None
        self._seen = {}

    # --- what kind of node this is ---------------------------------------------------------------

    def node(self) -> tuple[int, list[Action]]:
        """(who acts, their actions): a seat, CHANCE or TABLE with the actions drawn between, or
        TERMINAL with none. Worked out once per state."""
        if self._node is None:
            self._node = self._work_out_node()
        return self._node

    def _work_out_node(self) -> tuple[int, list[Action]]:
        rules, state = self.rules, self.engine
        if self.pending is not None:
            return CHANCE, [self.pending]
        if rules.is_over(state) or self.moves >= self.spiel.max_moves:
            return int(pyspiel.PlayerId.TERMINAL), []
        movers = rules.to_move(state)
        if CHANCE in movers:
            return CHANCE, rules.legal_actions_for(state, CHANCE)
        seats = sorted(movers, key=lambda seat: (seat != self.first, seat))
        if not seats:
            return int(pyspiel.PlayerId.TERMINAL), []
        shared = frozenset(self.spiel.seats) if len(self.spiel.seats) > 1 else None
        for seat in seats:
            mine = rules.legal_actions_for(state, seat)
            if any(rules.actors(state, a) != shared for a in mine):
                if len(mine) > MOST_ACTIONS:
                    raise ValueError(
                        f"{self.spiel.entry.id}: {len(mine)} legal actions, more than the "
                        f"adapter's {MOST_ACTIONS}"
                    )
                return seat, mine
        return TABLE, rules.legal_actions(state)

    def current_player(self) -> int:
        who = self.node()[0]
        return int(pyspiel.PlayerId.CHANCE) if who in (CHANCE, TABLE) else who

    def is_terminal(self) -> bool:
        return self.node()[0] == int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        outcome = self.rules.outcome(self.engine)
        if not outcome.over or len(outcome.scores) != len(self.spiel.seats):
            return [0.0] * len(self.spiel.seats)
        return [float(s) for s in outcome.scores]

    # --- actions ---------------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        who, actions = self.node()
        return list(range(len(actions))) if who == player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        actions = self.node()[1]
        samples = self.spiel.chance_samples
        if len(actions) > MOST_CHANCE_ACTIONS:
            raise ValueError(f"{self.spiel.entry.id}: {len(actions)} chance actions at once")
        chance = 1.0 / (len(actions) * samples)
        return [(i * samples + j, chance) for i in range(len(actions)) for j in range(samples)]

    def _apply_action(self, action: int) -> None:
        who, actions = self.node()
        if who in (CHANCE, TABLE):
            index, seed = divmod(action, self.spiel.chance_samples)
            chosen, self.pending = actions[index], None
            self._advance(chosen, StepRandom(seed, self.moves))
            return
        chosen, self.first = actions[action], None
        probe = Counting(0, self.moves)
        after, _ = self.rules.advance(self.rules.clone(self.engine), chosen, probe)
        if probe.drew:  # the outcome is chance's: wait for a chance node to draw it
            self.pending = chosen
        else:
            self.engine = after
            self.moves += 1
        self._moved()

    def _advance(self, action: Action, rng: random.Random) -> None:
        self.engine, _ = self.rules.advance(self.rules.clone(self.engine), action, rng)
        self.moves += 1
        self._moved()

    def engine_action(self, action: int) -> Action:
        """The engine's action behind OpenSpiel id `action` at this (player's) node."""
        return self.node()[1][action]

    def action_id(self, action: Action) -> int:
        """OpenSpiel's id for the engine action `action` at this player's node."""
        wanted = _key(action)
        for index, listed in enumerate(self.node()[1]):
            if _key(listed) == wanted:
                return index
        raise ValueError(f"{action} is not legal here")

    def _action_to_string(self, player: int, action: int) -> str:
        who, actions = self.node()
        if who in (CHANCE, TABLE) and player == int(pyspiel.PlayerId.CHANCE):
            index, seed = divmod(action, self.spiel.chance_samples)
            if index < len(actions):
                return f"{_key(actions[index])} (draw {seed})"
            return f"chance {action}"
        if who == player and 0 <= action < len(actions):
            return _key(actions[action])
        return f"action {action}"

    # --- what a seat knows -----------------------------------------------------------------------

    def seen(self, seat: Seat) -> str:
        """`seat`'s view as a string, with the choice waiting for chance as that seat may see it.
        A search asks for it several times per position (OpenSpiel's ISMCTS looks a node up by
        it twice, then creates it), so it is kept until the state moves."""
        text = self._seen.get(seat)
        if text is None:
            text = json.dumps(self.rules.view(self.engine, seat), sort_keys=True)
            if self.pending is not None:
                shown = self.rules.redact(self.engine, self.pending, seat)
                text += " waiting: " + _key(shown)
            self._seen[seat] = text
        return text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> EngineState:
        """A state `player_id` cannot tell from this one, drawn with the protocol's `resample`
        (from the seat's view alone); `probability_sampler` seeds the draw."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return self.resampled(player_id, rng)

    def resampled(self, seat: Seat, rng: random.Random) -> EngineState:
        engine = self.rules.resample(self.engine, seat, rng)
        other = EngineState(self.get_game(), self.spiel, engine, self.moves)
        other.pending, other.first = self.pending, self.first
        return other

    def clone(self) -> EngineState:
        twin = EngineState(self.get_game(), self.spiel, self.rules.clone(self.engine), self.moves)
        twin.pending, twin.first, twin._node = self.pending, self.first, self._node
        return twin

    def __str__(self) -> str:
        return json.dumps(self.rules.view(self.engine, None), sort_keys=True)


class Held:
    """An engine state with its setup: deep-copied as the engine clones it, the setup shared."""

    __slots__ = ("setup", "state")

    def __init__(self, setup: Setup, state: Any) -> None:
        self.setup = setup
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.setup, self.setup.rules.clone(self.state))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel serialises a Python state so) as the setup's key and the engine
        state's JSON: the game's rules and card data stay out of it."""
        return (_held_from, (self.setup.key, self.setup.rules.to_json(self.state)))


def _held_from(key: str, data: dict[str, Any]) -> Held:
    setup = _SETUPS[key]
    return Held(setup, setup.rules.from_json(data))


class ViewObserver:
    """OpenSpiel's observer over a seat's view: the information state carries the move number
    too, so two moments of the game that look alike stay apart in a search tree."""

    def __init__(self, with_moves: bool) -> None:
        self.with_moves = with_moves
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: EngineState, player: int) -> None:
        """No tensor: our games give strings (views) only."""

    def string_from(self, state: EngineState, player: int) -> str:
        seen = state.seen(player)
        return f"move {state.moves} {seen}" if self.with_moves else seen


def _key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def load(entry: Playable, options: dict[str, Any] | None = None) -> EngineGame:
    """`entry`'s engine as a loaded OpenSpiel game (registered first when needed)."""
    name = register(entry)
    game = pyspiel.load_game(name, dict(options or {}))
    assert isinstance(game, EngineGame)
    return game
