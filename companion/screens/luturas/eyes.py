"""Whose eyes Luturas's page draws through, and the "pass the tablet" covers in front of them.

A page run draws from one `SeenMatch` and nothing else, so it cannot show what those eyes may not
see (the engine's `view`: the other hand, a face-down Strategy, the order of the Decks). Which
eyes:
- a player's own device: that player's, always (their hand and face-down Strategy; no covers);
- a watch-only device: the public view, and no buttons;
- the shared tablet against the app: the one human's (the app has no eyes to look away);
- the shared tablet with two players: the public view, except on a screen that is one player's
  (keeping or changing an opening hand, a turn's main part with the hand in view, answering an
  attack, a choice an effect leaves to a player): that player's, once they passed its cover.

A cover's token names the game, the seat and the log's length, and only the cover of the screen on
show stays passed: an undo or another device's move never uncovers a hand by itself. A player who
acts on their own screen keeps the tablet for their next screen when it is theirs too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from companion.engine.seats import CHANCE
from companion.engine.seen import SeenMatch
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import DEAL, DRAW, MAIN, MULLIGAN, RESPOND
from companion.screens import parts, session
from companion.screens.covers import APP_CARDS as APP_CARDS
from companion.screens.covers import TABLE_CARDS as TABLE_CARDS
from companion.screens.covers import Private as Private
from companion.screens.covers import app_seat as app_seat
from companion.screens.covers import card_source as card_source
from companion.screens.covers import device_eyes as device_eyes
from companion.screens.covers import keep_only
from companion.screens.keys import COVERS

Action = dict[str, Any]
COVER_KEY = "lt_cover"
ENTRY = "lt_entry"  # the cards entered from the table (`entry`): (moment, what was entered)


@dataclass(frozen=True)
class Screen:
    """One run of the page: the device, the eyes it draws through, and what it may offer."""

    table: session.Table
    seen: SeenMatch  # the eyes: every picture, word and label comes from here
    app: int | None  # the seat the app plays, or None
    cards: str  # "app": the app shuffles and names the cards; "table": players enter them
    legal: list[Action]  # the actions this screen offers (none while covered or watching)
    private: Private | None = None  # the shared tablet's private screen now, if any
    covered: bool = False  # ... still behind its cover

    @property
    def state(self) -> Any:
        """The seat's state: its hidden parts made up from the view alone (never drawn)."""
        return self.seen.state

    @property
    def view(self) -> dict[str, Any]:
        return self.seen.view

    @property
    def data(self) -> LuturasData:
        return self.seen.rules.data  # type: ignore[attr-defined]  # Luturas's rules hold it

    @property
    def seat(self) -> int | None:
        """The player whose eyes these are, or None for the public view."""
        seat = self.seen.seat
        return seat if seat in (0, 1) else None

    def name(self, seat: int) -> str:
        return str(self.view["names"][seat])

    def sees_hand(self, seat: int) -> bool:
        return self.seat == seat and not self.covered


def screen(table: session.Table, app: int | None) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's."""
    base = device_eyes(table, app)
    cards = card_source(base, app)
    private = None
    if table.access.table and app is None:
        private = private_screen(table.gid, base, cards)
    uncovered = keep_only(private)
    seen = table.look(private.seat) if private is not None and uncovered else base
    covered = private is not None and not uncovered
    legal = [] if covered else offered(table, seen, app, private)
    return Screen(table, seen, app, cards, legal, private, covered)


def private_screen(gid: str, seen: SeenMatch, cards: str) -> Private | None:
    """The screen of the shared tablet only one player may look at now, if any: read from the
    public view (whose turn, whose answer, whose choice), never from a hidden card."""
    view = seen.view
    phase = view["phase"]

    def private(seat: int, kind: str) -> Private:
        return Private(seat, kind, f"{gid}:{seat}:{seen.length}")

    if view["pending"]:
        return private(int(view["pending"][0]["player"]), "choice")
    if cards == TABLE_CARDS and phase == DEAL:
        entered = st.session_state.get(ENTRY)
        done = entered[1] if entered and entered[0] == (gid, seen.length) else {}
        return private(0 if not done.get("ok0") else 1, "enter")
    if cards == TABLE_CARDS and phase == DRAW:
        return private(int(view["active"]), "draw")
    if phase == MULLIGAN:
        return private(int(view["active"]), "hand")
    if phase == MAIN:
        return private(int(view["active"]), "turn")
    if phase == RESPOND and view["attack"] is not None:
        return private(1 - int(view["attack"]["player"]), "answer")
    return None


def offered(
    table: session.Table, seen: SeenMatch, app: int | None, private: Private | None
) -> list[Action]:
    """The legal actions this screen offers: none to a watcher, never the app's own, on a
    private screen only its player's, and on the open tablet only what nobody hides (the coin,
    the deal, the choice of who starts, a draw)."""
    if table.access.public:
        return []
    legal = [a for a in seen.legal_actions() if app is None or a.get("player") != app]
    if private is not None:
        actors = seen.rules.actors
        own = [a for a in legal if {private.seat, CHANCE} & actors(seen.state, a)]
        if private.kind != "turn":
            return own
        return own + [a for a in legal if a.get("player") == 1 - private.seat and in_the_open(a)]
    if table.access.table and app is None:
        return [a for a in legal if a["type"] in ("toss", "deal", "choose", "draw")]
    return legal


def in_the_open(action: Action) -> bool:
    """An effect the other player may use during this turn and that names no card of a hand (a
    Lutura's, a Tool's, a Soldier's ability; never a flip, whose being possible would tell
    something of the face-down card): it may be offered on the turn's screen."""
    if action["type"] not in ("effect", "tool_effect", "ability"):
        return False
    refs = [r for k, v in action.items() if k.startswith("choices") for r in v]
    return not any(str(r).startswith("card:") for r in refs)


def keep_tablet(screen: Screen) -> str | None:
    """The cover token of this player's next screen, when this one is a private screen."""
    if screen.private is None:
        return None
    return f"{screen.table.gid}:{screen.private.seat}:{screen.seen.length + 1}"


def uncover(token: str) -> None:
    """The cover `token` counts as passed: its player already holds the tablet."""
    st.session_state.setdefault(COVERS, set()).add(token)


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    private = screen.private
    assert private is not None
    who = screen.name(private.seat)
    button = {
        "hand": f"I am {who}: show my opening hand",
        "turn": f"I am {who}: show my hand",
        "answer": f"I am {who}: answer the attack",
        "choice": f"I am {who}: make my choice",
        "enter": f"I am {who}: enter the cards I drew",
        "draw": f"I am {who}: draw and enter my card",
    }[private.kind]
    parts.pass_tablet(private.token, who, button, key=COVER_KEY, look="lt-cover")
