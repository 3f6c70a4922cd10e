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


@pytest.mark.slow
def test_a_sweep_on_the_cluster_has_the_same_figures_as_here() -> None:
    """Item 5: the sweep's jobs (several data variants at once) on two Dask workers."""
    from cardgen.balance.adapters import ADAPTERS
    from cardgen.balance.snapshot import load
    from cardgen.balance.sweep import Setting, sweep
    from cardgen.balance.variants import find
    from cardgen.balance.workers import run_jobs_cluster, run_jobs_here

    data = from_folder(SHIPPED / "riposte")
    game = load(data)
    adapter = ADAPTERS["riposte"]
    setting = Setting(adapter, game, data, "app-easy", 3, 6, {}, adapter.groups(game))
    target = find(game, "damage_to_win")
    here = sweep(setting, target, [11, 12, 14], lambda jobs, label: run_jobs_here(jobs, ignore))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        there = sweep(setting, target, [11, 12, 14],
                      lambda jobs, label: run_jobs_cluster(address, jobs, ignore))  # fmt: skip
    assert here == there
    lengths = [sum(p.figures.lengths) for p in here.points if p.figures is not None]
    assert lengths[0] < lengths[-1]  # 14 damage to win takes longer to reach than 11


def ignore(n: int) -> None:
    pass
