"""The buttons of VA Card Game's page: an action's button and its words, in players' words.

A button is keyed by its action (`parts.action_key`): `act_declare_0_attack`,
`act_equip_broadsword-1_0`. A card is named in a key only on a screen whose eyes see it (a
player's own hand). A tap made on a player's private screen keeps the tablet with that player
for their next screen, if it is theirs too; the engine checks every tap (`session.act`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.va_card_game.state import with_side
from companion.games.va_card_game.stats import left, totals
from companion.screens.table import buttons as table_buttons
from companion.screens.table.eyes import keep_tablet as keep_tablet
from companion.screens.table.words import Said, say
from companion.screens.va_card_game import memory
from companion.screens.va_card_game.eyes import Screen
from companion.screens.va_card_game.words import bonus, gear_name, hero_words, names

Action = dict[str, Any]


def button(screen: Screen, label: str, action: Action, primary: bool = False) -> None:
    """An action's button, keyed by the action (`table.buttons`)."""
    table_buttons.button(screen, label, action, primary, forget=forget)


def forget() -> None:
    """Forget a choice waiting for its confirmation and the cards half entered."""
    memory.forget_choice()
    memory.forget_entry()


def play(keep: str | None, action: Action) -> None:
    """Callback: play `action` (`table.buttons.play`); on a private screen, its player keeps the
    tablet."""
    table_buttons.play(keep, action, forget)


def one_button_each(screen: Screen) -> None:
    table_buttons.one_button_each(screen, label, forget)


def _deal(screen: Screen, action: Action) -> str:
    """How many each player is dealt is the data's, so a designer's edited number shows here."""
    n = screen.data.opening
    return f"Shuffle and deal: {n} heroes and {n} pieces of equipment to each player"


def _prepare(screen: Screen, action: Action) -> str:
    """The opening hero and the pieces tucked under it (the page's picker, said in one line)."""
    data, gear = screen.data, action["equipment"]
    kit = f"with {names(data, gear)}" if gear else "with no equipment"
    return f"Place {data.name(action['hero'])} {kit} face down"


LABELS: dict[str, Said] = {
    "toss": "Flip the coin for us",
    "deal": _deal,
    "prepare": _prepare,
    "draw": "Draw: one hero card and one equipment card for each player",
    "declare": lambda screen, action: f"Yes: {action['stance']}, face down",
    "bring_in": lambda screen, action: f"Bring in {hero_words(screen.data, action['card'])}",
    "draw_hero": "Draw a hero card from your deck (you hold none)",
    "equip": lambda screen, action: equip_words(screen, action["player"], action["card"]),
    "done": "Done equipping",
}


def label(screen: Screen, action: Action) -> str:
    """The words on an action's button (`LABELS`)."""
    return say(LABELS, action, screen)


def equip_words(screen: Screen, p: int, piece: str) -> str:
    """ "Attach Broadsword (+1 AD, +1 DEF) → HP 8/8, AD 4, DEF 5/5": what the hero would have."""
    data, state = screen.data, screen.state
    attached = replace(state, gear=with_side(state.gear, p, (*state.gear[p], piece)))
    now, whole = left(data, attached, p), totals(data, attached.heroes[p], attached.gear[p])
    after = f"HP {now.hp}/{whole.hp}, AD {whole.ad}, DEF {now.df}/{whole.df}"
    return f"Attach {gear_name(data, piece)} ({bonus(data, piece)}) → {after}"
