"""Rules-engine core: the protocol every game follows, seats, and the match that drives it.

Pure Python, no UI import: the Streamlit pages only read a seat's view, ask for legal actions
and call `Match.play`.
"""

from companion.engine.core import Action, Entry, IllegalAction, Match, Rules, Step
from companion.engine.seats import CHANCE, HIDDEN, Outcome, Seat, SeatedRules

__all__ = [
    "CHANCE",
    "HIDDEN",
    "Action",
    "Entry",
    "IllegalAction",
    "Match",
    "Outcome",
    "Rules",
    "Seat",
    "SeatedRules",
    "Step",
]
