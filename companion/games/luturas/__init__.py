"""Luturas, the Crystal-and-Gear card duel: its rules engine on the seats-and-views protocol."""

from __future__ import annotations

from companion.games.luturas.data import LuturasData, data_from_game, default_data
from companion.games.luturas.rules import LuturasRules
from companion.games.luturas.state import LuturasState

__all__ = ["LuturasData", "LuturasRules", "LuturasState", "data_from_game", "default_data"]
