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

from companion.screens.keys import COVERS, FLASH

CHOICE = "va_choice"  # a choice before its confirmation tap: (moment, {what: value})
ENTRY = "va_entry"  # cards typed in from the physical decks: ((game, length), {target: [designs]})

Moment = tuple[str, int, int]  # the game's id, the log's length and the seat choosing


# --- a choice waiting for its confirmation -------------------------------------------------------


def choice(moment: Moment) -> dict[str, Any]:
    """What the seat has chosen so far at `moment` (nothing, if it was chosen at another)."""
    kept = st.session_state.get(CHOICE)
    if not kept or kept[0] != moment:
        return {}
    return kept[1]


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


def entry(moment: tuple[str, int]) -> dict[str, Any]:
    """What has been entered at `moment`; anything entered at another moment is dropped."""
    kept = st.session_state.get(ENTRY)
    if not kept or kept[0] != moment:
        st.session_state.pop(ENTRY, None)
        return {}
    return kept[1]


def put(moment: tuple[str, int], target: str, value: Any) -> None:
    """Callback: set one part of the entry at `moment`."""
    kept = dict(entry(moment))
    kept[target] = value
    st.session_state[ENTRY] = (moment, kept)


def add(moment: tuple[str, int], target: str, value: str, most: int) -> None:
    """Callback: one more card for `target`, at most `most` of them."""
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


# --- the tablet stays with its player ------------------------------------------------------------


def uncover(token: str) -> None:
    """The cover `token` counts as passed: its player already holds the tablet."""
    st.session_state.setdefault(COVERS, set()).add(token)
