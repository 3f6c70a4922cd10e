"""Choices an effect leaves to a player until it is known what there is to choose from.

Tidepup Gear 1 looks at the top two cards before its owner orders them; Brinefin draws before a
card goes under the Deck; Crystal Call looks at five cards before one Crystal is taken; Glowmite
makes the other player destroy a Crystal of their own choosing. Each such step leaves a
`Pending` in the state; its player answers with {"type": "pick", "player": p, "pick": option}
before anything else may happen. The options are read from the state, so a seat that cannot
see them (another player's looked-at cards) is never shown them.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.engine.core import Action, Result
from companion.games.luturas import board
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import LuturasState, Pending

TOP, BOTTOM = "top", "bottom"

ASKS = {
    "arrange": "puts a looked-at card on top of the others",
    "scry": "decides where the top card goes",
    "dig": "takes a Crystal from the cards looked at",
    "tuck": "puts a card from the hand under the Deck",
    "destroy": "destroys one of their own Crystals",
}


def options(data: LuturasData, state: LuturasState, pending: Pending) -> list[str]:
    side = state.sides[pending.player]
    if pending.verb == "arrange":
        return sorted(set(side.top[pending.done : pending.amount]))
    if pending.verb == "scry":
        return [TOP, BOTTOM]
    if pending.verb == "dig":
        looked = pending.cards or side.top[: pending.amount]
        return sorted({c for c in looked if data.of(c).kind == "crystal"})
    if pending.verb == "tuck":
        return sorted(side.hand)
    return sorted(side.crystals)


def push(state: LuturasState, pending: Pending) -> None:
    state.pending = (*state.pending, pending)


def legal(data: LuturasData, state: LuturasState) -> list[Action]:
    first = state.pending[0]
    return [
        {"type": "pick", "player": first.player, "pick": o} for o in options(data, state, first)
    ]


def check_pick(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    if not state.pending:
        return "Nothing waits to be chosen."
    first = state.pending[0]
    if action.get("player") != first.player:
        return f"{state.names[first.player]} chooses first."
    if action.get("pick") not in options(data, state, first):
        return f"Choose one of the cards offered ({ASKS[first.verb]})."
    return None


def pick(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    first, rest = state.pending[0], state.pending[1:]
    p, choice = first.player, action["pick"]
    side = state.sides[p]
    name = state.names[p]
    state.pending = rest
    resolved = {"type": "pick", "player": p, "pick": choice}
    if first.verb == "arrange":
        looked = list(side.top[first.done : first.amount])
        looked.remove(choice)
        side.top = (*side.top[: first.done], choice, *looked, *side.top[first.amount :])
        if first.done + 2 < first.amount:
            state.pending = (replace(first, done=first.done + 1), *rest)
        return resolved, [f"{name} puts a card back on top of the Deck."]
    if first.verb == "scry":
        if choice == BOTTOM:
            side.top, side.bottom = side.top[1:], (*side.bottom, side.top[0])
            return resolved, [f"{name} puts the top card on the bottom of the Deck."]
        return resolved, [f"{name} leaves the top card where it is."]
    if first.verb == "dig":
        board.take(side, "crystal_deck" if first.cards else "top", choice)
        board.put(side, "hand", choice)
        board.shuffle(side)
        return resolved, [f"{name} shows {data.title(choice)}, takes it and shuffles the Deck."]
    if first.verb == "tuck":
        board.take(side, "hand", choice)
        side.bottom = (*side.bottom, choice)
        if first.amount > 1 and side.hand:
            state.pending = (replace(first, amount=first.amount - 1), *rest)
        return resolved, [f"{name} puts a card from the hand on the bottom of the Deck."]
    board.take(side, "crystals", choice)
    board.put(side, "workshop", choice)
    return resolved, [f"{name} destroys {data.title(choice)}."]
