"""The small memories a card game's page keeps in the session between two taps: the first of two
taps, a choice waiting for its confirmation, the cards being entered from the physical decks.

Each memory belongs to a moment (the game and the log's length, and for a choice the seat): any
action played, or undone, leaves it behind, so nothing entered for one player turns up on
another's screen. Each page spells its own session keys (`rp_pick`, `va_entry` ...).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import streamlit as st


def held(key: str, moment: Hashable) -> Any:
    """What is kept under `key` for `moment`, or None if it was kept for another."""
    kept = st.session_state.get(key)
    if not kept or kept[0] != moment:
        return None
    return kept[1]


def hold(key: str, moment: Hashable, what: Any) -> None:
    """Callback: keep `what` under `key` for `moment` (None forgets it)."""
    if what is None:
        st.session_state.pop(key, None)
    else:
        st.session_state[key] = (moment, what)


class Entered:
    """The cards typed in from the physical decks at one moment, under one session key: a dict
    of target (a player's hand, the row ...) to what was entered for it."""

    def __init__(self, key: str) -> None:
        self.key = key

    def get(self, moment: Hashable) -> dict[str, Any]:
        """What has been entered at `moment`; anything entered at another moment is dropped."""
        kept = st.session_state.get(self.key)
        if not kept or kept[0] != moment:
            st.session_state.pop(self.key, None)
            return {}
        return kept[1]  # type: ignore[no-any-return]

    def put(self, moment: Hashable, target: str, value: Any) -> None:
        """Callback: set one part of the entry at `moment`."""
        kept = dict(self.get(moment))
        kept[target] = value
        st.session_state[self.key] = (moment, kept)

    def add(self, moment: Hashable, target: str, value: str, most: int) -> None:
        """Callback: one more card for `target`, at most `most` of them."""
        listed = list(self.get(moment).get(target, []))
        if len(listed) < most:
            self.put(moment, target, [*listed, value])

    def drop(self, targets: tuple[str, ...]) -> None:
        """Forget these parts of the entry (the cards to enter again), keeping the rest."""
        kept = st.session_state.get(self.key)
        if kept:
            rest = {k: v for k, v in kept[1].items() if k not in targets}
            st.session_state[self.key] = (kept[0], rest)

    def forget(self) -> None:
        st.session_state.pop(self.key, None)
