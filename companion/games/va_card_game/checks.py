"""Every refusal, with its reason in players' words. `check` returns None for a legal action.

Chance actions may carry what a player read off the real coin and cards; those must be cards the
player's deck really holds, and nothing may be named for an empty deck. In the draw step a card
left out (None) for a deck that is not empty is drawn by the app.

Where a ruling of clarifications.csv decides a refusal, the reason is a `Refusal` naming that
ruling's id (still a str), so a page can show the ruling with it (`companion.games.rulings`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from companion.engine.core import Action
from companion.engine.seats import is_player
from companion.games.rulings import ruled
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.deck import GEAR, HEROES, Pair, drawable
from companion.games.va_card_game.setup import opening_size
from companion.games.va_card_game.state import (
    DEAL,
    DECLARE,
    DRAW,
    EQUIP,
    OVER,
    PREPARE,
    STANCES,
    TOSS,
    VaCardGameState,
)
from companion.games.va_card_game.stats import gear_refusal, totals

WAITING = {
    TOSS: "The coin is flipped first.",
    DEAL: "The players draw their opening cards first.",
    PREPARE: "The players are placing their opening heroes.",
    DECLARE: "The players are declaring attack or block.",
    DRAW: "The players draw their cards first.",
    EQUIP: "The players are equipping their heroes.",
    OVER: "The game is over.",
}
PHASES = {
    "toss": TOSS,
    "deal": DEAL,
    "prepare": PREPARE,
    "declare": DECLARE,
    "draw": DRAW,
    "draw_hero": EQUIP,
    "bring_in": EQUIP,
    "equip": EQUIP,
    "done": EQUIP,
}
WHAT = {HEROES: "hero", GEAR: "equipment"}


def check(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    kind = action.get("type")
    if kind not in PHASES:
        return f"VA Card Game has no action {kind!r}."
    if state.phase != PHASES[kind]:
        return WAITING[state.phase]
    return CHECKS[kind](data, state, action)


def check_toss(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    first = action.get("first")
    if first is not None and not is_player(first):
        return "The coin flip goes to player 1 or player 2."
    return None


def named_draws(
    state: VaCardGameState, action: Action
) -> Iterator[tuple[str, Any, tuple[Pair, Pair]]]:
    """Each kind of card (heroes, then equipment) a deal or draw names the cards of, typed in
    from the real decks: the kind, what the action names, and both players' decks of it."""
    for kind, key in ((HEROES, "heroes"), (GEAR, "equipment")):
        given = action.get(key)
        if given is not None:
            yield kind, given, state.hero_decks if kind == HEROES else state.gear_decks


def check_deal(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    for kind, given, decks in named_draws(state, action):
        sizes = [opening_size(data, state, kind, p) for p in (0, 1)]
        if (
            not isinstance(given, list)
            or [len(g) if isinstance(g, list) else -1 for g in given] != sizes
        ):
            return f"Each player draws {sizes[0]} {WHAT[kind]} cards."
        for p in (0, 1):
            reason = drawable(decks[p], given[p], WHAT[kind])
            if reason:
                return f"{state.names[p]}: {reason}"
    return None


def check_prepare(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    if not is_player(action.get("player")):
        return "Only player 1 or player 2 places a hero."
    p, hero, gear = action["player"], action.get("hero"), action.get("equipment", [])
    name = state.names[p]
    if state.heroes[p]:
        return f"{name} has already placed a hero and said ready."
    if hero not in state.hero_hands[p]:
        return f"{name} has no such hero in hand."
    if not isinstance(gear, list) or len(set(map(str, gear))) != len(gear):
        return "Name each piece of equipment once."
    if any(g not in state.gear_hands[p] for g in gear):
        return f"{name} has no such equipment in hand."
    return cited_gear_refusal(data, hero, (), gear)


def cited_gear_refusal(
    data: VaCardGameData, hero: str, attached: Sequence[str], adding: Sequence[str],
    hp_lost: int = 0,
) -> str | None:  # fmt: skip
    """`stats.gear_refusal`, citing the ruling it follows: the equipment limit, or the floor
    (HP, then AD) the pieces would break, checked in the order `gear_refusal` checks them."""
    reason = gear_refusal(data, hero, attached, adding, hp_lost)
    if reason is None:
        return None
    if len(attached) + len(adding) > data.max_gear:
        return ruled(reason, "equipment-limit")
    if totals(data, hero, [*attached, *adding]).hp - hp_lost <= 0:
        return ruled(reason, "hp-lowering-gear")
    return ruled(reason, "ad-lowering-gear")


def check_declare(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    if not is_player(action.get("player")):
        return "Only player 1 or player 2 declares."
    p = action["player"]
    if action.get("stance") not in STANCES:
        return "A hero either attacks or blocks."
    name, active = state.names[p], state.active
    if state.declared[p]:
        return ruled(f"{name} has already declared, face down.", "declaration-order")
    if p != active and not state.declared[active]:
        return ruled(f"{state.names[active]}, the active player, declares first.",
                     "declaration-order")  # fmt: skip
    return None


def check_draw(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    for kind, given, decks in named_draws(state, action):
        if not isinstance(given, list) or len(given) != 2:
            return f"Name the {WHAT[kind]} card each player draws."
        for p in (0, 1):
            deck = decks[p]
            if not deck and given[p] is not None:
                return ruled(
                    f"{state.names[p]}'s {WHAT[kind]} deck is empty: nothing comes from it.",
                    "empty-deck",
                )
            reason = drawable(deck, [given[p]], WHAT[kind]) if given[p] is not None else None
            if reason:
                return f"{state.names[p]}: {reason}"
    return None


def check_equipper(state: VaCardGameState, action: Action) -> str | None:
    p = action.get("player")
    if not is_player(p):
        return "Only player 1 or player 2 equips."
    if p != state.equipping:
        return ruled(f"It is {state.names[state.equipping]}'s turn to equip.", "draw-and-equip")
    return None


def check_new_hero(
    state: VaCardGameState, action: Action, alive: Callable[[str, str], str]
) -> str | None:
    """A new hero comes only on its equipper's turn and once the old one has fallen (ruling
    living-hero-stays); `alive` words the refusal from the player's name and the hero in play."""
    reason = check_equipper(state, action)
    if reason:
        return reason
    p = action["player"]
    hero = state.heroes[p]
    return ruled(alive(state.names[p], hero), "living-hero-stays") if hero else None


def check_draw_hero(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    still = "'s hero is still in play: there is no hero to replace."
    reason = check_new_hero(state, action, lambda name, hero: name + still)
    if reason:
        return reason
    p = action["player"]
    name = state.names[p]
    if state.hero_hands[p]:
        return ruled(f"{name} holds a hero card: bring it in instead of drawing one.",
                     "draw-and-equip")  # fmt: skip
    given = action.get("card")
    return None if given is None else drawable(state.hero_decks[p], [given], "hero")


def check_bring_in(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    still = " is still alive: a hero leaves play only when it falls."
    reason = check_new_hero(state, action, lambda name, hero: f"{name}'s {data.name(hero)}{still}")
    if reason:
        return reason
    p = action["player"]
    name = state.names[p]
    if action.get("card") not in state.hero_hands[p]:
        return f"{name} has no such hero in hand."
    return None


def check_equip(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    reason = check_equipper(state, action)
    if reason:
        return reason
    p, card = action["player"], action.get("card")
    name = state.names[p]
    if not state.heroes[p]:
        return ruled(f"{name} has no hero in play: bring in a new hero first.", "draw-and-equip")
    if card not in state.gear_hands[p]:
        return f"{name} has no such equipment in hand."
    return cited_gear_refusal(data, state.heroes[p], state.gear[p], [card], state.hp_lost[p])


def check_done(data: VaCardGameData, state: VaCardGameState, action: Action) -> str | None:
    reason = check_equipper(state, action)
    if reason:
        return reason
    p = action["player"]
    if not state.heroes[p]:
        return ruled(f"{state.names[p]} must bring in a new hero before the turn goes on.",
                     "draw-and-equip")  # fmt: skip
    return None


CHECKS = {
    "toss": check_toss,
    "deal": check_deal,
    "prepare": check_prepare,
    "declare": check_declare,
    "draw": check_draw,
    "draw_hero": check_draw_hero,
    "bring_in": check_bring_in,
    "equip": check_equip,
    "done": check_done,
}
