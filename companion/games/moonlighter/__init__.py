"""Moonlighter, the solo dungeon crawl: rules engine (pure Python, no UI import).

Game constants come from card_data/moonlighter/ (`data.py`); decisions the seed left open are
listed in card_data/moonlighter/clarifications.csv and enforced here.
"""

from companion.games.moonlighter.data import MoonlighterData, data_from_game, default_data
from companion.games.moonlighter.rules import MoonlighterRules
from companion.games.moonlighter.state import MoonlighterState, Phase, Room

__all__ = [
    "MoonlighterData",
    "MoonlighterRules",
    "MoonlighterState",
    "Phase",
    "Room",
    "data_from_game",
    "default_data",
]
