"""The registry's playable games as OpenSpiel games, and search bots by game id.

`register_all()` registers every engine the companion lists as playable (a new game is covered by
registering it in `companion.registry`); `make_bot(game_id, seat, level, seed)` is the search
player the balance simulator and the app use.
"""

from __future__ import annotations

from typing import Any

from companion.ai.search import LEVELS, SearchOpponent
from companion.ai.spiel_game import EngineGame, load, register
from companion.engine.opponents import Opponent
from companion.engine.seats import Seat
from companion.registry import GameEntry, entry, games


def playable() -> list[GameEntry]:
    return [game for game in games() if game.playable]


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


def heuristic(game_id: str, seat: Seat) -> Opponent:
    """The app's own rules-of-thumb opponent of `game_id`, at its strongest, in `seat`: what
    the search is measured against (benchmarks/bench_ai.py)."""
    if game_id == "vita_luna":
        from companion.games.vita_luna.opponent import VitaLunaOpponent

        return VitaLunaOpponent(seat)
    if game_id == "riposte":
        from companion.games.riposte.opponent import RiposteOpponent

        return RiposteOpponent(seat, "strong")
    if game_id == "va_card_game":
        from companion.games.va_card_game.opponent import VaOpponent

        return VaOpponent(seat, "strong")
    if game_id == "luturas":
        from companion.games.luturas.opponent import LuturasOpponent

        return LuturasOpponent(seat, "strong")
    raise ValueError(f"no heuristic opponent for {game_id!r}")
