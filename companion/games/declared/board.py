"""A declared table with its game's cards, and a game set up on it: the shuffle and the deal.

Kept apart from the moves so that the opponent, the views and the moves share one reading of the
declaration (each deck's copies, each card's number fields) made once per game.
"""

from __future__ import annotations

import random
from typing import Any

from cardgen.data.table import Allowed, TableSpec
from companion.engine.seats import Action
from companion.games.declared.state import APP, DEAL, PLAY, DeclaredState


class Table:
    """A declared table with its game's cards: what the moves need to know of the data."""

    def __init__(self, game: Any, spec: TableSpec) -> None:
        self.game, self.spec = game, spec
        self.copies: dict[str, list[str]] = {
            deck.id: sorted(c.id for t in deck.types for c in game.copies(t)) for deck in spec.decks
        }
        self.stat_of: dict[str, dict[str, int]] = {}
        for card in game.records():
            self.stat_of[card.id] = {
                k: int(v)
                for k, v in card.values.items()
                if isinstance(v, int) and not isinstance(v, bool)
            }

    def keys(self, seats: int) -> list[str]:
        """Every deck's key: its id, or `id:seat` for a deck each seat has."""
        return [
            f"{d.id}:{s}" if d.each else d.id
            for d in self.spec.decks
            for s in (range(seats) if d.each else (0,))
        ]

    def key(self, deck_id: str, seat: int) -> str:
        return f"{deck_id}:{seat}" if self.spec.deck(deck_id).each else deck_id

    def stat(self, card: str | None, name: str) -> int:
        return self.stat_of.get(card or "", {}).get(name, 0)

    def allows(self, state: DeclaredState) -> tuple[Allowed, ...]:
        return self.spec.phases[state.phase].allows

    def phase_name(self, state: DeclaredState) -> str:
        return self.spec.phases[state.phase].name


# Setting up ------------------------------------------------------------------------------------


def new_game(table: Table, names: list[str], mode: str) -> DeclaredState:
    spec, n = table.spec, len(names)
    state = DeclaredState(names=list(names), mode=mode)
    state.counters = {c.id: [c.start] * n for c in spec.counters}
    state.shared = {c.id: c.start for c in spec.shared}
    state.zones = {z.id: [[] for _ in range(n)] for z in spec.zones}
    state.origins = {z.id: [[] for _ in range(n)] for z in spec.zones}
    for key in table.keys(n):
        state.left[key] = len(table.copies[key.split(":")[0]])
        state.decks[key] = []
    state.dice = {d.id: None for d in spec.dice}
    new_phase(table, state)
    return state


def new_phase(table: Table, state: DeclaredState) -> None:
    n = state.seats
    state.done = [[0] * len(table.allows(state)) for _ in range(n)]
    state.ended = [False] * n
    state.sealed, state.sealed_from = [None] * n, [None] * n


def dealing(table: Table, state: DeclaredState) -> list[tuple[int, str, str]]:
    """(seat, zone, deck key) for every card still to be dealt at setup, in order."""
    first = table.spec.decks[0].id if table.spec.decks else None
    out = []
    for seat in range(state.seats):
        for zone in table.spec.zones:
            short = zone.deal - len(state.zones[zone.id][seat])
            out += [(seat, zone.id, table.key(first, seat))] * max(0, short) if first else []
    return out


def shuffle(table: Table, state: DeclaredState, action: Action, rng: random.Random) -> Action:
    """The chance step that starts the game: in app mode the decks are shuffled (the order is
    kept in the resolved action so a replay needs no random source) and the cards dealt."""
    resolved = dict(action)
    if table.spec.order == "in_turn":
        resolved["first"] = state.active  # who starts, as the log (and the simulator) reads it
    if state.mode == APP:
        order = action.get("order") or {
            key: rng.sample(table.copies[key.split(":")[0]], len(table.copies[key.split(":")[0]]))
            for key in state.decks
        }
        resolved["order"] = order
        for key, cards in order.items():
            state.decks[key] = list(cards)
        for seat, zone, key in dealing(table, state):
            put(state, zone, seat, state.decks[key].pop(), key)
            state.left[key] -= 1
        state.stage = PLAY
    else:
        state.stage = DEAL if dealing(table, state) else PLAY
    return resolved


def put(state: DeclaredState, zone: str, seat: int, card: str, key: str) -> None:
    state.zones[zone][seat].append(card)
    state.origins[zone][seat].append(key)


def movers(table: Table, state: DeclaredState) -> list[int]:
    if state.stage == PLAY:
        if table.spec.order == "in_turn":
            return [state.active]
        return [s for s in range(state.seats) if not state.ended[s]]
    if state.stage == DEAL:
        return sorted({seat for seat, _, _ in dealing(table, state)})
    return []


def limit(allowed: Allowed) -> tuple[int, int]:
    """(at least, at most) in taken actions: a draw takes one card, `count` of them a time."""
    per = allowed.count if allowed.do == "draw" else 1
    return allowed.at_least * per, allowed.at_most * per
