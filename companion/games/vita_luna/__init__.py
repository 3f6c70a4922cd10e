"""Vita Luna, the two-player animal card battle: rules engine (pure Python, no UI import).

Game constants come from card_data/vita_luna/ (`data.py`); decisions the seed left open are
listed in card_data/vita_luna/clarifications.csv and enforced here.
"""

from companion.games.vita_luna.data import VitaLunaData, data_from_game, default_data
from companion.games.vita_luna.rules import VitaLunaRules
from companion.games.vita_luna.state import Phase, VitaLunaState

__all__ = [
    "Phase",
    "VitaLunaData",
    "VitaLunaRules",
    "VitaLunaState",
    "data_from_game",
    "default_data",
]
