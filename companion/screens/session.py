"""The app's hold on one game: which device this is, reload-proof loading, and the callbacks.

The URL carries the saved game's id and, for a device that may play, a key (`companion.store`):
the table's key acts for every seat (one shared tablet, covered between players), a seat's key for
that seat only (a player's own phone), and no key only watches the public view. Pages never get
the match itself: `Table.look(seat)` hands them a `SeenMatch`, the game through one seat's eyes.
Every action is validated by the engine (for this device's seats), saved with the version it was
based on (a tap from a device that missed another's move is refused and the game reloaded), and a
refusal is shown in the engine's words.

The device's hold is looked at again on every rerun (the page's once-a-second glance included)
and before every tap, in one small query (`companion.store.hold`): once the table has made new
codes, a device holding an old key loses the game, with one line saying so, before anything of a
seat is drawn or played. A store that fails says so in one line on every screen, without the
server's paths, and a wait for a database another program holds shows "Waiting for the saved
games…" in sight (`waiting`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from companion.engine import IllegalAction, Match, Seat
from companion.engine.opponents import Opponent, explain, opponent_move
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
from companion.store import (
    Access,
    GameStore,
    Revoked,
    StaleVersion,
    StoreError,
    default_location,
)
from companion.store.backend import where
from companion.store.errors import for_players
from companion.store.hold import Hold, hold
from companion.store.keys import PUBLIC

log = logging.getLogger(__name__)
MOST_APP_ACTIONS = 100  # a bound, never reached: a whole turn is a handful of actions
WATCHING = "This screen only watches the game: open a seat's link to play."
REVOKED = (
    "The table made new codes for this game, so this link no longer plays: scan the new QR code."
)
WAITING = "Waiting for the saved games…"
# The wait is shown where the eye is however far the page has scrolled: a callback's spinner is
# drawn at the top of the page (and `waiting` is the only spinner the companion shows).
WAITING_CSS = """
<style>
  div[data-testid="stSpinner"] {
    position: fixed; top: 1rem; left: 50%; transform: translateX(-50%); z-index: 999990;
    background: #FFF4D6; border: 2px solid #A86A00; border-radius: 12px; padding: 10px 18px;
    box-shadow: 0 4px 16px rgba(0, 0, 0, 0.25); }
  div[data-testid="stSpinner"] p { font-size: 1.2rem; font-weight: 600; color: #4A2F00; }
</style>
"""


_waits = threading.local()  # whether this thread shows "Waiting for the saved games…" now


@st.cache_resource(show_spinner=False)  # `waiting` says it, in the players' words
def _store(location: str) -> GameStore:
    return GameStore(location)


def store() -> GameStore:
    return _store(default_location())


def waiting_style() -> None:
    st.html(WAITING_CSS)


@contextmanager
def waiting() -> Iterator[None]:
    """Around whatever may wait for the saved games: after half a second "Waiting for the saved
    games…" shows (a database another program holds is waited for about 7 s before the store
    says it is busy); nothing shows for the usual few milliseconds. Inside another `waiting`
    (a session runs its script and callbacks on one thread) the outer one says it."""
    if getattr(_waits, "shown", False):
        yield
        return
    _waits.shown = True
    try:
        with st.spinner(WAITING):
            yield
    finally:
        _waits.shown = False


def told(exc: StoreError) -> str:
    """A store's failure as the screen says it: one line, without the database's path or address
    (the server's log keeps the whole message)."""
    log.warning("saved games: %s", exc)
    location = default_location()
    return for_players(str(exc), where(location), location)


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
    (after a reload or on another device); None, with the reason shown, if it cannot be had.

    A game already held is looked at again first (`_look_again`): a key that new codes replaced
    loses it here, before the page draws anything of a seat. A store that cannot say keeps the
    screen as it was (nothing newer can be read from it) and says why; a tap is refused then."""
    state = st.session_state
    flash = state.pop(FLASH, None)
    if _revoked(gid, key):
        st.error(REVOKED)
        return None
    if state.get(GID) != gid or MATCH not in state or state.get(KEY) != key:
        try:
            with waiting():
                _load(gid, key)
        except StoreError as exc:
            st.error(told(exc))
            return None
    else:
        try:
            found: Hold | None = _look_again()
        except StoreError as exc:
            found, flash = None, told(exc)
        if found is not None and found.access is None:
            st.error(REVOKED)
            return None
    return Table(gid, state[NAME], state[ACCESS], key, flash, state[MATCH])


def _load(gid: str, key: str | None) -> None:
    state = st.session_state
    access = store().access(gid, key)
    saved, match = store().load_match(gid)
    state[GID], state[MATCH], state[VERSION], state[NAME] = gid, match, saved.version, saved.name
    state[KEY], state[ACCESS] = key, access


def _look_again(catch_up: bool = True) -> Hold:
    """The held game's version and this device's access, read again (one small query): the
    game is dropped if the key opens it no more, else (if `catch_up`) reloaded if another device
    saved since. Not inside `waiting`: a read does not wait for a writer, and a spinner costs a
    thread and a message to the browser, every second."""
    state = st.session_state
    gid = state[GID]
    found = hold(store().db, gid, state.get(KEY))
    if found.access is None:
        _drop()
    elif catch_up and found.version != state[VERSION]:
        _reload(gid)
    return found


def _drop() -> None:
    """Forget the held game (new codes replaced this device's key): nothing of the match stays
    in the session. The game's id and the key stay, so the page says why rather than asking the
    store about the key again."""
    state = st.session_state
    for name in (MATCH, VERSION, NAME):
        state.pop(name, None)
    state[ACCESS] = None


def _revoked(gid: str, key: str | None) -> bool:
    state = st.session_state
    return state.get(GID) == gid and state.get(KEY) == key and state.get(ACCESS, PUBLIC) is None


def _may_play() -> bool:
    """Asked by every callback that plays or saves for a seat, before anything is played (a
    callback runs before the script, so before `open_game` looks): a watcher is told it only
    watches; a key that new codes replaced loses the game (the page then says so); a store that
    cannot say refuses the tap in one line. The match is not caught up here: a tap is judged
    against the moment its screen showed, and the save refuses it if another device moved since."""
    state = st.session_state
    if ACCESS not in state or GID not in state:
        return False  # no game held here any more (it was left): nothing to play for
    access: Access | None = state[ACCESS]
    if access is None:
        state[FLASH] = REVOKED  # dropped before; the page says so
        return False
    if access.public:
        state[FLASH] = WATCHING
        return False
    if MATCH not in state:
        return False
    try:
        held = _look_again(catch_up=False).access is not None
    except StoreError as exc:
        state[FLASH] = f"Not played: {told(exc)}"
        return False
    if not held:
        state[FLASH] = REVOKED
    return held


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
        with waiting():
            state[VERSION] = store().save(gid, match, state[VERSION], state.get(KEY) or None)
    except Revoked:
        taken_back()
        _drop()
        state[FLASH] = REVOKED
        return False
    except StaleVersion as exc:
        state[FLASH] = str(exc)
        try:
            _reload(gid)
        except StoreError as failed:
            taken_back()
            state[FLASH] = f"Not saved, so not played: {told(failed)}"
        return False
    except StoreError as exc:
        taken_back()
        state[FLASH] = f"Not saved, so not played: {told(exc)}"
        return False
    return True


def act(action: dict[str, Any]) -> None:
    """Button callback: play `action` for this device's seat, save it, or flash why not."""
    state = st.session_state
    if not _may_play():
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
    if not _may_play():
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
    Each decision sees only the app seat's view (`companion.engine.opponents`); the reason an
    opponent gives is saved as a sentence of its move's log entry, for every seat to read."""
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
            explain(match, seat, opponent)
            if not _save(match, partial(match.rewind, before)):
                return played
            played, moved = played + 1, True
        if not moved:
            return played
    return played


def changed_elsewhere() -> bool:
    """The page's once-a-second glance (one small query): True when it must be drawn again,
    because another device saved (the match is reloaded) or the table made new codes that this
    device's key is not among (the game is dropped). A store that cannot say changes nothing:
    the next tap or rerun says why."""
    state = st.session_state
    if state.get(GID) is None or MATCH not in state:
        return False
    before = state[VERSION]
    try:
        found = _look_again()
    except StoreError:
        return False
    return found.access is None or found.version != before


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


def open_as_table(gid: str, match: Match | None = None) -> None:
    """Open `gid` on this device as the shared table: a fresh table key in the URL. Links
    handed out before stop working (the store keeps one set of keys per game). StoreError, with
    nothing changed on this device, if the store refuses."""
    with waiting():
        key = store().grant(gid, match)
    st.query_params[QUERY] = gid
    st.query_params[KEY] = key
    for name in (GID, MATCH):
        st.session_state.pop(name, None)


def begin(rules, options: dict[str, Any] | None = None) -> str:
    """A new game of `rules`, saved and opened here as the table; its id. StoreError if the
    store refuses (nothing is saved when it refuses the game itself)."""
    match = Match.start(rules, options or {})
    with waiting():
        gid = store().create(match)
    open_as_table(gid, match)
    return gid


def start(rules, options: dict[str, Any] | None = None) -> None:
    """Callback (a game page's New game): `begin`, or the line saying why not."""
    try:
        begin(rules, options)
    except StoreError as exc:
        st.session_state[FLASH] = f"Not started: {told(exc)}"
