"""The figures of a balance run, checked against counts made by hand."""

from __future__ import annotations

import math
import statistics
from dataclasses import replace

import pytest

from cardgen.balance.play import GameRecord
from cardgen.balance.stats import Rate, compare, figures, wilson


def record(index, winner, first, played, owned=None, length=10, effects=(), finished=True,
           depth=None):  # fmt: skip
    return GameRecord(index, finished, winner, first, length, played, owned or played,
                      tuple(effects), depth)  # fmt: skip


def test_wilson_matches_the_published_interval() -> None:
    # Wilson score interval of 5 successes in 10 trials (Newcombe 1998, table I, example 2).
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.16 < high < 0.17
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_interval_narrows_as_games_grow() -> None:
    small, large = wilson(6, 10), wilson(600, 1000)
    assert small[1] - small[0] > large[1] - large[0]
    assert small[0] < 0.6 < small[1] and large[0] < 0.6 < large[1]


GAMES = [
    # seat 0 plays wolf and rat, seat 1 plays rat and fox
    record(0, 0, 0, (("wolf", "rat"), ("rat", "fox")), effects=(("burn", 1),), length=12),
    record(1, 0, 1, (("wolf",), ("fox",)), effects=(("burn", 2), ("heal", 1)), length=20),
    record(2, 1, 0, (("rat",), ("wolf",)), length=8),
    record(3, None, 1, (("wolf",), ("rat",)), length=30),  # a draw: half a win each
    record(4, None, None, (("fox",), ("wolf",)), finished=False, length=99),  # left out
]


def test_card_rates_match_a_hand_count() -> None:
    fig = figures("g", "G", "app", 1, False, {"wolf": "Wolf"}, GAMES)
    played = {c.card: c for c in fig.cards if c.measure == "played"}
    # wolf: game 0 seat 0 won, game 1 seat 0 won, game 2 seat 1 won, game 3 drew -> 3.5 of 4
    assert (played["wolf"].result.wins, played["wolf"].result.games) == (3.5, 4)
    assert played["wolf"].name == "Wolf"
    # rat: game 0 seat 0 won and seat 1 lost, game 2 seat 0 lost, game 3 seat 1 drew -> 1.5 of 4
    assert (played["rat"].result.wins, played["rat"].result.games) == (1.5, 4)
    # fox: game 0 seat 1 lost, game 1 seat 1 lost -> 0 of 2 (game 4 did not finish)
    assert (played["fox"].result.wins, played["fox"].result.games) == (0.0, 2)
    assert fig.games == 5 and fig.finished == 4 and fig.draws == 1
    assert fig.mean == 0.5
    # the first player: game 0 seat 0 won, game 1 seat 1 lost, game 2 seat 0 lost, game 3 drew
    assert fig.first is not None and (fig.first.wins, fig.first.games) == (1.5, 4)
    assert fig.lengths == (12, 20, 8, 30, 99)
    effects = {name: (n, per) for name, n, per in fig.effects}
    assert effects == {"burn": (3, 3 / 5), "heal": (1, 1 / 5)}


def test_an_outlier_needs_its_whole_interval_away_from_the_mean() -> None:
    strong = [record(i, 0, 0, (("ace",), ("pip",))) for i in range(40)]
    even = [record(40 + i, i % 2, 0, (("ace", "pip"), ("pip",))) for i in range(40)]
    fig = figures("g", "G", "app", 1, False, {}, strong + even)
    flags = {(c.card, c.measure): c.flag for c in fig.cards}
    assert flags[("ace", "played")] == "strong"
    assert flags[("pip", "played")] == "weak"
    assert [c.card for c in fig.outliers][:2] == ["ace", "ace"]


def test_a_few_games_never_make_an_outlier() -> None:
    fig = figures(
        "g", "G", "app", 1, False, {}, [record(i, 0, 0, (("ace",), ())) for i in range(5)]
    )
    assert fig.outliers == []


def test_solo_runs_give_survival_by_depth() -> None:
    runs = [record(0, None, None, (("pawn_white",),), depth=1),
            record(1, None, None, (("pawn_red",),), depth=2),
            record(2, 0, None, (("pawn_red",),), depth=3),  # won in the last dungeon
            record(3, None, None, (("pawn_red",),), depth=3)]  # fmt: skip
    fig = figures("m", "M", "random", 1, True, {}, runs)
    assert fig.depth == ((1, 4, 3), (2, 3, 2), (3, 2, 1))
    assert (fig.seats[0].wins, fig.seats[0].games) == (1.0, 4)
    red = next(c for c in fig.cards if c.card == "pawn_red" and c.measure == "played")
    assert red.depth == pytest.approx(8 / 3)


def test_a_comparison_finds_the_card_that_changed() -> None:
    before = figures("g", "G", "app", 1, False, {}, [record(i, i % 2, 0, (("wolf",), ("rat",)))
                                                      for i in range(200)])  # fmt: skip
    after = figures("g", "G", "app", 1, False, {}, [record(i, 0 if i % 5 else 1, 0,
                                                           (("wolf",), ("rat",)))
                                                    for i in range(200)])  # fmt: skip
    changes = compare(before, after)
    assert changes[0].card in ("wolf", "rat") and changes[0].is_clear
    wolf = next(c for c in changes if c.card == "wolf" and c.measure == "played")
    assert wolf.delta == pytest.approx(0.8 - 0.5)
    assert wolf.z is not None and wolf.z > 1.96


def test_rate_of_nothing_is_zero() -> None:
    assert Rate(0, 0).rate == 0.0 and not math.isnan(Rate(0, 0).interval[0])


# --- the correction for many tests, and the measures beside per-card rates ----------------------


def test_benjamini_hochberg_adjusts_as_the_textbook_example() -> None:
    from cardgen.balance.measures import adjusted

    p = [0.01, 0.04, 0.03, 0.005, 0.5]
    # sorted: 0.005, 0.01, 0.03, 0.04, 0.5 -> x5/1, x5/2, x5/3, x5/4, x5/5, then running minimum
    expected = [0.025, 0.05, 0.05, 0.025, 0.5]
    assert adjusted(p) == pytest.approx(expected)


def test_the_score_p_value_agrees_with_the_wilson_interval() -> None:
    from cardgen.balance.measures import score_p

    for wins, n, mean in ((30, 50, 0.45), (60, 100, 0.5), (61, 100, 0.5), (5, 40, 0.3)):
        low, high = wilson(wins, n)
        assert (score_p(wins, n, mean) < 0.05) == (not low <= mean <= high)


def _noisy_records(seed: int) -> list[GameRecord]:
    """Forty cards that do nothing: each seat gets ten at random and wins a coin toss."""
    import random as rnd

    rng = rnd.Random(seed)
    cards = [f"c{i}" for i in range(40)]
    out = []
    for i in range(400):
        hands = tuple(tuple(sorted(rng.sample(cards, 10))) for _ in range(2))
        out.append(GameRecord(i, True, rng.randrange(2), 0, 10, hands, hands, (), None, hands))
    return out


def test_cards_that_do_nothing_are_not_flagged_after_correction() -> None:
    """Twenty runs of cards that do nothing: at 95% each, several cards miss their kind's rate
    in most runs; after the correction at most about one run in twenty flags anything."""
    missed = alarmed = 0
    for seed in range(20):
        fig = figures("g", "G", "app", seed, False, {}, _noisy_records(seed))
        assert fig.tests == 120  # 40 cards x 3 measures
        missed += fig.uncorrected > 0
        alarmed += bool(fig.outliers)
    assert missed >= 10
    assert alarmed <= 2


def test_a_real_outlier_survives_the_correction() -> None:
    records = _noisy_records(1)
    boosted = [replace(r, winner=0 if "c0" in r.dealt[0] else r.winner) for r in records]
    fig = figures("g", "G", "app", 1, False, {}, boosted)
    assert {c.card for c in fig.strong} == {"c0"}
    c0 = next(c for c in fig.cards if c.card == "c0" and c.measure == "dealt")
    assert c0.q is not None and c0.q < 0.05 and c0.p is not None and c0.p <= c0.q


def test_the_game_measures_are_counted_from_the_records() -> None:
    records = [GameRecord(i, True, None if i == 0 else i % 2, 0, 10 + 2 * i, ((), ()), ((), ()),
                          (), None, (), lead_changes=i % 3, settled=0.5) for i in range(8)]  # fmt: skip
    fig = figures("g", "G", "app", 1, False, {}, records, lead=True)
    m = fig.measures
    assert m is not None
    assert m.draws == pytest.approx(1 / 8)
    assert m.lead_changes == pytest.approx(sum(i % 3 for i in range(8)) / 8)
    assert m.comebacks == pytest.approx(5 / 8)
    assert m.length_sd == pytest.approx(statistics.pstdev([10 + 2 * i for i in range(8)]))
    assert m.settled == 0.5
