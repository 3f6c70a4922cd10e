"""The buttons of Riposte's page: an action's button and its words, in players' words.

A button is keyed by its action (`parts.action_key`): `act_take_0_1`, `act_play_feint-1_0`. A
card is named in a key only on a screen whose eyes see it (a player's own hand, the row). A tap
made on a player's private screen keeps the tablet with that player for their next screen, if it
is theirs too (`memory.uncover`); the engine checks every tap (`session.act`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import fits
from companion.games.riposte.data import Move, RiposteData
from companion.games.riposte.deck import left
from companion.screens import parts, session
from companion.screens.keys import FLASH
from companion.screens.riposte import memory
from companion.screens.riposte.eyes import Screen
from companion.screens.riposte.header import spelled
from companion.screens.riposte.pictures import join

Action = dict[str, Any]


def button(screen: Screen, label: str, action: Action, primary: bool = False) -> None:
    """An action's button, keyed by the action."""
    parts.action_button(label, action, key=parts.action_key(action), primary=primary, wrap=True,
                        play=partial(play, keep_tablet(screen)))  # fmt: skip


def keep_tablet(screen: Screen) -> str | None:
    """The cover token of this player's next screen, when this one is a private screen."""
    if screen.private is None:
        return None
    return f"{screen.table.gid}:{screen.private.seat}:{screen.seen.length + 1}"


def play(keep: str | None, action: Action) -> None:
    """Callback: play `action`; on a private screen, its player keeps the tablet."""
    attempt(keep, action)


def attempt(keep: str | None, action: Action) -> bool:
    """Play `action` as `play` does; whether it was played (a refusal leaves the engine's reason
    to flash, and what was entered to correct)."""
    if keep is not None:
        memory.uncover(keep)
    session.act(action)
    return FLASH not in st.session_state


def one_button_each(screen: Screen) -> None:
    """One button per legal action; the only one, if it is alone, is the one to tap."""
    for action in screen.legal:
        button(screen, label(screen, action), action, primary=len(screen.legal) == 1)


def move_words(move: Move) -> str:
    """A card as its button says it: name and attack positions."""
    count = "attack" if len(move.attacks) == 1 else "attacks"
    return f"{move.name} · {count} {join(move.attacks)}"


def card_words(data: RiposteData, card: str) -> str:
    return move_words(data.cards[card])


def label(screen: Screen, action: Action) -> str:
    """The words on an action's button."""
    state, data = screen.state, screen.data
    kind = action["type"]
    player = action.get("player")
    name = state.names[player] if player in (0, 1) else ""
    if kind == "cast":
        return f"Deal {spelled(data.offered)} characters to each player"
    if kind == "character":
        return f"Keep {data.characters[action['character']].name}"
    if kind == "deal":
        return (
            f"Shuffle and deal: {data.start_cards} cards each, {data.row} in the row, "
            "toss the marker"
        )
    if kind == "turn_up":
        return "Turn up a new draft row"
    if kind == "take":
        return f"Take {card_words(data, state.row[action['slot']])}"
    if kind == "draw":
        if ab.looks_at_two(state, action["player"]) and left(state) >= 2:
            return "Look at the top two cards, keep one (Rook)"
        return "Take the top card of the deck, unseen"
    if kind == "keep":
        return f"Keep {card_words(data, action['card'])}"
    if kind == "swap":
        (leftover,) = state.hands[player]
        if action["slot"] is None:
            return f"Keep {data.name(leftover)}, no swap"
        return f"Swap {data.name(leftover)} for {data.name(state.row[action['slot']])}"
    if kind == "play":
        return play_words(screen, action)
    if kind == "brace":
        if action["use"]:
            return f"{name} takes 2 less now (Rook, once a round)"
        return f"{name} takes it all and keeps the relief"
    return kind.replace("_", " ").capitalize()


def play_words(screen: Screen, action: Action) -> str:
    state, data = screen.state, screen.data
    p, card = action["player"], action["card"]
    words = f"Lay {card_words(data, card)}"
    if action.get("ignore"):
        return f"{words}, ignoring the bar (Liese)"
    if not fits(data, state, p, card):
        return f"{words} (nothing fits the bar)"
    return words
