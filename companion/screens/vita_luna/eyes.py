"""Whose eyes Vita Luna's page draws through (`table.eyes`): which screen of the shared tablet is
one player's (placing, entering a sealed bid, trading), its cover passed per seat and per moment
(its token names the game, the screen, the seat and the moment); none while the table walks
through an attack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
from companion.screens import session
from companion.screens.table import eyes as table_eyes
from companion.screens.table.eyes import app_seat as app_seat
from companion.screens.table.eyes import device_eyes as device_eyes
from companion.screens.table.eyes import offered as offered
from companion.screens.vita_luna.buttons import picked

Action = dict[str, Any]
BUTTONS = {
    "place": "I am {}: show my cards",
    "bid": "I am {}: enter my bid",
    "trade": "I am {}: show my cards",
}


@dataclass(frozen=True)
class Private(table_eyes.Private):
    """A screen that is one player's on the shared tablet ("place", "bid" or "trade"), its cover
    (its token names the game, the screen, the seat and the moment) and the cover's button."""

    button: str  # what the player taps to say they hold the tablet


@dataclass(frozen=True)
class Screen(table_eyes.Screen[Any]):
    """One run of Vita Luna's page (`table.eyes.Screen`), in its words."""

    @property
    def state(self) -> VitaLunaState:
        return self.seen.state

    def hidden(self, state: VitaLunaState) -> frozenset[int]:
        """The board positions these eyes see as card backs in `state` (a moment they saw)."""
        board = self.seen.rules.view(state, self.seen.seat)["board"]
        return frozenset(i for i, card in enumerate(board) if card == FACE_DOWN)

    def name(self, seat: int) -> str:
        """A player's name, with "(the app)" for the app's seat."""
        return self.called(seat)


def screen(table: session.Table, app: int | None, walking: bool) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's (none
    while the table walks through an attack)."""
    return table_eyes.look(table, app, Screen, lambda gid, seen, cards: private_screen(gid, seen),
                           shared=not walking)  # fmt: skip


def private_screen(gid: str, seen: SeenMatch) -> Private | None:
    """The screen of the shared tablet that only one player may look at now, if any."""
    state = seen.state
    who = state.names
    if state.phase == PLACE and state.active in (0, 1):
        p = state.active
        return Private(
            p, "place", f"{gid}:place:{p}:{state.battle}", BUTTONS["place"].format(who[p])
        )
    if state.phase in BIDDING:
        p = bidder_now(seen)
        return Private(p, "bid", f"{gid}:bid:{p}:{seen.length}", BUTTONS["bid"].format(who[p]))
    pick = picked(seen.length)
    if state.phase == BETWEEN and pick and pick[0] == "trade":
        p = pick[1]
        return Private(
            p, "trade", f"{gid}:trade:{p}:{seen.length}", BUTTONS["trade"].format(who[p])
        )
    return None


def bidder_now(seen: SeenMatch) -> int:
    """Who enters a sealed bid now: the one still to bid; with neither in, the opener."""
    waiting = [p for p, bid in enumerate(seen.view["bids"]) if bid is None]
    if len(waiting) == 1:
        return waiting[0]
    state = seen.state
    return state.opener if state.phase == ATTACK_BID else lot_opener(state)


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    table_eyes.cover(screen, BUTTONS, "vl")
