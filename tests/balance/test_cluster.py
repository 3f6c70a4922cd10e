"""On a real Dask cluster of two worker processes, the figures equal the single-process run's."""

from __future__ import annotations

import pytest

from cardgen.balance.snapshot import from_folder
from cardgen.balance.stats import figures
from cardgen.balance.workers import run_cluster, run_here

from .conftest import SHIPPED

distributed = pytest.importorskip("distributed")


@pytest.mark.slow
def test_a_two_worker_cluster_plays_the_same_games() -> None:
    data = from_folder(SHIPPED / "vita_luna")
    alone = run_here(data, "vita_luna", "app", 9, 24, lambda n: None)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        done: list[int] = []
        spread = run_cluster(cluster.scheduler_address, data, "vita_luna", "app", 9, 24,
                             done.append)  # fmt: skip
        workers = len(cluster.scheduler_info["workers"])
    assert workers == 2
    assert spread == alone
    assert sum(done) == 24
    before = figures("vita_luna", "Vita Luna", "app", 9, False, {}, alone)
    after = figures("vita_luna", "Vita Luna", "app", 9, False, {}, spread)
    assert before == after
