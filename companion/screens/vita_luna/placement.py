"""Vita Luna's placement screen: the placing player's hand as buttons (a card, then where it
goes, on a grid laid out like their half of the board), Done placing, and, in a game of two
people, the "pass the tablet" cover that keeps the hand hidden until its owner holds the tablet.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.screens import parts, session
from companion.screens.vita_luna.buttons import button, choose, deck_rank, grid, label, picked

Action = dict[str, Any]

HAND_PER_ROW = 3


def covered(table: session.Table) -> bool:
    """Whether the placing player has the tablet: draws "pass the tablet" until they say so."""
    state = table.match.state
    who = state.names[state.active]
    token = f"{table.gid}:place:{state.battle}:{state.active}"
    return parts.pass_tablet(token, who, f"I am {who}: show my cards", key="vl_cover",
                             look="vl-cover")  # fmt: skip


def placing(match, mine: list[Action]) -> None:
    state, data = match.state, match.rules.data
    places = [a for a in mine if a["type"] == "place"]
    pick = picked(match)
    card = pick[1] if pick and pick[0] == "card" else None
    by_kind: dict[str, list[str]] = {}
    for c in dict.fromkeys(a["card"] for a in places):
        by_kind.setdefault(data.cards[c].id, []).append(c)
    if by_kind:
        st.markdown("**Your cards to place** (tap one):")
        kinds = sorted(by_kind.values(), key=lambda cs: (deck_rank(data, cs[0]), cs[0]))
        for column, copies in parts.in_rows(kinds, HAND_PER_ROW):
            c = copies[0]
            count = f" ×{len(copies)}" if len(copies) > 1 else ""
            chosen = card in copies
            column.button(
                f"{_short(data, c)}{count}",
                key=f"vl_pick_{c}".replace(".", "-"),
                type="primary" if chosen else "secondary",
                width="stretch",
                wrap=True,
                on_click=choose,
                args=(len(match.log), ("card", c)),
            )
    if card is not None:
        st.markdown(f"**Where does {escape(data.name(card))} go?**")
        targets = {(a["row"], a["position"]): a for a in places if a["card"] == card}
        grid(match, state.active, targets, lambda row, i, a: f"{row.capitalize()} {i + 1}")
    ready = next((a for a in mine if a["type"] == "ready"), None)
    if ready:
        button(label(match, ready), ready, primary=not places)


def _short(data, card: str) -> str:
    creature = data.cards[card]
    return f"{creature.name} {creature.attack}/{creature.health}"
