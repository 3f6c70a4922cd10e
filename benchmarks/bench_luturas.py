"""Random Luturas matches per second through the rules engine; prints the figures.

Whole matches (best of three rounds) are played from `new_state` with the two starter decks,
alternating standard and fast mode, by a player who picks uniformly among the legal actions,
chance included; a finished match starts a new one. Three paths are timed, as in
bench_riposte.py:
- `rules.apply`: each action listed by `legal_actions`, checked and applied on a state;
- `Match.play`: the same through a match (the log, a freshly seeded random source per action);
- `bot`: drawn by `rules.sample_action` and applied with `rules.apply_unchecked`.

Timings are the best of several runs in one process, pinned to one core; each rate is also given
per second of the process's CPU time, which a shared, busy core does not lower. Luturas has no
target yet: a match is a few hundred actions, each listing every deploy, attack and effect with
its choices, so the figure is a baseline to keep from falling.

The app opponent (`LuturasOpponent`) is timed on the decisions of seeded matches it played
against a random player (the app in either seat, standard and fast mode by turns): every
decision where it had a choice, replayed from its view and legal actions. Target: the slowest
decision well under a second (`DECISION_MOST`). Rates are decisions per second, with the mean
and the slowest decision by phase.

    .venv/bin/python benchmarks/bench_luturas.py [--games 20] [--decisions 6] [--repeat 3] [--cpu N]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # common.py, when loaded by path
import common
from common import Decision

from companion.engine import CHANCE
from companion.engine.core import step_rng
from companion.games.luturas import LuturasRules
from companion.games.luturas.opponent import STRENGTHS, LuturasOpponent

OPTIONS = ({"mode": "standard"}, {"mode": "fast"})
DECISION_MOST = 1.0  # seconds: the slowest decision of the app opponent
PATHS = common.paths(OPTIONS, trusted=False)


# --- the app opponent ------------------------------------------------------------------------------


def decisions(rules: LuturasRules, games: int, strength: str) -> list[Decision]:
    """Every choice the app made in `games` seeded matches against a random player, who draws
    uniformly from the table's legal actions (the app decides when the draw is its own)."""
    found: list[Decision] = []
    for index in range(games):
        seat, rng = index % 2, random.Random(index)
        app = LuturasOpponent(seat, strength)
        state = rules.new_state(OPTIONS[index % 2])
        n = 0
        while not rules.is_over(state):
            n += 1
            legal = rules.legal_actions(state)
            table = [a for a in legal if CHANCE not in rules.actors(state, a)]
            action = rng.choice(table) if table else legal[0]
            if table and action.get("player") == seat:
                mine = [a for a in table if a.get("player") == seat]
                view = rules.view(state, seat)
                chosen = app.choose(view, mine, step_rng(index, n))
                if len(mine) > 1:
                    found.append((seat, view, mine, (index, n)))
                if chosen is None:  # waiting on the other's turn: the other acts
                    chosen = rng.choice([a for a in table if a.get("player") != seat])
                action = chosen
            state = rules.apply_unchecked(state, action, rng).state
    return found


def time_decisions(
    found: list[Decision], strength: str, repeat: int
) -> tuple[float, float, common.Kinds]:
    """Decisions per second (best run; and per second of CPU time), and by phase (an effect's
    choice: pick) each decision's best time over the runs."""
    apps = {s: LuturasOpponent(s, strength) for s in (0, 1)}
    return common.time_runs(
        found,
        lambda: lambda seat, view, legal, rng: apps[seat].choose(view, legal, rng),
        lambda view, legal: "pick" if view["pending"] else view["phase"],
        repeat,
    )


def main() -> None:
    args = common.arguments(__doc__, games=20, decisions=6, repeat=3, what="matches")
    rules = LuturasRules()
    common.print_paths(rules, PATHS, args, {}, unit="matches", width=12, digits=1)
    for strength in STRENGTHS:
        found = decisions(rules, args.decisions, strength)
        rate, cpu, kinds = time_decisions(found, strength, args.repeat)
        slowest, shown = common.by_kind(kinds, mean=".1f", most=".0f")
        meets = "meets" if slowest / 1000 < DECISION_MOST else "MISSES"
        print(
            f"app {strength:8}  {rate:6,.0f} decisions/s ({cpu:,.0f} per CPU second); slowest "
            f"{slowest:.0f} ms ({meets} the {DECISION_MOST:.0f} s target); {shown}"
        )


if __name__ == "__main__":
    main()
