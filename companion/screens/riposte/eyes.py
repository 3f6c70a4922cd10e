"""Whose eyes Riposte's page draws through, and the "pass the tablet" covers in front of them.

A page run draws from one `SeenMatch` and nothing else, so it cannot show what those eyes may not
see (the engine's `view`). Which eyes:
- a player's own device: that player's, always (their hand, their draws; no covers);
- a watch-only device: the public view, what lies open on the table, and no buttons;
- the shared tablet against the app: the one human's (the app has no eyes to look away);
- the shared tablet with two players: the public view, except on a screen that is one player's
  (keeping a character, entering the cards dealt to them, a pick in the draft, Rook's look and
  swap, laying a card, and with the app's shuffled cards the card just drawn): that player's,
  once they have passed its cover.

A cover's token names the game, the seat and the log's length. Only the cover of the screen on
show stays passed, so an undo or another device's move never uncovers a hand by itself; a
player who acts on their own screen keeps the tablet for their next screen, if it is theirs too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from companion.engine.seats import CHANCE
from companion.engine.seen import SeenMatch
from companion.games.riposte.data import RiposteData
from companion.games.riposte.state import CAST, CHOOSE, CLASH, DEAL, DRAFT, LOOK, SWAP
from companion.screens import parts, session
from companion.screens.covers import APP_CARDS as APP_CARDS
from companion.screens.covers import TABLE_CARDS as TABLE_CARDS
from companion.screens.covers import Private as Private
from companion.screens.covers import app_seat as app_seat
from companion.screens.covers import card_source as card_source
from companion.screens.covers import device_eyes as device_eyes
from companion.screens.covers import keep_only
from companion.screens.keys import COVERS
from companion.screens.riposte import memory

Action = dict[str, Any]


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
        return self.seen.state

    @property
    def view(self) -> dict[str, Any]:
        return self.seen.view

    @property
    def data(self) -> RiposteData:
        return self.seen.rules.data  # type: ignore[attr-defined]  # Riposte's rules hold it

    @property
    def moment(self) -> memory.Moment:
        return (self.table.gid, self.seen.length)

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def sees_hand(self, seat: int) -> bool:
        return self.seen.seat == seat and not self.covered


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
    """The screen of the shared tablet that only one player may look at now, if any."""
    state, view, length = seen.state, seen.view, seen.length

    def private(seat: int, kind: str) -> Private:
        return Private(seat, kind, f"{gid}:{seat}:{length}")

    drawer = drew_last(seen, cards)
    if drawer is not None and not memory.seen(drawn_token(gid, drawer, length)):
        return private(drawer, "drawn")
    phase = state.phase
    entered = memory.entry((gid, length))
    if phase == CAST and cards == TABLE_CARDS:
        return private(0 if not entered.get("ok0") else 1, "cast")
    if phase == CHOOSE:
        return private(
            holder_first(gid, length, [p for p in (0, 1) if not view["characters"][p]]), "choose"
        )
    if phase == DEAL and cards == TABLE_CARDS and entered.get("ok_row"):
        return private(0 if not entered.get("ok0") else 1, "hand")
    kinds = {DRAFT: "pick", LOOK: "look", SWAP: "swap"}
    if phase in kinds:
        return private(state.active, kinds[phase])
    if phase == CLASH:
        order = (state.offensive, 1 - state.offensive)
        return private(
            holder_first(gid, length, [p for p in order if not view["chosen"][p]]), "lay"
        )
    return None


def holder_first(gid: str, length: int, waiting: list[int]) -> int:
    """Of the players still to choose at once, the one already holding the tablet (who acted on
    their own screen just before), else the first."""
    passed = st.session_state.get(COVERS) or set()
    return next((p for p in waiting if f"{gid}:{p}:{length}" in passed), waiting[0])


def drew_last(seen: SeenMatch, cards: str) -> int | None:
    """Who took a card the app drew for them with the last action (a blind draw, or the card
    Rook kept): that player is told privately which physical card to take."""
    if cards != APP_CARDS or not seen.log:
        return None
    last = seen.log[-1]
    if last["type"] == "keep" or (last["type"] == "draw" and "card" in last):
        return int(last["player"])
    return None


def drawn_token(gid: str, seat: int, length: int) -> str:
    return f"{gid}:drawn:{seat}:{length}"


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
    elif table.access.table and app is None:
        legal = [a for a in legal if "player" not in a or a["type"] == "brace"]
    return legal


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    private = screen.private
    assert private is not None
    who = screen.name(private.seat)
    button = {
        "choose": f"I am {who}: show my characters",
        "cast": f"I am {who}: enter my characters",
        "hand": f"I am {who}: enter my cards",
        "drawn": f"I am {who}: show the card I took",
        "lay": f"I am {who}: show my cards",
    }.get(private.kind, f"I am {who}: show my cards")
    parts.pass_tablet(private.token, who, button, key="rp_cover", look="rp-cover")
