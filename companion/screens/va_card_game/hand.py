"""The hand of the player whose eyes the screen shows: their hero and equipment cards as printed
(`table.faces`; the numbers and bonuses in each picture's words), and with the app's cards which
cards to take from their stocks. Nobody else's hand, ever: on the shared tablet only behind that
player's cover."""

from __future__ import annotations

from collections import Counter
from html import escape

import streamlit as st

from companion.games.va_card_game.data import design
from companion.screens.table.held import held_cards
from companion.screens.va_card_game.eyes import APP_CARDS, Screen
from companion.screens.va_card_game.table_talk import news
from companion.screens.va_card_game.words import card_words, gear_name

GAME = "va_card_game"
CARD_PX = 112  # three to a row on a phone and in a landscape tablet's right column


def to_take(screen: Screen) -> None:
    """With the app's cards, which cards the player whose eyes these are takes from their
    stocks (dealt or drawn for them since they last acted)."""
    seat = screen.seen.seat
    if screen.cards != APP_CARDS or seat not in (0, 1) or screen.covered:
        return
    for line in news(screen.seen, seat):
        st.html(f'<div class="va-todo va-private">☞ {escape(line)}</div>')


def hand(screen: Screen, seat: int) -> None:
    """`seat`'s cards, if these eyes are theirs."""
    if not screen.sees_hand(seat):
        return
    view, data = screen.view, screen.data
    heroes, gear = view["hero_hands"][seat], view["gear_hands"][seat]
    held = [(design(h), data.name(h), card_words(data, h)) for h in heroes]
    held += [(design(g), gear_name(data, g), card_words(data, g)) for g in gear]
    counted = f"{len(heroes)} {'hero' if len(heroes) == 1 else 'heroes'}, {len(gear)} equipment"
    with st.container(key="va_hand"):
        st.html(
            f'<div class="va-title">Your hand, {escape(screen.name(seat))} ({counted})</div>'
            + ("" if held else "empty")
        )
        shown = [(c, name, words, n) for (c, name, words), n in Counter(held).items()]
        held_cards(GAME, shown, CARD_PX, key="va_hand")
