"""The defender's answer to an attack, and the choices an effect leaves to a player (which
looked-at card goes on top, which Crystal to take or to destroy), on Luturas's page."""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.games.luturas.pending import ASKS
from companion.games.luturas.state import SOLDIER
from companion.screens.luturas import buttons
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.turn import printed
from companion.screens.luturas.words import attack_explained


def respond(screen: Screen) -> None:
    """What the attack would do if let through, then every answer the defender has."""
    attack = screen.view["attack"]
    if attack is None:
        return
    p = int(attack["player"])
    shown = {"type": "attack", "player": p, "space": attack["space"], "target": attack["target"],
             "declined": attack["declined"]}  # fmt: skip
    if screen.state.sides[p].spaces[int(attack["space"])] is not None and (
        attack["target"] == SOLDIER
        or not isinstance(attack["target"], int)
        or screen.state.sides[1 - p].spaces[int(attack["target"])] is not None
    ):
        st.html(f'<div class="lt-explain">If let through: '
                f"{escape(attack_explained(screen, shown))}</div>")  # fmt: skip
    answers = [a for a in screen.legal if a.get("player") == 1 - p]
    buttons.each(screen, [a for a in answers if a["type"] != "pass"])
    printed(screen, 1 - p, answers)
    for action in answers:
        if action["type"] == "pass":
            buttons.button(screen, action, primary=True)


def pick(screen: Screen) -> None:
    """A choice an effect left to a player: its options, on that player's screen."""
    first = screen.view["pending"][0]
    who = int(first["player"])
    st.html(f'<div class="lt-prompt">{escape(screen.name(who))} {escape(ASKS[first["verb"]])}.'
            "</div>")  # fmt: skip
    buttons.each(screen, [a for a in screen.legal if a["type"] == "pick"])
