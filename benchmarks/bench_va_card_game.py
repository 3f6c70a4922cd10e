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
from companion.games.va_card_game import VaCardGameRules
from companion.games.va_card_game.opponent import DUELS, STRENGTHS, VaOpponent

TARGET = 500.0  # random games per second on the trusted Match.play path
OPTIONS: dict[str, Any] = {}


@dataclass
class Tally:
    games: int = 0
    actions: int = 0


def play_direct(rules: VaCardGameRules, games: int, seed: int) -> Tally:
    """Whole games with rules.apply over legal_actions."""
    rng, tally = random.Random(seed), Tally()
    state = rules.new_state(OPTIONS)
    while tally.games < games:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)), rng).state
        tally.actions += 1
        if rules.is_over(state):
            tally.games += 1
            state = rules.new_state(OPTIONS)
    return tally


def play_match(rules: VaCardGameRules, games: int, seed: int, trusted: bool = False) -> Tally:
    """The same through Match.play, as the companion drives it."""
    rng, tally = random.Random(seed), Tally()
    match = Match.start(rules, OPTIONS, seed=seed)
    while tally.games < games:
        match.play(rng.choice(rules.legal_actions(match.state)), trusted=trusted)
        tally.actions += 1
        if rules.is_over(match.state):
            tally.games += 1
            match = Match.start(rules, OPTIONS, seed=seed + tally.games)
    return tally


def play_trusted(rules: VaCardGameRules, games: int, seed: int) -> Tally:
    return play_match(rules, games, seed, trusted=True)


def play_bot(rules: VaCardGameRules, games: int, seed: int) -> Tally:
    """A bot's path: rules.sample_action and rules.apply_unchecked."""
    rng, tally = random.Random(seed), Tally()
    state = rules.new_state(OPTIONS)
    while tally.games < games:
        action = rules.sample_action(state, rng)
        assert action is not None  # a game that is not over always has a legal action
        state = rules.apply_unchecked(state, action, rng).state
        tally.actions += 1
        if rules.is_over(state):
            tally.games += 1
            state = rules.new_state(OPTIONS)
    return tally


Run = Callable[[VaCardGameRules, int, int], Tally]
PATHS: tuple[tuple[str, Run, float | None], ...] = (
    ("rules.apply", play_direct, None),
    ("Match.play", play_match, None),
    ("Match.play trusted", play_trusted, TARGET),
    ("bot", play_bot, None),
)


def best_of(
    run: Run, rules: VaCardGameRules, games: int, repeat: int
) -> tuple[float, float, float]:
    """Best games and actions per second of wall time over `repeat` runs, and the best games per
    second of this process's CPU time (what the figure would be on an idle core: the machines
    these run on are shared)."""
    best, cpu = (0.0, 0.0), 0.0
    for attempt in range(repeat):
        start, began = time.perf_counter(), time.process_time()
        tally = run(rules, games, attempt)
        elapsed, used = time.perf_counter() - start, time.process_time() - began
        best = max(best, (tally.games / elapsed, tally.actions / elapsed))
        cpu = max(cpu, tally.games / used)
    return (*best, cpu)


# --- the app opponent ------------------------------------------------------------------------------

Decision = tuple[int, dict[str, Any], list[dict[str, Any]], tuple[int, int]]  # and rng seed


def decisions(rules: VaCardGameRules, games: int, strength: str) -> list[Decision]:
    """Every choice the app made in `games` seeded games against a random player."""
    found: list[Decision] = []
    for index in range(games):
        seat, rng = index % 2, random.Random(index)
        app = VaOpponent(seat, strength)
        state = rules.new_state(OPTIONS)
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            if CHANCE in rules.actors(state, legal[0]):
                action = legal[0]
            elif any(a.get("player") == seat for a in legal):
                mine = [a for a in legal if a.get("player") == seat]
                view, n = rules.view(state, seat), len(found)
                chosen = app.choose(view, mine, step_rng(index, n))
                assert chosen is not None  # the app always picks one of its actions
                action = chosen
                if len(mine) > 1:
                    found.append((seat, view, mine, (index, n)))
            else:
                action = rng.choice(legal)
            state = rules.apply_unchecked(state, action, rng).state
    return found


def time_decisions(
    found: list[Decision], strength: str, cold: bool, repeat: int
) -> tuple[float, dict[str, tuple[float, float, int]]]:
    """Decisions per second (best run), and by kind the mean and slowest time in ms."""
    best_rate = 0.0
    kinds: dict[str, list[float]] = defaultdict(list)
    for _ in range(repeat):
        apps = {s: VaOpponent(s, strength) for s in (0, 1)}
        took: dict[str, list[float]] = defaultdict(list)
        DUELS.forget()
        start = time.perf_counter()
        for seat, view, legal, (index, n) in found:
            if cold:
                DUELS.forget()
            began = time.perf_counter()
            apps[seat].choose(view, legal, step_rng(index, n))
            took[legal[0]["type"]].append(time.perf_counter() - began)
        best_rate = max(best_rate, len(found) / (time.perf_counter() - start))
        for kind, times in took.items():  # each decision's best time over the runs
            before = kinds[kind] or times
            kinds[kind] = [min(a, b) for a, b in zip(before, times, strict=True)]
    summary = {k: (1000 * sum(t) / len(t), 1000 * max(t), len(t)) for k, t in kinds.items()}
    return best_rate, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=20, help="games to take decisions from")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", type=int, help="core to pin to (default: the last one allowed)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0)) if args.cpu is None else args.cpu})
    rules = VaCardGameRules()
    print(f"Python {platform.python_version()}, {platform.machine()}, one core pinned")
    for name, run, target in PATHS:
        games, actions, cpu = best_of(run, rules, args.games, args.repeat)
        verdict = ""
        if target is not None:
            meets = "meets" if games >= target else "MISSES"
            verdict = f" ({meets} the target of {target:,.0f}/s)"
        print(
            f"{name:18}  {games:6,.0f} games/s{verdict}, {actions:9,.0f} actions/s; "
            f"{cpu:6,.0f} games per CPU second"
        )
    for strength in STRENGTHS:
        found = decisions(rules, args.decisions, strength)
        for cold in (False, True):
            rate, kinds = time_decisions(found, strength, cold, args.repeat)
            shown = ", ".join(
                f"{kind} {mean:.2f} ms (slowest {most:.1f}, {n})"
                for kind, (mean, most, n) in sorted(kinds.items())
            )
            label = f"app {strength} {'cold' if cold else 'warm'}"
            print(f"{label:18}  {rate:6,.0f} decisions/s; {shown}")


if __name__ == "__main__":
    main()
