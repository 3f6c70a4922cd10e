"""The start of a round on Luturas's page: the coin, who starts, the opening hands (kept or
shuffled back for a new one, each on its player's own screen) and the draw that begins a turn."""

from __future__ import annotations

import streamlit as st

from companion.screens.luturas import buttons, entry, hand, scan
from companion.screens.luturas.eyes import TABLE_CARDS, Screen


def toss(screen: Screen) -> None:
    buttons.each(screen, screen.legal, primary=True)


def choose(screen: Screen) -> None:
    buttons.each(screen, screen.legal)


def deal(screen: Screen) -> None:
    if screen.cards == TABLE_CARDS:
        entry.deal(screen)
        scan.opening_hand(screen)
        return
    buttons.each(screen, screen.legal, primary=True)


def mulligan(screen: Screen) -> None:
    """Keep the hand or shuffle it back: the hand in view first, since that is what is judged."""
    p = screen.view["active"]
    if not screen.sees_hand(p):
        return
    hand.cards(screen, p)
    taken = int(screen.view["sides"][p]["mulligans"])
    most = screen.data.mulligans
    st.html(f'<div class="lt-line">New hands taken this round: {taken} of {most}.</div>')
    for action in screen.legal:
        if action["type"] == "keep" or (
            action["type"] == "mulligan" and screen.cards != TABLE_CARDS
        ):
            buttons.button(screen, action, primary=action["type"] == "keep")
    if screen.cards == TABLE_CARDS:
        entry.mulligan(screen, p)
        scan.new_hand(screen, p)
    if not any(a["type"] == "mulligan" for a in screen.legal):
        reason = screen.seen.check({"type": "mulligan", "player": p})
        if reason:
            buttons.refused("Shuffle it back for a new hand", reason, key="lt_no_mulligan")


def draw(screen: Screen) -> None:
    """The turn's draw (fast mode: from the Deck or the Crystal deck)."""
    if not screen.legal:
        return
    if screen.cards == TABLE_CARDS:
        entry.draw(screen)
        scan.drawn(screen)
        return
    buttons.each(screen, screen.legal, primary=len(screen.legal) == 1)
