"""The hand of the player whose eyes the screen shows: their hero cards with their printed numbers
and their equipment with its bonuses, and with the app's cards which cards to take from their
stocks. Nobody else's hand, ever: on the shared tablet only behind that player's cover."""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.screens.va_card_game.eyes import APP_CARDS, Screen
from companion.screens.va_card_game.table_talk import news
from companion.screens.va_card_game.words import bonus, gear_name, printed


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
    chips = [
        f'<span class="va-card hero"><b>{escape(data.name(h))}</b> '
        f"{escape(printed(data, h).words())}</span>"
        for h in heroes
    ]
    chips += [
        f'<span class="va-card gear"><b>{escape(gear_name(data, g))}</b> '
        f"{escape(bonus(data, g))}</span>"
        for g in gear
    ]
    counted = f"{len(heroes)} {'hero' if len(heroes) == 1 else 'heroes'}, {len(gear)} equipment"
    st.html(
        f'<div class="va-hand"><div class="va-title">Your hand, {escape(screen.name(seat))} '
        f'({counted})</div><div class="va-chips">{"".join(chips) or "empty"}</div></div>'
    )
