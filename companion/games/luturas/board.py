"""Moving cards between the places of a side: drawing, shuffling, and Luturas leaving play.

A Deck's order is chance's, so any of its unknown cards may be on top: the known ones (`top`,
put back by Tidepup Gear 1 or Lumira Gear 1) come first, then a card of the unknown rest drawn at
random (or the one a player read off the real deck, checked before), then the known bottom cards.
Searching or shuffling forgets every known place.

A Lutura leaves the Battlefield as one stack (ruling upgrade-stack): all its Gears go together,
its damage and effects are forgotten, and a Tool assigned to it stays in play unassigned (ruling
tools-drop).
"""

from __future__ import annotations

import random

from companion.games.luturas.state import Lutura, Side, with_space

DECK, CRYSTALS = "deck", "crystals"  # the piles a fast-mode draw may come from
HAND, WORKSHOP, PORTAL = "hand", "workshop", "portal"


def deck_size(side: Side) -> int:
    return len(side.top) + len(side.deck) + len(side.bottom)


def can_draw(side: Side, pile: str = DECK) -> bool:
    if pile == CRYSTALS:
        return bool(side.crystal_deck)
    return deck_size(side) > 0


def next_unknown(side: Side) -> bool:
    """Whether the next card of the Deck is one chance decides (none of it known)."""
    return not side.top and bool(side.deck)


def unseen_card(pool: list[str], rng: random.Random) -> str:
    """Chance's pick of a card nobody has seen, among `pool` (an unknown part of a pile). The one
    place chance picks a card: a source with a `pick(pool)` method (see `entering`) answers for
    itself, so the page can learn which piles an action would take unseen cards from."""
    pick = getattr(rng, "pick", None)
    if pick is not None:
        return str(pick(pool))
    return pool[int(rng.random() * len(pool))]


def entered(pool: list[str], given: list[str] | None) -> str | None:
    """The next card a player entered from the real Deck, if it can be the next one there."""
    while given:
        card = given.pop(0)
        if card in pool:
            return card
    return None


def draw(side: Side, rng: random.Random, pile: str = DECK, given: str | None = None) -> str:
    """The top card of a pile into the hand; the pile must not be empty."""
    if pile == CRYSTALS:
        pool = list(side.crystal_deck)
        card = given if given is not None else unseen_card(pool, rng)
        pool.remove(card)
        side.crystal_deck = tuple(pool)
    elif side.top:
        card, side.top = side.top[0], side.top[1:]
    elif side.deck:
        pool = list(side.deck)
        card = given if given is not None else unseen_card(pool, rng)
        pool.remove(card)
        side.deck = tuple(pool)
    else:
        card, side.bottom = side.bottom[0], side.bottom[1:]
    side.hand = (*side.hand, card)
    return card


def top_cards(
    side: Side, count: int, rng: random.Random, given: list[str] | None = None
) -> tuple[str, ...]:
    """The top `count` cards, made known (chance fixes those of the unknown part, or the cards
    a player read off the real Deck, `given`, taken in order) and kept on top in that order:
    what an effect that looks at the top of the Deck sees."""
    while len(side.top) < count and side.deck:
        pool = list(side.deck)
        card = entered(pool, given) or unseen_card(pool, rng)
        pool.remove(card)
        side.deck, side.top = tuple(pool), (*side.top, card)
    if len(side.top) < count and not side.deck:
        side.top, side.bottom = (*side.top, *side.bottom), ()
    return side.top[:count]


def shuffle(side: Side) -> None:
    """Shuffle the Deck: no card's place is known any more."""
    side.deck = tuple(sorted((*side.top, *side.deck, *side.bottom)))
    side.top = side.bottom = ()


def take(side: Side, pile: str, card: str) -> None:
    """Remove `card` from one of the side's piles (hand, workshop, portal, crystals, deck ...)."""
    cards = list(getattr(side, pile))
    cards.remove(card)
    setattr(side, pile, tuple(cards))


def put(side: Side, pile: str, *cards: str) -> None:
    setattr(side, pile, (*getattr(side, pile), *cards))


def from_deck(side: Side, card: str) -> None:
    """Take a named card out of the Deck (a search) and forget every known place."""
    shuffle(side)
    take(side, "deck", card)


def leave(side: Side, space: int, to: str) -> Lutura:
    """The Lutura in `space` leaves the Battlefield for `to` (workshop, hand, portal or deck)
    with every Gear under it; its Tool stays, unassigned."""
    lutura = side.spaces[space]
    assert lutura is not None
    with_space(side, space, None)
    if to == DECK:
        side.deck = tuple(sorted((*side.deck, *lutura.stack)))
    else:
        put(side, to, *lutura.stack)
    if side.tool_at == space:
        side.tool_at = -1
    return lutura


def luturas(side: Side) -> list[tuple[int, Lutura]]:
    """The side's Luturas in play, by space."""
    return [(i, lutura) for i, lutura in enumerate(side.spaces) if lutura is not None]


def free_spaces(side: Side) -> list[int]:
    return [i for i, lutura in enumerate(side.spaces) if lutura is None]
