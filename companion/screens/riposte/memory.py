"""Every name Riposte's page keeps in the session, spelled once, and the small memories behind
them: the first of two taps, the cards being entered from the physical deck, and the private
"take this card" screens already seen.

Each memory belongs to a moment (the game and the log's length, and for a tap the seat): any
action played, or undone, leaves it behind, so nothing entered for one player turns up on
another's screen. The "pass the tablet" covers themselves are `companion.screens.keys.COVERS`.
"""

from __future__ import annotations

import streamlit as st

from companion.screens.table.memory import Entered, held, hold

PICK = "rp_pick"  # the first of two taps: (moment, what), what = ("take", slot) or ("draw",)
ENTRY = "rp_entry"  # cards typed in from the physical cards: (moment, {target: [ids]})
SEEN = "rp_seen"  # tokens of private "take this card" screens already seen and put away

Moment = tuple[str, int]  # the game's id and the log's length


ENTERED = Entered(ENTRY)
entry = ENTERED.get  # what has been entered at a moment
put = ENTERED.put  # callback: set one part of the entry at a moment
add = ENTERED.add  # callback: one more card (or character) for a target, at most so many
drop = ENTERED.drop  # forget these parts of the entry, keeping the rest


def picked(moment: Moment) -> tuple | None:
    return held(PICK, moment)  # type: ignore[no-any-return]


def choose(moment: Moment, what: tuple | None) -> None:
    """Callback: remember `what` as tapped first at `moment` (None forgets it)."""
    hold(PICK, moment, what)


def forget_entry() -> None:
    ENTERED.forget()
    st.session_state.pop(PICK, None)


def seen(token: str) -> bool:
    return token in st.session_state.get(SEEN, set())


def put_away(token: str) -> None:
    """Callback: the private screen `token` has been seen; the tablet may move on."""
    st.session_state.setdefault(SEEN, set()).add(token)
