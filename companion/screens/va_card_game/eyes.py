"""Whose eyes VA Card Game's page draws through, and the "pass the tablet" covers in front of them.

A page run draws from one `SeenMatch` and nothing else, so it cannot show what those eyes may not
see (the engine's `view`). Which eyes:
- a player's own device: that player's, always (their hand, their face-down hero, their
  declaration; no covers);
- a watch-only device: the public view, what lies open on the table, and no buttons;
- the shared tablet against the app: the one human's (the app has no eyes to look away);
- the shared tablet with two players: the public view, except on a screen that is one player's
  (placing the opening hero face down, declaring attack or block, equipping from the hand, and
  with the table's cards entering the cards drawn): that player's, once they have passed its
  cover.

A cover's token names the game, the seat and the log's length. Only the cover of the screen on
show stays passed, so an undo or another device's move never uncovers a hand by itself; a player
who acts on their own screen keeps the tablet for their next screen, if it is theirs too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.seats import CHANCE
from companion.engine.seen import SeenMatch
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import DEAL, DECLARE, DRAW, EQUIP, PREPARE
from companion.screens import parts, session
from companion.screens.covers import APP_CARDS as APP_CARDS
from companion.screens.covers import TABLE_CARDS as TABLE_CARDS
from companion.screens.covers import Private as Private
from companion.screens.covers import app_seat as app_seat
from companion.screens.covers import card_source as card_source
from companion.screens.covers import device_eyes as device_eyes
from companion.screens.covers import keep_only
from companion.screens.va_card_game import memory

Action = dict[str, Any]
BUTTONS = {
    "deal": "I am {}: enter my cards",
    "draw": "I am {}: enter the cards I drew",
    "place": "I am {}: place my hero",
    "declare": "I am {}: declare",
    "equip": "I am {}: show my hand",
}


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
    def data(self) -> VaCardGameData:
        return self.seen.rules.data  # type: ignore[attr-defined]  # VA's rules hold it

    @property
    def length(self) -> int:
        return self.seen.length

    def moment(self, seat: int) -> memory.Moment:
        """The moment a choice of `seat` belongs to."""
        return (self.table.gid, self.seen.length, seat)

    @property
    def entry_moment(self) -> tuple[str, int]:
        """The moment the cards entered from the physical decks belong to."""
        return (self.table.gid, self.seen.length)

    def name(self, seat: int) -> str:
        return str(self.view["names"][seat])

    def called(self, seat: int) -> str:
        """A player's name, with "(the app)" for the app's seat."""
        return self.name(seat) + (" (the app)" if seat == self.app else "")

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
    view, length = seen.view, seen.length
    phase = view["phase"]

    def private(seat: int, kind: str) -> Private:
        return Private(seat, kind, f"{gid}:{seat}:{length}")

    entered = memory.entry((gid, length))
    if phase == DEAL and cards == TABLE_CARDS:
        first = view["first"]
        return private(first if not entered.get(f"ok{first}") else 1 - first, "deal")
    if phase == PREPARE:
        first = view["first"]
        return private(first if not view["heroes"][first] else 1 - first, "place")
    if phase == DECLARE:
        active = view["active"]
        return private(active if not view["declared"][active] else 1 - active, "declare")
    if phase == DRAW and cards == TABLE_CARDS:
        drawing = drawers(view)
        return private(next((p for p in drawing if not entered.get(f"ok{p}")), drawing[-1]), "draw")
    if phase == EQUIP and view["equipping"] in (0, 1):
        return private(view["equipping"], "equip")
    return None


def drawers(view: dict[str, Any]) -> list[int]:
    """Who draws in the draw step, the active player first: everyone with a card left."""
    active = view["active"]
    return [p for p in (active, 1 - active) if view["hero_decks"][p] or view["gear_decks"][p]]


def offered(
    table: session.Table, seen: SeenMatch, app: int | None, private: Private | None
) -> list[Action]:
    """The legal actions this screen offers: none to a watcher, never the app's own, on a
    private screen only its player's (and what anyone may do), and on the shared tablet's
    public screen only what nobody chooses in secret."""
    if table.access.public:
        return []
    legal = [a for a in seen.legal_actions() if app is None or a.get("player") != app]
    if private is not None:
        actors = seen.rules.actors
        legal = [a for a in legal if {private.seat, CHANCE} & actors(seen.state, a)]
    elif table.access.table and app is None:
        legal = [a for a in legal if "player" not in a]
    return legal


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    private = screen.private
    assert private is not None
    who = screen.name(private.seat)
    button = BUTTONS.get(private.kind, "I am {}: show my screen").format(who)
    parts.pass_tablet(private.token, who, button, key="va_cover", look="va-cover")
