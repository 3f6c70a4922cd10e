"""The registry's playable games as OpenSpiel games, and search bots by game id.

`register_all()` registers every engine the companion lists as playable (a new game is covered by
registering it in `companion.registry`); `make_bot(game_id, seat, level, seed)` is the search
player the balance simulator and the app use.
"""

from __future__ import annotations

from typing import Any

from companion.ai.search import LEVELS, SearchOpponent
from companion.ai.spiel_game import EngineGame, load, register
from companion.engine.seats import Seat
from companion.registry import GAMES, GameEntry, entry


def playable() -> list[GameEntry]:
    return [game for game in GAMES if game.playable]


def register_all() -> list[str]:
    """Register every playable engine with OpenSpiel; their short names (`cardgen_<id>`)."""
    return [register(game) for game in playable()]


def _playable(game_id: str) -> GameEntry:
    found = entry(game_id)
    if found is None or not found.playable:
        known = ", ".join(g.id for g in playable())
        raise ValueError(f"no playable game {game_id!r} (one of {known})")
    return found


def load_game(game_id: str, options: dict[str, Any] | None = None) -> EngineGame:
    """Game `game_id` as a loaded OpenSpiel game with the registry's `options`."""
    return load(_playable(game_id), options)


def make_bot(
    game_id: str,
    seat: Seat,
    level: str = "hard",
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> SearchOpponent:
    """A search player for `seat` of `game_id` at `level` (easy, normal or hard): an `Opponent`
    (`choose(view, legal, rng)`) that sees only that seat's view. `seed` and the random source
    handed to `choose` decide its draws, so a seeded simulation replays exactly."""
    game = _playable(game_id)
    if level not in LEVELS:
        raise ValueError(f"search level is one of {', '.join(LEVELS)}, not {level!r}")
    return SearchOpponent(game, seat, level, dict(options or {}), seed)
