"""Rules-engine core: the protocol every game follows, and the match that drives it.

Pure Python, no UI import: the Streamlit pages only read state, ask for legal actions and call
`Match.play`.
"""

from companion.engine.core import Action, IllegalAction, Match, Rules, Step

__all__ = ["Action", "IllegalAction", "Match", "Rules", "Step"]
