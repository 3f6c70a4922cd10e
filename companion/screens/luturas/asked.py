"""An action waiting for the cards it will take from a real Deck (cards "table").

With the table's cards, a tap on an action whose effects draw or look at unseen cards (see
`companion.games.luturas.entering`) does not play it at once: the action is kept here for the
moment it was tapped at (the game and the log's length), and the page asks which cards came up
(`entry.effect_cards`). Any action played or undone in between leaves it behind, like the cards
entered for a draw.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

Action = dict[str, Any]
ASKED = "lt_asked"  # (moment, the action waiting for its cards)

Moment = tuple[str, int]


def start(at: Moment, action: Action) -> None:
    """Callback: `action` waits for its cards."""
    st.session_state[ASKED] = (at, dict(action))


def waiting(at: Moment) -> Action | None:
    """The action waiting for its cards at `at`, if any (one from another moment is dropped)."""
    held = st.session_state.get(ASKED)
    if not held or held[0] != at:
        st.session_state.pop(ASKED, None)
        return None
    return dict(held[1])


def cancel() -> None:
    """Callback: the action is not played after all."""
    st.session_state.pop(ASKED, None)
