"""The hand of the player whose eyes the screen shows, as its printed cards (`table.faces`, each
with its words for screen readers), and with the app's cards which physical cards to take.
Nobody else's hand, ever: on the shared tablet only behind that player's cover."""

from __future__ import annotations

from collections import Counter
from html import escape

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.luturas.state import design
from companion.screens.luturas.eyes import APP_CARDS, Screen
from companion.screens.luturas.words import card_words, listed
from companion.screens.table.held import held_cards

GAME = "luturas"
CARD_PX = 112  # three to a row on a phone and in a landscape tablet's right column


def by_design(cards: list[str]) -> list[tuple[str, int]]:
    """One copy of each design (the first held) with how many are held, in hand order."""
    counts = Counter(design(c) for c in cards)
    first: dict[str, str] = {}
    for card in cards:
        first.setdefault(design(card), card)
    return [(card, counts[d]) for d, card in first.items()]


def cards(screen: Screen, seat: int) -> None:
    """`seat`'s hand as a list of cards, if these eyes are theirs."""
    if not screen.sees_hand(seat):
        return
    held = [c for c in screen.view["sides"][seat]["hand"] if c != HIDDEN]
    if screen.cards == APP_CARDS:
        for line in to_take(screen, seat):
            st.html(f'<div class="lt-todo">☞ {escape(line)}</div>')
    with st.container(key="lt_hand"):
        st.html(f'<div class="lt-title">Your hand, {escape(screen.name(seat))} ({len(held)})</div>'
                + ("" if held else "empty"))  # fmt: skip
        pictures(screen, held)


def pictures(screen: Screen, held: list[str]) -> None:
    """The cards `held` as printed, each design once with how many are held, each to tap for
    its rules."""
    data = screen.data
    shown = [(design(c), data.title(c), card_words(data, c), n) for c, n in by_design(held)]
    held_cards(GAME, shown, CARD_PX, key="lt_hand")


def to_take(screen: Screen, seat: int) -> list[str]:
    """With the app's cards: the cards the app drew for `seat` since that player last acted,
    to take from the sorted stock without showing them (the seat's own log, so only its own
    cards are named)."""
    data, log = screen.data, screen.seen.log
    taken: list[str] = []
    for action in reversed(log):
        if action.get("player") == seat and action["type"] not in ("draw",):
            break
        if action["type"] == "deal" and "hands" in action:
            taken += [c for c in action["hands"][seat] if c != HIDDEN]
        elif action.get("player") == seat and action.get("card", HIDDEN) != HIDDEN:
            taken.append(action["card"])
    if not taken:
        return []
    names = listed([data.title(c) for c in reversed(taken)])
    them = "it" if len(taken) == 1 else "them"
    return [f"Take {names} from the stock, without showing {them}."]
