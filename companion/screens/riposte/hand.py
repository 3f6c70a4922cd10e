"""The hand of the player whose eyes the screen shows: their cards as small pictures, and with
the app's cards which of them to take from the stock. Nobody else's hand, ever: on the shared
tablet only behind that player's cover."""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.screens.riposte.eyes import APP_CARDS, Screen
from companion.screens.riposte.pictures import card_svg
from companion.screens.riposte.table_talk import news

CARD_PX = 84


def hand(screen: Screen, seat: int) -> None:
    """`seat`'s cards, if these eyes are theirs; with the app's cards, what to take."""
    if not screen.sees_hand(seat):
        return
    data = screen.data
    cards = list(screen.view["hands"][seat])
    if screen.cards == APP_CARDS:
        for line in news(screen.seen, seat):
            st.html(f'<div class="rp-todo rp-private">☞ {escape(line)}</div>')
    if not cards:
        return
    pictures = "".join(
        f'<div class="rp-slot">{card_svg(data.cards[c], CARD_PX)}</div>' for c in cards
    )
    st.markdown(
        f'<div class="rp-hand-box"><div class="rp-title">Your hand, {escape(screen.name(seat))}'
        f' ({len(cards)})</div><div class="rp-cards">{pictures}</div></div>',
        unsafe_allow_html=True,
    )
