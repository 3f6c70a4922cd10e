"""Every name Riposte's page keeps in the session, spelled once, and the small memories behind
them: the first of two taps, the cards being entered from the physical deck, and the private
"take this card" screens already seen.

Each memory belongs to a moment (the game and the log's length, and for a tap the seat): any
action played, or undone, leaves it behind, so nothing entered for one player turns up on
another's screen. The "pass the tablet" covers themselves are `companion.screens.keys.COVERS`.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.screens.keys import COVERS

PICK = "rp_pick"  # the first of two taps: (moment, what), what = ("take", slot) or ("draw",)
ENTRY = "rp_entry"  # cards typed in from the physical cards: (moment, {target: [ids]})
SEEN = "rp_seen"  # tokens of private "take this card" screens already seen and put away

Moment = tuple[str, int]  # the game's id and the log's length


def picked(moment: Moment) -> tuple | None:
    pick = st.session_state.get(PICK)
    if not pick or pick[0] != moment:
        return None
    return pick[1]


def choose(moment: Moment, what: tuple | None) -> None:
    """Callback: remember `what` as tapped first at `moment` (None forgets it)."""
    if what is None:
        st.session_state.pop(PICK, None)
    else:
        st.session_state[PICK] = (moment, what)


def entry(moment: Moment) -> dict[str, Any]:
    """What has been entered at `moment`; anything entered at another moment is dropped."""
    kept = st.session_state.get(ENTRY)
    if not kept or kept[0] != moment:
        st.session_state.pop(ENTRY, None)
        return {}
    return kept[1]


def put(moment: Moment, target: str, value: Any) -> None:
    """Callback: set one part of the entry at `moment`."""
    kept = dict(entry(moment))
    kept[target] = value
    st.session_state[ENTRY] = (moment, kept)


def add(moment: Moment, target: str, value: str, most: int) -> None:
    """Callback: one more card (or character) for `target`, at most `most` of them."""
    listed = list(entry(moment).get(target, []))
    if len(listed) < most:
        put(moment, target, [*listed, value])


def drop(targets: tuple[str, ...]) -> None:
    """Forget these parts of the entry (the cards to enter again), keeping the rest."""
    kept = st.session_state.get(ENTRY)
    if kept:
        st.session_state[ENTRY] = (kept[0], {k: v for k, v in kept[1].items() if k not in targets})


def forget_entry() -> None:
    st.session_state.pop(ENTRY, None)
    st.session_state.pop(PICK, None)


def uncover(token: str) -> None:
    """The cover `token` counts as passed: its player already holds the tablet."""
    st.session_state.setdefault(COVERS, set()).add(token)


def seen(token: str) -> bool:
    return token in st.session_state.get(SEEN, set())


def put_away(token: str) -> None:
    """Callback: the private screen `token` has been seen; the tablet may move on."""
    st.session_state.setdefault(SEEN, set()).add(token)
