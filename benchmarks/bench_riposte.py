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


decisions = common.app_decisions(RiposteOpponent, OPTIONS[0])


def time_decisions(
    found: list[Decision], strength: str, fresh: bool, repeat: int
) -> tuple[float, float, common.Kinds]:
    """Decisions per second (best run; and per second of CPU time), and by kind each decision's
    best time."""

    def chooser() -> common.Choose:
        apps = {s: RiposteOpponent(s, strength) for s in (0, 1)}

        def choose(seat, view, legal, rng):
            app = RiposteOpponent(seat, strength) if fresh else apps[seat]
            return app.choose(view, legal, rng)

        return choose

    return common.time_runs(found, chooser, lambda view, legal: legal[0]["type"], repeat)


def main() -> None:
    common.run_apps(__doc__, RiposteRules(), PATHS, {"bot": TARGET}, STRENGTHS, decisions,
                    time_decisions, ("kept", "fresh"))  # fmt: skip


if __name__ == "__main__":
    main()
