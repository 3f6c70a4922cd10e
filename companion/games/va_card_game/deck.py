"""The decks and hands: drawing a player's top card, and checking cards typed in from the
physical decks.

A deck's order is chance's, so any card in it may be on top: chance draws one at random, or
takes the card a player read off the real deck (checked before). An empty deck gives nothing
(ruling empty-deck): the graveyard is never shuffled back.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.drawn import undrawable
from companion.games.va_card_game.state import Pair, VaCardGameState, with_side

HEROES, GEAR = "hero", "equipment"


def deck_of(state: VaCardGameState, kind: str, player: int) -> Pair:
    return (state.hero_decks if kind == HEROES else state.gear_decks)[player]


def hand_of(state: VaCardGameState, kind: str, player: int) -> Pair:
    return (state.hero_hands if kind == HEROES else state.gear_hands)[player]


def draw(
    state: VaCardGameState, kind: str, player: int, rng: random.Random, given: str | None = None
) -> str | None:
    """The top card of `player`'s hero or equipment deck into the hand: `given` (checked
    before), or one at random; None from an empty deck."""
    deck = deck_of(state, kind, player)
    if not deck:
        return None
    # The card's place found once and the deck cut around it (no list copied and searched).
    if given is None:
        at = int(rng.random() * len(deck))
        card = deck[at]
    else:
        card = given
        at = deck.index(card)
    rest = deck[:at] + deck[at + 1 :]
    if kind == HEROES:
        state.hero_decks = with_side(state.hero_decks, player, rest)
        state.hero_hands = with_side(state.hero_hands, player, (*state.hero_hands[player], card))
    else:
        state.gear_decks = with_side(state.gear_decks, player, rest)
        state.gear_hands = with_side(state.gear_hands, player, (*state.gear_hands[player], card))
    return card


def drawable(deck: Pair, cards: Any, what: str) -> str | None:
    """None if `cards` (a list) could come off `deck` one after another, else why not. Each copy
    has its own id, and an id comes off at most once however often the deck lists it."""
    asked = f"Name the {what} cards drawn as a list."
    return undrawable(set(deck), cards, asked, f"the {what} deck")


def take_hero(state: VaCardGameState, player: int, card: str) -> None:
    hand = tuple(c for c in state.hero_hands[player] if c != card)
    state.hero_hands = with_side(state.hero_hands, player, hand)


def take_gear(state: VaCardGameState, player: int, cards: list[str]) -> None:
    hand = tuple(c for c in state.gear_hands[player] if c not in cards)
    state.gear_hands = with_side(state.gear_hands, player, hand)
