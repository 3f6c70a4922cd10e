"""A search player from OpenSpiel: information-set MCTS over one seat's view of any of our games.

OpenSpiel's `ISMCTSBot` (Cowling, Powley and Whitehouse 2011) searches a tree of the seat's
information states; each simulation starts from a fresh world drawn with the protocol's
`resample`, so the hidden cards it plays against are always guesses. The search starts from a
state made with `from_view` out of the seat's view, never from the real state: it cannot read
what the seat may not see, however it is written.

Leaves are scored by playouts run on the engine directly (`advance`, no OpenSpiel wrapper per
action): the wrapper costs several times the engine's own step, and the playouts are most of the
work. They play at random, or by the game's own rules of thumb where it has some
(`companion.ai.playouts`), whose choice is also the prior a node leans on (PUCT) and tries first
(progressive widening, below). A game's playouts may stop early and judge the position instead
(Riposte, Luturas). Levels differ only in how many simulations a move gets, tuned in
benchmarks/bench_ai.py so that "hard" stays under a second of CPU a move on this two-core
machine; a game whose playouts are rough leans harder on the prior (`GAME_LEVELS`). See
benchmarks/README.md for the measured win rates and times.
"""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from companion.ai.playouts import Playout, playout_for
from companion.ai.spiel_game import EngineGame, EngineState, Playable, load
from companion.engine.core import Action
from companion.engine.seats import Seat


@dataclass(frozen=True)
class Level:
    """How hard the search thinks: simulations per move, the exploration constant, and how a
    node picks among its tried moves ("uct", or "puct", which leans on the prior: the playout
    policy's own choice until the search finds better)."""

    simulations: int
    uct_c: float = 2.0
    selection: str = "uct"
    prior_share: float = 0.5  # the prior policy's choice's share of a node's prior


WIDEN = 2.0  # moves a node may try: about this times the square root of its visits

LEVELS: dict[str, Level] = {
    "easy": Level(6, 1.5, "puct"),
    "normal": Level(24, 1.5, "puct"),
    "hard": Level(64, 1.5, "puct"),
}
# Where the playouts are rougher than the rules of thumb naming the favourite (a cut-off playout
# or quick choices), the search leans harder on that favourite (measured in bench_ai.py).
LEANING = {name: replace(level, prior_share=0.8) for name, level in LEVELS.items()}
GAME_LEVELS: dict[str, dict[str, Level]] = {
    "riposte": LEANING,
    "va_card_game": LEANING,
    "luturas": LEANING,
}  # a game's own tuning, where it has one


def levels_for(game_id: str) -> dict[str, Level]:
    """The levels a game's search plays at: its own tuning, else `LEVELS`."""
    return GAME_LEVELS.get(game_id, LEVELS)


class PlayoutEvaluator(mcts.Evaluator):
    """Scores a leaf by playing it out on the engine itself with the game's `Playout` (to the
    end, or for its horizon and then by its value), and gives the priors: `share` (half by
    default) on the prior policy's own choice, the rest uniform."""

    def __init__(
        self, rng: random.Random, playout: Playout, playouts: int = 1, share: float = 0.5
    ) -> None:
        self.rng = rng
        self.share = share
        self.policy = playout.policy
        self.chooser = playout.prior or playout.policy
        self.horizon = playout.horizon
        self.value = playout.value
        self.playouts = playouts

    def evaluate(self, state: EngineState) -> np.ndarray:
        total = np.zeros(len(state.spiel.seats))
        for _ in range(self.playouts):
            total += self.playout(state)
        return total / self.playouts

    def playout(self, state: EngineState) -> np.ndarray:
        rules, rng = state.rules, self.rng
        engine = rules.clone(state.engine)
        if state.pending is not None:
            engine, _ = rules.advance(engine, state.pending, rng)
        for step in range(state.spiel.max_moves - state.moves):
            if self.value is not None and self.horizon is not None and step >= self.horizon:
                judged = self.value(engine)
                if judged is not None:
                    return np.array(judged, dtype=float)
            action = self.policy(engine, rng)
            if action is None:
                break
            engine, _ = rules.advance(engine, action, rng)
        outcome = rules.outcome(engine)
        if not outcome.over or len(outcome.scores) != len(state.spiel.seats):
            return np.zeros(len(state.spiel.seats))
        return np.array(outcome.scores, dtype=float)

    def prior(self, state: EngineState) -> list[tuple[int, float]]:
        """Uniform, except that the prior policy's own choice here (when it has one for the
        seat to move) gets `share` of the weight: the search widens from it first."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        share = 1.0 / len(legal)
        favourite = self.favourite(state)
        if favourite is None or len(legal) == 1:
            return [(action, share) for action in legal]
        rest = (1 - self.share) / (len(legal) - 1)
        return [(action, self.share if action == favourite else rest) for action in legal]

    def favourite(self, state: EngineState) -> int | None:
        if state.pending is not None:
            return None
        action = self.chooser(state.engine, self.rng)
        if action is None:
            return None
        try:
            return state.action_id(action)
        except ValueError:  # the policy chose for another seat, or a table decision
            return None


class WideningISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, widening progressively: a node tries a new move only once its
    visits allow (about `WIDEN` times their square root), the most likely first by the prior.

    Plain ISMCTS tries every move once before it compares any: with Vita Luna's sixty-odd
    placings and the few dozen simulations a second allows, it would end on a move tried once
    at random. Widening (Coulom 2007; Chaslot et al. 2008) keeps the simulations on a few
    candidates, led by the playout policy's own choice."""

    budget: float | None = None  # seconds of thinking a move may take (None: no limit)
    least = 8  # simulations a move gets however slow the machine, so the choice means something

    def run_search(self, state: Any) -> Any:
        self._until = None if self.budget is None else time.perf_counter() + self.budget
        self._top = True
        return super().run_search(state)

    def run_simulation(self, state: Any) -> Any:
        """One simulation, or, at the top of one once the budget is spent (and the root has had
        `least`), none: the remaining ones are skipped and the move is chosen from those made."""
        if not self._top:
            return super().run_simulation(state)
        self._top = False
        try:
            spent = self._until is not None and time.perf_counter() > self._until
            if spent and self._root_node.total_visits >= self.least:
                return None
            return super().run_simulation(state)
        finally:
            self._top = True

    def check_expand(self, node: Any, legal_actions: list[int]) -> int:
        allowed = min(
            len(legal_actions), max(1, math.ceil(WIDEN * math.sqrt(node.total_visits + 1)))
        )
        if len(node.child_info) >= allowed:
            return int(pyspiel.INVALID_ACTION)
        fresh = [a for a in legal_actions if a not in node.child_info]
        if not fresh:
            return int(pyspiel.INVALID_ACTION)
        best = max(node.prior_map.get(a, 0.0) for a in fresh)
        top = [a for a in fresh if node.prior_map.get(a, 0.0) >= best]
        return int(top[self._random_state.randint(len(top))])


@dataclass
class SearchOpponent:
    """The app (or a simulated player) in `seat` of `entry`'s game, thinking at `level`.

    `choose(view, legal, rng)` follows `companion.engine.opponents.Opponent`: the same view,
    actions and random source give the same choice. A decision the table takes together (who
    attacks first, starting the next battle) is left to the table: it answers None then.
    """

    entry: Playable
    seat: Seat
    level: str = "hard"
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    tuning: Level | None = None  # instead of the level's own (benchmarks try settings so)
    # Seconds a move may take on the machine serving the app: a player at the table waits for
    # it. A move that would take longer is chosen from the simulations made by then (rare: the
    # 500-game measurement's p95 is a third of a second). None (simulators, benchmarks): every
    # simulation of the level is made, so a seeded run replays exactly.
    think_seconds: float | None = None
    reason: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            known = ", ".join(LEVELS)
            raise ValueError(f"search level is one of {known}, not {self.level!r}")
        self._game: EngineGame | None = None
        self._playout: Playout | None = None

    def __getstate__(self) -> dict[str, Any]:
        """Picklable (a simulator may send bots to worker processes): the loaded game and the
        playout policy are made again where the bot lands."""
        return self.__dict__ | {"_game": None, "_playout": None}

    @property
    def game(self) -> EngineGame:
        if self._game is None:
            self._game = load(self.entry, _parameters(self.entry, self.options))
        return self._game

    @property
    def playout(self) -> Playout:
        if self._playout is None:
            self._playout = playout_for(self.entry.id, self.game.setup.rules)
        return self._playout

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None:
        self.reason = None
        if not legal:
            return None
        draw = random.Random(f"{self.seed} {rng.random()}")
        root = self.game.state_from_view(view, self.seat, draw)
        if root.current_player() != self.seat:
            return None  # chance or the table decides now, not this seat
        if len(root.legal_actions()) == 1:
            picked = root.engine_action(root.legal_actions()[0])
        else:
            picked = root.engine_action(self.search(root, draw))
        if len(root.rules.actors(root.engine, picked)) > 1:
            return None  # a decision for the whole table
        wanted = _key(picked)
        return next((a for a in legal if _key(a) == wanted), None)

    def search(self, root: EngineState, draw: random.Random) -> int:
        level = self.tuning or levels_for(self.entry.id)[self.level]
        selection = ismcts.ChildSelectionPolicy
        bot = WideningISMCTSBot(
            self.game,
            PlayoutEvaluator(draw, self.playout, share=level.prior_share),
            level.uct_c,
            level.simulations,
            random_state=np.random.RandomState(draw.randrange(2**31)),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            child_selection_policy=(selection.PUCT if level.selection == "puct" else selection.UCT),
        )
        bot.budget = self.think_seconds
        bot.set_resampler(lambda state, seat: state.resampled(seat, draw))
        chosen = int(bot.step(root))
        self.reason = odds(bot, chosen)
        return chosen


def odds(bot: ismcts.ISMCTSBot, chosen: int) -> str | None:
    """The odds the search saw for its move, from the root's counts: the move itself is not
    named (it may be a card laid face down or a sealed bid), only how its playouts went. A
    playout scores +1 won, -1 lost (between, for a position judged before the end), so its
    wins are counted as (tries + total) / 2."""
    root = getattr(bot, "_root_node", None)
    tried = None if root is None else root.child_info.get(chosen)
    if tried is None or not tried.visits:
        return None
    tries, total = int(tried.visits), int(root.total_visits)
    wins = min(tries, max(0, round((tries + tried.return_sum) / 2)))
    playouts = "playout" if tries == 1 else "playouts"
    return f"this move won about {wins} of the {tries} {playouts} that tried it ({total} in all)"


def _parameters(entry: Playable, options: dict[str, Any]) -> dict[str, Any]:
    """The game's "New game" choices among a match's options, as OpenSpiel parameters (what
    setup adds, such as the players' names, is left to setup)."""
    keys = {option.key for option in entry.options}
    return {k: v for k, v in options.items() if k in keys}


def _key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)
