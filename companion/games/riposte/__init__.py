"""Riposte, the clash game: its rules engine on the seats-and-views protocol."""

from __future__ import annotations

from companion.games.riposte.data import RiposteData, data_from_game, default_data
from companion.games.riposte.rules import RiposteRules
from companion.games.riposte.state import RiposteState

__all__ = ["RiposteData", "RiposteRules", "RiposteState", "data_from_game", "default_data"]
