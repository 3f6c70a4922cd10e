"""What each seat of a declared table may see, and a full state made from that alone.

A zone declared `"seen": "owner"` shows its cards only to its seat, one declared `"none"` (a
face-down pile) to nobody (the others see how many and
from which deck they came); a deck's order is nobody's; a sealed card is its sealer's until every
seat has sealed. Pages, logs and app opponents read the game through `view`, so these three lines
are the whole of what a declared game keeps secret.
"""

from __future__ import annotations

import copy
import random
from collections import Counter as Tally
from typing import Any

from companion.engine.seats import HIDDEN, RUNNING, Action, Outcome, Seat
from companion.games.declared.board import Table
from companion.games.declared.state import APP, OVER, DeclaredState, from_json, to_json


def _hidden_zone(table: Table, zone: str, owner: int, seat: Seat | None) -> bool:
    seen = table.spec.zone(zone).seen
    return seen == "none" or (seen == "owner" and owner != seat)


def view(table: Table, state: DeclaredState, seat: Seat | None) -> dict[str, Any]:
    data = to_json(state)
    for zone, hands in data["zones"].items():
        for owner, cards in enumerate(hands):
            if _hidden_zone(table, zone, owner, seat):
                hands[owner] = [HIDDEN] * len(cards)
    data["sealed"] = [
        c if c is None or owner == seat else HIDDEN for owner, c in enumerate(state.sealed)
    ]
    data["decks"] = dict(state.left)
    data["phase_index"] = state.phase
    data["phase"] = table.spec.phases[state.phase].id
    data["phase_name"] = table.spec.phases[state.phase].name
    return data


def from_view(table: Table, data: dict[str, Any], seat: Seat | None, rng: random.Random):
    """A full state `seat` cannot tell from the one its `view` came from: every card it cannot
    see redrawn at random from the copies of that card's deck that it cannot see either."""
    data = copy.deepcopy(data)
    data["phase"] = data.pop("phase_index")
    del data["phase_name"]
    left = data["decks"]
    data["decks"] = {key: [] for key in left}
    pools: dict[str, Tally[str]] = {key: Tally(table.copies[key.split(":")[0]]) for key in left}
    holes: list[tuple[list[Any], int, str]] = []  # (list, index, deck key) of each hidden card
    for zone, hands in data["zones"].items():
        for owner, cards in enumerate(hands):
            for i, (card, key) in enumerate(zip(cards, data["origins"][zone][owner], strict=True)):
                if card == HIDDEN:
                    holes.append((cards, i, key))
                else:
                    pools[key][card] -= 1
    for owner, card in enumerate(data["sealed"]):
        key = data["sealed_from"][owner]
        if card == HIDDEN:
            holes.append((data["sealed"], owner, key))
        elif card is not None:
            pools[key][card] -= 1
    if data["mode"] == APP and data["stage"] != "setup":
        for key, count in left.items():
            data["decks"][key] = [HIDDEN] * count
            holes += [(data["decks"][key], i, key) for i in range(count)]
    bags = {
        key: [c for c, n in pool.items() for _ in range(max(0, n))] for key, pool in pools.items()
    }
    for bag in bags.values():
        rng.shuffle(bag)
    for cards, i, key in holes:
        bag = bags[key]
        cards[i] = bag.pop() if bag else rng.choice(table.copies[key.split(":")[0]])
    return from_json(data)


def redact(table: Table, before: DeclaredState, action: Action, seat: Seat | None) -> Action:
    """A logged action as `seat` may see it: the shuffle's order is nobody's, a drawn or dealt
    card is its drawer's unless it lands face up, a sealed card its sealer's."""
    kind = action.get("type")
    if kind == "shuffle":
        return {k: v for k, v in action.items() if k != "order"}
    player = int(action.get("player", -1))
    if "card" not in action or player == seat:
        return action
    if kind == "deal":
        hidden = _hidden_zone(table, action["zone"], player, seat)
    elif kind in ("draw", "play"):
        allowed = table.spec.phases[before.phase].allows[action["allowed"]]
        places = [allowed.to or ""] + ([allowed.source or ""] if kind == "play" else [])
        hidden = all(_hidden_zone(table, z, player, seat) for z in places)
    else:
        hidden = kind == "seal"
    return action | {"card": HIDDEN} if hidden else action


def sealed(state: DeclaredState) -> str | None:
    waiting = [state.names[s] for s, c in enumerate(state.sealed) if c is None]
    if any(c is not None for c in state.sealed) and waiting:
        return f"A sealed card waits for {', '.join(waiting)}; it cannot be taken back."
    return None


def reveals(action: Action) -> str | None:
    if action.get("revealed"):
        return "The sealed cards were turned up together; that cannot be taken back."
    return None


def outcome(state: DeclaredState) -> Outcome:
    if state.stage != OVER:
        return RUNNING
    return Outcome(True, state.winner, tuple(state.scores), state.result)
