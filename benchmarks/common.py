"""What the card games' benchmarks (bench_riposte.py, bench_va_card_game.py, bench_luturas.py)
share: whole random games played along each path through a rules engine, the best of several
timed runs, the decisions of an app opponent in seeded games against a random player, the best
time of each decision over several runs, and the command line and header they print under.

The benchmarks run as scripts (`.venv/bin/python benchmarks/bench_riposte.py`), so this folder is
on `sys.path` and they import this module as `common`."""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.engine import CHANCE, Match
from companion.engine.core import step_rng

Options = Sequence[dict[str, Any]]  # a new game's options, taken in turn game after game
Decision = tuple[int, dict[str, Any], list[dict[str, Any]], tuple[int, int]]  # and rng seed
Kinds = dict[str, list[float]]  # by kind of decision, each decision's time in seconds
Choose = Callable[[int, Any, list[dict[str, Any]], Any], Any]  # seat, view, legal, rng


@dataclass
class Tally:
    games: int = 0
    actions: int = 0


Run = Callable[[Any, int, int], Tally]  # rules, games, seed


def play_direct(rules: Any, games: int, seed: int, options: Options) -> Tally:
    """Whole games with rules.apply over legal_actions."""
    rng, tally = random.Random(seed), Tally()
    state = rules.new_state(options[0])
    while tally.games < games:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)), rng).state
        tally.actions += 1
        if rules.is_over(state):
            tally.games += 1
            state = rules.new_state(options[tally.games % len(options)])
    return tally


def play_match(rules: Any, games: int, seed: int, options: Options, trusted: bool = False) -> Tally:
    """The same through Match.play, as the companion drives it (`trusted`: unchecked)."""
    rng, tally = random.Random(seed), Tally()
    match = Match.start(rules, options[0], seed=seed)
    while tally.games < games:
        match.play(rng.choice(rules.legal_actions(match.state)), trusted=trusted)
        tally.actions += 1
        if rules.is_over(match.state):
            tally.games += 1
            match = Match.start(rules, options[tally.games % len(options)], seed=seed + tally.games)
    return tally


def play_bot(rules: Any, games: int, seed: int, options: Options) -> Tally:
    """A bot's path: rules.sample_action and rules.apply_unchecked."""
    rng, tally = random.Random(seed), Tally()
    state = rules.new_state(options[0])
    while tally.games < games:
        action = rules.sample_action(state, rng)
        assert action is not None  # a game that is not over always has a legal action
        state = rules.apply_unchecked(state, action, rng).state
        tally.actions += 1
        if rules.is_over(state):
            tally.games += 1
            state = rules.new_state(options[tally.games % len(options)])
    return tally


def paths(options: Options, trusted: bool = True) -> dict[str, Run]:
    """The paths timed, by the name printed: `rules.apply`, `Match.play`, `Match.play trusted`
    (unless not `trusted`) and `bot`."""
    found: dict[str, Run] = {
        "rules.apply": partial(play_direct, options=options),
        "Match.play": partial(play_match, options=options),
        "Match.play trusted": partial(play_match, options=options, trusted=True),
        "bot": partial(play_bot, options=options),
    }
    if not trusted:
        del found["Match.play trusted"]
    return found


def best_of(run: Run, rules: Any, games: int, repeat: int) -> tuple[float, float, float]:
    """Best games and actions per second of wall time over `repeat` runs, and the best games per
    second of this process's CPU time (what the engine costs, however busy the core is with
    other work: the machines these run on are shared)."""
    best, cpu = (0.0, 0.0), 0.0
    for attempt in range(repeat):
        start, began = time.perf_counter(), time.process_time()
        tally = run(rules, games, attempt)
        elapsed, used = time.perf_counter() - start, time.process_time() - began
        best = max(best, (tally.games / elapsed, tally.actions / elapsed))
        cpu = max(cpu, tally.games / used)
    return (*best, cpu)


# --- the app opponent ------------------------------------------------------------------------------


def decisions(rules: Any, games: int, app: Callable[[int], Any], options: dict) -> list[Decision]:
    """Every choice `app(seat)` made in `games` seeded games against a random player, the app in
    seat index % 2 of game `index`."""
    found: list[Decision] = []
    for index in range(games):
        seat, rng = index % 2, random.Random(index)
        player = app(seat)
        state = rules.new_state(options)
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            if CHANCE in rules.actors(state, legal[0]):
                action = legal[0]
            elif any(a.get("player") == seat for a in legal):
                mine = [a for a in legal if a.get("player") == seat]
                view, n = rules.view(state, seat), len(found)
                chosen = player.choose(view, mine, step_rng(index, n))
                assert chosen is not None  # the app always picks one of its actions
                action = chosen
                if len(mine) > 1:
                    found.append((seat, view, mine, (index, n)))
            else:
                action = rng.choice(legal)
            state = rules.apply_unchecked(state, action, rng).state
    return found


def app_decisions(app: Callable[[int, str], Any],
                  options: dict) -> Callable[[Any, int, str], list[Decision]]:  # fmt: skip
    """`decisions(rules, games, strength)`: every choice the app `app(seat, strength)` made in
    `games` seeded games with `options` against a random player."""

    def found(rules: Any, games: int, strength: str) -> list[Decision]:
        return decisions(rules, games, lambda seat: app(seat, strength), options)

    return found


def time_pass(found: list[Decision], choose: Callable, kind: Callable,
              prepare: Callable[[], None] = lambda: None) -> tuple[float, float, Kinds]:  # fmt: skip
    """One pass over the decisions `found`, each timed as `choose(seat, view, legal, rng)` (after
    an untimed `prepare()`): the pass's wall and CPU seconds, and each decision's time by
    `kind(view, legal)`."""
    took = new_kinds()
    start, cpu = time.perf_counter(), time.process_time()
    for seat, view, legal, (index, n) in found:
        prepare()
        began = time.perf_counter()
        choose(seat, view, legal, step_rng(index, n))
        took[kind(view, legal)].append(time.perf_counter() - began)
    return time.perf_counter() - start, time.process_time() - cpu, took


def keep_best(kinds: Kinds, took: Kinds) -> None:
    """Each decision's best time over the runs so far, `took` being this run's."""
    for kind, times in took.items():
        before = kinds[kind] or times
        kinds[kind] = [min(a, b) for a, b in zip(before, times, strict=True)]


def time_runs(found: list[Decision], chooser: Callable[[], Choose], kind: Callable, repeat: int,
              prepare: Callable[[], None] = lambda: None) -> tuple[float, float, Kinds]:  # fmt: skip
    """`repeat` passes over the decisions `found`, each with the `choose` that `chooser()` gives
    for that run, so that a benchmark says only how it makes its apps (fresh, or the same ones):
    the best decisions per second of wall and of CPU time, and by kind each decision's best
    time."""
    best_rate = cpu_rate = 0.0
    kinds = new_kinds()
    for _ in range(repeat):
        wall, cpu, took = time_pass(found, chooser(), kind, prepare)
        best_rate, cpu_rate = max(best_rate, len(found) / wall), max(cpu_rate, len(found) / cpu)
        keep_best(kinds, took)
    return best_rate, cpu_rate, kinds


def print_decisions(label: str, rate: float, kinds: Kinds, cpu: float | None = None) -> None:
    """One line of an app's decision rates (and per CPU second, if given) and its kinds."""
    per_cpu = "" if cpu is None else f" ({cpu:,.0f} per CPU second)"
    print(f"{label:18}  {rate:6,.0f} decisions/s{per_cpu}; {by_kind(kinds)[1]}")


def by_kind(kinds: Kinds, mean: str = ".2f", most: str = ".1f") -> tuple[float, str]:
    """The slowest decision in ms, and by kind the mean and slowest time in ms (and how many)."""
    summary = {k: (1000 * sum(t) / len(t), 1000 * max(t), len(t)) for k, t in kinds.items()}
    shown = ", ".join(f"{kind} {m:{mean}} ms (slowest {s:{most}}, {n})"
                      for kind, (m, s, n) in sorted(summary.items()))  # fmt: skip
    return max(s for _, s, _ in summary.values()), shown


def new_kinds() -> Kinds:
    return defaultdict(list)


# --- the command line ----------------------------------------------------------------------------


def arguments(doc: str | None, games: int, decisions: int, repeat: int, what: str = "games"):
    """`--games`, `--decisions`, `--repeat` and `--cpu`, parsed; the process pinned to one core
    and the header printed."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--decisions", type=int, default=decisions,
                        help=f"{what} to take decisions from")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--cpu", type=int, help="core to pin to (default: the last one allowed)")
    args = parser.parse_args()
    pin(args.cpu)
    return args


def run_apps(doc: str | None, rules: Any, runs: dict[str, Run], targets: dict[str, float],
             strengths: Sequence[str], decisions: Callable[[Any, int, str], list[Decision]],
             time_decisions: Callable[[list[Decision], str, bool, int], tuple[float, float, Kinds]],
             modes: tuple[str, str], per_cpu: bool = True) -> None:  # fmt: skip
    """A card game's benchmark, whole: the command line, each path's games per second, then at
    each strength the app's decisions per second with `time_decisions(..., flag, ...)` for flag
    False and True (named by `modes`), per CPU second as well if `per_cpu`."""
    args = arguments(doc, games=1000, decisions=20, repeat=5)
    print_paths(rules, runs, args, targets)
    for strength in strengths:
        found = decisions(rules, args.decisions, strength)
        for flag, mode in zip((False, True), modes, strict=True):
            rate, cpu, kinds = time_decisions(found, strength, flag, args.repeat)
            print_decisions(f"app {strength} {mode}", rate, kinds, cpu if per_cpu else None)


def pin(cpu: int | None) -> None:
    """This process pinned to core `cpu` (default: the last one allowed); the header printed."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0)) if cpu is None else cpu})
    print(f"Python {platform.python_version()}, {platform.machine()}, one core pinned")


def verdict(rate: float, target: float | None) -> str:
    """Whether `rate` meets its target, if it has one, in words."""
    if target is None:
        return ""
    return f" ({'meets' if rate >= target else 'MISSES'} the target of {target:,.0f}/s)"


def print_paths(rules: Any, runs: dict[str, Run], args, targets: dict[str, float],
                unit: str = "games", width: int = 18, digits: int = 0) -> None:  # fmt: skip
    """Each path's games (`unit`) and actions per second, and whether it meets its target if it
    has one."""
    for name, run in runs.items():
        games, actions, cpu = best_of(run, rules, args.games, args.repeat)
        print(
            f"{name:{width}}  {games:6,.{digits}f} {unit}/s{verdict(games, targets.get(name))}, "
            f"{actions:9,.0f} actions/s; "
            f"{cpu:6,.{digits}f} {unit} per CPU second"
        )


# --- long games walked by a policy (bench_vita_luna.py, bench_moonlighter.py) ---------------------


@dataclass(frozen=True)
class Course:
    """How a benchmark walks a game along each path: the options of its `n`-th game, the
    policy (`choose`) and the bot's (`choose_bot`, applied by `bot_step`), a fresh tally (with
    `count(before, after)` and `done`, what a run counts up to), and when a game is over and
    the next one starts."""

    options: Callable[[int], dict[str, Any]]
    choose: Callable[[Any, Any, random.Random], dict]
    choose_bot: Callable[[Any, Any, random.Random], dict]
    tally: Callable[[], Any]
    is_over: Callable[[Any], bool]
    bot_step: Callable[[Any, Any, dict, random.Random], Any] = lambda rules, state, action, rng: (
        rules.apply_unchecked(state, action, rng).state
    )


def sample(rules: Any, state: Any, rng: random.Random) -> dict:
    """Any legal action: where a bot's policy has no preference, it draws as the rules do."""
    action = rules.sample_action(state, rng)
    assert action is not None  # only a game that is over has none, and the walk replaces it
    return action


def walk_targets(checked: float, bot: float) -> dict[str, float]:
    """A walked game's targets: `checked` for the paths that check every action, `bot` for the
    bot's (the trusted Match.play path has none)."""
    return {"rules.apply": checked, "Match.play": checked, "bot": bot}


def walk_state(course: Course, rules: Any, done: int, seed: int, bot: bool = False) -> Any:
    """Walk until `done`, state by state: rules.apply over the policy's actions, or (`bot`) the
    bot's policy and step."""
    rng, tally, game = random.Random(seed), course.tally(), 0
    state = rules.new_state(course.options(game))
    while tally.done < done:
        if bot:
            after = course.bot_step(rules, state, course.choose_bot(rules, state, rng), rng)
        else:
            after = rules.apply(state, course.choose(rules, state, rng), rng).state
        tally.count(state, after)
        state = after
        if course.is_over(state):
            game += 1
            state = rules.new_state(course.options(game))
    return tally


def walk_match(course: Course, rules: Any, done: int, seed: int, trusted: bool = False) -> Any:
    """The same through Match.play, as the companion drives it (`trusted`: unchecked)."""
    rng, tally, game = random.Random(seed), course.tally(), 0
    match = Match.start(rules, course.options(game), seed=seed)
    while tally.done < done:
        before = match.state
        match.play(course.choose(rules, before, rng), trusted=trusted)
        tally.count(before, match.state)
        if course.is_over(match.state):
            game += 1
            match = Match.start(rules, course.options(game), seed=seed + game)
    return tally


def walks(course: Course) -> dict[str, Callable[[Any, int, int], Any]]:
    """The four paths timed, by the name printed."""
    return {
        "rules.apply": partial(walk_state, course),
        "Match.play": partial(walk_match, course),
        "Match.play trusted": partial(walk_match, course, trusted=True),
        "bot": partial(walk_state, course, bot=True),
    }


def best_rates(run: Callable, rules: Any, done: int, repeat: int, rates: Callable) -> list[float]:
    """Best per-second rates (`rates(tally)`, counts to divide by the time) over `repeat` runs."""
    best: list[float] = []
    for attempt in range(repeat):
        start = time.perf_counter()
        tally = run(rules, done, attempt)
        elapsed = time.perf_counter() - start
        now = [n / elapsed for n in rates(tally)]
        best = [max(b, r) for b, r in zip(best or now, now, strict=True)]
    return best


def run_walks(doc: str | None, rules: Any, course: Course, unit: str, default: int,
              counts: Callable[[Any], tuple[float, float, float]], words: tuple[str, str],
              targets: dict[str, float]) -> None:  # fmt: skip
    """The command line of a walked game's benchmark (`--<unit> N`, `--repeat`, `--cpu`), and
    each path's best rates of `counts(tally)`: two counts named by `words` (the first against
    the path's target, if it has one) and the actions."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument(f"--{unit}", type=int, default=default)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", type=int, help="core to pin to (default: the last one allowed)")
    args = parser.parse_args()
    pin(args.cpu)
    for name, run in walks(course).items():
        done, other, actions = best_rates(run, rules, getattr(args, unit), args.repeat, counts)
        print(f"{name:18}  {done:6,.0f} {words[0]}/s{verdict(done, targets.get(name))}, "
              f"{other:5,.0f} {words[1]}/s, {actions:9,.0f} actions/s")  # fmt: skip
