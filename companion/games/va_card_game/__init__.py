"""VA Card Game, hero duels of attack or block: its rules engine on the seats-and-views protocol."""

from __future__ import annotations

from companion.games.va_card_game.data import VaCardGameData, data_from_game, default_data
from companion.games.va_card_game.rules import VaCardGameRules
from companion.games.va_card_game.state import VaCardGameState

__all__ = [
    "VaCardGameData",
    "VaCardGameRules",
    "VaCardGameState",
    "data_from_game",
    "default_data",
]
