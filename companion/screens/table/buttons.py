"""An action's button on a card game's page, keyed by the action (`parts.action_key`).

The engine checks every tap (`session.act`) and a refusal is flashed in its words. A tap made on
a player's private screen keeps the tablet with that player for their next screen, if it is
theirs too (`eyes.keep_tablet`); a page that remembers half-made choices forgets them first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import streamlit as st

from companion.screens import parts, session
from companion.screens.keys import FLASH
from companion.screens.table.eyes import APP_CARDS, Screen, keep_tablet, uncover

Action = dict[str, Any]
Forget = Callable[[], None]


def button(
    screen: Screen[Any],
    label: str,
    action: Action,
    primary: bool = False,
    forget: Forget | None = None,
) -> None:
    """An action's button, keyed by the action."""
    parts.action_button(label, action, key=parts.action_key(action), primary=primary, wrap=True,
                        play=partial(play, keep_tablet(screen), forget=forget))  # fmt: skip


def play(keep: str | None, action: Action, forget: Forget | None = None) -> None:
    """Callback: play `action` (after `forget`); on a private screen, its player keeps the tablet
    (the cover `keep` of their next screen)."""
    attempt(keep, action, forget)


def attempt(keep: str | None, action: Action, forget: Forget | None = None) -> bool:
    """Play `action` as `play` does; whether it was played (a refusal leaves the engine's reason
    to flash, and what was entered to correct)."""
    if forget is not None:
        forget()
    if keep is not None:
        uncover(keep)
    session.act(action)
    return FLASH not in st.session_state


def distinct(actions: Iterable[Action], words: Callable[[Action], str]) -> list[tuple[str, Action]]:
    """Each wording once, with the first action it stands for: two actions that read the same
    (two copies of one card in a hand, either of two alike Crystals paying a cost) are one
    choice at the table, so one button, keyed by that first action, stands for both. Words
    always say what makes actions differ (tests/companion/test_action_labels.py), so nothing a
    player could choose is lost here."""
    shown: dict[str, Action] = {}
    for action in actions:
        shown.setdefault(words(action), action)
    return list(shown.items())


def one_button_each(
    screen: Screen[Any], label: Callable[[Any, Action], str], forget: Forget | None = None
) -> None:
    """One button per legal action (per wording: `distinct`); the only one, if it is alone, is
    the one to tap."""
    shown = distinct(screen.legal, partial(label, screen))
    for words, action in shown:
        button(screen, words, action, len(shown) == 1, forget)


def dealt(
    screen: Screen[Any],
    each: Callable[[Any], None],
    on_the_table: str,
    enter: Callable[[Any, int], None],
) -> None:
    """Cards dealt to each player: when the app shuffles, one button per legal action (`each`);
    on the shared screen, `on_the_table` says where they are entered; on a player's private
    screen, `enter` theirs."""
    if screen.cards == APP_CARDS:
        each(screen)
    elif screen.private is None:
        st.info(on_the_table)
    else:
        enter(screen, screen.private.seat)


def chooser(
    screen: Screen[Any], kind: str, already: Callable[[Any], None]
) -> tuple[int, list[Action]] | None:
    """Who chooses an action of `kind` face down on this screen, with those actions, once
    `already` has said who has chosen; None when no one here chooses now."""
    choices = [a for a in screen.legal if a["type"] == kind]
    already(screen)
    if not choices:
        return None
    return choices[0]["player"], choices
