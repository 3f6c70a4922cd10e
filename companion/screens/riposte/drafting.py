"""Riposte's draft: a fresh row between rounds, Rook's swap, each pick (a card of the row, or the
top card of the deck unseen), Rook's look at two cards, and the card just taken.

A pick is the picking player's screen (their hand is in view): on their own device, or on the
shared tablet behind their cover. With the table's cards a pick takes two taps: the row card or
the blind draw, then the card that came off the physical deck (`entry`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.games.riposte import abilities as ab
from companion.games.riposte.deck import left
from companion.screens import parts
from companion.screens.riposte import entry, memory, scan
from companion.screens.riposte.buttons import button, card_words, keep_tablet, label
from companion.screens.riposte.eyes import APP_CARDS, Screen, drawn_token
from companion.screens.riposte.hand import hand
from companion.screens.riposte.header import prompt
from companion.screens.riposte.table_talk import drawn_card, names
from companion.screens.table import buttons as table_buttons

Action = dict[str, Any]


def turn_up(screen: Screen) -> None:
    """A new row: one tap with the app's cards; else the cards turned up, entered."""
    mine = [a for a in screen.legal if a["type"] == "turn_up"]
    if not mine:
        return
    if screen.cards == APP_CARDS:
        button(screen, label(screen, mine[0]), mine[0], primary=True)
        return
    row = scan.row_entered(screen, "The new draft row")
    if row is None:
        return
    action = entry.resolve(screen, row, lambda cards: {"type": "turn_up", "row": cards})
    shown = entry.design_names(screen, row)
    words = f"{', '.join(shown[:-1])} and {shown[-1]}"
    why_not = entry.refusal(shown)
    st.button(parts.plain(f"Turn up {words}"), key="rp_enter_done", type="primary",
              width="stretch", wrap=True, on_click=entry.play_entered,
              args=(None, action, why_not, ("row",)))  # fmt: skip


def pick(screen: Screen) -> None:
    """The picking player's hand, then one button per pick (or, with the table's cards, the
    pick and then the card that came up)."""
    picks = [a for a in screen.legal if a["type"] in ("take", "draw")]
    if not picks:
        return
    p = picks[0]["player"]
    held = len(screen.view["hands"][p])
    prompt(f"{screen.name(p)}: take a card from the row, or the top card of the deck unseen "
           f"(card {held + 1} of {screen.data.hand}).")  # fmt: skip
    hand(screen, p)
    if screen.cards == APP_CARDS:
        for words, action in table_buttons.distinct(picks, partial(label, screen)):
            button(screen, words, action, primary=action["type"] == "draw")
        return
    moment = screen.moment
    what = memory.picked(moment)
    if what is None:
        for words, action in table_buttons.distinct(picks, partial(label, screen)):
            what = ("take", action["slot"]) if action["type"] == "take" else ("draw",)
            key = "rp_take_" + str(action["slot"]) if action["type"] == "take" else "rp_draw"
            st.button(parts.plain(words), key=key, width="stretch", wrap=True,
                      on_click=memory.choose, args=(moment, what))  # fmt: skip
        return
    _entered_pick(screen, p, picks, what)
    st.button("Cancel: pick again", key="rp_cancel", width="stretch", wrap=True,
              on_click=memory.choose, args=(moment, None))  # fmt: skip


def _entered_pick(screen: Screen, p: int, picks: list[Action], what: tuple) -> None:
    keep = keep_tablet(screen)
    if what[0] == "take":
        take = next(a for a in picks if a.get("slot") == what[1])
        taken = screen.data.name(screen.state.row[what[1]])
        question = f"You take {taken}. Which card did you turn up to fill the gap?"
        scan.one_card(screen, lambda c: take | {"refill": c[0]}, keep)
        entry.one_card(screen, question, lambda c: take | {"refill": c[0]}, keep)
        return
    draw = next(a for a in picks if a["type"] == "draw")
    if not (ab.looks_at_two(screen.state, p) and left(screen.state) >= 2):
        question = "Which card did you take from the top of the deck?"
        scan.one_card(screen, lambda c: draw | {"card": c[0]}, keep)
        entry.one_card(screen, question, lambda c: draw | {"card": c[0]}, keep)
        return
    looked = entry.chosen_line(screen, "look", "The top two cards you look at", 2)
    if len(looked) < 2:
        scan.into(screen, "look", 2, entry.free(screen, 2, looked))
        entry.picker(screen, "look", 2, entry.free(screen, 2, looked))
        return
    action = entry.resolve(screen, looked, lambda cards: draw | {"cards": cards})
    words = entry.refusal(entry.design_names(screen, looked))
    st.button("These two", key="rp_enter_done", type="primary", width="stretch", wrap=True,
              on_click=entry.play_entered, args=(keep, action, words, ("look",)))  # fmt: skip


def look(screen: Screen) -> None:
    """Rook keeps one of the two top cards; the other goes to the bottom of the deck."""
    keeps = [a for a in screen.legal if a["type"] == "keep"]
    if not keeps:
        return
    p = keeps[0]["player"]
    words = names(screen.data, [a["card"] for a in keeps])
    prompt(f"{screen.name(p)}: you look at {words}. Keep one; the other goes under the deck.")
    hand(screen, p)
    for words, action in table_buttons.distinct(keeps, partial(label, screen)):
        button(screen, words, action)


def swap(screen: Screen) -> None:
    """Rook may swap his leftover card with a card of the new row."""
    swaps = [a for a in screen.legal if a["type"] == "swap"]
    if not swaps:
        return
    p = swaps[0]["player"]
    prompt(f"{screen.name(p)} (Rook): swap your leftover card with a card of the row?")
    hand(screen, p)
    for words, action in table_buttons.distinct(swaps, partial(label, screen)):
        button(screen, words, action, primary=action["slot"] is None)


def drawn(screen: Screen) -> None:
    """On the shared tablet, the card the app drew for a player, shown to that player only."""
    private = screen.private
    assert private is not None
    p = private.seat
    card = drawn_card(screen.seen.log, p)
    if card is not None:
        prompt(f"{screen.name(p)}: you took {card_words(screen.data, card)}.")
    hand(screen, p)
    token = drawn_token(screen.table.gid, p, screen.seen.length)
    st.button("I have taken it: go on", key="rp_taken", type="primary", width="stretch",
              wrap=True, on_click=memory.put_away, args=(token,))  # fmt: skip
