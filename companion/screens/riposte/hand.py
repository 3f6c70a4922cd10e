"""The hand of the player whose eyes the screen shows: their cards as printed (`table.faces`,
each picture with its move in words), and with the app's cards which of them to take from the
stock. Nobody else's hand, ever: on the shared tablet only behind that player's cover."""

from __future__ import annotations

from collections import Counter
from html import escape

import streamlit as st

from companion.screens.riposte.eyes import APP_CARDS, Screen
from companion.screens.riposte.pictures import describe
from companion.screens.riposte.table_talk import news
from companion.screens.table.held import held_cards

GAME = "riposte"
CARD_PX = 112  # five cards in a row on a tablet; the attack tabs and the bar readable


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
    designs = Counter((c.rsplit(".", 1)[0], data.cards[c].name, describe(data.cards[c]))
                      for c in cards)  # fmt: skip
    shown = [(c, name, words, n) for (c, name, words), n in designs.items()]
    with st.container(key="rp_hand"):
        st.html(
            f'<div class="rp-title">Your hand, {escape(screen.name(seat))} ({len(cards)})</div>'
        )
        held_cards(GAME, shown, CARD_PX, key="rp_hand")
