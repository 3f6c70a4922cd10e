"""Riposte's seats: who takes each action, what each player may see, and how the game ends.

Hidden from a player: the other player's hand (its size is open, ruling open-information), a card
the other has laid face down and not yet revealed, and the deck (only its size is shown). The
shared table screen (seat None) sees neither hand. Everything else is face up on the table.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.seats import CHANCE, HIDDEN, RUNNING, Outcome, Seat, won_by
from companion.games.riposte.data import RiposteData
from companion.games.riposte.state import OVER, RiposteState, every_card, from_json, to_json

Action = dict[str, Any]

SEATS: tuple[Seat, ...] = (0, 1)
CHANCE_TYPES = frozenset({"deal", "turn_up"})
BY_CHANCE: frozenset[Seat] = frozenset({CHANCE})
ONE: tuple[frozenset[Seat], ...] = (frozenset({0}), frozenset({1}))
SEALED = "A card laid face down cannot be taken back until both cards are revealed."


def actors(action: Action) -> frozenset[Seat]:
    if action.get("type") in CHANCE_TYPES:
        return BY_CHANCE
    player = action.get("player")
    return ONE[player] if player in SEATS else frozenset()


def sealed(state: RiposteState) -> str | None:
    """Ruling simultaneous-choice: one card down and the other not yet is a sealed choice."""
    return SEALED if bool(state.chosen[0]) != bool(state.chosen[1]) else None


def outcome(state: RiposteState) -> Outcome:
    if state.phase != OVER:
        return RUNNING
    return won_by(state.winner, state.names)


def view(state: RiposteState, seat: Seat | None) -> dict[str, Any]:
    """The state as `seat` may see it, as plain JSON: hidden cards become HIDDEN."""
    seen = to_json(state)
    seen["deck"] = len(state.deck)
    for p in SEATS:
        if p != seat:
            seen["hands"][p] = [HIDDEN] * len(state.hands[p])
            seen["chosen"][p] = HIDDEN if state.chosen[p] else ""
    return seen


def redact(before: RiposteState, action: Action, seat: Seat | None) -> Action:
    """The logged action with what `seat` may not know replaced by HIDDEN."""
    kind = action.get("type")
    if kind == "deal" and "hands" in action:
        shown = [h if p == seat else [HIDDEN] * len(h) for p, h in enumerate(action["hands"])]
        return action | {"hands": shown}
    player = action.get("player")
    if player == seat or player not in SEATS:
        return action
    if kind == "draw" and "card" in action:
        return action | {"card": HIDDEN}
    if kind == "play" and not before.chosen[1 - player]:
        return action | {"card": HIDDEN}  # laid first: revealed only by the other's card
    return action


def resample(
    data: RiposteData, state: RiposteState, seat: Seat | None, rng: random.Random
) -> RiposteState:
    return determinize(data, view(state, seat), seat, rng)


def determinize(
    data: RiposteData, seen: dict[str, Any], seat: Seat | None, rng: random.Random
) -> RiposteState:
    """A full state consistent with a seat's view: every card the seat cannot see drawn at random
    from those it has not seen. App opponents reason on this, never on the real state."""
    full = dict(seen)
    full["hands"] = [list(h) for h in seen["hands"]]
    full["chosen"] = list(seen["chosen"])
    known = from_json(full | {"deck": [], "hands": [[], []], "chosen": ["", ""]})
    visible = set(every_card(known))
    for p in SEATS:
        visible |= {c for c in full["hands"][p] if c != HIDDEN}
        if full["chosen"][p] != HIDDEN:
            visible.add(full["chosen"][p])
    unseen = [c for c in data.deck if c not in visible]
    rng.shuffle(unseen)
    for p in SEATS:
        full["hands"][p] = [unseen.pop() if c == HIDDEN else c for c in full["hands"][p]]
        if full["chosen"][p] == HIDDEN:
            full["chosen"][p] = unseen.pop()
    assert len(unseen) == seen["deck"], "the deck's size disagrees with the unseen cards"
    full["deck"] = sorted(unseen)
    return from_json(full)
