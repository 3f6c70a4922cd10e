"""Riposte's setting up: the characters dealt and one kept in secret, then the combat cards dealt,
the draft row turned up and the marker tossed.

With the app's cards each step is one tap and the page names the cards; with the table's cards
the players deal the physical cards and enter them: the row and the toss in the open, each
player's own cards on their private screen. An action dealing both players' secret cards needs
both entries, so on the players' own devices it is entered on the table's screen.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.screens import parts
from companion.screens.riposte import entry, memory, scan
from companion.screens.riposte.buttons import button, keep_tablet, one_button_each
from companion.screens.riposte.eyes import APP_CARDS, Screen
from companion.screens.riposte.header import prompt, spelled
from companion.screens.table import buttons as table_buttons

Action = dict[str, Any]
CHARACTERS = ("chars0", "chars1", "ok0")  # entered again after a refusal, each in private
HANDS = ("hand0", "hand1", "ok0")  # entered again after a refusal: the row and toss stay
ON_THE_TABLE = "The players enter the cards dealt on the table's screen, each in private."


def cast(screen: Screen) -> None:
    table_buttons.dealt(screen, one_button_each, ON_THE_TABLE, _enter_characters)


def _enter_characters(screen: Screen, p: int) -> None:
    """Player `p` enters the characters dealt to them; the second entry deals them."""
    moment, name = screen.moment, screen.name(p)
    entered = memory.entry(moment)
    chosen = entered.get(f"chars{p}", [])
    shown = ", ".join(screen.data.characters[c].name for c in chosen) or "none yet"
    dealt = screen.data.offered
    words = spelled(dealt)
    prompt(f"{name}: which {words} characters were you dealt? ({len(chosen)} of {dealt}: {shown})")
    entry.characters(screen, f"chars{p}", dealt)
    if chosen:
        st.button("Clear and start again", key=f"rp_clear_chars{p}", width="stretch", wrap=True,
                  on_click=memory.put, args=(moment, f"chars{p}", []))  # fmt: skip
    if len(chosen) < dealt:
        return
    if p == 0:
        st.button(f"These {words}: pass the tablet on", key="rp_enter_done", type="primary",
                  width="stretch", wrap=True, on_click=memory.put,
                  args=(moment, "ok0", True))  # fmt: skip
        return
    action = {"type": "cast", "offered": [entered.get("chars0", []), chosen]}
    st.button(f"These {words}: deal the characters", key="rp_enter_done", type="primary",
              width="stretch", wrap=True, on_click=entry.play_entered,
              args=(keep_tablet(screen), action, "", CHARACTERS))  # fmt: skip


def choose(screen: Screen) -> None:
    """Each player keeps one of the characters dealt to them, with its abilities in view."""
    seat = screen.seen.seat
    mine = [a for a in screen.legal if a["type"] == "character"]
    if seat is None or not mine:
        _who_has_kept(screen)
        return
    prompt(f"{screen.name(seat)}: keep one character. Its abilities unlock as you take damage.")
    for action in mine:
        character = screen.data.characters[action["character"]]
        lines = "".join(
            f"<li><b>{t}</b> damage: {escape(words)}</li>"
            for t, words in zip(character.thresholds, character.abilities, strict=True)
        )
        st.html(f'<div class="rp-character"><b>{escape(character.name)}</b><ul>{lines}</ul></div>')
        button(screen, f"Keep {character.name}", action)
    _who_has_kept(screen)


def _who_has_kept(screen: Screen) -> None:
    for p, kept in enumerate(screen.view["characters"]):
        if kept and p != screen.seen.seat:
            st.info(f"{parts.plain(screen.name(p))} has kept a character face down.")


def deal(screen: Screen) -> None:
    if screen.cards == APP_CARDS:
        one_button_each(screen)
        return
    if not screen.table.access.table:
        st.info(ON_THE_TABLE)
        return
    if screen.private is None:
        _enter_row_and_marker(screen)
    else:
        _enter_hand(screen, screen.private.seat)


def _enter_row_and_marker(screen: Screen) -> None:
    """In the open: the cards turned up as the row, and who won the toss."""
    moment, state = screen.moment, screen.state
    entered = memory.entry(moment)
    row = scan.row_entered(screen, "The draft row turned up")
    if row is None:
        return
    st.markdown("**Who takes the offensive marker?** Toss it, or let the app toss.")
    toss = entered.get("offensive")
    choices: list[tuple[str, Any]] = [(state.names[0], 0), (state.names[1], 1),
                                      ("Toss for us", "app")]  # fmt: skip
    for (words, value), column in zip(choices, st.columns(3), strict=True):
        column.button(parts.plain(words), key=f"rp_toss_{value}", width="stretch", wrap=True,
                      type="primary" if toss == value else "secondary",
                      on_click=memory.put, args=(moment, "offensive", value))  # fmt: skip
    if toss is not None:
        st.button(f"Now each player enters their {spelled(screen.data.start_cards)} cards",
                  key="rp_enter_done",
                  type="primary", width="stretch", wrap=True, on_click=memory.put,
                  args=(moment, "ok_row", True))  # fmt: skip


def _enter_hand(screen: Screen, p: int) -> None:
    """Player `p`'s starting cards, on their private screen; the second entry deals."""
    moment = screen.moment
    entered = memory.entry(moment)
    start, drawn = screen.data.start_cards, screen.data.row + screen.data.start_cards
    prompt(f"{screen.name(p)}: which {spelled(start)} cards were you dealt?")
    row = entered.get("row", [])
    hand = entry.chosen_line(screen, f"hand{p}", "Your cards", start)
    if len(hand) < start:
        scan.into(screen, f"hand{p}", start, entry.free(screen, drawn, [*row, *hand]))
        entry.picker(screen, f"hand{p}", start, entry.free(screen, drawn, [*row, *hand]))
        return
    if p == 0:
        st.button("These two: pass the tablet on", key="rp_enter_done", type="primary",
                  width="stretch", wrap=True, on_click=memory.put,
                  args=(moment, "ok0", True))  # fmt: skip
        return
    hands = [entered.get("hand0", []), hand]
    toss = entered.get("offensive")

    def build(copies: list[str]) -> Action:
        dealt = {"type": "deal", "hands": [copies[:2], copies[2:4]], "row": copies[4:]}
        return dealt if toss == "app" else dealt | {"offensive": toss}

    dealt = [*hands[0], *hands[1], *row]
    action = entry.resolve(screen, dealt, build)
    why_not = entry.refusal(entry.design_names(screen, dealt))
    st.button("These two: deal", key="rp_enter_done", type="primary", width="stretch",
              wrap=True, on_click=entry.play_entered,
              args=(keep_tablet(screen), action, why_not, HANDS))  # fmt: skip
