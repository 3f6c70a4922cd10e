"""Bots against bots: `--vs` reports one pairing with its interval, `--ladder` rates every bot of
a game on one scale; the fit itself checked on results whose answer is known."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardgen.balance import ladder
from cardgen.balance.ladder import Pairing

from .conftest import read_csv, run


def test_a_pairing_scores_draws_as_halves_and_gives_its_interval() -> None:
    p = Pairing("app", "random", (1.0, 1.0, 0.5, 0.0, 1.0), 6)
    assert p.wins == 3.5 and p.games == 5 and p.decided == 4 and p.rate == 0.7
    low, high = p.interval()
    assert low < 0.7 < high
    share, _ = p.decided_rate()
    assert share == 0.75


def test_the_fit_recovers_known_odds_and_anchors_random_at_zero() -> None:
    # a beats b 3 to 1 over many games, b beats c 3 to 1, a beats c 9 to 1: strengths 9 : 3 : 1
    def games(first: str, second: str, won: int, lost: int) -> Pairing:
        return Pairing(first, second, (1.0,) * won + (0.0,) * lost, won + lost)

    pairings = [games("a", "b", 750, 250), games("b", "random", 750, 250),
                games("a", "random", 900, 100)]  # fmt: skip
    fit = ladder.strengths(["a", "b", "random"], pairings)
    assert fit["a"] / fit["b"] == pytest.approx(3, rel=0.02)
    assert fit["b"] / fit["random"] == pytest.approx(3, rel=0.02)
    rated = ladder.ratings(["a", "b", "random"], pairings, seed=1)
    assert [r.bot for r in rated] == ["a", "b", "random"]
    by = {r.bot: r for r in rated}
    assert by["random"].elo == 0.0
    assert by["b"].elo == pytest.approx(400 * math.log10(3), rel=0.03)
    assert all(r.low <= r.elo <= r.high for r in rated)
    assert by["a"].games == 2000


def test_a_bot_that_won_every_game_still_gets_a_finite_rating() -> None:
    rated = ladder.ratings(["app", "random"], [Pairing("app", "random", (1.0,) * 20, 20)], 3)
    assert math.isfinite(rated[0].elo) and rated[0].elo > 200
    assert rated[0].high >= rated[0].elo >= rated[0].low


def test_vs_plays_one_bot_against_another_with_seats_alternated(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("riposte", "--bot", "app", "--vs", "random", "--games", 12, "--workers", 1,
                 "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "app against random: app scored" in result.stdout and "of 12 games" in result.stdout
    rows = read_csv(out / "riposte" / "balance-vs" / "pairings.csv")
    assert [(r["first"], r["second"], r["games"]) for r in rows] == [("app", "random", "12")]
    assert (out / "riposte" / "balance-vs" / "report.html").is_file()


def test_the_ladder_rates_every_bot_of_a_game(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("riposte", "--ladder", "--rungs", "app,app-easy,random", "--games", 6,
                 "--workers", 1, "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "ladder (Bradley-Terry" in result.stdout
    rated = read_csv(out / "riposte" / "balance-ladder" / "ladder.csv")
    assert {r["bot"] for r in rated} == {"app", "app-easy", "random"}
    assert next(r for r in rated if r["bot"] == "random")["elo"] == "0.0"
    pairs = read_csv(out / "riposte" / "balance-ladder" / "pairings.csv")
    n = len(rated)
    assert len(pairs) == n * (n - 1) // 2


@pytest.mark.parametrize(("args", "words"), [
    (("moonlighter", "--vs", "random"), "moonlighter is played alone"),
    (("riposte", "--vs", "wizard"), "--vs wizard: no such bot for riposte"),
    (("riposte", "--bot", "app", "--vs", "app"), "a bot against itself"),
    (("riposte", "--vs", "random", "--ladder"), "--vs and --ladder: give one or the other"),
    (("riposte", "--ladder", "--rungs", "app,wizard"), "--rungs app,wizard: name two or more"),
    (("riposte", "--rungs", "app,random"), "--rungs goes with --ladder"),
])  # fmt: skip
def test_bots_against_bots_refuse_in_one_line(tmp_path: Path, args: tuple, words: str) -> None:
    result = run(*args, "--out", tmp_path)
    assert result.exit_code != 0
    said = result.output.strip()
    assert words in said and "\n" not in said and "Traceback" not in said
