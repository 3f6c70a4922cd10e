"""The buttons every phase of Vita Luna's page uses: an action's button and its words, the card
tapped first (then where it goes), and a half board laid out as buttons.

Picking takes two taps (a card, then a position), so the first is remembered in the session under
`keys.PICK`, with the log length it belongs to: any action played, or undone, forgets it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import streamlit as st

from companion.games.vita_luna.actions import lot_colour
from companion.games.vita_luna.state import greys, whites
from companion.screens import parts, session
from companion.screens.keys import PICK

Action = dict[str, Any]


def button(label: str, action: Action, primary: bool = False) -> None:
    """An action's button, keyed by the action (`parts.action_key`); a tap forgets the pick."""
    parts.action_button(label, action, key=parts.action_key(action), primary=primary, wrap=True,
                        play=_play)  # fmt: skip


def _play(action: Action) -> None:
    st.session_state.pop(PICK, None)
    session.act(action)


def label(match, action: Action) -> str:
    """The words on an action's button."""
    state, data = match.state, match.rules.data
    names = state.names
    kind = action["type"]
    if kind == "deal":
        return "Deal the starting cards"
    if kind == "first_attacker":
        return f"{names[action['attacker']]} attacks first"
    if kind == "first_bidder":
        return f"{names[action['bidder']]} opens the bidding"
    if kind == "turn_up":
        return f"Turn up the next {lot_colour(state)} card"
    if kind == "deal_rest":
        return "Deal the remaining cards at random"
    if kind == "reward":
        due = ", ".join(
            f"{names[p]}: a {state.due[p]} card" for p in (state.victor, 1 - state.victor)
        )
        return f"Draw the reward cards ({due})"
    if kind == "next_battle":
        return f"Start battle {state.battle + 1}"
    if kind == "ready":
        return "Done placing"
    if kind == "attack":
        return "End moves / Attack ⚔"
    return kind.replace("_", " ").capitalize() + " " + str(data.name(action["card"]))


# --- the first of two taps -----------------------------------------------------------------------


def picked(match) -> tuple | None:
    """What was tapped first, ("card", id), ("singular", kind) or ("trade", player), if anything
    since the last action."""
    pick = st.session_state.get(PICK)
    if not pick or pick[0] != len(match.log):
        return None
    return pick[1]


def choose(length: int, what: tuple | None) -> None:
    """Callback: remember `what` as tapped first at log length `length` (None forgets it)."""
    if what is None:
        st.session_state.pop(PICK, None)
    else:
        st.session_state[PICK] = (length, what)


# --- a half board as buttons ---------------------------------------------------------------------


def grid(match, player: int, targets: dict, words: Callable[[str, int, Action], str]) -> None:
    """Buttons laid out like `player`'s half of the board: for Player 1 (bottom) the white row
    above the grey one, for Player 2 (top) the grey row above the white one. Positions in
    `targets` ((row, index) -> action) are buttons, worded by `words`; the rest say what
    stands there."""
    state, data = match.state, match.rules.data
    rows = ("white", "grey") if player == 0 else ("grey", "white")
    for row in rows:
        cards = whites(data, state, player) if row == "white" else greys(data, state, player)
        face = "face up" if row == "white" else "face down"
        st.html(f'<div class="vl-rowname">{row.upper()} ({face})</div>')
        for i, column in enumerate(st.columns(len(cards), gap="small")):
            action = targets.get((row, i))
            if action is not None:
                with column:
                    button(words(row, i, action), action)
            else:
                here = cards[i]
                text = data.cards[here].name if here else "empty"
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>{escape(text)}</div>')


def deck_rank(data, card: str) -> int:
    """Red cards first, then blue, then black: the strongest decks lead in every list."""
    return ("red", "blue", "black").index(data.cards[card].deck)
