"""What each action does, after `check` accepted it: one handler per action type.

Handlers change the clone they are given and return the action as resolved and the table log's
sentences. Crystals, deploys, upgrades, Tools and Strategies are here; attacks in combat.py, the
turn in turn.py, setting up in setup.py, card effects in effects.py.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.engine.core import Action, Result
from companion.games.luturas import activated, board, effects
from companion.games.luturas.combat import declare, let_through
from companion.games.luturas.data import LuturasData
from companion.games.luturas.outcome import settle
from companion.games.luturas.setup import choose, deal, keep, mulligan, toss
from companion.games.luturas.state import Lutura, LuturasState, Side, with_space
from companion.games.luturas.turn import draw_step, end_turn

Handler = Any


def from_hand(state: LuturasState, action: Action) -> tuple[int, str, Side]:
    """The player, the card it plays and its side, the card already out of its hand: the start
    of every play from the hand (a Crystal, a Gear, a Tool, a Strategy set face down)."""
    p, card = action["player"], action["card"]
    side = state.sides[p]
    board.take(side, "hand", card)
    return p, card, side


def place_crystal(
    data: LuturasData, state: LuturasState, action: Action, rng: random.Random
) -> Result:
    p, card, side = from_hand(state, action)
    board.put(side, "crystals", card)
    where = "left" if len(side.crystals) <= (data.crystals_most + 1) // 2 else "right"
    return {"type": "crystal", "player": p, "card": card}, [
        f"{state.names[p]} places {data.title(card)} at the {where} of the Soldier "
        f"({len(side.crystals)} Crystal{'' if len(side.crystals) == 1 else 's'})."
    ]


def deploy(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    p, card, side = from_hand(state, action)
    space = action["space"]
    with_space(side, space, Lutura((card,)))
    events = [f"{state.names[p]} deploys {data.title(card)} in space {space + 1}."]
    resolved, more = effects.on_deploy(data, state, action, rng)
    return resolved, events + more + settle(data, state)


def upgrade(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """The new Gear goes on top; damage stays (ruling upgrade-stack); no attack nor activated
    effect this turn (ruling upgrade-pause); an assigned Tool stays (ruling tool-upgrade)."""
    p, card, side = from_hand(state, action)
    space = action["space"]
    below = side.spaces[space]
    assert below is not None
    with_space(side, space, replace(below, stack=(*below.stack, card), upgraded=True))
    left = data.of(card).stamina - below.damage
    return {"type": "upgrade", "player": p, "card": card, "space": space}, [
        f"{state.names[p]} upgrades {data.title(below.top)} to {data.title(card)} "
        f"({below.damage} damage kept, {left} Stamina left)."
    ]


def play_tool(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    p, card, side = from_hand(state, action)
    side.tool, side.tool_at, side.tool_used = card, -1, False
    return {"type": "tool", "player": p, "card": card}, [
        f"{state.names[p]} plays the Tool {data.title(card)} in front of the Soldier, unassigned."
    ]


def assign(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """Point the Tool at a Lutura; its effect resets (seed V.1.D)."""
    p, space = action["player"], action["space"]
    side = state.sides[p]
    side.tool_at, side.tool_moved, side.tool_used = space, True, False
    lutura = side.spaces[space]
    assert lutura is not None
    return {"type": "assign", "player": p, "space": space}, [
        f"{state.names[p]} turns {data.title(side.tool)} toward {data.title(lutura.top)}."
    ]


def set_strategy(
    data: LuturasData, state: LuturasState, action: Action, rng: random.Random
) -> Result:
    """Face down in the Strategy corner: setting is not using (ruling strategy-facedown)."""
    p, card, side = from_hand(state, action)
    side.facedown = card
    return {"type": "set", "player": p, "card": card}, [
        f"{state.names[p]} sets a Strategy face down."
    ]


HANDLERS: dict[str, Handler] = {
    "toss": toss,
    "choose": choose,
    "deal": deal,
    "keep": keep,
    "mulligan": mulligan,
    "draw": draw_step,
    "crystal": place_crystal,
    "deploy": deploy,
    "upgrade": upgrade,
    "attack": declare,
    "pass": let_through,
    "tool": play_tool,
    "assign": assign,
    "strategy": activated.play_strategy,
    "set": set_strategy,
    "end": end_turn,
    **activated.HANDLERS,
}
