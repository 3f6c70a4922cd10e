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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from cardgen.balance.adapters import ADAPTERS, declared_adapter
from cardgen.balance.play import GameRecord, Table, play_game
from cardgen.balance.snapshot import Snapshot, load

Progress = Callable[[int], None]  # called with the number of games just finished
CHUNKS_PER_WORKER = 12  # enough chunks that the progress bar moves and no core waits long
MAX_CHUNK = 250

_tables: dict[tuple[str, str, str, str | None], Table] = {}


@dataclass(frozen=True)
class Job:
    """One run: `games` games of `bot` (against `against` in a skill match) on `snapshot`'s data,
    seeded `seed`. A sweep or a search is several jobs, played together."""

    snapshot: Snapshot
    game_id: str
    bot: str
    seed: int
    games: int
    against: str | None = None


def play_chunk(
    snapshot: Snapshot,
    game_id: str,
    bot: str,
    seed: int,
    start: int,
    stop: int,
    against: str | None = None,
) -> list[GameRecord]:
    """Games `start` to `stop - 1` of the run; the loaded data and rules are kept per process."""
    key = (snapshot.digest, game_id, bot, against)
    table = _tables.get(key)
    if table is None:
        row = ADAPTERS.get(game_id) or declared_adapter(load(snapshot))
        assert row is not None, f"{game_id} has no balance row"  # the command checked it
        table = _tables[key] = Table.of(row, snapshot, bot, against)
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


def _pieces(jobs: Sequence[Job], workers: int) -> list[tuple[int, int, int]]:
    """(job, start, stop) for every chunk of every job."""
    return [(n, start, stop) for n, job in enumerate(jobs)
            for start, stop in chunks(job.games, workers)]  # fmt: skip


Args = tuple[Snapshot, str, str, int, int, int, str | None]


def _args(job: Job, start: int, stop: int) -> Args:
    return (job.snapshot, job.game_id, job.bot, job.seed, start, stop, job.against)


def _gathered(
    jobs: Sequence[Job], parts: list[tuple[int, list[GameRecord]]]
) -> list[list[GameRecord]]:
    return [in_game_order(p for n, p in parts if n == index) for index in range(len(jobs))]


def run_jobs_here(jobs: Sequence[Job], progress: Progress) -> list[list[GameRecord]]:
    """Every job's games in this process, one chunk after another."""
    parts = []
    for n, start, stop in _pieces(jobs, 1):
        parts.append((n, play_chunk(*_args(jobs[n], start, stop))))
        progress(stop - start)
    return _gathered(jobs, parts)


def run_jobs_local(jobs: Sequence[Job], workers: int, progress: Progress) -> list[list[GameRecord]]:
    """Every job's games on `workers` local processes (one process: this one)."""
    if workers <= 1:
        return run_jobs_here(jobs, progress)
    # Spawned, not forked: the progress bar's thread must not be copied mid-lock into a child.
    context = multiprocessing.get_context("spawn")
    parts: list[tuple[int, list[GameRecord]]] = []
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_quiet)
    try:
        pending: dict[Future[list[GameRecord]], tuple[int, int]] = {
            pool.submit(play_chunk, *_args(jobs[n], start, stop)): (n, stop - start)
            for n, start, stop in _pieces(jobs, workers)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                n, count = pending.pop(future)
                parts.append((n, future.result()))
                progress(count)
    finally:  # on Ctrl+C too: no new chunk starts, the workers finish theirs and leave
        pool.shutdown(wait=True, cancel_futures=True)
    return _gathered(jobs, parts)


def _quiet() -> None:
    """A worker leaves Ctrl+C to the command, which stops the run (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_jobs_cluster(
    address: str, jobs: Sequence[Job], progress: Progress
) -> list[list[GameRecord]]:
    """Every job's games on the Dask cluster whose scheduler is at `address` (e.g.
    tcp://host:8786). Its workers need this package installed; the card data travels with the
    work, each snapshot scattered once."""
    from distributed import Client, as_completed

    client: Any = Client(address, timeout="20s")
    try:
        workers = max(1, sum(client.nthreads().values()))
        shipped: dict[str, Any] = {}
        for job in jobs:
            if job.snapshot.digest not in shipped:
                shipped[job.snapshot.digest] = client.scatter(job.snapshot, broadcast=True)
        futures = {}
        for n, start, stop in _pieces(jobs, workers):
            job = jobs[n]
            future = client.submit(
                play_chunk, shipped[job.snapshot.digest], job.game_id, job.bot, job.seed,
                start, stop, job.against, pure=False,
            )  # fmt: skip
            futures[future] = n
        parts = []
        for future in as_completed(list(futures)):
            part = future.result()
            parts.append((futures[future], part))
            progress(len(part))
        return _gathered(jobs, parts)
    finally:
        client.close()


# One run, as the plain report plays it ------------------------------------------------------


def run_here(
    snapshot: Snapshot, game_id: str, bot: str, seed: int, games: int, progress: Progress
) -> list[GameRecord]:
    """Every game in this process, one chunk after another."""
    return run_jobs_here([Job(snapshot, game_id, bot, seed, games)], progress)[0]


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
    return run_jobs_local([Job(snapshot, game_id, bot, seed, games)], workers, progress)[0]


def run_cluster(
    address: str,
    snapshot: Snapshot,
    game_id: str,
    bot: str,
    seed: int,
    games: int,
    progress: Progress,
) -> list[GameRecord]:
    """Every game on the Dask cluster whose scheduler is at `address`."""
    return run_jobs_cluster(address, [Job(snapshot, game_id, bot, seed, games)], progress)[0]
