"""Vita Luna's creatures read by the camera at placement: the scanned card is picked from the
placing player's hand, as a tap on it would pick it; then the grid asks where it goes.

A creature is refused, with the reason said on the next run, when it is not in the placing
player's hand or the rules let none of its copies be placed now (the engine's legal actions,
the same ones the hand's buttons come from).
"""

from __future__ import annotations

from typing import Any

from cardgen.data.codes import CardRef
from companion.screens import scanner
from companion.screens.vita_luna.buttons import choose
from companion.screens.vita_luna.eyes import Screen

Action = dict[str, Any]
GAME = "vita_luna"
CREATURES = ("creature",)


def pick(screen: Screen, places: list[Action]) -> None:
    """Scan the creature to place next."""
    data, length = screen.data, screen.seen.length
    placeable = list(dict.fromkeys(a["card"] for a in places))
    state = screen.state
    owned = state.owned[state.active] if state.active in (0, 1) else ()

    def copies(card: CardRef) -> list[str]:
        return [c for c in placeable if data.cards[c].id == card.id]

    def allowed(card: CardRef) -> str | None:
        if copies(card):
            return None
        if any(data.cards[c].id == card.id for c in owned):
            return f"{card.name} cannot be placed now: it is on the board already."
        return f"{card.name} is not one of your cards."

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, GAME, CREATURES, allowed, "the creature you place")
        if card is not None:
            choose(length, ("card", copies(card)[0]))

    scanner.control("vl_scan_place", length, "Scan the creature you place", taken)
