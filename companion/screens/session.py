"""The app's hold on one game: which device this is, reload-proof loading, and the callbacks.

The URL carries the saved game's id and, for a device that may play, a key (`companion.store`):
the table's key acts for every seat (one shared tablet, covered between players), a seat's key for
that seat only (a player's own phone), and no key only watches the public view. Pages never get
the match itself: `Table.look(seat)` hands them a `SeenMatch`, the game through one seat's eyes.
Every action is validated by the engine (for this device's seats), saved with the version it was
based on (a tap from a device that missed another's move is refused and the game reloaded), and a
refusal is shown in the engine's words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from companion.engine import IllegalAction, Match, Seat
from companion.engine.opponents import Opponent, opponent_move
from companion.engine.seen import SeenMatch
from companion.registry import entry
from companion.screens.keys import (
    ACCESS,
    FLASH,
    GID,
    KEY,
    MATCH,
    NAME,
    QUERY,
    TABLE_VIEW,
    VERSION,
    VIEW,
)
from companion.store import Access, GameStore, StaleVersion, StoreError, default_location

MOST_APP_ACTIONS = 100  # a bound, never reached: a whole turn is a handful of actions
WATCHING = "This screen only watches the game: open a seat's link to play."


@st.cache_resource
def _store(location: str) -> GameStore:
    return GameStore(location)


def store() -> GameStore:
    return _store(default_location())


@dataclass
class Table:
    """What a page gets: the game's id and name, this device's access, the flash to show, and
    `look(seat)` for the game as a seat sees it."""

    gid: str
    name: str
    access: Access
    key: str | None  # the key in the URL: with the table's key the page can show seat links
    flash: str | None
    _match: Match

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._match.rules.seats(self._match.state)

    @property
    def acts_for(self) -> frozenset[Seat]:
        if self.access.public:
            return frozenset()
        if self.access.seat is not None:
            return frozenset({self.access.seat})
        return frozenset(self.seats)

    @property
    def eyes(self) -> Seat | None:
        """Whose view this device shows unless the page covers it for one player: a seat's own
        device its seat, the shared table and a watcher the public view."""
        return self.access.seat

    def may_look(self, seat: Seat | None) -> bool:
        """A player's device sees its own seat; the shared tablet any seat, behind a cover."""
        return seat is None or seat == self.access.seat or self.access.table

    def look(self, seat: Seat | None = None) -> SeenMatch:
        """The game through `seat`'s eyes (default: this device's own)."""
        eyes = self.eyes if seat is None else seat
        if not self.may_look(eyes):
            eyes = self.eyes
        return SeenMatch(self._match, eyes, self.acts_for)

    @property
    def public(self) -> SeenMatch:
        """The shared screen's view: only what lies open on the table."""
        return SeenMatch(self._match, None, self.acts_for)


def open_game(gid: str, key: str | None) -> Table | None:
    """The game `gid` for the device holding `key`, from this session or rebuilt from the store
    (after a reload or on another device); None, with the reason shown, if it cannot be had."""
    state = st.session_state
    try:
        if state.get(GID) != gid or MATCH not in state or state.get(KEY) != key:
            access = store().access(gid, key)
            saved, match = store().load_match(gid)
            state[GID], state[MATCH], state[VERSION], state[NAME] = (
                gid, match, saved.version, saved.name)  # fmt: skip
            state[KEY], state[ACCESS] = key, access
    except StoreError as exc:
        st.error(str(exc))
        return None
    flash = state.pop(FLASH, None)
    return Table(gid, state[NAME], state[ACCESS], key, flash, state[MATCH])


def _reload(gid: str) -> None:
    saved, match = store().load_match(gid)
    st.session_state[MATCH], st.session_state[VERSION] = match, saved.version


def _acting_seat() -> Seat | None:
    """The seat this device plays as, checked by the engine; None for the shared table."""
    access: Access = st.session_state[ACCESS]
    return access.seat


def _save(match: Match, taken_back: Callable[[], None]) -> bool:
    """Store the match; on a stale version reload what the other device saved, on any other
    failure call `taken_back` so the screen never shows play a reload would lose."""
    state = st.session_state
    gid = state[GID]
    try:
        state[VERSION] = store().save(gid, match, state[VERSION])
    except StaleVersion as exc:
        _reload(gid)
        state[FLASH] = str(exc)
        return False
    except StoreError as exc:
        taken_back()
        state[FLASH] = f"Not saved, so not played: {exc}"
        return False
    return True


def act(action: dict[str, Any]) -> None:
    """Button callback: play `action` for this device's seat, save it, or flash why not."""
    state = st.session_state
    if state[ACCESS].public:
        state[FLASH] = WATCHING
        return
    match: Match = state[MATCH]
    try:
        match.play(action, _acting_seat())
    except IllegalAction as exc:
        state[FLASH] = exc.reason
        return
    _save(match, lambda: match.rewind(len(match.log) - 1))


def undo(steps: Callable[[SeenMatch], int] | None = None) -> None:
    """Button callback: take back the last action (or as many as `steps` says the page shows as
    one, such as a player's move and the app's answer), as far as this device may. The app's own
    moves are taken back with the move they answered: they belong to nobody's device."""
    state = st.session_state
    if state[ACCESS].public:
        state[FLASH] = WATCHING
        return
    match: Match = state[MATCH]
    seat = _acting_seat()
    count = 1
    if steps is not None:
        count = steps(SeenMatch(match, seat, frozenset()))
    app = frozenset(_app_seats(match))
    before = len(match.log)
    try:
        for _ in range(max(1, count)):
            if not match.log:
                break
            last = match.rules.actors(match.state_at(len(match.log) - 1), match.log[-1])
            match.undo(None if seat is not None and last and last <= app else seat)
    except IllegalAction as exc:
        if len(match.log) == before:
            state[FLASH] = exc.reason
            return
    if len(match.log) == before:
        state[FLASH] = "Nothing to undo."
        return
    _save(match, lambda: _reload(state[GID]))


def undo_refusal(table: Table) -> str | None:
    """Why this device may not undo now, by the rule `undo` follows, or None."""
    if table.access.public:
        return WATCHING
    match = table._match
    if not match.log:
        return "Nothing to undo."
    last = match.rules.actors(match.state_at(len(match.log) - 1), match.log[-1])
    app = frozenset(_app_seats(match))
    seat = table.access.seat
    return match.undo_refusal(None if seat is not None and last and last <= app else seat)


def _app_seats(match: Match) -> dict[Seat, Opponent]:
    game = entry(match.rules.game_id)
    if game is None or game.opponents is None:
        return {}
    return game.opponents(match.options)


def app_seats(table: Table) -> dict[Seat, Opponent]:
    """The seats the app plays in this game, with its opponent for each."""
    return {} if table.access.public else _app_seats(table._match)


def let_the_app_play(table: Table) -> int:
    """Everything the app's seats have to do now, played and saved; how many actions it took.
    Each decision sees only the app seat's view (`companion.engine.opponents`)."""
    match = table._match
    played = 0
    opponents = app_seats(table)
    for _ in range(MOST_APP_ACTIONS):
        moved = False
        for seat, opponent in opponents.items():
            rng = match.app_rng()
            action = opponent_move(match, seat, opponent, rng)
            if action is None:
                continue
            before = len(match.log)
            try:
                match.play(action, seat)
            except IllegalAction as exc:
                st.session_state[FLASH] = exc.reason
                return played
            if not _save(match, partial(match.rewind, before)):
                return played
            played, moved = played + 1, True
        if not moved:
            return played
    return played


def changed_elsewhere() -> bool:
    """Another device saved since this one last looked: reload the match and say so."""
    state = st.session_state
    gid = state.get(GID)
    if gid is None or MATCH not in state:
        return False
    try:
        stored = store().version(gid)
    except StoreError:
        return False
    if stored == state[VERSION]:
        return False
    _reload(gid)
    return True


def leave() -> None:
    for key in (GID, MATCH, VERSION, NAME, ACCESS, KEY):
        st.session_state.pop(key, None)
    st.query_params.clear()


def show_table_view() -> None:
    """Callback: the open game's table view; in the URL, so a reload keeps it."""
    st.query_params[VIEW] = TABLE_VIEW


def show_game() -> None:
    """Callback: back from the table view to the game's page."""
    st.query_params.pop(VIEW, None)


def table_view_shown() -> bool:
    return st.query_params.get(VIEW) == TABLE_VIEW


def open_as_table(gid: str) -> None:
    """Open `gid` on this device as the shared table: a fresh table key in the URL. Links
    handed out before stop working (the store keeps one set of keys per game)."""
    key = store().grant(gid)
    st.query_params[QUERY] = gid
    st.query_params[KEY] = key
    for name in (GID, MATCH):
        st.session_state.pop(name, None)


def start(rules, options: dict[str, Any] | None = None) -> None:
    """Callback: a new game of `rules`, saved, and opened here as the table."""
    match = Match.start(rules, options or {})
    open_as_table(store().create(match))
