"""The buttons of Luturas's page: one per legal action, keyed by the action (`parts.action_key`),
and the disabled ones that say why a card or a Lutura can do nothing now.

A tap made on a player's private screen keeps the tablet with that player for their next screen,
if it is theirs too; the engine checks every tap (`session.act`), and a refusal is flashed in its
words with the ruling behind it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.games.luturas.entering import cards_to_enter
from companion.screens import parts, rules_panel
from companion.screens.luturas import asked, eyes
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.words import label
from companion.screens.table import buttons as table_buttons

Action = dict[str, Any]
GAME = "luturas"
ASKS = "lt_asks"  # (moment, {action key: the piles it takes unseen cards from})


def button(
    screen: Screen,
    action: Action,
    text: str | None = None,
    primary: bool = False,
    key: str | None = None,
) -> None:
    """An action's button, keyed by the action (or by `key` for cards entered from the table,
    which no list of legal actions names). With the table's cards, an action that would take
    unseen cards from its player's piles first asks which cards came up (`asked`)."""
    tap = partial(play, eyes.keep_tablet(screen))
    if asks_for_cards(screen, action):
        tap = partial(asked.start, (screen.table.gid, screen.seen.length))
    parts.action_button(text or label(screen, action), action, key=key or parts.action_key(action),
                        primary=primary, wrap=True, play=tap)  # fmt: skip


def asks_for_cards(screen: Screen, action: Action) -> list[str]:
    """The piles `action` would take unseen cards from, when its player must enter them: the
    table's cards, on that player's own screen (the rules reason on the screen's own state)."""
    if screen.cards != eyes.TABLE_CARDS or screen.seat is None or screen.covered:
        return []
    if action.get("player") != screen.seat:
        return []
    # The rules play the action on a copy to learn this: once per action and moment (game, seat,
    # log length), not again on every rerun of the same screen.
    moment = (screen.table.gid, screen.seat, screen.seen.length)
    held = st.session_state.get(ASKS)
    if not held or held[0] != moment:
        held = (moment, {})
        st.session_state[ASKS] = held
    known: dict[str, list[str]] = held[1]
    key = parts.action_key(action)
    if key not in known:
        known[key] = cards_to_enter(screen.seen.rules, screen.state, action)
    return list(known[key])


def play(keep: str | None, action: Action) -> None:
    """Callback: play `action` (`table.buttons.play`); on a private screen, its player keeps the
    tablet."""
    table_buttons.play(keep, action)


def distinct(screen: Screen, actions: list[Action]) -> list[Action]:
    """One action per wording (`table.buttons.distinct`): two actions that read the same (an
    effect choosing either of two copies of one Crystal) are the same choice at the table, so
    one button stands for both."""
    return [a for _, a in table_buttons.distinct(actions, partial(label, screen))]


def each(screen: Screen, actions: list[Action], primary: bool = False) -> None:
    for action in distinct(screen, actions):
        button(screen, action, primary=primary or len(screen.legal) == 1)


def refused(text: str, reason: str, key: str) -> None:
    """A disabled button (`text`, in words) with the engine's reason under it and a tap to the
    ruling behind it."""
    rules_panel.refused(GAME, parts.plain(text), reason, key=key)
