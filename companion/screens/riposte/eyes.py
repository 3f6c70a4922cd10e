"""Whose eyes Riposte's page draws through (`table.eyes`): which screen of the shared tablet is
one player's (keeping a character, entering the cards dealt to them, a pick in the draft, Rook's
look and swap, laying a card, and with the app's shuffled cards the card just drawn), and what the
open tablet offers (what nobody chooses in secret, and Rook's brace)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.seen import SeenMatch
from companion.games.riposte.data import RiposteData
from companion.games.riposte.state import CAST, CHOOSE, CLASH, DEAL, DRAFT, LOOK, SWAP
from companion.screens import session
from companion.screens.riposte import memory
from companion.screens.table import eyes as table_eyes
from companion.screens.table.eyes import APP_CARDS as APP_CARDS
from companion.screens.table.eyes import TABLE_CARDS as TABLE_CARDS
from companion.screens.table.eyes import Private, holder_first
from companion.screens.table.eyes import app_seat as app_seat

Action = dict[str, Any]
COVERS = {
    "choose": "I am {}: show my characters",
    "cast": "I am {}: enter my characters",
    "hand": "I am {}: enter my cards",
    "drawn": "I am {}: show the card I took",
    "lay": "I am {}: show my cards",
}


@dataclass(frozen=True)
class Screen(table_eyes.Screen[RiposteData]):
    """One run of Riposte's page (`table.eyes.Screen`), in Riposte's words."""

    @property
    def moment(self) -> memory.Moment:
        return (self.table.gid, self.seen.length)


def screen(table: session.Table, app: int | None) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's."""
    return table_eyes.look(table, app, Screen, private_screen, open_tablet)


def open_tablet(legal: list[Action]) -> list[Action]:
    """The shared tablet's public screen offers what nobody chooses in secret (and Rook's brace,
    said out loud)."""
    return [a for a in legal if "player" not in a or a["type"] == "brace"]


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


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    table_eyes.cover(screen, COVERS, "rp", other="I am {}: show my cards")
