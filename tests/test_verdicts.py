"""A strength test that stops early gives the verdict all its games would give."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardgen.balance.stats import wilson

from .verdicts import DRAWN, LOST, WON, settle

OUTCOMES = st.lists(st.sampled_from([WON, DRAWN, LOST]), min_size=1, max_size=40)


def full(outcomes: list[int]) -> tuple[int, int]:
    return outcomes.count(WON), outcomes.count(LOST)


@given(OUTCOMES, st.integers(0, 40))
def test_at_least_so_many_wins_is_decided_as_all_the_games_decide_it(outcomes, needed):
    def passes(won: int, lost: int) -> bool:
        return won >= needed

    played: list[int] = []
    passed, tally = settle(len(outcomes), lambda i: played.append(i) or outcomes[i], passes)
    assert passed == passes(*full(outcomes))
    assert played == list(range(tally.played))  # in order, each once, no further than needed


@given(OUTCOMES)
def test_more_won_than_lost_and_an_interval_are_decided_the_same(outcomes):
    games = len(outcomes)
    for passes in (
        lambda won, lost: won > lost,
        lambda won, lost: wilson(won, games)[0] >= 0.5,
    ):
        passed, _ = settle(games, lambda i: outcomes[i], passes)
        assert passed == passes(*full(outcomes))


def test_seven_of_ten_stops_at_the_seventh_win_or_the_fourth_loss():
    passed, tally = settle(10, lambda i: WON, lambda won, lost: won >= 7)
    assert passed and tally.played == 7
    passed, tally = settle(10, lambda i: LOST, lambda won, lost: won >= 7)
    assert not passed and tally.played == 4
    assert str(tally) == "0 won, 4 lost, 0 drawn of the first 4 of 10 games"
