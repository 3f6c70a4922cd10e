"""Cards moving between the decks and the players' hands: the one place a card is taken from a
deck (typed in from the physical deck, or chosen by chance) and handed to a player.

Apart from `actions` so that the auction, the turn and the scenarios share one way of moving a
card, and nothing else of `actions`.
"""

from __future__ import annotations

from companion.engine.core import Rng
from companion.games.vita_luna.data import DECKS, VitaLunaData
from companion.games.vita_luna.state import VitaLunaState

Data = VitaLunaData
State = VitaLunaState


def take(state: State, colour: str, rng: Rng, given: str | None = None) -> str | None:
    """A card from the `colour` deck: `given`, or one at random; None if the deck is empty."""
    i = DECKS.index(colour)
    deck = state.decks[i]
    if not deck:
        return None
    card = given if given is not None else deck[int(rng.random() * len(deck))]
    decks = list(state.decks)
    rest = list(deck)
    rest.remove(card)
    decks[i] = tuple(rest)
    state.decks = tuple(decks)
    return card


def give(state: State, player: int, cards: list[str]) -> None:
    owned = list(state.owned)
    owned[player] = owned[player] + tuple(cards)
    state.owned = (owned[0], owned[1])


def drop(state: State, player: int, card: str) -> None:
    owned = list(state.owned)
    cards = list(owned[player])
    cards.remove(card)
    owned[player] = tuple(cards)
    state.owned = (owned[0], owned[1])


def held_count(data: Data, state: State, player: int, colour: str) -> int:
    cards = data.cards
    return sum(1 for c in state.owned[player] if cards[c].deck == colour)
