"""`cardgen balance` on games that declare their table: the one declared engine plays them, the
app's rules of thumb against random, a solo race by a random player, seat 0 starting."""

from __future__ import annotations

from pathlib import Path

from cardgen.balance.snapshot import from_folder
from cardgen.balance.workers import play_chunk
from tests.companion.declared_games import write_all

from .conftest import read_csv, run


def test_a_declared_duel_is_balanced_by_the_declared_engine(tmp_path: Path) -> None:
    root, out = write_all(tmp_path / "data"), tmp_path / "out"
    result = run("duel", "--data", root, "--games", 40, "--seed", 2, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    assert "Duel: 40 games" in result.stdout and "app beats random" in result.stdout
    summary = {r["figure"]: r["value"] for r in read_csv(out / "duel" / "balance" / "summary.csv")}
    records = play_chunk(from_folder(root / "duel"), "duel", "app", 2, 0, 40)
    assert all(r.finished and r.first == 0 for r in records)
    firsts = sum(r.winner == 0 for r in records) / 40
    assert float(summary["first player win rate"]) == firsts
    played = {card for r in records for seat in r.played for card in seat}
    assert played <= {"wolf", "bear", "imp", "dragon"} and played


def test_a_declared_solo_race_and_a_sealed_clash_run_too(tmp_path: Path) -> None:
    root = write_all(tmp_path / "data")
    for game_id in ("solo", "clash"):
        out = tmp_path / game_id
        result = run(game_id, "--data", root, "--games", 20, "--workers", 1, "--out", out)
        assert result.exit_code == 0, result.output
        assert (out / game_id / "balance" / "report.html").is_file()
