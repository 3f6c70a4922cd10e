"""Seeded runs: the same seed plays the same games, however the work is split, on every game."""

from __future__ import annotations

import pytest

from cardgen.balance.adapters import ADAPTERS
from cardgen.balance.play import game_seed
from cardgen.balance.snapshot import from_folder
from cardgen.balance.workers import chunks, play_chunk, run_here, run_local

from .conftest import SHIPPED


def ignore(n: int) -> None:
    pass


@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
def test_every_game_plays_reproducibly(game_id: str) -> None:
    data = from_folder(SHIPPED / game_id)
    bot = "app-easy" if game_id == "riposte" else ADAPTERS[game_id].default_bot
    first = run_here(data, game_id, bot, 11, 3, ignore)
    again = run_here(data, game_id, bot, 11, 3, ignore)
    assert first == again
    assert [r.index for r in first] == [0, 1, 2]
    assert all(r.length > 0 for r in first)
    assert any(r.played != first[0].played or r.owned != first[0].owned for r in first[1:])
    if not ADAPTERS[game_id].solo:
        assert all(r.finished for r in first)
        assert all(r.first in (0, 1) for r in first)


def test_a_game_is_the_same_game_whatever_the_chunk_it_is_played_in() -> None:
    data = from_folder(SHIPPED / "vita_luna")
    whole = play_chunk(data, "vita_luna", "app", 5, 0, 6)
    pieces = play_chunk(data, "vita_luna", "app", 5, 3, 6) + play_chunk(
        data, "vita_luna", "app", 5, 0, 3
    )
    assert sorted(pieces, key=lambda r: r.index) == whole


def test_another_seed_plays_other_games() -> None:
    data = from_folder(SHIPPED / "va_card_game")
    assert play_chunk(data, "va_card_game", "app", 1, 0, 4) != play_chunk(
        data, "va_card_game", "app", 2, 0, 4
    )


def test_game_seeds_differ_by_index_and_master_seed() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**63 for s in seeds)


def test_chunks_cover_every_game_once() -> None:
    for games in (1, 7, 100, 10_001):
        for workers in (1, 2, 8):
            parts = chunks(games, workers)
            assert [i for a, b in parts for i in range(a, b)] == list(range(games))


def test_two_local_processes_give_the_single_process_figures() -> None:
    data = from_folder(SHIPPED / "vita_luna")
    alone = run_here(data, "vita_luna", "app", 3, 12, ignore)
    done: list[int] = []
    split = run_local(data, "vita_luna", "app", 3, 12, 2, done.append)
    assert split == alone
    assert sum(done) == 12 and len(done) > 1


def test_the_lead_is_followed_action_by_action() -> None:
    from cardgen.balance.play import _Tally

    tally = _Tally(ADAPTERS["riposte"])
    margins = [0, 1, 2, 0, -1, -2, 0, 3, 1]  # seat 0 ahead, level, seat 1 ahead, seat 0 again
    for length, margin in enumerate(margins, start=1):
        tally.follow_lead(margin, length)
    assert tally.lead_changes == 2
    assert tally.settled(0, len(margins)) == pytest.approx(8 / 9)  # ahead for good after 8
    assert tally.settled(1, len(margins)) == 1.0  # the winner never led at the end
    assert tally.settled(None, len(margins)) is None


def test_skill_games_alternate_the_seats_and_the_app_beats_random() -> None:
    data = from_folder(SHIPPED / "vita_luna")
    records = play_chunk(data, "vita_luna", "app", 5, 0, 12, "random")
    assert [r.strong for r in records] == [i % 2 for i in range(12)]
    won = sum(r.winner == r.strong for r in records if r.finished)
    assert won >= 9  # a random player seldom beats the app
    plain = play_chunk(data, "vita_luna", "app", 5, 0, 3)
    assert all(r.strong is None for r in plain)
    assert any(r.lead_changes > 0 for r in records + plain)
    assert all(r.settled is None or 0.0 <= r.settled <= 1.0 for r in records + plain)
