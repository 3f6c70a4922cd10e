"""The host PIN on the chooser: which saved games this device may list, export and delete.

The companion is reachable from the whole local network, so the chooser shows a device only the
games opened on it (started, continued or imported here, in this browser session) once the host
has set a PIN; the PIN unlocks the rest for this session. Until a PIN is set everything is listed,
with a line saying so and a form to set one (the first start on the host's tablet). The store
keeps only a hash (`companion/store/host.py`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TypeVar

import streamlit as st

from companion.screens import session
from companion.store import StoreError

MINE = "host_mine"  # session key: ids of the games opened on this device
UNLOCKED = "host_unlocked"  # session key: the PIN was entered on this device
WRONG_PIN_PAUSE = 0.6  # seconds: guessing a 4-digit PIN by hand takes hours, not minutes

T = TypeVar("T")


def remember(gid: str | None) -> None:
    """Note that game `gid` was opened on this device."""
    if gid:
        st.session_state.setdefault(MINE, set()).add(gid)


def is_mine(gid: str) -> bool:
    return gid in st.session_state.get(MINE, set())


def unlocked() -> bool:
    """May this device see every saved game: no PIN set yet, or the PIN entered here."""
    if st.session_state.get(UNLOCKED):
        return True
    try:
        return not session.store().host.is_set()
    except StoreError:
        return False  # a store that cannot say: the safe side


def visible(games: Sequence[T], gid_of: str = "id") -> tuple[list[T], int]:
    """The saved games this device may list, and how many are hidden from it."""
    if unlocked():
        return list(games), 0
    shown = [g for g in games if is_mine(getattr(g, gid_of))]
    return shown, len(games) - len(shown)


def gate(hidden: int, listed: int) -> None:
    """The PIN form under the saved games (`listed` shown, `hidden` not): to unlock the hidden
    games, or to set the PIN the first time."""
    try:
        is_set = session.store().host.is_set()
        from_environment = session.store().host.from_environment
    except StoreError as exc:
        st.error(str(exc))
        return
    if not is_set:
        if listed:
            st.caption("Anyone on this network can open, export and delete these saved games until "
                       "the host sets a PIN.")  # fmt: skip
        with st.expander("Set a host PIN"), st.form("host_pin_set", border=False):
            pin = st.text_input("Host PIN (4 to 12 digits)", type="password",
                                key="host_pin_new", max_chars=12)  # fmt: skip
            again = st.text_input("The same PIN again", type="password",
                                  key="host_pin_again", max_chars=12)  # fmt: skip
            if st.form_submit_button("Set PIN", type="primary"):
                _set(pin, again)
        return
    if st.session_state.get(UNLOCKED):
        st.button("Lock the other games", key="host_lock", on_click=_lock)
        return
    if hidden:
        st.caption(f"{hidden} saved game{'s' if hidden != 1 else ''} of other devices hidden. "
                   "The host's PIN shows them here.")  # fmt: skip
    where = " (set when the server was started)" if from_environment else ""
    with st.form("host_pin_enter", border=False):
        pin = st.text_input(f"Host PIN{where}", type="password", key="host_pin_try",
                            max_chars=12)  # fmt: skip
        if st.form_submit_button("Show all saved games"):
            _try(pin)


def _set(pin: str, again: str) -> None:
    if pin.strip() != again.strip():
        st.error("The two PINs differ; type the same PIN twice.")
        return
    try:
        session.store().host.set(pin)
    except StoreError as exc:
        st.error(f"Not set: {exc}.")
        return
    st.session_state[UNLOCKED] = True
    st.success("Host PIN set: other devices now see only their own games.")


def _try(pin: str) -> None:
    if session.store().host.matches(pin):
        st.session_state[UNLOCKED] = True
        st.rerun()
    time.sleep(WRONG_PIN_PAUSE)
    st.error("That is not the host PIN.")


def _lock() -> None:
    st.session_state.pop(UNLOCKED, None)
