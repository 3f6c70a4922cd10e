"""Riposte's cards read by the camera: the card a player lays in a clash, the card drawn or
turned up, and the cards of the draft row or a hand (several in one photo, left to right).

Each scan asks what a tap would ask: laying a card asks the engine (`SeenMatch.check`) whether
that card of the player's hand may be laid now, so a card that does not fit the follow-up bar is
refused in the engine's words; a card entered from the deck is offered only while the picker
would offer it (`entry.free`) and played only with a copy the engine accepts (`entry.resolve`).
A refused card is said in one line on the next run, with the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cardgen.data.codes import CardRef
from companion.screens import scanner
from companion.screens.riposte import entry, memory
from companion.screens.riposte.buttons import attempt
from companion.screens.riposte.eyes import Screen

Action = dict[str, Any]
GAME = "riposte"
COMBAT = ("combat_card",)


def _play(p: int, card: str) -> Action:
    return {"type": "play", "player": p, "card": card}


def lay(screen: Screen, p: int, keep: str | None) -> None:
    """Scan the card `p` lays face down: it must be in their hand and fit the rules now."""
    hand = list(screen.state.hands[p])
    data = screen.data

    def playable(card: CardRef) -> list[str]:
        copies = [c for c in hand if data.cards[c].id == card.id]
        return [c for c in copies if screen.seen.check(_play(p, c)) is None]

    def allowed(card: CardRef) -> str | None:
        copies = [c for c in hand if data.cards[c].id == card.id]
        if not copies:
            return f"{card.name} is not in {screen.name(p)}'s hand."
        return None if playable(card) else screen.seen.check(_play(p, copies[0]))

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, GAME, COMBAT, allowed, "the card you lay")
        if card is not None:
            attempt(keep, _play(p, playable(card)[0]))

    scanner.control(f"rp_scan_lay{p}", screen.seen.length, "Scan the card you lay", taken)


def one_card(screen: Screen, build: Callable[[list[str]], Action], keep: str | None) -> None:
    """Scan the one card drawn or turned up: played at once, as its picker button would be."""
    left = entry.free(screen, 1)

    def allowed(card: CardRef) -> str | None:
        return None if left[card.id] > 0 else entry.refusal([card.name])

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, GAME, COMBAT, allowed, "the card that came up")
        if card is not None:
            action = entry.resolve(screen, [card.id], build)
            entry.play_entered(keep, action, entry.refusal([card.name]))

    scanner.control("rp_scan_card", screen.seen.length, "Scan the card", taken)


def into(screen: Screen, target: str, most: int, left: Counter[str]) -> None:
    """Scan cards into `target` (the row, a hand, the two looked at): every card in the photo,
    left to right, while there is room and the picker would still offer it."""
    moment = screen.moment

    def taken(photo: bytes) -> None:
        room = most - len(memory.entry(moment).get(target, []))
        refusal = lambda card: entry.refusal([card.name])  # noqa: E731
        for card in scanner.several(photo, GAME, COMBAT, room, left, refusal):
            memory.add(moment, target, card.id, most)

    scanner.control(f"rp_scan_{target}", screen.seen.length, "Scan cards", taken)


def row_entered(screen: Screen, title: str) -> list[str] | None:
    """The draft row entered so far, said under `title`; while it is not whole, the Scan control
    and the picker to enter more of it, and None."""
    size = screen.data.row
    row = entry.chosen_line(screen, "row", title, size)
    if len(row) < size:
        into(screen, "row", size, entry.free(screen, size, row))
        entry.picker(screen, "row", size, entry.free(screen, size, row))
        return None
    return row
