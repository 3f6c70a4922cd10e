"""Vita Luna around its battles: the steps with one button each (dealing, who attacks or opens
the bidding first, turning up the auction's next card, drawing the reward cards), and the screen
between two battles (trading two black cards for a blue one, then the next battle).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.screens import parts
from companion.screens.vita_luna.buttons import button, choose, label, picked

Action = dict[str, Any]


def one_button_each(match, mine: list[Action]) -> None:
    """One button per legal action; the only one, if it is alone, is the one to tap."""
    for action in mine:
        button(label(match, action), action, primary=len(mine) == 1)


def between(match, mine: list[Action]) -> None:
    """Trades (a player, then which two black cards), then Start battle N."""
    state, data = match.state, match.rules.data
    trades = [a for a in mine if a["type"] == "trade"]
    pick = picked(match)
    trader = pick[1] if pick and pick[0] == "trade" else None
    players = sorted({a["player"] for a in trades})
    if players:
        st.markdown("**Trade two black cards for a random blue one** (as often as you like):")
        for column, p in parts.in_rows(players):
            on = trader == p
            column.button(
                f"{state.names[p]} trades",
                key=f"vl_trader_{p}",
                type="primary" if on else "secondary",
                width="stretch",
                wrap=True,
                on_click=choose,
                args=(len(match.log), ("trade", p)),
            )
    if trader is not None:
        seen: set[tuple[str, str]] = set()
        for action in (a for a in trades if a["player"] == trader):
            kinds = tuple(sorted(data.cards[c].id for c in action["cards"]))
            if kinds in seen:
                continue  # two Wolves are two Wolves, whichever copies
            seen.add(kinds)
            names = " + ".join(data.name(c) for c in action["cards"])
            button(f"Give {names}", action)
    following = next((a for a in mine if a["type"] == "next_battle"), None)
    if following:
        button(label(match, following), following, primary=True)
