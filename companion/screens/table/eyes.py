"""Whose eyes a card game's page draws through, and the "pass the tablet" covers in front of them.

A page run draws from one `SeenMatch` and nothing else, so it cannot show what those eyes may not
see (the engine's `view`). Which eyes:
- a player's own device: that player's, always (their hand, their secrets; no covers);
- a watch-only device: the public view, what lies open on the table, and no buttons;
- the shared tablet against the app: the one human's (the app has no eyes to look away);
- the shared tablet with two players: the public view, except on a screen that is one player's
  (the game says which: `PrivateScreen`), that player's once they have passed its cover.

A cover's token names the game, the seat and the log's length. Only the cover of the screen on
show stays passed, so an undo or another device's move never uncovers a hand by itself; a player
who acts on their own screen keeps the tablet for their next screen, if it is theirs too
(`keep_tablet`, `uncover`).

Each game subclasses `Screen` for its own words (its data's type, its moments) and hands `look`
the two things that are its own: which screen is private now, and what the open tablet offers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import streamlit as st

from companion.engine.seats import CHANCE
from companion.engine.seen import SeenMatch
from companion.screens import parts, session
from companion.screens.keys import COVERS
from companion.screens.table.covers import APP_CARDS as APP_CARDS
from companion.screens.table.covers import TABLE_CARDS as TABLE_CARDS
from companion.screens.table.covers import Private as Private
from companion.screens.table.covers import app_seat as app_seat
from companion.screens.table.covers import card_source, keep_only
from companion.screens.table.covers import device_eyes as device_eyes

Action = dict[str, Any]
# which screen of the shared tablet is one player's now: (game id, the public eyes, card source)
PrivateScreen = Callable[[str, SeenMatch, str], "Private | None"]
# of the legal actions, those the shared tablet's public screen offers (nobody's secret)
OpenTablet = Callable[[list[Action]], list[Action]]
# of the legal actions, the other player's a private screen offers beside its own player's
Beside = Callable[["Private", list[Action]], list[Action]]


D = TypeVar("D")  # the game's card data, as its rules hold it


@dataclass(frozen=True)
class Screen(Generic[D]):
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
    def data(self) -> D:
        return self.seen.rules.data  # type: ignore[attr-defined, no-any-return]  # rules hold it

    @property
    def length(self) -> int:
        return self.seen.length

    @property
    def seat(self) -> int | None:
        """The player whose eyes these are, or None for the public view."""
        seat = self.seen.seat
        return seat if seat in (0, 1) else None

    def name(self, seat: int) -> str:
        return str(self.view["names"][seat])

    def called(self, seat: int) -> str:
        """A player's name, with "(the app)" for the app's seat."""
        return str(self.view["names"][seat]) + (" (the app)" if seat == self.app else "")

    def sees_hand(self, seat: int) -> bool:
        return self.seat == seat and not self.covered


S = TypeVar("S", bound="Screen[Any]")


def look(
    table: session.Table,
    app: int | None,
    kind: type[S],
    private_screen: PrivateScreen,
    open_tablet: OpenTablet | None = None,
    beside: Beside | None = None,
    shared: bool = True,
) -> S:
    """What this run draws through: the device's eyes, or the uncovered private screen's (on the
    shared tablet between two players, while `shared`)."""
    base = device_eyes(table, app)
    cards = card_source(base, app)
    private = None
    if table.access.table and app is None and shared:
        private = private_screen(table.gid, base, cards)
    uncovered = keep_only(private)
    seen = table.look(private.seat) if private is not None and uncovered else base
    covered = private is not None and not uncovered
    legal = [] if covered else offered(table, seen, app, private, open_tablet, beside)
    return kind(table, seen, app, cards, legal, private, covered)


def offered(
    table: session.Table,
    seen: SeenMatch,
    app: int | None,
    private: Private | None,
    open_tablet: OpenTablet | None = None,
    beside: Beside | None = None,
) -> list[Action]:
    """The legal actions this screen offers: none to a watcher, never the app's own, on a private
    screen only its player's (and what anyone may do, and what `beside` adds), and on the shared
    tablet's public screen what `open_tablet` keeps of them."""
    if table.access.public:
        return []
    legal = [a for a in seen.legal_actions() if app is None or a.get("player") != app]
    if private is not None:
        actors = seen.rules.actors
        own = [a for a in legal if {private.seat, CHANCE} & actors(seen.state, a)]
        return own + (beside(private, legal) if beside is not None else [])
    if open_tablet is not None and table.access.table and app is None:
        return open_tablet(legal)
    return legal


def holder_first(gid: str, length: int, waiting: list[int]) -> int:
    """Of the players still to choose at once, the one already holding the tablet (who acted on
    their own screen just before), else the first."""
    passed = st.session_state.get(COVERS) or set()
    return next((p for p in waiting if f"{gid}:{p}:{length}" in passed), waiting[0])


def keep_tablet(screen: Screen) -> str | None:
    """The cover token of this player's next screen, when this one is a private screen."""
    if screen.private is None:
        return None
    return f"{screen.table.gid}:{screen.private.seat}:{screen.seen.length + 1}"


def uncover(token: str) -> None:
    """The cover `token` counts as passed: its player already holds the tablet."""
    st.session_state.setdefault(COVERS, set()).add(token)


def cover(screen: Screen, buttons: Mapping[str, str], prefix: str, other: str = "") -> None:
    """The "pass the tablet" screen in front of the private screen on show; `buttons` word its
    button per kind of private screen ("I am {}: show my cards"), `other` for any other kind."""
    private = screen.private
    assert private is not None
    who = screen.name(private.seat)
    words = buttons[private.kind] if not other else buttons.get(private.kind, other)
    parts.pass_tablet(private.token, who, words.format(who), key=f"{prefix}_cover",
                      look=f"{prefix}-cover")  # fmt: skip
