"""The combat deck: drawing its top card, and checking cards typed in from the physical deck.

The deck's order is chance's, so any card in it may be on top; the only cards with a known
place are those Rook put under it (`bottom`), which come up once the rest is gone. An empty
deck is made anew from the shuffled discard pile (ruling reshuffle).
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.riposte.state import RiposteState

RESHUFFLED = "The deck is empty: the discard pile is shuffled into a new deck."


def draw(
    state: RiposteState, rng: random.Random, events: list[str], given: str | None = None
) -> str:
    """The top card of the deck: `given` (checked before), or one at random."""
    if not state.deck and not state.bottom:
        state.deck, state.discard = tuple(sorted(state.discard)), ()
        events.append(RESHUFFLED)
    if not state.deck:
        card, state.bottom = state.bottom[0], state.bottom[1:]
        return card
    deck = list(state.deck)
    card = given if given is not None else deck[int(rng.random() * len(deck))]
    deck.remove(card)
    state.deck = tuple(deck)
    return card


def left(state: RiposteState) -> int:
    """Cards a player could still draw: the deck, the cards under it and the discard pile."""
    return len(state.deck) + len(state.bottom) + len(state.discard)


def drawable(state: RiposteState, cards: list[Any]) -> str | None:
    """None if `cards` could come off the deck in this order, else why not."""
    deck, bottom, discard = set(state.deck), list(state.bottom), set(state.discard)
    for card in cards:
        if not deck and not bottom:
            deck, discard = discard, set()
        if not deck and bottom:
            if card != bottom[0]:
                return f"The next card of the deck is the one Rook put under it, not {card!r}."
            bottom.pop(0)
            continue
        if not isinstance(card, str) or card not in deck:
            return f"{card!r} is not in the deck."
        deck.discard(card)
    return None


def give(state: RiposteState, player: int, card: str) -> None:
    hands = list(state.hands)
    hands[player] = hands[player] + (card,)
    state.hands = (hands[0], hands[1])


def take_from_hand(state: RiposteState, player: int, card: str) -> None:
    hands = list(state.hands)
    hands[player] = tuple(c for c in hands[player] if c != card)
    state.hands = (hands[0], hands[1])
