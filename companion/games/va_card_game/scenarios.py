"""Ready-made VA Card Game moments, reached from a real game start: for the rulebook's worked
examples, the tests and a sandbox.

Name the designs each player draws and places (ids like "storm_lancer"), and the builders flip
the coin, deal real copies out of each player's decks (the rest of the opening cards from the top,
in sheet order) and place the opening heroes, so every card is still in exactly one place and the
state is one a game could reach.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.engine.core import Step
from companion.games.va_card_game.data import design
from companion.games.va_card_game.rules import VaCardGameRules
from companion.games.va_card_game.state import VaCardGameState

Opening = tuple[str, Sequence[str]]  # a hero design and the equipment designs placed with it


def play(rules: VaCardGameRules, state: VaCardGameState, action: dict[str, Any]) -> Step:
    return rules.apply(state, action, random.Random(0))


def copies(deck: Sequence[str], designs: Sequence[str], size: int) -> list[str]:
    """A copy of each design from `deck`, none twice, then other cards up to `size`."""
    chosen: list[str] = []
    for name in designs:
        chosen.append(next(c for c in deck if design(c) == name and c not in chosen))
    spare = [c for c in deck if design(c) not in designs]
    return chosen + spare[: size - len(chosen)]


def held(cards: Sequence[str], name: str) -> str:
    """The first copy of design `name` among `cards`."""
    return next(c for c in cards if design(c) == name)


def dealt(
    rules: VaCardGameRules,
    heroes: tuple[Sequence[str], Sequence[str]],
    gear: tuple[Sequence[str], Sequence[str]],
    *,
    first: int = 0,
    names: tuple[str, str] = ("Ana", "Ben"),
) -> VaCardGameState:
    """A new game, the coin flip won by `first`, and these designs among each player's cards."""
    state = rules.new_state({"names": list(names)})
    state = play(rules, state, {"type": "toss", "first": first}).state
    size = rules.data.opening
    deal = {
        "type": "deal",
        "heroes": [copies(state.hero_decks[p], heroes[p], size) for p in (0, 1)],
        "equipment": [copies(state.gear_decks[p], gear[p], size) for p in (0, 1)],
    }
    return play(rules, state, deal).state


def place(
    rules: VaCardGameRules, state: VaCardGameState, player: int, opening: Opening
) -> VaCardGameState:
    hero, pieces = opening
    kit: list[str] = []
    for name in pieces:
        kit.append(held([c for c in state.gear_hands[player] if c not in kit], name))
    action = {
        "type": "prepare",
        "player": player,
        "hero": held(state.hero_hands[player], hero),
        "equipment": kit,
    }
    return play(rules, state, action).state


def duel_start(
    rules: VaCardGameRules,
    ana: Opening,
    ben: Opening,
    *,
    first: int = 0,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    names: tuple[str, str] = ("Ana", "Ben"),
) -> VaCardGameState:
    """Turn 1 about to begin: each player's opening hero with its equipment revealed, and
    `hands` (equipment designs) kept in hand besides."""
    openings = (ana, ben)
    gear = (
        [*openings[0][1], *hands[0]],
        [*openings[1][1], *hands[1]],
    )
    state = dealt(rules, ([ana[0]], [ben[0]]), gear, first=first, names=names)
    for p in (first, 1 - first):
        state = place(rules, state, p, openings[p])
    return state


def duel(rules: VaCardGameRules, state: VaCardGameState, active: str, other: str) -> Step:
    """The active player declares `active`, the opponent `other`: the step of the second
    declaration, which reveals both and resolves the duel."""
    a = state.active
    state = play(rules, state, {"type": "declare", "player": a, "stance": active}).state
    return play(rules, state, {"type": "declare", "player": 1 - a, "stance": other})
