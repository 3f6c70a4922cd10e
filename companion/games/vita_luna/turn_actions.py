"""A battle turn's actions: the Singular cards (Burn, Swap, Steal, Heal) and the moves on the
board (a white move, swapping places, a grey move and a promotion).

Each handler changes the cloned `state` in place and says in plain sentences what happened, as
in `actions`, which routes every action type to its handler.
"""

from __future__ import annotations

from companion.engine.core import Action, Result, Rng
from companion.games.vita_luna.combat import end_battle, has_creatures, kill
from companion.games.vita_luna.data import VitaLunaData
from companion.games.vita_luna.hands import drop, give
from companion.games.vita_luna.state import (
    GREY_MOVE,
    MOVED,
    PROMOTED,
    WHITE_MOVE,
    VitaLunaState,
    locate,
)

Data = VitaLunaData
State = VitaLunaState


# --- Singular cards ------------------------------------------------------------------------------


def _use(state: State, player: int, singular: str) -> None:
    unused = list(state.singulars)
    unused[player] = tuple(s for s in unused[player] if s != singular)
    state.singulars = (unused[0], unused[1])


def _after_singular(data: Data, state: State, player: int) -> list[str]:
    enemy = 1 - player
    if has_creatures(data, state, enemy):
        return []
    return end_battle(data, state, enemy, f"{state.names[enemy]} has no creatures left")


def burn(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, target = action["player"], action["target"]
    _use(state, p, "burn")
    kill(state, state.board.index(target), target)
    drop(state, 1 - p, target)
    state.burned += (target,)
    name = data.name(target)
    events = [f"{state.names[p]} plays Burn on {name}: it is removed from the game."]
    resolved = {"type": "burn", "player": p, "target": target}
    return resolved, events + _after_singular(data, state, p)


def swap(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, own, target = action["player"], action["own"], action["target"]
    _use(state, p, "swap")
    board = state.board
    i, j = board.index(own), board.index(target)
    board[i], board[j] = target, own
    drop(state, p, own)
    drop(state, 1 - p, target)
    give(state, p, [target])
    give(state, 1 - p, [own])
    names = state.names
    events = [
        f"{names[p]} plays Swap: {data.name(own)} and {data.name(target)} change sides and "
        f"places, keeping their health. {names[p]} keeps {data.name(target)}, "
        f"{names[1 - p]} keeps {data.name(own)}."
    ]
    return {"type": "swap", "player": p, "own": own, "target": target}, events


def steal(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, target = action["player"], action["target"]
    _use(state, p, "steal")
    board = state.board
    j = board.index(target)
    column = j - (1 - p) * data.white
    board[j] = None
    board[p * data.white + column] = target
    drop(state, 1 - p, target)
    give(state, p, [target])
    events = [
        f"{state.names[p]} plays Steal: {data.name(target)} crosses to white position "
        f"{column + 1} on their side, keeping its health, and stays theirs."
    ]
    resolved = {"type": "steal", "player": p, "target": target}
    return resolved, events + _after_singular(data, state, p)


def heal(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, target = action["player"], action["target"]
    _use(state, p, "heal")
    creature = data.cards[target]
    state.health[target] = creature.health
    armour = ""
    if creature.armour:
        state.armour.add(target)
        armour = " and its armour"
    events = [
        f"{state.names[p]} plays Heal on {creature.name}: back to {creature.health} health{armour}."
    ]
    return {"type": "heal", "player": p, "target": target}, events


# --- moves ---------------------------------------------------------------------------------------


def move(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, card, to = action["player"], action["card"], action["position"]
    row, _, at = locate(data, state, card)  # type: ignore[misc]
    board = state.board
    board[board.index(card)] = None
    if row == "white":
        board[p * data.white + to] = card
        state.done |= MOVED | WHITE_MOVE
        text = f"{state.names[p]} moves {data.name(card)} from white position {at + 1} to {to + 1}."
    else:
        board[2 * data.white + p * data.grey + to] = card
        state.done |= MOVED | GREY_MOVE
        text = f"{state.names[p]} moves a face-down card from grey position {at + 1} to {to + 1}."
    return {"type": "move", "player": p, "card": card, "position": to}, [text]


def swap_places(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, card, other = action["player"], action["card"], action["other"]
    board = state.board
    i, j = board.index(card), board.index(other)
    board[i], board[j] = other, card
    state.done |= MOVED | WHITE_MOVE
    w = data.white
    text = (
        f"{state.names[p]}'s {data.name(card)} and {data.name(other)} swap places "
        f"(white positions {i % w + 1} and {j % w + 1})."
    )
    return {"type": "swap_places", "player": p, "card": card, "other": other}, [text]


def promote(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, card, to = action["player"], action["card"], action["position"]
    board = state.board
    board[board.index(card)] = None
    board[p * data.white + to] = card
    state.done |= MOVED | PROMOTED
    text = (
        f"{state.names[p]} promotes {data.name(card)} from the reserve to white position {to + 1}."
    )
    return {"type": "promote", "player": p, "card": card, "position": to}, [text]
