"""Sweeps and searches as a designer runs them: the pages and CSV files they write, and figures
that move the way the rules say they must."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from cardgen.balance.snapshot import from_folder, load
from cardgen.balance.stats import CardFigure, Figures, Rate
from cardgen.balance.sweep import Point, Tune
from cardgen.balance.variants import find

from .conftest import SHIPPED, copy_game, read_csv, run, set_cell


@pytest.mark.slow
def test_a_damage_to_win_sweep_shows_longer_games_and_the_first_players_edge(
    tmp_path: Path,
) -> None:
    """The issue's check: in a copy, damage to win is 15; sweep it from 10 to 15."""
    game = copy_game("riposte", tmp_path / "designer")
    set_cell(game / "rule_numbers.csv", "damage_to_win", "value", "15")
    out = tmp_path / "out"
    result = run(game, "--vary", "damage_to_win=10..15", "--games", 12, "--out", out)
    assert result.exit_code == 0, result.output
    folder = out / "riposte" / "balance-vary-damage_to_win"
    rows = {int(r["value"]): r for r in read_csv(folder / "sweep.csv")}
    assert sorted(rows) == [10, 11, 12, 13, 14, 15]
    # Cato's third threshold (10) must lie below damage to win: 10 is not played, and says why.
    assert rows[10]["played"] == "no" and "threshold_3" in rows[10]["not_played_because"]
    played = [rows[v] for v in range(11, 16)]
    assert all(r["games"] == "12" for r in played)
    lengths = [float(r["length_mean"]) for r in played]
    assert lengths[-1] > lengths[0] + 15  # more damage to win, longer games (same seeds)
    assert sum(b > a for a, b in itertools.pairwise(lengths)) >= 3
    for r in played:
        assert float(r["first_low"]) <= float(r["first_player_win_rate"]) <= float(r["first_high"])
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "The first player's edge" in page and "<h2>Game length</h2>" in page
    assert page.count("<svg") >= 3
    assert "10: damage_to_win=10: the data is not valid then" in page
    cards = read_csv(folder / "sweep_cards.csv")
    assert {r["card"] for r in cards} >= {"cato", "orsa"}  # the characters cite it in bounds
    assert "12 games at each, 60 played" in result.stdout
    assert (out / "riposte" / "balance").exists() is False  # the plain report is not touched


@pytest.mark.slow
def test_tuning_the_wolfs_attack_names_a_value(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("vita_luna", "--tune", "creature.wolf.attack", "--games", 16, "--out", out)
    assert result.exit_code == 0, result.output
    rows = read_csv(out / "vita_luna" / "balance-tune-creature.wolf.attack" / "tune.csv")
    assert [int(r["value"]) for r in rows] == list(range(10))
    closest = [r for r in rows if r["closest"] == "yes"]
    assert len(closest) == 1
    value = closest[0]["value"]
    assert result.stdout.startswith(f"Wolf's attack: {value} ")
    fitted = [float(r["fitted_gap"]) for r in rows]
    rising = all(b >= a - 1e-9 for a, b in itertools.pairwise(fitted))
    falling = all(b <= a + 1e-9 for a, b in itertools.pairwise(fitted))
    assert rising or falling
    assert abs(float(closest[0]["fitted_gap"])) == pytest.approx(min(abs(f) for f in fitted))


def _point(value: int, wins: float, mean: float = 0.5) -> Point:
    card = CardFigure("wolf", "Wolf", "dealt", Rate(wins, 100), "creature black", mean)
    fig = Figures("g", "G", "app", 1, 100, 100, 0, False, 0.5, (card,), None, (), (), (), ())
    return Point(value, fig)


def test_the_search_fits_a_monotone_curve_so_one_lucky_value_does_not_choose() -> None:
    target = find(load(from_folder(SHIPPED / "vita_luna")), "creature.wolf.attack")
    # The rate climbs with attack; at 1 a lucky run lands exactly on the kind's rate.
    wins = {0: 30, 1: 50, 2: 38, 3: 44, 4: 49, 5: 56, 6: 62}
    tune = Tune(target, "dealt", 100, tuple(_point(v, w) for v, w in wins.items()))
    fitted = tune.smoothed()
    assert [fitted[v] for v in sorted(fitted)] == sorted(fitted.values())
    best = tune.best
    assert best is not None and best.value == 4  # not 1, the lucky one
    assert tune.fits(best)
