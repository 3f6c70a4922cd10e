"""Every name VA Card Game's page keeps in the session, spelled once, and the small memories behind
them: a choice waiting for its confirmation tap (a stance, an opening hero and its equipment), and
the cards being entered from the physical decks.

Each memory belongs to a moment (the game, the log's length and the seat choosing): any action
played, or undone, leaves it behind, so nothing chosen or entered for one player turns up on the
other's screen. The "pass the tablet" covers themselves are `companion.screens.keys.COVERS`.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.screens.keys import FLASH
from companion.screens.table.memory import Entered, held

CHOICE = "va_choice"  # a choice before its confirmation tap: (moment, {what: value})
ENTRY = "va_entry"  # cards typed in from the physical decks: ((game, length), {target: [designs]})

Moment = tuple[str, int, int]  # the game's id, the log's length and the seat choosing


# --- a choice waiting for its confirmation -------------------------------------------------------


def choice(moment: Moment) -> dict[str, Any]:
    """What the seat has chosen so far at `moment` (nothing, if it was chosen at another)."""
    return held(CHOICE, moment) or {}


def choose(moment: Moment, **what: Any) -> None:
    """Callback: add `what` to the choice at `moment`; any change asks for a new confirmation."""
    kept = dict(choice(moment)) | what
    kept["sure"] = bool(what.get("sure"))
    st.session_state[CHOICE] = (moment, kept)


def toggle(moment: Moment, piece: str, most: int) -> None:
    """Callback: a piece of equipment in or out of the choice (at most `most` of them)."""
    gear = list(choice(moment).get("gear", []))
    if piece in gear:
        gear.remove(piece)
    elif len(gear) < most:
        gear.append(piece)
    choose(moment, gear=gear)


def make_sure(moment: Moment, why_not: str | None) -> None:
    """Callback: ask for the confirmation tap, or say why the engine would refuse the choice."""
    if why_not:
        st.session_state[FLASH] = why_not
        return
    choose(moment, sure=True)


def forget_choice() -> None:
    st.session_state.pop(CHOICE, None)


# --- cards typed in from the physical decks ------------------------------------------------------

ENTERED = Entered(ENTRY)
entry = ENTERED.get  # what has been entered at a moment (the game and the log's length)
put = ENTERED.put  # callback: set one part of the entry at a moment
add = ENTERED.add  # callback: one more card for a target, at most so many
drop = ENTERED.drop  # forget these parts of the entry, keeping the rest
forget_entry = ENTERED.forget
