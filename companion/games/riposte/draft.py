"""The draft: a fresh row between rounds, Rook's swap, picks from the row or blind, and Rook's
look at two cards. Handlers return the resolved action and the table log's sentences."""

from __future__ import annotations

from companion.engine.core import Action, Result, Rng
from companion.games.riposte import abilities as ab
from companion.games.riposte.data import RiposteData
from companion.games.riposte.deck import draw, give, left, take_from_hand
from companion.games.riposte.state import CLASH, DRAFT, LOOK, SWAP, RiposteState


def turn_up(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """A fresh row before each draft between rounds (ruling draft-row), then Rook's swap."""
    events: list[str] = []
    given = action.get("row")
    row = [draw(state, rng, events, given[i] if given else None) for i in range(data.row)]
    state.row = tuple(row)
    state.phase, state.active = DRAFT, state.offensive
    events.append(f"The new draft row shows {', '.join(data.name(c) for c in row)}.")
    for p in (0, 1):
        if ab.swaps_leftover(state, p):
            state.phase, state.active = SWAP, p
            events.append(f"{state.names[p]} may swap the leftover card with a card of the row.")
    return {"type": "turn_up", "row": row}, events


def swap(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """Rook's second ability: the leftover card and a row card change places, or nothing."""
    p, slot = action["player"], action["slot"]
    state.phase, state.active = DRAFT, state.offensive
    if slot is None:
        return {"type": "swap", "player": p, "slot": None}, [f"{state.names[p]} keeps the hand."]
    (leftover,) = state.hands[p]
    taken = state.row[slot]
    take_from_hand(state, p, leftover)
    give(state, p, taken)
    row = list(state.row)
    row[slot] = leftover
    state.row = tuple(row)
    events = [
        f"{state.names[p]} swaps {data.name(leftover)} for {data.name(taken)} from the row (Rook)."
    ]
    return {"type": "swap", "player": p, "slot": slot, "card": leftover}, events


def take(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    p, slot = action["player"], action["slot"]
    events: list[str] = []
    card = state.row[slot]
    give(state, p, card)
    refill = draw(state, rng, events, action.get("refill"))
    row = list(state.row)
    row[slot] = refill
    state.row = tuple(row)
    events.insert(0, f"{state.names[p]} takes {data.name(card)} from the row.")
    events.append(f"{data.name(refill)} is turned up to fill the gap.")
    events += next_pick(data, state)
    return {"type": "take", "player": p, "slot": slot, "refill": refill}, events


def blind(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """The top card, unseen by the other player; Rook (first ability) looks at two."""
    p = action["player"]
    events: list[str] = []
    if ab.looks_at_two(state, p) and left(state) >= 2:
        given = action.get("cards") or [None, None]
        looked = [draw(state, rng, events, given[i]) for i in range(2)]
        state.looking = tuple(looked)
        state.phase = LOOK
        events.append(f"{state.names[p]} looks at the top two cards of the deck (Rook).")
        return {"type": "draw", "player": p, "cards": looked}, events
    card = draw(state, rng, events, action.get("card"))
    give(state, p, card)
    events.append(f"{state.names[p]} takes the top card of the deck without showing it.")
    events += next_pick(data, state)
    return {"type": "draw", "player": p, "card": card}, events


def keep(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """Rook keeps one of the two cards he looked at; the other goes under the deck."""
    p, card = action["player"], action["card"]
    (other,) = [c for c in state.looking if c != card]
    give(state, p, card)
    state.looking = ()
    state.bottom = (*state.bottom, other)
    state.phase = DRAFT
    events = [f"{state.names[p]} keeps one and puts the other at the bottom of the deck."]
    events += next_pick(data, state)
    return {"type": "keep", "player": p, "card": card}, events


def next_pick(data: RiposteData, state: RiposteState) -> list[str]:
    """Players alternate until both hold a full hand (ruling draft-order); then a round."""
    other = 1 - state.active
    if len(state.hands[other]) < data.hand:
        state.active = other
        return []
    if len(state.hands[state.active]) < data.hand:
        return []
    state.phase, state.active = CLASH, -1
    state.round += 1
    state.clash, state.disarm, state.spent = 0, False, (False, False)
    return [f"Round {state.round} begins; {state.names[state.offensive]} is the offensive player."]
