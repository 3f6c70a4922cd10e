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

import argparse
import os
import platform
import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.engine import CHANCE, Match
from companion.engine.core import step_rng
from companion.games.luturas import LuturasRules
from companion.games.luturas.opponent import STRENGTHS, LuturasOpponent

OPTIONS = ({"mode": "standard"}, {"mode": "fast"})
DECISION_MOST = 1.0  # seconds: the slowest decision of the app opponent


@dataclass
class Tally:
    games: int = 0
    actions: int = 0


def play_direct(rules: LuturasRules, games: int, seed: int) -> Tally:
    """Whole matches with rules.apply over legal_actions."""
    rng, tally = random.Random(seed), Tally()
    state = rules.new_state(OPTIONS[0])
    while tally.games < games:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)), rng).state
        tally.actions += 1
        if rules.is_over(state):
            tally.games += 1
            state = rules.new_state(OPTIONS[tally.games % 2])
    return tally


def play_match(rules: LuturasRules, games: int, seed: int) -> Tally:
    """The same through Match.play, as the companion drives it."""
    rng, tally = random.Random(seed), Tally()
    match = Match.start(rules, OPTIONS[0], seed=seed)
    while tally.games < games:
        match.play(rng.choice(rules.legal_actions(match.state)))
        tally.actions += 1
        if rules.is_over(match.state):
            tally.games += 1
            match = Match.start(rules, OPTIONS[tally.games % 2], seed=seed + tally.games)
    return tally


def play_bot(rules: LuturasRules, games: int, seed: int) -> Tally:
    """A bot's path: rules.sample_action and rules.apply_unchecked."""
    rng, tally = random.Random(seed), Tally()
    state = rules.new_state(OPTIONS[0])
    while tally.games < games:
        action = rules.sample_action(state, rng)
        assert action is not None  # a match that is not over always has a legal action
        state = rules.apply_unchecked(state, action, rng).state
        tally.actions += 1
        if rules.is_over(state):
            tally.games += 1
            state = rules.new_state(OPTIONS[tally.games % 2])
    return tally


PATHS: tuple[tuple[str, Callable[[LuturasRules, int, int], Tally]], ...] = (
    ("rules.apply", play_direct),
    ("Match.play", play_match),
    ("bot", play_bot),
)


def best_of(
    run: Callable[[LuturasRules, int, int], Tally], rules: LuturasRules, games: int, repeat: int
) -> tuple[float, float, float]:
    """Best matches and actions per second over `repeat` runs, and the best matches per second
    of CPU time."""
    best, cpu_best = (0.0, 0.0), 0.0
    for attempt in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        tally = run(rules, games, attempt)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        best = max(best, (tally.games / elapsed, tally.actions / elapsed))
        cpu_best = max(cpu_best, tally.games / cpu)
    return (*best, cpu_best)


# --- the app opponent ------------------------------------------------------------------------------

Decision = tuple[int, dict[str, Any], list[dict[str, Any]], tuple[int, int]]  # and rng seed


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
) -> tuple[float, float, dict[str, tuple[float, float, int]]]:
    """Decisions per second (best run; and per second of CPU time), and by kind the mean and
    slowest time in ms by phase (an effect's choice: pick), each decision's best time over the
    runs."""
    best_rate = cpu_rate = 0.0
    kinds: dict[str, list[float]] = defaultdict(list)
    apps = {s: LuturasOpponent(s, strength) for s in (0, 1)}
    for _ in range(repeat):
        took: dict[str, list[float]] = defaultdict(list)
        start, cpu = time.perf_counter(), time.process_time()
        for seat, view, legal, (index, n) in found:
            began = time.perf_counter()
            apps[seat].choose(view, legal, step_rng(index, n))
            took["pick" if view["pending"] else view["phase"]].append(time.perf_counter() - began)
        best_rate = max(best_rate, len(found) / (time.perf_counter() - start))
        cpu_rate = max(cpu_rate, len(found) / (time.process_time() - cpu))
        for kind, times in took.items():
            before = kinds[kind] or times
            kinds[kind] = [min(a, b) for a, b in zip(before, times, strict=True)]
    summary = {k: (1000 * sum(t) / len(t), 1000 * max(t), len(t)) for k, t in kinds.items()}
    return best_rate, cpu_rate, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=6, help="matches to take decisions from")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpu", type=int, help="core to pin to (default: the last one allowed)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0)) if args.cpu is None else args.cpu})
    rules = LuturasRules()
    print(f"Python {platform.python_version()}, {platform.machine()}, one core pinned")
    for name, run in PATHS:
        games, actions, cpu = best_of(run, rules, args.games, args.repeat)
        print(
            f"{name:12}  {games:6,.1f} matches/s, {actions:9,.0f} actions/s; "
            f"{cpu:6,.1f} matches per CPU second"
        )
    for strength in STRENGTHS:
        found = decisions(rules, args.decisions, strength)
        rate, cpu, kinds = time_decisions(found, strength, args.repeat)
        slowest = max(most for _, most, _ in kinds.values()) / 1000
        meets = "meets" if slowest < DECISION_MOST else "MISSES"
        shown = ", ".join(
            f"{kind} {mean:.1f} ms (slowest {most:.0f}, {n})"
            for kind, (mean, most, n) in sorted(kinds.items())
        )
        print(
            f"app {strength:8}  {rate:6,.0f} decisions/s ({cpu:,.0f} per CPU second); slowest "
            f"{slowest * 1000:.0f} ms ({meets} the {DECISION_MOST:.0f} s target); {shown}"
        )


if __name__ == "__main__":
    main()
