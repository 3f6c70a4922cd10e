"""VA Card Game's declarations: each player chooses attack or block on their own screen, face
down, the active player first; a confirmation tap commits it, since a declaration cannot be taken
back; the second declaration reveals both and the duel is fought at once.

Other screens only say who has declared, never what: the view hides a declaration until both
are in.
"""

from __future__ import annotations

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.va_card_game.state import ATTACK, BLOCK
from companion.games.va_card_game.stats import left
from companion.screens import parts
from companion.screens.table import buttons as table_buttons
from companion.screens.va_card_game import memory
from companion.screens.va_card_game.buttons import button
from companion.screens.va_card_game.eyes import Screen
from companion.screens.va_card_game.hand import hand
from companion.screens.va_card_game.header import prompt

WORD = {ATTACK: "attack", BLOCK: "block"}


def declare(screen: Screen) -> None:
    """The declaring player's choice and its confirmation; elsewhere, who has declared."""
    found = table_buttons.chooser(screen, "declare", _declared_already)
    if found is None:
        return
    p, declares = found
    other = 1 - p
    moment = screen.moment(p)
    stance = memory.choice(moment).get("stance")
    if stance is None:
        if screen.view["declared"][other]:
            prompt(f"{screen.name(p)}: attack or block? {screen.called(other)} has declared face "
                   "down; both are revealed as soon as you declare.")  # fmt: skip
        else:
            prompt(f"{screen.name(p)}: attack or block? It stays face down until "
                   f"{screen.called(other)} has declared too.")  # fmt: skip
        _choices(screen, p)
    else:
        action = next(a for a in declares if a["stance"] == stance)
        st.html(
            f'<div class="va-confirm">Declare <b>{WORD[stance].upper()}</b>, face down?'
            "<small>A declaration cannot be taken back.</small></div>"
        )
        yes, change = st.columns([1.4, 1])
        with yes:
            button(screen, f"Yes: {WORD[stance]}", action, primary=True)
        change.button("Change", key="va_change", width="stretch", wrap=True,
                      on_click=memory.forget_choice)  # fmt: skip
    hand(screen, p)


def _choices(screen: Screen, p: int) -> None:
    now = left(screen.data, screen.state, p)
    moment = screen.moment(p)
    attack, block = st.columns(2)
    attack.button(f"⚔ Attack · deals AD {now.ad}", key="va_stance_attack", width="stretch",
                  wrap=True, on_click=memory.choose, args=(moment,),
                  kwargs={"stance": ATTACK})  # fmt: skip
    block.button(f"Block · DEF {now.df} takes the blow", key="va_stance_block", width="stretch",
                 wrap=True, on_click=memory.choose, args=(moment,),
                 kwargs={"stance": BLOCK})  # fmt: skip


def _declared_already(screen: Screen) -> None:
    """Who has declared face down: the declaration itself only to its own player."""
    view = screen.view
    for p in (0, 1):
        said = view["declared"][p]
        if not said:
            continue
        if said != HIDDEN and p == screen.seen.seat and not screen.covered:
            st.info(f"You declared {WORD[said]}, face down.")
        else:
            st.info(f"{parts.plain(screen.called(p))} has declared face down.")
