"""Vita Luna's seats: who takes each action, what the log shows each player, and what a player
cannot tell apart (for app opponents that must not peek).

Hidden from a player: the other player's cards off the board, their face-down grey cards, their
sealed bid until both bids are in, and the order of the decks. Every card's back shows its deck's
colour, so colours are public: a resampled state keeps each hidden card's colour.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action
from companion.engine.seats import BOTH as BOTH

# Re-exported: they were this module's own names before the shared two-player seats.
from companion.engine.seats import BY_CHANCE as BY_CHANCE
from companion.engine.seats import CHANCE as CHANCE
from companion.engine.seats import HIDDEN, Seat, others_hidden, player_or_chance, won_when_over
from companion.engine.seats import ONE as ONE
from companion.engine.seats import TWO_SEATS as SEATS
from companion.games.rulings import ruled
from companion.games.vita_luna.data import DECKS, VitaLunaData
from companion.games.vita_luna.state import (
    BIDDING,
    FACE_DOWN,
    VitaLunaState,
    from_json,
    grey_index,
    locate,
    view,
)

CHANCE_TYPES = frozenset({"deal", "turn_up", "deal_rest", "reward"})
SHARED_TYPES = frozenset({"first_attacker", "first_bidder", "next_battle"})  # the table agrees
SEALED = ruled("A sealed bid cannot be taken back.", "sealed_bids_undo")
REVEALED = ruled("Both bids are revealed: they stand and cannot be taken back.",
                 "sealed_bids_undo")  # fmt: skip
FACE_UP = ruled("A promoted card is turned face up: the promotion cannot be taken back.",
                "grey_and_promote")  # fmt: skip


def actors(action: Action) -> frozenset[Seat]:
    """Not `strict`, as it always was: True names player 2 here, though `check` refuses it."""
    return player_or_chance(action, CHANCE_TYPES, SHARED_TYPES, strict=False)


def sealed(state: VitaLunaState) -> str | None:
    """Ruling sealed_bids_undo: one bid in and the other not yet is a sealed choice."""
    if state.phase in BIDDING and (state.bids[0] is None) != (state.bids[1] is None):
        return SEALED
    return None


def reveals(before: VitaLunaState, action: Action) -> str | None:
    """Ruling sealed_bids_undo: the second bid shows both, and both stand; taking it back would
    let its bidder bid again knowing the other's bid. Ruling grey_and_promote: a promotion turns
    a face-down grey card up, so it stands too (against the app, an undo of your move and the
    app's answer would otherwise show you its grey card and let you play on knowing it)."""
    if action.get("type") == "promote":
        return FACE_UP
    p = action.get("player")
    if action.get("type") != "bid" or p not in SEATS or before.phase not in BIDDING:
        return None
    return REVEALED if before.bids[1 - p] is not None else None


outcome = won_when_over


def redact(data: VitaLunaData, before: VitaLunaState, action: Action, seat: Seat | None) -> Action:
    """The logged action with what `seat` may not know replaced by HIDDEN."""
    kind = action.get("type")
    if kind in ("deal", "deal_rest"):
        key = "hands" if kind == "deal" else "cards"
        dealt = action.get(key) or [[], []]
        return action | {key: others_hidden(dealt, seat)}
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
    """A state `seat` could not tell from `state`, made from the seat's view alone."""
    return determinize(data, view(data, state, seat), seat, rng)


def determinize(
    data: VitaLunaData, seen: dict[str, Any], seat: Seat | None, rng: random.Random
) -> VitaLunaState:
    """A full state consistent with a seat's view: every card the seat cannot see drawn at random
    from those it has not seen, keeping the colour its back shows; a sealed bid of the other
    player drawn from what they could have bid. App opponents reason on this, never on the
    real state."""
    others = [p for p in SEATS if p != seat]
    full = {**seen, "owned": [list(o) for o in seen["owned"]], "board": list(seen["board"])}
    full["health"], full["armour"] = dict(seen["health"]), list(seen["armour"])
    known = {c for side in full["owned"] for c in side} | set(seen["burned"])
    known |= {c for c in seen["board"] if c and c != FACE_DOWN} | ({seen["lot"]} - {""})
    unseen: dict[str, list[str]] = {colour: [] for colour in DECKS}
    for colour in DECKS:
        unseen[colour] = [c for c in data.decks[colour] if c not in known]
        rng.shuffle(unseen[colour])
    for p in others:
        backs = seen["backs"][str(p)]
        for slot, colour in enumerate(backs["grey"]):
            if colour is None:
                continue
            card = unseen[colour].pop()
            full["board"][grey_index(data, p, slot)] = card
            full["owned"][p].append(card)
            full["health"][card] = data.cards[card].health
            if data.cards[card].armour:
                full["armour"].append(card)
        full["owned"][p] += [unseen[colour].pop() for colour in backs["hand"]]
    full["decks"] = {colour: unseen[colour] for colour in DECKS}
    for colour in DECKS:
        assert len(unseen[colour]) == seen["decks"][colour], f"{colour} deck count disagrees"
    full["bids"] = [
        rng.randint(0, seen["markers"][p]) if bid == HIDDEN else bid
        for p, bid in enumerate(seen["bids"])
    ]
    return from_json(full)
