"""`cardgen balance`: games per second per core for every game, and a 10,000-game report's time.

Two parts:
- per core: each game's bot-against-bot games (`cardgen.balance.workers.play_chunk`, the code a
  worker runs: the app opponents in both seats deciding from their views, every action tallied),
  in this process pinned to one core; best of `--repeat` runs, as games per second of wall time
  and per second of the process's own CPU time (which a shared machine disturbs far less);
- the report: `cardgen balance vita_luna --games 10000` run as a user runs it (a fresh process,
  on every core this machine gives it), wall time from start to the page written, and the CPU
  time of the command and its worker processes.

Target (issue 14, item 5): the 10,000-game Vita Luna report in under 60 seconds on this 2-core
machine.

    .venv/bin/python benchmarks/bench_balance.py [--games 200] [--repeat 3] [--report 10000]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardgen.balance.adapters import ADAPTERS
from cardgen.balance.snapshot import from_folder
from cardgen.balance.workers import play_chunk
from cardgen.data.errors import DataError
from cardgen.data.project import REPO_ROOT

TARGET = 60.0  # seconds for the 10,000-game Vita Luna report
# Games per timing run: the strong Riposte app searches every clash, about 30x slower than easy.
SCALE = {"riposte:app": 0.1}


def per_core(games: int, repeat: int) -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    print(f"Python {platform.python_version()}, {platform.machine()}, one core pinned")
    for game_id, adapter in sorted(ADAPTERS.items()):
        data = from_folder(REPO_ROOT / "card_data" / game_id)
        for bot in adapter.bots:
            if bot == "random" and not adapter.solo:
                continue
            count = max(5, int(games * SCALE.get(f"{game_id}:{bot}", 1.0)))
            try:
                play_chunk(data, game_id, bot, 0, 0, 2)  # load the data and warm the caches
            except DataError as exc:
                print(f"{game_id:13} {bot:9} not measured: its data does not load ({exc})")
                break
            best_wall, best_cpu, actions = 0.0, 0.0, 0
            for attempt in range(repeat):
                wall, cpu = time.perf_counter(), time.process_time()
                records = play_chunk(data, game_id, bot, attempt + 1, 0, count)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                best_wall, best_cpu = max(best_wall, count / wall), max(best_cpu, count / cpu)
                actions = sum(r.length for r in records) // count
            print(f"{game_id:13} {bot:9} {best_wall:8.1f} games/s (wall) {best_cpu:8.1f} games per "
                  f"CPU second, {actions} actions a game, {count} games")  # fmt: skip


def report(games: int) -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "cardgen.cli", "balance", "vita_luna", "--games",
                   str(games), "--out", str(Path(scratch) / "out")]  # fmt: skip
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, cwd=REPO_ROOT, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed")
        sys.exit(1)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    verdict = "meets" if wall < TARGET else "MISSES"
    print(f"vita_luna report, {games:,} games on {cores} cores: {wall:.1f} s wall ({verdict} the "
          f"target of {TARGET:.0f} s), {cpu:.1f} s CPU in all, "
          f"{os.getloadavg()[0]:.1f} load average after")  # fmt: skip
    # What the same work takes when the cores are this run's alone: the CPU it used, shared
    # out over the cores (the start, the loading and the page are a few seconds of it).
    print(f"  on {cores} otherwise idle cores: about {cpu / max(1, cores or 1):.0f} s")
    print("  " + done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per timing run and bot")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--report", type=int, default=10_000, help="0: skip the report")
    args = parser.parse_args()
    if args.report:
        report(args.report)  # first, before this process pins itself to one core
    if args.games:
        per_core(args.games, args.repeat)


if __name__ == "__main__":
    main()
