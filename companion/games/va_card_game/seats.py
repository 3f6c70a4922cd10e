"""VA Card Game's seats: who takes each action, what each player may see, and how the game ends.

Hidden from a player: the cards in the other player's hand (how many heroes and how many pieces
of equipment are open: the backs differ, ruling hand-size), the other's opening hero and
equipment while they lie face down (how many pieces lie under it is open), the other's declaration
until both are revealed (ruling declaration-order), and both decks' order and contents (only their
sizes are shown). The shared table screen (seat None) sees no secret of either player. Everything
in play and in the graveyards is face up.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from companion.engine.core import Action

# Re-exported: they were this module's own names before the shared two-player seats.
from companion.engine.seats import BY_CHANCE as BY_CHANCE
from companion.engine.seats import CHANCE as CHANCE
from companion.engine.seats import (
    HIDDEN,
    RUNNING,
    Outcome,
    Seat,
    half_sealed,
    others_hidden,
    player_or_chance,
    resample_with,
    second_reveals,
    won_by,
)
from companion.engine.seats import ONE as ONE
from companion.engine.seats import TWO_SEATS as SEATS
from companion.games.rulings import ruled
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import (
    DECLARE,
    OVER,
    PREPARE,
    STANCES,
    VaCardGameState,
    from_json,
    to_json,
)
from companion.games.va_card_game.stats import gear_fits

CHANCE_TYPES = frozenset({"toss", "deal", "draw"})
# The undo refusals, citing their rulings as the engine's other refusals do (no ruling speaks of
# taking back the opening hero: that one is the rule's own).
SEALED = {
    PREPARE: "A hero placed face down cannot be taken back.",
    DECLARE: ruled("A declaration made face down cannot be taken back.", "declaration-order"),
    "revealed": ruled("Revealed cards and declarations stand: they cannot be taken back.",
                      "declaration-order"),
}  # fmt: skip
DECKS = ("hero_decks", "gear_decks")
HANDS = ("hero_hands", "gear_hands")


def actors(action: Action) -> frozenset[Seat]:
    return player_or_chance(action, CHANCE_TYPES)


def sealed(state: VaCardGameState) -> str | None:
    """Ruling declaration-order: one choice down and the other not yet is a sealed choice; so is
    one opening hero placed and the other not yet."""
    halves = {PREPARE: (state.heroes, SEALED[PREPARE]), DECLARE: (state.declared, SEALED[DECLARE])}
    return half_sealed(state.phase, halves)


def reveals(before: VaCardGameState, action: Action) -> str | None:
    """Ruling declaration-order: the second opening hero placed, or the second declaration,
    reveals both; taking it back would let its player choose again knowing the other's."""
    seconds = {"prepare": (PREPARE, before.heroes, SEALED["revealed"]),
               "declare": (DECLARE, before.declared, SEALED["revealed"])}  # fmt: skip
    return second_reveals(before.phase, action, seconds)


def outcome(state: VaCardGameState) -> Outcome:
    if state.phase != OVER:
        return RUNNING
    if state.winner < 0:
        return Outcome(True, None, (0.0, 0.0), "A draw.")
    return won_by(state.winner, state.names)


def view(state: VaCardGameState, seat: Seat | None) -> dict[str, Any]:
    """The state as `seat` may see it, as plain JSON: hidden cards and choices become HIDDEN."""
    seen = to_json(state)
    for key in DECKS:
        seen[key] = [len(deck) for deck in getattr(state, key)]
    for p in SEATS:
        if p == seat:
            continue
        for key in HANDS:
            seen[key][p] = [HIDDEN] * len(getattr(state, key)[p])
        if state.phase == PREPARE and state.heroes[p]:
            seen["heroes"][p] = HIDDEN
            seen["gear"][p] = [HIDDEN] * len(state.gear[p])
        if state.phase == DECLARE and state.declared[p]:
            seen["declared"][p] = HIDDEN
    return seen


def redact(before: VaCardGameState, action: Action, seat: Seat | None) -> Action:
    """The logged action with what `seat` may not know replaced by HIDDEN."""
    kind = action.get("type")
    if kind == "deal":
        return action | {key: others_hidden(action[key], seat)
                         for key in ("heroes", "equipment") if key in action}  # fmt: skip
    if kind == "draw":
        return action | {key: [card if p == seat or card is None else HIDDEN
                               for p, card in enumerate(action[key])]
                         for key in ("heroes", "equipment") if key in action}  # fmt: skip
    player = action.get("player")
    if player == seat or player not in SEATS:
        return action
    if kind == "draw_hero" and "card" in action:
        return action | {"card": HIDDEN}
    if kind == "prepare" and not before.heroes[1 - player]:  # placed first: revealed later
        return action | {"hero": HIDDEN, "equipment": [HIDDEN] * len(action["equipment"])}
    if kind == "declare" and not before.declared[1 - player]:  # declared first: revealed later
        return action | {"stance": HIDDEN}
    return action


def determinize(
    data: VaCardGameData, seen: dict[str, Any], seat: Seat | None, rng: random.Random
) -> VaCardGameState:
    """A full state consistent with a seat's view: every card the seat cannot see drawn at random
    from the owner's cards it has not seen, an opening hero face down given equipment it may
    carry, and a hidden declaration chosen at random. App opponents reason on this, never on the
    real state."""
    full = dict(seen)
    for key in (*HANDS, "gear", "graves"):
        full[key] = [list(side) for side in seen[key]]
    for key in ("heroes", "declared"):
        full[key] = list(seen[key])
    decks: dict[str, list[list[str]]] = {"hero_decks": [[], []], "gear_decks": [[], []]}
    for p in SEATS:
        heroes, gear = unseen(data, full, p)
        rng.shuffle(heroes)
        rng.shuffle(gear)
        if full["heroes"][p] == HIDDEN:
            face_down(data, full, p, heroes, gear)
        hand = full["hero_hands"][p]
        hand[:] = [heroes.pop() if c == HIDDEN else c for c in hand]
        kit = full["gear_hands"][p]
        kit[:] = [gear.pop() if c == HIDDEN else c for c in kit]
        assert len(heroes) == seen["hero_decks"][p], "the hero deck disagrees with the unseen"
        assert len(gear) == seen["gear_decks"][p], "the equipment deck disagrees with the unseen"
        decks["hero_decks"][p], decks["gear_decks"][p] = sorted(heroes), sorted(gear)
        if full["declared"][p] == HIDDEN:
            full["declared"][p] = rng.choice(STANCES)
    full |= decks
    return from_json(full)


def unseen(data: VaCardGameData, full: dict[str, Any], player: int) -> tuple[list[str], list[str]]:
    """`player`'s heroes and equipment the view does not show: in the decks or hidden."""
    shown = {c for key in (*HANDS, "gear", "graves") for c in full[key][player]}
    shown.add(full["heroes"][player])
    heroes = [c for c in data.hero_decks[player] if c not in shown]
    gear = [c for c in data.gear_decks[player] if c not in shown]
    return heroes, gear


def face_down(
    data: VaCardGameData, full: dict[str, Any], player: int, heroes: list[str], gear: list[str]
) -> None:
    """An opening hero and its face-down equipment, drawn from the unseen cards: the first hero
    and pieces, in the shuffled order, that the rules let a player place together."""
    count = len(full["gear"][player])
    assert count <= data.max_gear
    for hero in list(heroes):
        for pieces in itertools.combinations(gear, count):
            if gear_fits(data, hero, (), pieces):
                heroes.remove(hero)
                for piece in pieces:
                    gear.remove(piece)
                full["heroes"][player], full["gear"][player] = hero, list(pieces)
                return
    raise AssertionError("no opening hero fits the cards the view leaves unseen")


resample = resample_with(view, determinize)
