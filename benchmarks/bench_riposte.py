"""Random Riposte games per second through the rules engine, and the app opponent's decisions
per second; prints the figures.

Target: at least 500 random games per second on the bot path. Whole games are played from
`new_state` (characters dealt and kept, then the learning duel, alternating) by a player who picks
uniformly among the legal actions, chance included; a finished game starts a new one. Four paths
are timed, as in bench_vita_luna.py:
- `rules.apply`: each action listed by `legal_actions`, checked and applied on a state;
- `Match.play`: the same through a match (the log, a freshly seeded random source per action);
- `Match.play trusted`: the same with `trusted=True`, applied without checking;
- `bot`: drawn by `rules.sample_action` and applied with `rules.apply_unchecked`.

The app opponent (`RiposteOpponent`) is timed on the decisions of seeded games it played against
a random player (the app in either seat, with characters): every decision where it had a choice,
replayed from its view and legal actions. `kept` asks one opponent for all of them (its draft
worths are remembered from one decision to the next, as within one page run); `fresh` makes a
new opponent for each (the worst case: nothing remembered). Rates are decisions per second, with
the mean and the slowest decision by kind. Timings are the best of several runs in one process,
pinned to one core; each rate is also given per second of the process's CPU time, which a
shared, busy core does not lower.

    .venv/bin/python benchmarks/bench_riposte.py [--games 1000] [--decisions 20] [--repeat 5] [--cpu N]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # common.py, when loaded by path
import common
from common import Decision

from companion.games.riposte import RiposteRules
from companion.games.riposte.opponent import STRENGTHS, RiposteOpponent

TARGET = 500.0  # random games per second on the bot path
OPTIONS = ({"characters": True}, {"characters": False})
PATHS = common.paths(OPTIONS)


# --- the app opponent ------------------------------------------------------------------------------


def decisions(rules: RiposteRules, games: int, strength: str) -> list[Decision]:
    """Every choice the app made in `games` seeded games against a random player."""
    return common.decisions(rules, games, lambda s: RiposteOpponent(s, strength), OPTIONS[0])


def time_decisions(
    found: list[Decision], strength: str, fresh: bool, repeat: int
) -> tuple[float, float, common.Kinds]:
    """Decisions per second (best run; and per second of CPU time), and by kind each decision's
    best time."""
    best_rate = cpu_rate = 0.0
    kinds = common.new_kinds()
    for _ in range(repeat):
        apps = {s: RiposteOpponent(s, strength) for s in (0, 1)}

        def choose(seat, view, legal, rng, apps=apps):
            app = RiposteOpponent(seat, strength) if fresh else apps[seat]
            return app.choose(view, legal, rng)

        wall, cpu, took = common.time_pass(found, choose, lambda view, legal: legal[0]["type"])
        best_rate, cpu_rate = max(best_rate, len(found) / wall), max(cpu_rate, len(found) / cpu)
        common.keep_best(kinds, took)
    return best_rate, cpu_rate, kinds


def main() -> None:
    args = common.arguments(__doc__, games=1000, decisions=20, repeat=5)
    rules = RiposteRules()
    common.print_paths(rules, PATHS, args, {"bot": TARGET})
    for strength in STRENGTHS:
        found = decisions(rules, args.decisions, strength)
        for fresh in (False, True):
            rate, cpu, kinds = time_decisions(found, strength, fresh, args.repeat)
            label = f"app {strength} {'fresh' if fresh else 'kept'}"
            print(f"{label:18}  {rate:6,.0f} decisions/s ({cpu:,.0f} per CPU second); "
                  f"{common.by_kind(kinds)[1]}")  # fmt: skip


if __name__ == "__main__":
    main()
