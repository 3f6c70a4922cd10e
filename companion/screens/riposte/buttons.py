"""The buttons of Riposte's page: an action's button and its words, in players' words.

A button is keyed by its action (`parts.action_key`): `act_take_0_1`, `act_play_feint-1_0`. A
card is named in a key only on a screen whose eyes see it (a player's own hand, the row). A tap
made on a player's private screen keeps the tablet with that player for their next screen, if it
is theirs too (`table.eyes.uncover`); the engine checks every tap (`session.act`).
"""

from __future__ import annotations

from typing import Any

from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import fits
from companion.games.riposte.data import Move, RiposteData
from companion.games.riposte.deck import left
from companion.screens.riposte.eyes import Screen
from companion.screens.riposte.header import spelled
from companion.screens.riposte.pictures import join
from companion.screens.table import buttons as table_buttons
from companion.screens.table.eyes import keep_tablet as keep_tablet

Action = dict[str, Any]


def button(screen: Screen, label: str, action: Action, primary: bool = False) -> None:
    """An action's button, keyed by the action (`table.buttons`)."""
    table_buttons.button(screen, label, action, primary)


def attempt(keep: str | None, action: Action) -> bool:
    """Play `action` (`table.buttons.attempt`); whether it was played."""
    return table_buttons.attempt(keep, action)


def one_button_each(screen: Screen) -> None:
    table_buttons.one_button_each(screen, label)


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
