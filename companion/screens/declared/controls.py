"""What a declared game asks of the table now: one button per action the engine offers this
screen (`rules.legal_actions_for` through `table.eyes.offered`), worded by `rules.describe`, and
nothing else. With the table's cards, a draw or a deal is a picker of the cards that may have
come up (each a button that plays it, and the camera to scan it instead); a roll may also be a
face typed from a physical die.

The page never decides what is legal: every tap goes through `session.act`, and a refusal comes
back as the engine's reason, said in one line by the buttons (`taps.flash`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.screens import parts
from companion.screens.declared import eyes, header, scan
from companion.screens.declared.eyes import Screen
from companion.screens.table import buttons as table_buttons
from companion.screens.table import page as table_page
from companion.screens.table.eyes import keep_tablet

Action = dict[str, Any]
PER_ROW = 3


def describe(screen: Screen, action: Action) -> str:
    return str(screen.seen.rules.describe(screen.state, action))  # type: ignore[attr-defined]


def controls(screen: Screen) -> None:
    """The prompt, the cover of a private screen, or the actions offered here; the end once
    the game is over (the frame reads a phase called "over" as the end, and a declared phase
    may be called anything, so the end is decided here by the engine's stage)."""
    if table_page.stops_before_controls(screen, "dc", header, eyes):
        return
    if screen.view["stage"] == "over":
        header.game_over(screen)
        return
    actions(screen)


def ending(screen: Screen) -> None:
    """What the frame shows for a phase named "over": the end once the engine's stage says so,
    else that phase's actions (a declared phase may be called anything)."""
    if screen.view["stage"] == "over":
        header.game_over(screen)
    else:
        actions(screen)


def picked(action: Action) -> bool:
    """An action that names the card that came up at the table: a deal, or a draw entered."""
    return action["type"] == "deal" or (action["type"] == "draw" and "card" in action)


def actions(screen: Screen) -> None:
    """The pickers first (a card that came up is entered before anything else can follow), then
    one button per other action; End is the one button not in the eye, since ending a phase
    too soon loses what it still allows."""
    legal = screen.legal
    pickers: dict[tuple[Any, ...], list[Action]] = {}
    for action in legal:
        if picked(action):
            kind = (action["type"], action["player"], action.get("allowed"), action.get("zone"))
            pickers.setdefault(kind, []).append(action)
    for group in pickers.values():
        picker(screen, group)
    rest = table_buttons.distinct((a for a in legal if not picked(a)), partial(describe, screen))
    only = len(rest) == 1 and not pickers
    for words, action in rest:
        table_buttons.button(screen, words, action,
                             primary=only or action["type"] != "end_phase")  # fmt: skip
        if action["type"] == "roll" and "value" not in action:
            faces(screen, action)


def question(screen: Screen, action: Action) -> str:
    """What a picker asks, naming the player: on the shared tablet the wrong hand may hold it."""
    who = screen.name(action["player"])
    if action["type"] == "deal":
        zone = screen.seen.rules.table.zone(action["zone"]).name  # type: ignore[attr-defined]
        return f"{who}: which card was dealt into {zone}?"
    words = describe(screen, {k: v for k, v in action.items() if k != "card"})
    return f"{who}: which card came up? ({words})"


def picker(screen: Screen, group: list[Action]) -> None:
    """The cards that may have come up, by name, each a button that plays it; and Scan."""
    st.markdown(f"**{parts.plain(question(screen, group[0]))}**")
    named = table_buttons.distinct(group, lambda a: screen.card_name(a["card"]))
    for column, (name, action) in parts.in_rows(sorted(named, key=lambda na: na[0]), PER_ROW):
        with column:
            table_buttons.button(screen, name, action)
    scan.one_card(screen, group)


def faces(screen: Screen, action: Action) -> None:
    """The faces of the die, for a roll made with a physical die at the table."""
    table = screen.seen.rules.table  # type: ignore[attr-defined]
    die = table.die(table.phases[screen.view["phase_index"]].allows[action["allowed"]].die)
    st.caption(f"Rolled {parts.plain(die.name)} at the table? Tap the face it shows:")
    play = partial(table_buttons.play, keep_tablet(screen))
    with st.container(key=f"dc_faces_{action['allowed']}", horizontal=True, gap="small"):
        for value in die.faces:
            st.button(str(value), key=f"dc_face_{action['player']}_{action['allowed']}_{value}",
                      on_click=play, args=(action | {"value": value},))  # fmt: skip
