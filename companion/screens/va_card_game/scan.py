"""VA Card Game's cards read by the camera: the heroes and equipment a player drew (several in
one photo, each to its own list), the hero drawn to bring in, and a card of the hand played
(a hero brought in, a piece of equipment attached).

A scanned card is entered only while its picker would still offer it (`entry.free`: what the
player's own deck may still hold) and played only with copies the engine accepts
(`entry.resolve`), so a scan can enter nothing a tap could not. A refused card is said in one
line on the next run, with the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cardgen.data.codes import CardRef
from companion.games.va_card_game.data import design
from companion.screens import scanner
from companion.screens.va_card_game import entry, memory
from companion.screens.va_card_game.buttons import keep_tablet, play
from companion.screens.va_card_game.eyes import Screen

Action = dict[str, Any]
GAME = "va_card_game"
KINDS = {"hero": "hero", "equipment": "gear"}  # the card type -> the page's kind of deck


def drawn(screen: Screen, p: int, sizes: dict[str, int]) -> None:
    """Scan the cards `p` drew: each hero and each piece of equipment goes to its own list,
    while that list has room (`sizes`: how many of each kind are asked for)."""
    moment = screen.entry_moment
    if all(len(memory.entry(moment).get(f"{k}{p}", [])) >= n for k, n in sizes.items()):
        return  # every card asked for is entered

    def taken(photo: bytes) -> None:
        entered = memory.entry(moment)
        chosen = {kind: list(entered.get(f"{kind}{p}", [])) for kind in sizes}
        left = {kind: entry.free(screen, p, kind, chosen[kind]) for kind in sizes}
        used: dict[str, Counter[str]] = {kind: Counter() for kind in sizes}
        takes: list[tuple[str, str]] = []

        def allowed(card: CardRef) -> str | None:
            kind = KINDS[card.type]
            if kind not in sizes or len(chosen[kind]) + sum(used[kind].values()) >= sizes[kind]:
                return f"{card.name}: no room for it, your {card.type} cards are all entered."
            if left[kind][card.id] - used[kind][card.id] <= 0:
                return entry.refusal(screen, [(p, kind, card.id)])
            used[kind][card.id] += 1
            takes.append((kind, card.id))
            return None

        def add(kind: str, wanted: str) -> None:
            memory.add(moment, f"{kind}{p}", wanted, sizes[kind])

        scanner.enter_all(photo, GAME, tuple(KINDS), allowed, takes, add)

    scanner.control(f"va_scan_drawn{p}", screen.seen.length, "Scan your cards", taken)


def one_card(
    screen: Screen, p: int, kind: str, build: Callable[[list[str]], Action], keep: str | None
) -> None:
    """Scan the one card drawn: played at once, as its picker button would be."""
    left = entry.free(screen, p, kind)
    types = tuple(t for t, k in KINDS.items() if k == kind)

    def allowed(card: CardRef) -> str | None:
        return None if left[card.id] > 0 else entry.refusal(screen, [(p, kind, card.id)])

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, GAME, types, allowed, "the card you drew")
        if card is not None:
            slots = [(p, kind, card.id)]
            action = entry.resolve(screen, slots, build)
            entry.play_entered(keep, action, entry.refusal(screen, slots))

    scanner.control(f"va_scan_card{p}", screen.seen.length, "Scan the card", taken)


def from_hand(screen: Screen, p: int, kind: str, verb: str) -> None:
    """Scan a card of `p`'s hand to play it: `verb` is the action ("equip": attach a piece of
    equipment, "bring_in": bring in a hero); the engine's check says why a card may not."""
    hand = list(screen.view["gear_hands" if kind == "gear" else "hero_hands"][p])
    types = tuple(t for t, k in KINDS.items() if k == kind)

    def act(copy: str) -> Action:
        return {"type": verb, "player": p, "card": copy}

    def playable(card: CardRef) -> list[str]:
        return [c for c in hand if design(c) == card.id and screen.seen.check(act(c)) is None]

    def allowed(card: CardRef) -> str | None:
        copies = [c for c in hand if design(c) == card.id]
        if not copies:
            return f"{card.name} is not in {screen.name(p)}'s hand."
        return None if playable(card) else screen.seen.check(act(copies[0]))

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, GAME, types, allowed, "the card you play")
        if card is not None:
            play(keep_tablet(screen), act(playable(card)[0]))

    label = "Scan a card of your hand"
    scanner.control(f"va_scan_{verb}{p}", screen.seen.length, label, taken)
