"""The handlers a bot's step runs (`LuturasRules.advance`): the same changes to the state as
actions.py's and turn.py's, without wording the table log's sentence that `advance` throws away.

A random playout places Crystals, deploys, upgrades, draws and ends turns most of its steps;
each of those handlers built a sentence (names, card titles, counts) nobody reads on the bot
path. Effects and the end of a round still word what they do (effects.py, outcome.py): those
sentences are nested in the rules and are rarer. The model is VA's `QUIET_HANDLERS` and
Moonlighter's `say=False`. tests/companion/test_luturas_quiet_handlers.py holds each quiet
handler to its loud one (the same state, the same resolved action).
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.engine.core import Action, Result
from companion.games.luturas import activated, board, effects
from companion.games.luturas.actions import HANDLERS, Handler, from_hand
from companion.games.luturas.combat import resolve
from companion.games.luturas.data import LuturasData
from companion.games.luturas.outcome import is_decided, settle
from companion.games.luturas.state import (
    FAST,
    MAIN,
    OWN_TOOL,
    RESPOND,
    Attack,
    Lutura,
    LuturasState,
    with_space,
)
from companion.games.luturas.turn import begin_turn, fresh_turn


def place_crystal(
    data: LuturasData, state: LuturasState, action: Action, rng: random.Random
) -> Result:
    """`actions.place_crystal`, unworded."""
    p, card, side = from_hand(state, action)
    side.crystals = (*side.crystals, card)
    return {"type": "crystal", "player": p, "card": card}, []


def deploy(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`actions.deploy`, without its own sentence (its effects still word theirs)."""
    _, card, side = from_hand(state, action)
    with_space(side, action["space"], Lutura((card,)))
    resolved, _ = effects.on_deploy(data, state, action, rng)
    settle(data, state)
    return resolved, []


def upgrade(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`actions.upgrade`, unworded."""
    p, card, side = from_hand(state, action)
    space = action["space"]
    below = side.spaces[space]
    assert below is not None
    with_space(side, space, replace(below, stack=(*below.stack, card), upgraded=True))
    return {"type": "upgrade", "player": p, "card": card, "space": space}, []


def play_tool(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`actions.play_tool`, unworded."""
    p, card, side = from_hand(state, action)
    side.tool, side.tool_at, side.tool_used = card, -1, False
    return {"type": "tool", "player": p, "card": card}, []


def assign(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`actions.assign`, unworded."""
    p, space = action["player"], action["space"]
    side = state.sides[p]
    side.tool_at, side.tool_moved, side.tool_used = space, True, False
    return {"type": "assign", "player": p, "space": space}, []


def set_strategy(
    data: LuturasData, state: LuturasState, action: Action, rng: random.Random
) -> Result:
    """`actions.set_strategy`, unworded."""
    p, card, side = from_hand(state, action)
    side.facedown = card
    return {"type": "set", "player": p, "card": card}, []


def draw_step(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`turn.draw_step`, unworded."""
    p = action["player"]
    pile = action.get("pile") or board.DECK
    card = board.draw(state.sides[p], rng, pile, action.get("card"))
    state.phase = MAIN
    if state.mode == FAST:
        return {"type": "draw", "player": p, "card": card, "pile": pile}, []
    return {"type": "draw", "player": p, "card": card}, []


def end_turn(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`turn.end_turn`, without its own sentence (what happens at the turn's end and start is
    still worded where it happens)."""
    p = action["player"]
    effects.end_of_turn(data, state, p, rng)
    settle(data, state)
    for side in state.sides:
        if side.spent:
            side.workshop = (*side.workshop, *side.spent)
            side.spent = ()
        fresh_turn(side)
    if not is_decided(state):
        begin_turn(data, state, 1 - p, rng)
    return {"type": "end", "player": p}, []


def declare(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """`combat.declare` without its sentences: an attack is a sixth of a random playout's
    steps and worded its attacker and target. The Lutura is rebuilt field by field
    (`dataclasses.replace` costs several times more)."""
    p, space, target = action["player"], action["space"], action["target"]
    side = state.sides[p]
    was = side.spaces[space]
    assert was is not None
    attacker = Lutura(was.stack, was.damage, was.attacks + 1, was.extra, was.upgraded, was.used,
                      was.bonus, was.burn)  # fmt: skip
    with_space(side, space, attacker)
    choices = tuple(action.get("choices0") or ())
    state.attack = Attack(p, space, target, choices=choices, declined=bool(action.get("skip0")))
    resolved = {"type": "attack", "player": p, "space": space, "target": target}
    if len(action) > 4:  # an Attack: effect's choices (or its decline)
        resolved |= {k: v for k, v in action.items() if k in ("choices0", "skip0")}
    if target != OWN_TOOL and activated.can_answer(data, state, 1 - p):
        state.phase = RESPOND
    else:
        resolve(data, state, rng)
    return resolved, []


QUIET_HANDLERS: dict[str, Handler] = HANDLERS | {
    "attack": declare,
    "crystal": place_crystal,
    "deploy": deploy,
    "upgrade": upgrade,
    "tool": play_tool,
    "assign": assign,
    "set": set_strategy,
    "draw": draw_step,
    "end": end_turn,
}
