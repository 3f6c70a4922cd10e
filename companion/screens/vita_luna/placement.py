"""Vita Luna's placement screen: the placing player's hand as buttons (a card, then where it
goes, on a grid laid out like their half of the board), then Done placing.

The hand is the placing player's own: on their device, or on the shared tablet behind the "pass
the tablet" cover that `eyes` draws until its owner holds the tablet.
"""

from __future__ import annotations

import streamlit as st

from companion.screens import parts, rules_panel
from companion.screens.vita_luna import scan
from companion.screens.vita_luna.buttons import button, choose, deck_rank, grid, label, picked
from companion.screens.vita_luna.eyes import Screen

HAND_PER_ROW = 3


def placing(screen: Screen) -> None:
    state, data, length = screen.state, screen.data, screen.seen.length
    mine = screen.legal
    places = [a for a in mine if a["type"] == "place"]
    pick = picked(length)
    card = pick[1] if pick and pick[0] == "card" else None
    by_kind: dict[str, list[str]] = {}
    for c in dict.fromkeys(a["card"] for a in places):
        by_kind.setdefault(data.cards[c].id, []).append(c)
    if by_kind:
        scan.pick(screen, places)
        st.markdown("**Your cards to place** (tap one):")
        kinds = sorted(by_kind.values(), key=lambda cs: (deck_rank(data, cs[0]), cs[0]))
        for column, copies in parts.in_rows(kinds, HAND_PER_ROW):
            c = copies[0]
            count = f" ×{len(copies)}" if len(copies) > 1 else ""
            chosen = card in copies
            column.button(
                parts.plain(f"{_short(data, c)}{count}"),
                key=f"vl_pick_{c}".replace(".", "-"),
                type="primary" if chosen else "secondary",
                width="stretch",
                wrap=True,
                on_click=choose,
                args=(length, ("card", c)),
            )
    if card is not None and any(a["card"] == card for a in places):
        st.markdown(f"**Where does {parts.plain(data.name(card))} go?**")
        name = parts.plain(data.cards[card].name)
        rules_panel.explain_button("vita_luna", rules_panel.card(data.cards[card].id),
                                   f"{name}: its rules", key="rule_vl_placing",
                                   width="content")  # fmt: skip
        targets = {(a["row"], a["position"]): a for a in places if a["card"] == card}
        grid(state, data, state.active, screen.hidden(state), targets,
             lambda row, i, a: f"{row.capitalize()} {i + 1}")  # fmt: skip
    ready = next((a for a in mine if a["type"] == "ready"), None)
    if ready:
        button(label(state, data, ready), ready, primary=not places)


def _short(data, card: str) -> str:
    creature = data.cards[card]
    return f"{creature.name} {creature.attack}/{creature.health}"
