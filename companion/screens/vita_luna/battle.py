"""Vita Luna's battle turn screen: the Singular cards, the moves (tap one of your creatures, then
where it goes) and End moves / Attack. The attack itself is then walked through by `pacing`.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.games.vita_luna.state import VitaLunaState, greys, locate, whites
from companion.screens import parts
from companion.screens.vita_luna.buttons import button, choose, grid, label, picked

Action = dict[str, Any]

SINGULAR_HELP = {
    "burn": "remove an enemy creature on white from the game",
    "swap": "swap one of yours for one of theirs (both on white)",
    "steal": "take an enemy creature into your free white position opposite",
    "heal": "back to full health and armour",
}


def turn(match, mine: list[Action]) -> None:
    """Singular cards first, then moves (a creature, then where it goes), then the attack."""
    state, data = match.state, match.rules.data
    p = state.active
    pick = picked(match)
    singulars = [a for a in mine if a["type"] in SINGULAR_HELP]
    if singulars:
        _singulars(match, singulars, pick)
    moves = [a for a in mine if a["type"] in ("move", "promote", "swap_places")]
    if moves:
        st.markdown("**Move** (tap one of your creatures, then where it goes):")
        movers = {a["card"] for a in moves}
        card = pick[1] if pick and pick[0] == "card" else None
        if card is None:
            _pick_grid(match, p, movers)
        else:
            targets = {}
            for a in moves:
                if a["card"] != card:
                    continue
                if a["type"] == "swap_places":
                    where = locate(data, state, a["other"])
                    targets[("white", where[2])] = a
                else:
                    row = "white" if a["type"] == "promote" else locate(data, state, card)[0]
                    targets[(row, a["position"])] = a
            st.caption(f"Moving {data.name(card)}:")
            grid(match, p, targets, lambda row, i, a: _move_label(data, row, i, a))
            st.button(
                "Cancel the move",
                key="vl_cancel",
                width="stretch",
                wrap=True,
                on_click=choose,
                args=(len(match.log), None),
            )
    attack = next((a for a in mine if a["type"] == "attack"), None)
    if attack:
        button(label(match, attack), attack, primary=True)


def _move_label(data, row: str, i: int, action: Action) -> str:
    kind = action["type"]
    if kind == "swap_places":
        return f"⇄ {data.name(action['other'])}"
    if kind == "promote":
        return f"↑ White {i + 1}"
    return f"→ {row.capitalize()} {i + 1}"


def _pick_grid(match, player: int, movers: set[str]) -> None:
    """Your half of the board as buttons: the creatures that can move are the buttons."""
    state, data = match.state, match.rules.data
    rows = ("white", "grey") if player == 0 else ("grey", "white")
    for row in rows:
        cards = whites(data, state, player) if row == "white" else greys(data, state, player)
        st.html(f'<div class="vl-rowname">{row.upper()}</div>')
        for i, column in enumerate(st.columns(len(cards), gap="small")):
            here = cards[i]
            if here in movers:
                column.button(
                    data.name(here),
                    key=f"vl_mover_{here}".replace(".", "-"),
                    width="stretch",
                    wrap=True,
                    on_click=choose,
                    args=(len(match.log), ("card", here)),
                )
            else:
                text = data.cards[here].name if here else "empty"
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>{escape(text)}</div>')


def _singulars(match, singulars: list[Action], pick: tuple | None) -> None:
    state, data = match.state, match.rules.data
    st.markdown("**Singular cards** (before any move; each once a game):")
    kinds = list(dict.fromkeys(a["type"] for a in singulars))
    chosen = pick[1] if pick and pick[0] == "singular" else None
    for column, kind in parts.in_rows(kinds):
        on = chosen == kind
        column.button(
            data.singulars[kind],
            key=f"vl_sing_{kind}",
            type="primary" if on else "secondary",
            width="stretch",
            wrap=True,
            on_click=choose,
            args=(len(match.log), ("singular", kind)),
        )
    if chosen is None:
        return
    st.caption(f"{data.singulars[chosen]}: {SINGULAR_HELP[chosen]}.")
    for action in (a for a in singulars if a["type"] == chosen):
        button(_singular_label(data, state, action), action)


def _singular_label(data, state: VitaLunaState, action: Action) -> str:
    def at(card: str) -> str:
        where = locate(data, state, card)
        return f"{data.name(card)} (white {where[2] + 1})" if where else data.name(card)

    kind = action["type"]
    if kind == "swap":
        return f"Give {at(action['own'])}, take {at(action['target'])}"
    verb = {"burn": "Burn", "steal": "Steal", "heal": "Heal"}[kind]
    return f"{verb} {at(action['target'])}"
