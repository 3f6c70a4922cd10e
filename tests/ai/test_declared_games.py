"""Declared games (`companion.games.declared`) as OpenSpiel games, unchanged: registered with the
others, through OpenSpiel's own random-simulation test, and played to the end by search bots."""

from __future__ import annotations

from pathlib import Path

import pyspiel
import pytest

from companion.ai.catalogue import load_game, make_bot, register_all
from companion.ai.duel import duel
from companion.registry import entry
from tests.companion.declared_games import write_all

TWO_SEATS = ("duel", "clash")


@pytest.fixture
def declared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = write_all(tmp_path / "data")
    monkeypatch.setenv("CARDGEN_DATA", str(root))
    return root


def test_declared_games_are_registered_beside_the_shipped_ones(declared: Path) -> None:
    names = register_all()
    assert {"cardgen_duel", "cardgen_clash", "cardgen_solo"} <= set(names)
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game_id", ["duel", "clash", "solo"])
def test_openspiel_random_simulation_passes(declared: Path, game_id: str) -> None:
    for cards in ("app", "table"):
        game = load_game(game_id, {"cards": cards})
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", TWO_SEATS)
def test_search_bots_play_a_declared_game_to_its_end(declared: Path, game_id: str) -> None:
    game = entry(game_id)
    assert game is not None and game.rules is not None
    bots = {seat: make_bot(game_id, seat, "easy", seed=seat) for seat in (0, 1)}
    result = duel(game.rules(), bots, seed=2)
    assert result.over
