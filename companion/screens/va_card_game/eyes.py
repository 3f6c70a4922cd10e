"""Whose eyes VA Card Game's page draws through (`table.eyes`): which screen of the shared tablet
is one player's (placing the opening hero face down, declaring attack or block, equipping from the
hand, and with the table's cards entering the cards drawn), and what the open tablet offers (what
nobody chooses in secret)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.seen import SeenMatch
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import DEAL, DECLARE, DRAW, EQUIP, PREPARE
from companion.screens import session
from companion.screens.table import eyes as table_eyes
from companion.screens.table.eyes import APP_CARDS as APP_CARDS
from companion.screens.table.eyes import TABLE_CARDS as TABLE_CARDS
from companion.screens.table.eyes import Private
from companion.screens.table.eyes import app_seat as app_seat
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
class Screen(table_eyes.Screen[VaCardGameData]):
    """One run of VA Card Game's page (`table.eyes.Screen`), in its words."""

    def moment(self, seat: int) -> memory.Moment:
        """The moment a choice of `seat` belongs to."""
        return (self.table.gid, self.seen.length, seat)

    @property
    def entry_moment(self) -> tuple[str, int]:
        """The moment the cards entered from the physical decks belong to."""
        return (self.table.gid, self.seen.length)


def screen(table: session.Table, app: int | None) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's."""
    return table_eyes.look(table, app, Screen, private_screen, open_tablet)


def open_tablet(legal: list[Action]) -> list[Action]:
    """The shared tablet's public screen offers only what nobody chooses in secret."""
    return [a for a in legal if "player" not in a]


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


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    table_eyes.cover(screen, BUTTONS, "va", other="I am {}: show my screen")
