"""Random VA Card Game games per second through the rules engine, and the app opponent's
decisions per second; prints the figures.

Target: at least 500 random games per second on the `Match.play trusted` path. Whole games are
played from `new_state` by a player who picks uniformly among the legal actions, chance included
(the coin, the deal and the draws are drawn by the rules); a finished game starts a new one. Four
paths are timed, as in bench_riposte.py:
- `rules.apply`: each action listed by `legal_actions`, checked and applied on a state;
- `Match.play`: the same through a match (the log, a freshly seeded random source per action);
- `Match.play trusted`: the same with `trusted=True`, applied without checking;
- `bot`: drawn by `rules.sample_action` and applied with `rules.apply_unchecked`.

The app opponent (`VaOpponent`) is timed on the decisions of seeded games it played against a
random player (the app in either seat): every decision where it had a choice, replayed from its
view and legal actions. `warm` keeps the solved duels from one decision to the next (they are
shared by every app in a process, as on a server that has played a while); `cold` forgets them
before each decision (the first decision after a start: the worst case). Rates are decisions per
second, with the mean and the slowest decision by kind. Timings are the best of several runs in
one process, pinned to one core; games are also counted per second of the process's own CPU
time, which a busy shared machine disturbs less than the wall clock.

    .venv/bin/python benchmarks/bench_va_card_game.py [--games 1000] [--decisions 20] [--repeat 5] [--cpu N]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # common.py, when loaded by path
import common
from common import Decision

from companion.games.va_card_game import VaCardGameRules
from companion.games.va_card_game.opponent import DUELS, STRENGTHS, VaOpponent

TARGET = 500.0  # random games per second on the trusted Match.play path
OPTIONS: tuple[dict, ...] = ({},)
PATHS = common.paths(OPTIONS)


# --- the app opponent ------------------------------------------------------------------------------


decisions = common.app_decisions(VaOpponent, OPTIONS[0])


def time_decisions(
    found: list[Decision], strength: str, cold: bool, repeat: int
) -> tuple[float, float, common.Kinds]:
    """Decisions per second (best run; and per second of CPU time, which `main` leaves out), and
    by kind each decision's best time."""

    def chooser() -> common.Choose:
        apps = {s: VaOpponent(s, strength) for s in (0, 1)}
        DUELS.forget()
        return lambda seat, view, legal, rng: apps[seat].choose(view, legal, rng)

    return common.time_runs(found, chooser, lambda view, legal: legal[0]["type"], repeat,
                            DUELS.forget if cold else lambda: None)  # fmt: skip


def main() -> None:
    common.run_apps(__doc__, VaCardGameRules(), PATHS, {"Match.play trusted": TARGET}, STRENGTHS,
                    decisions, time_decisions, ("warm", "cold"), per_cpu=False)  # fmt: skip


if __name__ == "__main__":
    main()
