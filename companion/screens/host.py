"""The host PIN on the chooser: which saved games this device may list, export and delete.

The companion is reachable from the whole local network, so the chooser shows a device only the
games opened on it (started, continued or imported here, in this browser session); the host's
PIN unlocks the rest for this session. Before a PIN is set nothing else is listed either: the
host sets one on the host machine itself, or on another device with the one-time setup code the
server prints in its console (`companion.store.guard`). Wrong PINs and codes are limited per
address and per server by one guard per process, kept in this module (not in `st.cache_resource`,
which any browser can clear). The store keeps only a hash (`companion/store/host.py`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TypeVar

import streamlit as st

from companion.screens import session
from companion.store import StoreError, default_location
from companion.store.guard import HostGuard
from companion.store.limiter import TooManyTries, spoken

MINE = "host_mine"  # session key: ids of the games opened on this device
UNLOCKED = "host_unlocked"  # session key: the PIN was entered (or set) on this device
NOTICE = "host_notice"  # session key: a line to show once, after the rerun that unlocks

T = TypeVar("T")

_GUARDS: dict[str, HostGuard] = {}  # per store location: one per server in practice
_GUARDS_LOCK = threading.Lock()


def guard() -> HostGuard:
    """This process's guard of the store the pages use: its tries and setup code outlive every
    session and cache (a browser can clear `st.cache_resource`, not this)."""
    location = default_location()
    with _GUARDS_LOCK:
        found = _GUARDS.get(location)
        if found is None:
            found = _GUARDS[location] = HostGuard()
        return found


def peer() -> str | None:
    """The address this browser connects from, as the server's socket has it; None if unknown.

    `st.context.ip_address` gives None for loopback and for "unknown" alike (and a mock under
    AppTest), so a None from it is looked up in the connection's own context, where Streamlit
    keeps the TCP peer (behind a proxy on this machine, the address that proxy forwards; a device
    on the network cannot forge it). Anything but a string counts as unknown, never as the
    host machine."""
    shown = st.context.ip_address
    if isinstance(shown, str):
        return shown
    try:
        from streamlit import runtime
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        ctx = get_script_run_ctx()
        if ctx is None or not runtime.exists():
            return None
        client = runtime.get_instance().get_client(ctx.session_id)
        context = None if client is None else client.client_context
        raw = None if context is None else context.remote_ip
    except Exception:  # an internal that moved: unknown, the safe side
        return None
    return raw if isinstance(raw, str) else None


def remember(gid: str | None) -> None:
    """Note that game `gid` was opened on this device."""
    if gid:
        st.session_state.setdefault(MINE, set()).add(gid)


def is_mine(gid: str) -> bool:
    return gid in st.session_state.get(MINE, set())


def unlocked() -> bool:
    """May this device see every saved game: the PIN was entered (or set) here."""
    return bool(st.session_state.get(UNLOCKED))


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
        lock = session.store().host
        is_set = lock.is_set()
    except StoreError as exc:
        st.error(session.told(exc))
        return
    if not is_set:
        _first_pin(hidden)
        return
    if unlocked():
        if notice := st.session_state.pop(NOTICE, None):
            st.success(notice)
        st.button("Lock the other games", key="host_lock", on_click=_lock)
        return
    if hidden:
        st.caption(f"{_games(hidden)} of other devices hidden. The host's PIN shows them here.")
    where = " (set when the server was started)" if lock.from_environment else ""
    with st.form("host_pin_enter", border=False):
        pin = st.text_input(f"Host PIN{where}", type="password", key="host_pin_try",
                            max_chars=12)  # fmt: skip
        if st.form_submit_button("Show all saved games"):
            _try(pin)


def _first_pin(hidden: int) -> None:
    """No PIN yet: the setup code is printed in the console (once per process) and the form
    asks for it, except on the host machine itself."""
    guard().setup.issue()
    needs_code = guard().needs_code(peer())
    others = f"{_games(hidden)} of other devices hidden. " if hidden else ""
    st.caption(f"{others}No host PIN yet: each device lists only the games opened on it until the "
               "host sets one.")  # fmt: skip
    with st.expander("Set a host PIN"), st.form("host_pin_set", border=False):
        code = ""
        if needs_code:
            code = st.text_input("Setup code (printed in the server's console)",
                                 key="host_setup_code", max_chars=20)  # fmt: skip
        pin = st.text_input("Host PIN (4 to 12 digits)", type="password",
                            key="host_pin_new", max_chars=12)  # fmt: skip
        again = st.text_input("The same PIN again", type="password",
                              key="host_pin_again", max_chars=12)  # fmt: skip
        if st.form_submit_button("Set PIN", type="primary"):
            _set(pin, again, code)


def _games(count: int) -> str:
    return f"{count} saved game{'s' if count != 1 else ''}"


def _set(pin: str, again: str, code: str) -> None:
    if pin.strip() != again.strip():
        st.error("The two PINs differ; type the same PIN twice.")
        return
    try:
        guard().set_pin(session.store().host, peer(), pin, code)
    except TooManyTries as exc:
        st.error(_try_again(exc))
        return
    except StoreError as exc:
        st.error(f"Not set: {session.told(exc)}.")
        return
    st.session_state[UNLOCKED] = True
    st.session_state[NOTICE] = ("Host PIN set: other devices see only their own games until it "
                                "is entered there.")  # fmt: skip
    st.rerun()  # the list above was drawn locked: draw it again


def _try(pin: str) -> None:
    try:
        right = guard().try_pin(session.store().host, peer(), pin)
    except TooManyTries as exc:
        st.error(_try_again(exc))
        return
    except StoreError as exc:
        st.error(session.told(exc))
        return
    if right:
        st.session_state[UNLOCKED] = True
        st.rerun()
    st.error("That is not the host PIN.")


def _try_again(exc: TooManyTries) -> str:
    """One line: how long to wait, and until when by the host machine's clock."""
    until = (datetime.now() + timedelta(seconds=exc.wait)).strftime("%H:%M:%S")
    return f"Too many wrong tries: try again at {until} (in {spoken(exc.wait)})."


def _lock() -> None:
    st.session_state.pop(UNLOCKED, None)
