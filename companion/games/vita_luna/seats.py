"""Vita Luna's seats: who takes each action, what the log shows each player, and what a player
cannot tell apart (for app opponents that must not peek).

Hidden from a player: the other player's cards off the board, their face-down grey cards, their
sealed bid until both bids are in, and the order of the decks. Every card's back shows its deck's
colour, so colours are public: a resampled state keeps each hidden card's colour.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.seats import CHANCE, HIDDEN, RUNNING, Outcome, Seat
from companion.games.vita_luna.data import DECKS, VitaLunaData
from companion.games.vita_luna.state import BIDDING, OVER, VitaLunaState, grey_index, hand, locate

Action = dict[str, Any]

SEATS: tuple[Seat, ...] = (0, 1)
CHANCE_TYPES = frozenset({"deal", "turn_up", "deal_rest", "reward"})
SHARED_TYPES = frozenset({"first_attacker", "first_bidder", "next_battle"})  # the table agrees
BOTH: frozenset[Seat] = frozenset(SEATS)
BY_CHANCE: frozenset[Seat] = frozenset({CHANCE})
ONE: tuple[frozenset[Seat], ...] = (frozenset({0}), frozenset({1}))
SEALED = "A sealed bid cannot be taken back until both bids are revealed."


def actors(action: Action) -> frozenset[Seat]:
    kind = action.get("type")
    if kind in CHANCE_TYPES:
        return BY_CHANCE
    if kind in SHARED_TYPES:
        return BOTH
    player = action.get("player")
    return ONE[player] if player in SEATS else frozenset()


def sealed(state: VitaLunaState) -> str | None:
    if state.phase in BIDDING and (state.bids[0] is None) != (state.bids[1] is None):
        return SEALED
    return None


def outcome(state: VitaLunaState) -> Outcome:
    if state.phase != OVER:
        return RUNNING
    w = state.winner
    scores = (1.0, -1.0) if w == 0 else (-1.0, 1.0)
    return Outcome(True, w, scores, f"{state.names[w]} won.")


def redact(data: VitaLunaData, before: VitaLunaState, action: Action, seat: Seat | None) -> Action:
    """The logged action with what `seat` may not know replaced by HIDDEN."""
    kind = action.get("type")
    if kind in ("deal", "deal_rest"):
        key = "hands" if kind == "deal" else "cards"
        dealt = action.get(key) or [[], []]
        shown = [cards if p == seat else [HIDDEN] * len(cards) for p, cards in enumerate(dealt)]
        return action | {key: shown}
    if kind == "reward":
        cards = action.get("cards") or [None, None]
        shown_cards = [c if p == seat or c is None else HIDDEN for p, c in enumerate(cards)]
        return action | {"cards": shown_cards}
    if action.get("player") == seat:
        return action
    if kind == "bid":
        return action | {"amount": HIDDEN}
    if kind == "trade":
        return action | {"cards": [HIDDEN, HIDDEN], "blue": HIDDEN}
    if kind == "place" and action.get("row") == "grey":
        return action | {"card": HIDDEN}
    if kind == "move":
        where = locate(data, before, action["card"])
        if where is not None and where[0] == "grey":
            return action | {"card": HIDDEN}
    return action


def resample(
    data: VitaLunaData, state: VitaLunaState, seat: Seat | None, rng: random.Random
) -> VitaLunaState:
    """A state `seat` could not tell from `state`: the other player's hidden cards, the decks and
    a sealed bid redrawn at random, each card keeping its colour."""
    others = [p for p in SEATS if p != seat]
    after = state.clone()
    cards = data.cards
    slots: list[tuple[str, int, int]] = []  # (where, player or deck, index) of each hidden card
    hidden: list[str] = []
    for p in others:
        for i in range(data.grey):
            card = state.board[grey_index(data, p, i)]
            if card is not None:
                slots.append(("grey", p, i))
                hidden.append(card)
        for card in hand(data, state, p):
            slots.append(("hand", p, 0))
            hidden.append(card)
    for d, deck in enumerate(state.decks):
        for i, card in enumerate(deck):
            slots.append(("deck", d, i))
            hidden.append(card)
    by_colour: dict[str, list[int]] = {}
    for n, card in enumerate(hidden):
        by_colour.setdefault(cards[card].deck, []).append(n)
    drawn = list(hidden)
    for positions in by_colour.values():
        shuffled = [hidden[n] for n in positions]
        rng.shuffle(shuffled)
        for n, card in zip(positions, shuffled, strict=True):
            drawn[n] = card
    _place(data, state, after, others, slots, hidden, drawn)
    bids = list(after.bids)
    for p in others:
        if bids[p] is not None:
            bids[p] = rng.randint(0, state.markers[p])
    after.bids = (bids[0], bids[1])
    return after


def _place(
    data: VitaLunaData,
    state: VitaLunaState,
    after: VitaLunaState,
    others: list[Seat],
    slots: list[tuple[str, int, int]],
    hidden: list[str],
    drawn: list[str],
) -> None:
    """Put the redrawn cards where the hidden ones were: grey slots, hands and decks."""
    cards = data.cards
    owned = [list(o) for o in state.owned]
    decks: list[list[str]] = [list(d) for d in state.decks]
    for p in others:
        hidden_mine = {c for (where, q, _), c in zip(slots, hidden, strict=True)
                       if q == p and where != "deck"}  # fmt: skip
        owned[p] = [c for c in owned[p] if c not in hidden_mine]
    for (where, who, index), old, new in zip(slots, hidden, drawn, strict=True):
        if where == "deck":
            decks[who][index] = new
            continue
        owned[who].append(new)
        if where == "grey":
            after.board[grey_index(data, who, index)] = new
            del after.health[old]
            after.armour.discard(old)
            after.health[new] = cards[new].health
            if cards[new].armour:
                after.armour.add(new)
    after.owned = (tuple(owned[0]), tuple(owned[1]))
    after.decks = tuple(tuple(d) for d in decks)
    assert len(after.decks) == len(DECKS)
