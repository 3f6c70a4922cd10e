"""Whose eyes Luturas's page draws through (`table.eyes`): which screen of the shared tablet is one
player's (keeping or changing an opening hand, a turn's main part with the hand in view, answering
an attack, a choice an effect leaves to a player), what the open tablet offers (the coin, the
deal, the choice of who starts, a draw), and which of the other player's effects a turn's screen
offers too (those in the open)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.seen import SeenMatch
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import DEAL, DRAW, MAIN, MULLIGAN, RESPOND
from companion.screens import session
from companion.screens.table import eyes as table_eyes
from companion.screens.table.eyes import APP_CARDS as APP_CARDS
from companion.screens.table.eyes import TABLE_CARDS as TABLE_CARDS
from companion.screens.table.eyes import Private
from companion.screens.table.eyes import app_seat as app_seat
from companion.screens.table.eyes import keep_tablet as keep_tablet
from companion.screens.table.eyes import uncover as uncover
from companion.screens.table.memory import held

Action = dict[str, Any]
ENTRY = "lt_entry"  # the cards entered from the table (`entry`): (moment, what was entered)
BUTTONS = {
    "hand": "I am {}: show my opening hand",
    "turn": "I am {}: show my hand",
    "answer": "I am {}: answer the attack",
    "choice": "I am {}: make my choice",
    "enter": "I am {}: enter the cards I drew",
    "draw": "I am {}: draw and enter my card",
}


@dataclass(frozen=True)
class Screen(table_eyes.Screen[LuturasData]):
    """One run of Luturas's page (`table.eyes.Screen`), in its words."""


def screen(table: session.Table, app: int | None) -> Screen:
    """What this run draws through: the device's eyes, or the uncovered private screen's."""
    return table_eyes.look(table, app, Screen, private_screen, open_tablet, beside)


def open_tablet(legal: list[Action]) -> list[Action]:
    """The open tablet offers only what nobody hides: the coin, the deal, the choice of who
    starts, a draw."""
    return [a for a in legal if a["type"] in ("toss", "deal", "choose", "draw")]


def beside(private: Private, legal: list[Action]) -> list[Action]:
    """On a turn's screen, also the other player's effects that are in the open."""
    if private.kind != "turn":
        return []
    return [a for a in legal if a.get("player") == 1 - private.seat and in_the_open(a)]


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
        done = held(ENTRY, (gid, seen.length)) or {}
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


def in_the_open(action: Action) -> bool:
    """An effect the other player may use during this turn and that names no card of a hand (a
    Lutura's, a Tool's, a Soldier's ability; never a flip, whose being possible would tell
    something of the face-down card): it may be offered on the turn's screen."""
    if action["type"] not in ("effect", "tool_effect", "ability"):
        return False
    refs = [r for k, v in action.items() if k.startswith("choices") for r in v]
    return not any(str(r).startswith("card:") for r in refs)


def cover(screen: Screen) -> None:
    """The "pass the tablet" screen in front of the private screen on show."""
    table_eyes.cover(screen, BUTTONS, "lt")
