"""The app's hold on one game: reload-proof loading, and the action callbacks.

Its session keys are spelled in `keys`, with every other one. The URL carries the saved game's
id, so a reload or a restarted server finds the game in SQLite and replays it; every action is
validated by the engine, saved with the version it was based on, and its refusal (in the engine's
words) shown to the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st

from companion.engine import IllegalAction, Match
from companion.screens.keys import FLASH, GID, MATCH, NAME, QUERY, VERSION
from companion.store import GameStore, StaleVersion, StoreError, default_path


@st.cache_resource
def _store(path: str) -> GameStore:
    return GameStore(Path(path))


def store() -> GameStore:
    return _store(str(default_path()))


@dataclass
class Table:
    """What a page gets: the game's id and name, its match, and the flash message to show."""

    gid: str
    name: str
    match: Match
    flash: str | None


def open_game(gid: str) -> Table | None:
    """The game `gid`, from this session or rebuilt from the store (after a reload)."""
    state = st.session_state
    if state.get(GID) != gid or MATCH not in state:
        try:
            saved, match = store().load_match(gid)
        except StoreError as exc:
            st.error(str(exc))
            return None
        state[GID], state[MATCH], state[VERSION], state[NAME] = (
            gid,
            match,
            saved.version,
            saved.name,
        )
    flash = state.pop(FLASH, None)
    return Table(gid, state[NAME], state[MATCH], flash)


def _reload(gid: str) -> None:
    saved, match = store().load_match(gid)
    st.session_state[MATCH], st.session_state[VERSION] = match, saved.version


def act(action: dict[str, Any]) -> None:
    """Button callback: play `action`, save it, or flash why it was refused."""
    state = st.session_state
    match: Match = state[MATCH]
    gid = state[GID]
    try:
        match.play(action)
    except IllegalAction as exc:
        state[FLASH] = exc.reason
        return
    try:
        state[VERSION] = store().save(gid, match, state[VERSION])
    except StaleVersion as exc:
        _reload(gid)
        state[FLASH] = str(exc)
    except StoreError as exc:
        match.undo()  # not saved: do not show play that a reload would lose
        state[FLASH] = f"Not saved, so not played: {exc}"


def undo() -> None:
    state = st.session_state
    match: Match = state[MATCH]
    if match.undo() is None:
        state[FLASH] = "Nothing to undo."
        return
    try:
        state[VERSION] = store().save(state[GID], match, state[VERSION])
    except StoreError as exc:
        _reload(state[GID])
        state[FLASH] = str(exc)


def leave() -> None:
    for key in (GID, MATCH, VERSION, NAME):
        st.session_state.pop(key, None)
    st.query_params.clear()


def start(rules, options: dict[str, Any] | None = None) -> None:
    """Callback: a new game of `rules`, saved, and opened (its id goes in the URL)."""
    match = Match.start(rules, options or {})
    gid = store().create(match)
    st.query_params[QUERY] = gid
    for key in (GID, MATCH):
        st.session_state.pop(key, None)
