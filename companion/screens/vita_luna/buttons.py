"""The buttons every phase of Vita Luna's page uses: an action's button and its words, the card
tapped first (then where it goes), and a half board laid out as buttons.

Picking takes two taps (a card, then a position), so the first is remembered in the session under
`keys.PICK`, with the log length it belongs to: any action played, or undone, forgets it. A button
is keyed by its action, and a key is markup the browser holds: a card the screen's eyes may not see
is named in it by its position (`grey0`), never by the card.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from html import escape
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.games.vita_luna.actions import lot_colour
from companion.games.vita_luna.state import VitaLunaState, grey_index, greys, white_index, whites
from companion.screens import parts, session
from companion.screens.keys import DRAFT, PICK
from companion.screens.table.words import Said, plain, say

Action = dict[str, Any]


def button(
    label: str, action: Action, primary: bool = False, aliases: Mapping[str, str] | None = None
) -> None:
    """An action's button, keyed by the action (`key_for`); a tap forgets the pick and the draft
    of a bid, so neither outlives the moment it was made in, and redraws the whole page."""
    parts.action_button(label, action, key=key_for(action, aliases), primary=primary, wrap=True,
                        play=_play)  # fmt: skip


def key_for(action: Action, aliases: Mapping[str, str] | None = None) -> str:
    """`parts.action_key` of `action`, with each card the screen may not see named by its alias."""
    if not aliases:
        return parts.action_key(action)
    shown = {k: aliases.get(v, v) if isinstance(v, str) else v for k, v in action.items()}
    return parts.action_key(shown)


def _play(action: Action) -> None:
    """Callback: play `action`; from a button in a fragment (`battle.turn_alone`), whose own
    rerun would leave the board as it was, then run the whole page instead."""
    st.session_state.pop(PICK, None)
    st.session_state.pop(DRAFT, None)
    session.act(action)
    if in_a_fragment():
        st.rerun()


def in_a_fragment() -> bool:
    """Whether this run (its callbacks included) reruns a fragment alone, not the page."""
    context = get_script_run_ctx()
    return bool(context and context.fragment_ids_this_run)


def _reward(state: VitaLunaState, data, action: Action) -> str:
    names, victor = state.names, state.victor
    due = ", ".join(f"{names[p]}: a {state.due[p]} card" for p in (victor, 1 - victor))
    return f"Draw the reward cards ({due})"


def _card_play(state: VitaLunaState, data, action: Action) -> str:
    """Any other action plays a card, and says which."""
    return plain(action["type"]) + " " + str(data.name(action["card"]))


LABELS: dict[str, Said] = {
    "deal": "Deal the starting cards",
    "first_attacker": lambda state, data, a: f"{state.names[a['attacker']]} attacks first",
    "first_bidder": lambda state, data, a: f"{state.names[a['bidder']]} opens the bidding",
    "turn_up": lambda state, data, a: f"Turn up the next {lot_colour(data, state)} card",
    "deal_rest": "Deal the remaining cards at random",
    "reward": _reward,
    "next_battle": lambda state, data, a: f"Start battle {state.battle + 1}",
    "ready": "Done placing",
    "attack": "End moves / Attack ⚔",
}


def label(state: VitaLunaState, data, action: Action) -> str:
    """The words on an action's button (`LABELS`)."""
    return say(LABELS, action, state, data, otherwise=_card_play)


# --- the first of two taps -----------------------------------------------------------------------


def picked(length: int) -> tuple | None:
    """What was tapped first, ("card", id), ("singular", kind) or ("trade", player), if anything
    since the log was `length` long."""
    pick = st.session_state.get(PICK)
    if not pick or pick[0] != length:
        return None
    return pick[1]


def choose(length: int, what: tuple | None) -> None:
    """Callback: remember `what` as tapped first at log length `length` (None forgets it)."""
    if what is None:
        st.session_state.pop(PICK, None)
    else:
        st.session_state[PICK] = (length, what)


# --- a half board as buttons ---------------------------------------------------------------------


def grid(
    state: VitaLunaState,
    data,
    player: int,
    hidden: Collection[int],
    targets: dict,
    words: Callable[[str, int, Action], str],
    aliases: Mapping[str, str] | None = None,
) -> None:
    """Buttons laid out like `player`'s half of the board: for Player 1 (bottom) the white row
    above the grey one, for Player 2 (top) the grey row above the white one. Positions in
    `targets` ((row, index) -> action) are buttons, worded by `words`; the rest say what
    stands there, and a card at a `hidden` board position only that it lies face down."""
    rows = ("white", "grey") if player == 0 else ("grey", "white")
    for row in rows:
        cards = whites(data, state, player) if row == "white" else greys(data, state, player)
        face = "face up" if row == "white" else "face down"
        st.html(f'<div class="vl-rowname">{row.upper()} ({face})</div>')
        for i, column in enumerate(st.columns(len(cards), gap="small")):
            action = targets.get((row, i))
            if action is not None:
                with column:
                    button(words(row, i, action), action, aliases=aliases)
            else:
                text = slot_text(data, cards[i], at(data, player, row, i) in hidden)
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>{escape(text)}</div>')


def at(data, player: int, row: str, i: int) -> int:
    """The board index of `player`'s position `i` in `row`."""
    return white_index(data, player, i) if row == "white" else grey_index(data, player, i)


def slot_text(data, card: str | None, hidden: bool) -> str:
    if card is None:
        return "empty"
    return "face down" if hidden else data.cards[card].name


def deck_rank(data, card: str) -> int:
    """Red cards first, then blue, then black: the strongest decks lead in every list."""
    return ("red", "blue", "black").index(data.cards[card].deck)
