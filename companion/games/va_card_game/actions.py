"""What each action does: one handler per action type, changing the clone `apply` hands it.

Setting up is in setup.py and the draw and equip steps in turn.py; here is the duel's secret
declaration (ruling declaration-order: the active player declares face down, then the opponent;
the second declaration reveals both and the duel is resolved at once), what follows it (a hero's
fall, the end of the game, the draw step), and the table of handlers.

A choice made face down is never taken back, before the reveal or after it: otherwise the second
player could see the reveal, take back their declaration and choose again (seats.sealed refuses
the undo while one choice waits, seats.reveals the action that revealed both). What follows a
reveal may be taken back as usual, back to the reveal.
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Handler, Result
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.duel import resolve
from companion.games.va_card_game.end import lives_run_out
from companion.games.va_card_game.setup import deal, prepare, toss
from companion.games.va_card_game.state import VaCardGameState, with_side
from companion.games.va_card_game.turn import (
    after_duel,
    bring_in,
    bring_in_quietly,
    done,
    draw_hero,
    draw_step,
    draw_step_quietly,
    equip,
    equip_quietly,
)


def declare(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: random.Random
) -> Result:
    """Attack or block, face down; the second declaration reveals both and settles the duel."""
    p, stance = action["player"], action["stance"]
    state.declared = with_side(state.declared, p, stance)
    events = [f"{state.names[p]} declares face down."]
    resolved = {"type": "declare", "player": p, "stance": stance}
    if not all(state.declared):
        return resolved, events
    return resolved, events + reveal(data, state)


def reveal(data: VaCardGameData, state: VaCardGameState) -> list[str]:
    """Both declarations down: the duel, its words kept for the table (`last_words`, state
    too), then the end of the game or the draw step."""
    words = resolve(data, state)
    state.last_declared, state.last_words = state.declared, tuple(words)
    state.declared = ("", "")
    ending = lives_run_out(state)
    return words + (ending or after_duel(data, state))


def declare_quietly(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: random.Random
) -> Result:
    """`declare` for a bot's step: the same state, no sentence for the face-down declaration
    (the duel's own words are state, and stay)."""
    p, stance = action["player"], action["stance"]
    state.declared = with_side(state.declared, p, stance)
    if all(state.declared):
        reveal(data, state)
    return {"type": "declare", "player": p, "stance": stance}, []


HANDLERS: dict[str, Handler] = {
    "toss": toss,
    "deal": deal,
    "prepare": prepare,
    "declare": declare,
    "draw": draw_step,
    "draw_hero": draw_hero,
    "bring_in": bring_in,
    "equip": equip,
    "done": done,
}
# A bot's step (`VaCardGameRules.advance`) drops the events: these handlers change the state
# exactly as HANDLERS' do without wording the table log (a duel's words stay: they are state,
# `last_words`). tests/companion/test_va_speed_paths.py holds the two paths equal.
QUIET_HANDLERS: dict[str, Handler] = HANDLERS | {
    "declare": declare_quietly,
    "draw": draw_step_quietly,
    "bring_in": bring_in_quietly,
    "equip": equip_quietly,
}
