"""Whose eyes Vita Luna's page draws through, and the "pass the tablet" covers in front of them.

A page run draws from one `SeenMatch` and nothing else, so it cannot show what those eyes may not
see (the engine's `view`; `companion.engine.seen`). Which eyes:
- a player's own device: that player's, always (their hand, their bids; no covers);
- a watch-only device: the public view, what lies open on the table, and no buttons;
- the shared tablet against the app: the one human's (the app has no eyes to look away);
- the shared tablet with two players: the public view, except on a screen that is one player's
  (placing, entering a sealed bid, trading): that player's, once they have passed its cover.

A cover is passed per seat and per moment (its token names the game, the screen, the seat and the
moment) and only the cover of the screen on show stays passed: once the page shows anything else,
every cover is down again, so an undo or another device's move never uncovers a hand by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from companion.engine.seats import CHANCE
from companion.engine.seen import SeenMatch
from companion.games.vita_luna.actions import lot_opener
from companion.games.vita_luna.state import (
    ATTACK_BID,
    BETWEEN,
    BIDDING,
    FACE_DOWN,
    PLACE,
    VitaLunaState,
)
from companion.registry import entry
from companion.screens import parts, session
from companion.screens.keys import COVERS
from companion.screens.vita_luna.buttons import picked

Action = dict[str, Any]


@dataclass(frozen=True)
class Private:
    """A screen that is one player's on the shared tablet, and its cover."""

    seat: int
    kind: str  # "place", "bid" or "trade"
    token: str  # game, screen, seat and moment: the cover is passed for this one only
    button: str  # what the player taps to say they hold the tablet


@dataclass(frozen=True)
class Screen:
    """One run of the page: the device, the eyes it draws through, and what it may offer."""

    table: session.Table
    seen: SeenMatch  # the eyes: every picture, word and label comes from here
    app: int | None  # the seat the app plays, or None
    legal: list[Action]  # the actions this screen offers (none while covered or watching)
    private: Private | None = None  # the shared tablet's private screen now, if any
    covered: bool = False  # ... still behind its cover

    @property
    def state(self) -> VitaLunaState:
        return self.seen.state

    @property
    def data(self) -> Any:
        return self.seen.rules.data  # type: ignore[attr-defined]  # Vita Luna's rules hold it

    def hidden(self, state: VitaLunaState) -> frozenset[int]:
        """The board positions these eyes see as card backs in `state` (a moment they saw)."""
        board = self.seen.rules.view(state, self.seen.seat)["board"]
        return frozenset(i for i, card in enumerate(board) if card == FACE_DOWN)

    def name(self, seat: int) -> str:
        note = " (the app)" if seat == self.app else ""
        return self.state.names[seat] + note


def app_seat(seen: SeenMatch) -> int | None:
    """The seat the app plays in this game (the registry says), or None in a game of two people."""
    game = entry(seen.rules.game_id)
    if game is None or game.opponents is None:
        return None
    return next(iter(game.opponents(seen.options)), None)


def device_eyes(table: session.Table, app: int | None) -> SeenMatch:
    """The eyes of this device when no private screen is uncovered."""
    if table.access.table and app is not None:
        return table.look(1 - app)
    return table.look()  # a player's own seat; the public view for the table and watchers


def screen(table: session.Table, app: int | None, walking: bool) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's."""
    base = device_eyes(table, app)
    private = None
    if table.access.table and app is None and not walking:
        private = private_screen(table.gid, base)
    uncovered = _keep_only(private)
    seen = table.look(private.seat) if private is not None and uncovered else base
    covered = private is not None and not uncovered
    legal = [] if covered else offered(table, seen, app, private)
    return Screen(table, seen, app, legal, private, covered)


def private_screen(gid: str, seen: SeenMatch) -> Private | None:
    """The screen of the shared tablet that only one player may look at now, if any."""
    state = seen.state
    who = state.names
    if state.phase == PLACE and state.active in (0, 1):
        p = state.active
        return Private(p, "place", f"{gid}:place:{p}:{state.battle}",
                       f"I am {who[p]}: show my cards")  # fmt: skip
    if state.phase in BIDDING:
        p = bidder_now(seen)
        return Private(p, "bid", f"{gid}:bid:{p}:{seen.length}", f"I am {who[p]}: enter my bid")
    pick = picked(seen.length)
    if state.phase == BETWEEN and pick and pick[0] == "trade":
        p = pick[1]
        return Private(p, "trade", f"{gid}:trade:{p}:{seen.length}",
                       f"I am {who[p]}: show my cards")  # fmt: skip
    return None


def bidder_now(seen: SeenMatch) -> int:
    """Who enters a sealed bid now: the one still to bid; with neither in, the opener."""
    waiting = [p for p, bid in enumerate(seen.view["bids"]) if bid is None]
    if len(waiting) == 1:
        return waiting[0]
    state = seen.state
    return state.opener if state.phase == ATTACK_BID else lot_opener(state)


def _keep_only(private: Private | None) -> bool:
    """Whether `private` has been uncovered; every other cover goes back down."""
    passed = st.session_state.get(COVERS) or set()
    kept = passed & ({private.token} if private is not None else set())
    if kept != passed:
        st.session_state[COVERS] = kept
    return bool(kept)


def offered(
    table: session.Table, seen: SeenMatch, app: int | None, private: Private | None
) -> list[Action]:
    """The legal actions this screen offers: none to a watcher, never the app's own, and on a
    private screen only its player's (and what anyone may do)."""
    if table.access.public:
        return []
    legal = [a for a in seen.legal_actions() if app is None or a.get("player") != app]
    if private is not None:
        actors = seen.rules.actors
        legal = [a for a in legal if {private.seat, CHANCE} & actors(seen.state, a)]
    return legal


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    private = screen.private
    assert private is not None
    parts.pass_tablet(private.token, screen.state.names[private.seat], private.button,
                      key="vl_cover", look="vl-cover")  # fmt: skip
