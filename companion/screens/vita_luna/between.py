"""Vita Luna around its battles: the steps with one button each (dealing, who attacks or opens
the bidding first, turning up the auction's next card, drawing the reward cards), and the screen
between two battles (trading two black cards for a blue one, then the next battle).

A trade is chosen from the trader's hand, so it is one player's screen: on their own device at
once, on the shared tablet after "Player 1 trades" and the "pass the tablet" cover (`eyes`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.screens import parts
from companion.screens.table.buttons import distinct
from companion.screens.vita_luna.buttons import button, choose, label
from companion.screens.vita_luna.eyes import Screen, cover

Action = dict[str, Any]


def one_button_each(screen: Screen) -> None:
    """One button per legal action; the only one, if it is alone, is the one to tap."""
    mine = distinct(screen.legal, partial(label, screen.state, screen.data))
    for words, action in mine:
        button(words, action, primary=len(mine) == 1)


def between(screen: Screen) -> None:
    """Trades (a player, then which two black cards), then Start battle N."""
    if screen.covered:
        cover(screen)
        return
    state, data, length = screen.state, screen.data, screen.seen.length
    trades = [a for a in screen.legal if a["type"] == "trade"]
    traders = sorted({a["player"] for a in trades})
    trader = screen.seen.seat if screen.seen.seat in traders else None
    if traders:
        st.markdown("**Trade two black cards for a random blue one** (as often as you like):")
    if trader is None:
        for column, p in parts.in_rows(traders):
            column.button(f"{parts.plain(state.names[p])} trades", key=f"vl_trader_{p}",
                          width="stretch", wrap=True, on_click=choose,
                          args=(length, ("trade", p)))  # fmt: skip
    else:
        seen: set[tuple[str, ...]] = set()
        for action in (a for a in trades if a["player"] == trader):
            kinds = tuple(sorted(data.cards[c].id for c in action["cards"]))
            if kinds in seen:
                continue  # two Wolves are two Wolves, whichever copies
            seen.add(kinds)
            names = " + ".join(data.name(c) for c in action["cards"])
            button(f"Give {names}", action)
        if screen.private is not None:
            st.button("Done: hide my cards", key="vl_hide", width="stretch", wrap=True,
                      on_click=choose, args=(length, None))  # fmt: skip
    following = next((a for a in screen.legal if a["type"] == "next_battle"), None)
    if following:
        button(label(state, data, following), following, primary=True)
