"""What a save, a reload and an undo cost in the companion's store, for long games; prints a table.

Two games: a Moonlighter game 3,000 actions deep (the companion benchmark's progress-seeking
policy) and the longest of 30 advanced, extended Vita Luna games, a few actions short of its end.
Each is created in a scratch store; then, --repeat times: one more action is played and saved
("save +1": what each tap costs), the game is reloaded with `load_match` ("reload": what a
browser reload or a restarted server costs; target under 100 ms), and the last action is undone
and saved ("undo + save"). Pinned to one core; best and median in ms.

`--store FILE` adds another store module with the same API to the comparison, e.g. the first
(whole-log) store: `git show 7053d99:companion/store.py > /tmp/store_format1.py`.
`--postgres` adds a run on a throwaway PostgreSQL cluster (tests/companion/pg.py; the server
process itself is not pinned).

    .venv/bin/python benchmarks/bench_store.py [--repeat 30] [--store FILE] [--postgres]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

TARGET_MS = 100.0


def moonlighter_game():
    from bench_companion import long_game

    return long_game(3000)


def vita_luna_game():
    """The longest of 30 advanced, extended games, replayed to 20 actions before its end."""
    from bench_vita_luna import longest_game

    from companion.engine import Match
    from companion.games.vita_luna import VitaLunaRules

    rules, options = VitaLunaRules(), {"mode": "advanced", "extended": True}
    best_seed, longest = longest_game(options)
    return Match.replay(rules, options, best_seed, longest[:-20])


def next_action(match, rng: random.Random) -> dict:
    from bench_moonlighter import choose as moonlighter
    from bench_vita_luna import choose as vita_luna

    pick = vita_luna if match.rules.game_id == "vita_luna" else moonlighter
    return pick(match.rules, match.state, rng)


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000, result


def measure(module: ModuleType, location: Any, game, repeat: int) -> dict[str, list[float]]:
    """Times of save +1, reload and undo + save, `repeat` of each, on a fresh copy of `game`."""
    from companion.engine import IllegalAction, Match

    store = module.GameStore(location)
    gid = store.create(Match.replay(game.rules, game.options, game.seed, game.log))
    saved, match = store.load_match(gid)
    version = saved.version
    rng = random.Random(1)
    times: dict[str, list[float]] = {"save": [], "reload": [], "undo": [], "poll": []}
    for _ in range(repeat):
        if match.rules.is_over(match.state):
            break
        match.play(next_action(match, rng))
        took, version = timed(lambda: store.save(gid, match, version))  # noqa: B023
        times["save"].append(took)
        took, (saved, match) = timed(lambda: store.load_match(gid))
        times["reload"].append(took)
        assert saved.version == version and len(match.log) == len(saved.log)
        if hasattr(store, "version"):
            times["poll"].append(timed(lambda: store.version(gid))[0])
        start = time.perf_counter()
        try:
            match.undo()
        except IllegalAction:  # a sealed bid: nothing to take back now
            continue
        version = store.save(gid, match, version)
        times["undo"].append((time.perf_counter() - start) * 1000)
    if hasattr(store, "close"):
        store.close()
    return times


def cell(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{min(values):.2f} / {statistics.median(values):.2f}"


def load_module(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(Path(path).stem, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--store", action="append", default=[], help="another store module")
    parser.add_argument("--postgres", action="store_true", help="also on PostgreSQL")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    import companion.store as current

    workdir = Path(tempfile.mkdtemp(prefix="cardgen-store-bench-"))
    runs: list[tuple[str, ModuleType, Any]] = [
        (Path(path).stem, load_module(path), workdir / f"{Path(path).stem}.sqlite")
        for path in args.store
    ]
    runs.append(("companion.store, SQLite", current, workdir / "games.sqlite"))
    games = [("Moonlighter", moonlighter_game()), ("Vita Luna", vita_luna_game())]
    with ExitStack() as stack:
        if args.postgres:
            from tests.companion import pg

            cluster = stack.enter_context(pg.cluster())
            runs.append(("companion.store, PostgreSQL", current, cluster.new_schema("bench")))
        print(f"one core pinned; {args.repeat} of each; best / median in ms\n")
        print(
            "| store | game | actions | save +1 | reload (load_match) | undo + save | version() |"
        )
        print("|---|---|---|---|---|---|---|")
        worst = 0.0
        for label, module, location in runs:
            for title, game in games:
                times = measure(module, location, game, args.repeat)
                if module is current:
                    worst = max(worst, statistics.median(times["reload"]))
                print(f"| {label} | {title} | {len(game.log):,} | {cell(times['save'])} | "
                      f"{cell(times['reload'])} | {cell(times['undo'])} | {cell(times['poll'])} |")  # fmt: skip
    verdict = "met" if worst < TARGET_MS else "MISSED"
    print(f"\nreload, slowest median: {worst:.1f} ms (target < {TARGET_MS:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
