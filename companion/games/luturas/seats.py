"""Luturas's seats: who takes each action, what each player may see, and how the match ends.

Hidden from a player: the other player's hand (its size is open), the order of every Deck and
the cards an effect showed only to its owner (`top`, `bottom`: their number is open), and a
Strategy set face down until it is flipped (that one lies there is open). Deck lists are open
(both players know which deck the other plays, as with the starter decks), so a seat can tell
which cards are somewhere it cannot see, but not where. The shared table screen (seat None)
sees no secret of either player. Everything on the Battlefield, in the Workshops and Portals is
face up.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action

# Re-exported: they were this module's own names before the shared two-player seats.
from companion.engine.seats import BY_CHANCE as BY_CHANCE
from companion.engine.seats import CHANCE as CHANCE
from companion.engine.seats import (
    HIDDEN,
    Seat,
    others_hidden,
    player_or_chance,
    resample_with,
    won_when_over,
)
from companion.engine.seats import ONE as ONE
from companion.engine.seats import TWO_SEATS as SEATS
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import LuturasState, from_json, to_json
from companion.games.rulings import ruled

CHANCE_TYPES = frozenset({"toss", "deal"})
SECRET_PILES = ("hand", "deck", "top", "bottom", "crystal_deck")
PUBLIC_PILES = ("crystals", "spent", "lasting", "workshop", "portal")


def actors(action: Action) -> frozenset[Seat]:
    return player_or_chance(action, CHANCE_TYPES)


outcome = won_when_over  # the match is decided


def view(state: LuturasState, seat: Seat | None) -> dict[str, Any]:
    """The state as `seat` may see it, as plain JSON: hidden cards become HIDDEN. Every Deck is
    shown as its size: nobody knows its order, its owner included."""
    seen = to_json(state)
    for pending in seen["pending"]:
        if pending["player"] != seat:
            pending["cards"] = [HIDDEN] * len(pending["cards"])
    for p in SEATS:
        side = seen["sides"][p]
        for key in ("deck", "crystal_deck"):
            side[key] = [HIDDEN] * len(side[key])
        if p == seat:
            continue
        for key in ("hand", "top", "bottom"):
            side[key] = [HIDDEN] * len(side[key])
        if side["facedown"]:
            side["facedown"] = HIDDEN
    return seen


def redact(before: LuturasState, action: Action, seat: Seat | None) -> Action:
    """The logged action with what `seat` may not know replaced by HIDDEN."""
    kind = action.get("type")
    if kind == "deal" and "hands" in action:
        return action | {"hands": others_hidden(action["hands"], seat)}
    player = action.get("player")
    if player == seat or player not in SEATS:
        return action
    if kind == "mulligan" and "hand" in action:
        return action | {"hand": [HIDDEN] * len(action["hand"])}
    if kind in ("draw", "set") and "card" in action:
        return action | {"card": HIDDEN}
    if kind == "pick" and before.pending and before.pending[0].verb in ("arrange", "tuck"):
        return action | {"pick": HIDDEN}
    if "cards" in action:  # entered from the real Deck: shown only if an effect shows them
        return action | {"cards": [HIDDEN] * len(action["cards"])}
    return action


def sealed(state: LuturasState) -> str | None:
    """No choice waits sealed for the other player's: a Strategy set face down is the only
    secret choice, and it stands alone (it becomes final when turned up: `reveals`)."""
    return None


FACE_UP = ruled(
    "A face-down Strategy was turned up (used or destroyed): that cannot be taken back.",
    "strategy-facedown",
)


def reveals(before: LuturasState, after: LuturasState) -> str | None:
    """Ruling strategy-facedown: a face-down Strategy that leaves its corner (used, or destroyed
    by an effect) has been seen by both players, so the action that turned it up stands; taking
    it back would let a player play on knowing it (against the app, your move and its answer
    are undone together)."""
    for p in SEATS:
        if before.sides[p].facedown and after.sides[p].facedown != before.sides[p].facedown:
            return FACE_UP
    return None


def determinize(
    data: LuturasData, seen: dict[str, Any], seat: Seat | None, rng: random.Random
) -> LuturasState:
    """A full state consistent with a seat's view: each player's cards the seat cannot see
    dealt at random to the places it cannot see into (a face-down Strategy gets a Strategy that
    may be set face down, the Crystal deck gets Crystals). App opponents reason on this."""
    full = dict(seen)
    full["sides"] = [dict(s) for s in seen["sides"]]
    for p in SEATS:
        side = full["sides"][p]
        unseen = unseen_cards(data, seen, p)
        rng.shuffle(unseen)
        if side["facedown"] == HIDDEN:
            pick = next(c for c in unseen if data.of(c).kind == "strategy"
                        and data.of(c).timing != "your turn")  # fmt: skip
            unseen.remove(pick)
            side["facedown"] = pick
        wanted = len(side["crystal_deck"])  # none outside fast mode: nothing to look for
        crystals = [c for c in unseen if data.of(c).kind == "crystal"] if wanted else []
        side["crystal_deck"] = sorted(crystals[:wanted])
        for card in side["crystal_deck"]:
            unseen.remove(card)
        for key in ("hand", "top", "bottom"):
            side[key] = [unseen.pop() if c == HIDDEN else c for c in side[key]]
        assert len(unseen) == len(side["deck"]), "the deck disagrees with the unseen cards"
        side["deck"] = sorted(unseen)
    full["pending"] = [looked_again(q, full["sides"][q["player"]], rng) for q in seen["pending"]]
    return from_json(full)


def looked_again(
    pending: dict[str, Any], side: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Crystals another player looked at in their Crystal deck, redrawn from that deck."""
    if HIDDEN not in pending["cards"]:
        return pending
    pool = list(side["crystal_deck"])
    rng.shuffle(pool)
    return pending | {"cards": pool[: len(pending["cards"])]}


def unseen_cards(data: LuturasData, seen: dict[str, Any], p: int) -> list[str]:
    """`p`'s cards the view does not place: in a Deck or hidden."""
    side = seen["sides"][p]
    shown: set[str] = set()
    for key in (*PUBLIC_PILES, "hand", "top", "bottom"):
        shown.update(side[key])
    for lutura in side["spaces"]:
        if lutura is not None:
            shown.update(lutura["stack"])
    shown.update({side["tool"], side["facedown"]})
    soldier = side["soldier"]
    return [c for c in seen["decks"][p] if c not in shown and c.rsplit(".", 1)[0] != soldier]


resample = resample_with(view, determinize)
