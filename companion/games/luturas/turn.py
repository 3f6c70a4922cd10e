"""The turn: its start (start-of-turn effects, then the draw) and its end.

Ruling start-of-turn-order: start-of-turn effects come first, then the draw. Ruling
first-turn-draw: every turn begins with a draw, the very first included; a player who can't
draw loses the round (ruling win-deck-out, outcome.py). In fast mode the player chooses the pile.
At the end of a turn damage put off to then is dealt, the Strategies used are destroyed (ruling
strategy-once), what lasted "this turn" ends for both players (once-per-turn uses, Tool moves,
the deploy ban) and the other player's turn begins.
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Result
from companion.games.luturas import board, effects
from companion.games.luturas.data import LuturasData
from companion.games.luturas.outcome import is_decided, lose, settle
from companion.games.luturas.state import DRAW, FAST, MAIN, LuturasState, Side, with_space


def begin_turn(data: LuturasData, state: LuturasState, p: int, rng: random.Random) -> list[str]:
    state.active, state.phase, state.attack = p, DRAW, None
    state.turn += 1
    side = state.sides[p]
    side.turns += 1
    events = [f"Turn {state.turn}: {state.names[p]}'s turn."]
    events += effects.start_of_turn(data, state, p, rng)
    if is_decided(state):
        return events
    if not can_draw_any(state, side):
        return events + lose(data, state, p, f"{state.names[p]} must draw from an empty Deck")
    return events


def can_draw_any(state: LuturasState, side: Side) -> bool:
    return board.can_draw(side) or (state.mode == FAST and board.can_draw(side, board.CRYSTALS))


def draw_step(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    p = action["player"]
    side = state.sides[p]
    pile = action.get("pile") or board.DECK
    card = board.draw(side, rng, pile, action.get("card"))
    state.phase = MAIN
    where = " from the Crystal deck" if pile == board.CRYSTALS else ""
    resolved = {"type": "draw", "player": p, "card": card}
    if state.mode == FAST:
        resolved["pile"] = pile
    return resolved, [f"{state.names[p]} draws a card{where}."]


def end_turn(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    p = action["player"]
    events = [f"{state.names[p]} ends the turn."]
    events += effects.end_of_turn(data, state, p, rng)
    events += settle(data, state)
    for side in state.sides:
        side.workshop = (*side.workshop, *side.spent)
        side.spent = ()
        fresh_turn(side)
    if not is_decided(state):
        events += begin_turn(data, state, 1 - p, rng)
    return {"type": "end", "player": p}, events


def fresh_turn(side: Side) -> None:
    """What lasts only a turn, forgotten (both sides: once-per-turn counts on either turn)."""
    side.tool_moved = side.tool_used = side.strategy_used = side.no_deploy = False
    for space, lutura in board.luturas(side):
        if lutura.attacks or lutura.extra or lutura.upgraded or lutura.used or lutura.bonus:
            with_space(
                side,
                space,
                type(lutura)(lutura.stack, lutura.damage),
            )
