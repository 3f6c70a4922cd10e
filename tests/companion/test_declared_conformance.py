"""The conformance suite over declared games (`companion.games.declared`): a duel in turn, a
clash of sealed cards chosen at once, a solo race; each option of its "New game" card in turn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.engine import Match
from companion.registry import GameEntry, entry, games

from .declared_games import TABLES, write_all
from .engine_checks import declares_reveals
from .test_conformance import check_end, option_sets, play_out

PLAYOUTS = 24


@pytest.fixture(scope="module")
def declared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_all(tmp_path_factory.mktemp("declared"))


@pytest.fixture
def declared(declared_root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDGEN_DATA", str(declared_root))
    return declared_root


def found(game_id: str) -> GameEntry:
    game = entry(game_id)
    assert game is not None and game.playable and game.page == "declared"
    return game


def test_declared_games_are_listed_after_the_shipped_ones(declared: Path) -> None:
    ids = [g.id for g in games()]
    assert ids[:5] == ["moonlighter", "vita_luna", "va_card_game", "luturas", "riposte"]
    assert sorted(ids[5:]) == sorted(TABLES)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_random_playouts_keep_the_protocol(declared: Path, game_id: str) -> None:
    game = found(game_id)
    sets = option_sets(game)
    revealed: list[int] = []
    for index in range(PLAYOUTS):
        match = play_out(game, sets[index % len(sets)], index, None, revealed)
        check_end(match, random.Random(index))
    if declares_reveals(game.rules()) and game_id == "clash":
        assert revealed, "the clash reveals sealed cards, but none were revealed"


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_game_reaches_its_declared_end(declared: Path, game_id: str) -> None:
    game = found(game_id)
    for seed, options in enumerate(option_sets(game)):
        match = Match.start(game.rules(), options, seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            legal = match.rules.legal_actions(match.state)
            if not legal:
                break
            match.play(rng.choice(legal))
        assert match.outcome().over, f"{game_id} {options}: no end in 2000 actions"
