"""Riposte's characters: the moves the test_riposte_characters* modules share.

Games start for real (the characters and cards dealt, the draft played). Reaching a threshold
through real clashes takes a whole game, so most tests mark the damage on the trackers first
(`marked`), as players do when they set up a position to try, and unlock what it reaches; one
test unlocks an ability through a real clash.
"""

from __future__ import annotations

import dataclasses

from companion.games.riposte import RiposteState
from companion.games.riposte.abilities import unlock
from companion.games.riposte.state import BRACE, CLASH

from .test_riposte_rulings import (
    RULES,
    apply,
    held,
)

NAMES = {"names": ["Ana", "Ben"]}


def marked(state: RiposteState, ana: int = 0, ben: int = 0) -> RiposteState:
    """The trackers set to these numbers, and every ability they reach unlocked."""
    state = dataclasses.replace(state, damage=(ana, ben))
    unlock(RULES.data, state)
    return state


def play(state: RiposteState, player: int, name: str, **more) -> tuple[RiposteState, list[str]]:
    action = {"type": "play", "player": player, "card": held(state, player, name), **more}
    return apply(state, action)


def brace(state: RiposteState, use: bool) -> tuple[RiposteState, list[str]]:
    assert state.phase == BRACE
    return apply(state, {"type": "brace", "player": 1 - state.offensive, "use": use})


def finish_round(state: RiposteState) -> RiposteState:
    """Both players lay their first legal card until the round ends (no Rook relief taken)."""
    while state.phase in (CLASH, BRACE):
        action = RULES.legal_actions(state)[-1 if state.phase == BRACE else 0]
        state, _ = apply(state, action)
    return state
