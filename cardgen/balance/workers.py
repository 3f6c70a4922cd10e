"""Where the games are played: this process, every local core, or a Dask cluster.

The run is cut into chunks of consecutive game indices; each chunk is played by
`play_chunk(snapshot, game, bot, seed, start, stop)`, which needs nothing but its arguments, so
the same function runs in a worker process here or on a cluster machine. Records come back in
any order and are put in game order before anything is counted, so the figures are the same
however the work was split (tests/balance/test_cluster.py checks it on a real local cluster).

Why Dask distributed rather than Ray: it is pure pip (no native runtime or object store to
start), it starts a real multi-process `LocalCluster` inside a test in a few seconds, and a
remote cluster is one `Client("tcp://host:8786")` away with the same code. Ray would bring a
heavier runtime for no gain here: the games share nothing and each chunk's answer is small.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from cardgen.balance.adapters import ADAPTERS
from cardgen.balance.play import GameRecord, Table, play_game
from cardgen.balance.snapshot import Snapshot

Progress = Callable[[int], None]  # called with the number of games just finished
CHUNKS_PER_WORKER = 12  # enough chunks that the progress bar moves and no core waits long
MAX_CHUNK = 250

_tables: dict[tuple[str, str, str], Table] = {}


def play_chunk(
    snapshot: Snapshot, game_id: str, bot: str, seed: int, start: int, stop: int
) -> list[GameRecord]:
    """Games `start` to `stop - 1` of the run; the loaded data and rules are kept per process."""
    key = (snapshot.digest, game_id, bot)
    table = _tables.get(key)
    if table is None:
        table = _tables[key] = Table.of(ADAPTERS[game_id], snapshot, bot)
    return [play_game(table, seed, index) for index in range(start, stop)]


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def local_cores() -> int:
    """The cores this process may run on (all of the machine's unless it is pinned)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def in_game_order(parts: Iterator[list[GameRecord]]) -> list[GameRecord]:
    records = [record for part in parts for record in part]
    records.sort(key=lambda r: r.index)
    return records


def run_here(
    snapshot: Snapshot, game_id: str, bot: str, seed: int, games: int, progress: Progress
) -> list[GameRecord]:
    """Every game in this process, one chunk after another."""
    parts = []
    for start, stop in chunks(games, 1):
        parts.append(play_chunk(snapshot, game_id, bot, seed, start, stop))
        progress(stop - start)
    return in_game_order(iter(parts))


def run_local(
    snapshot: Snapshot,
    game_id: str,
    bot: str,
    seed: int,
    games: int,
    workers: int,
    progress: Progress,
) -> list[GameRecord]:
    """Every game on `workers` local processes (one process: this one)."""
    if workers <= 1:
        return run_here(snapshot, game_id, bot, seed, games, progress)
    # Spawned, not forked: the progress bar's thread must not be copied mid-lock into a child.
    context = multiprocessing.get_context("spawn")
    parts: list[list[GameRecord]] = []
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_quiet)
    try:
        pending: dict[Future[list[GameRecord]], int] = {
            pool.submit(play_chunk, snapshot, game_id, bot, seed, start, stop): stop - start
            for start, stop in chunks(games, workers)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                parts.append(future.result())
                progress(pending.pop(future))
    finally:  # on Ctrl+C too: no new chunk starts, the workers finish theirs and leave
        pool.shutdown(wait=True, cancel_futures=True)
    return in_game_order(iter(parts))


def _quiet() -> None:
    """A worker leaves Ctrl+C to the command, which stops the run (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_cluster(
    address: str,
    snapshot: Snapshot,
    game_id: str,
    bot: str,
    seed: int,
    games: int,
    progress: Progress,
) -> list[GameRecord]:
    """Every game on the Dask cluster whose scheduler is at `address` (e.g. tcp://host:8786).
    Its workers need this package installed; the card data travels with the work."""
    from distributed import Client, as_completed

    client: Any = Client(address, timeout="20s")
    try:
        workers = max(1, sum(client.nthreads().values()))
        shipped = client.scatter(snapshot, broadcast=True)
        futures = [
            client.submit(play_chunk, shipped, game_id, bot, seed, start, stop, pure=False)
            for start, stop in chunks(games, workers)
        ]
        parts = []
        for future in as_completed(futures):
            part = future.result()
            parts.append(part)
            progress(len(part))
        return in_game_order(iter(parts))
    finally:
        client.close()
