"""Setting up a game: the coin flip, three cards from each deck, and the opening heroes placed
face down and revealed together.

Handlers return the action as resolved (every card and coin chance decided written in, so the log
replays without the random source) and the plain sentences for the table log. Chance takes what a
player read off the real coin and cards when the action carries it (checked before). The log
never names a card a player may not see: the opening heroes are named only once both are ready.
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Result
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.deck import GEAR, HEROES, draw, take_gear, take_hero
from companion.games.va_card_game.state import DEAL, PREPARE, TOSS, VaCardGameState, with_side
from companion.games.va_card_game.stats import described
from companion.games.va_card_game.turn import begin_turn


def new_game(data: VaCardGameData, names: tuple[str, str]) -> VaCardGameState:
    return VaCardGameState(
        names=names,
        phase=TOSS,
        hero_decks=(tuple(sorted(data.hero_decks[0])), tuple(sorted(data.hero_decks[1]))),
        gear_decks=(tuple(sorted(data.gear_decks[0])), tuple(sorted(data.gear_decks[1]))),
        life=(data.life, data.life),
    )


def toss(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: random.Random
) -> Result:
    """The coin decides who takes the first turn."""
    first = action.get("first")
    if first is None:
        first = int(rng.random() * 2)
    state.first, state.phase = first, DEAL
    events = [f"{state.names[first]} wins the coin flip and will take the first turn."]
    return {"type": "toss", "first": first}, events


def opening_size(data: VaCardGameData, state: VaCardGameState, kind: str, player: int) -> int:
    deck = (state.hero_decks if kind == HEROES else state.gear_decks)[player]
    return min(data.opening, len(deck))


def deal(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: random.Random
) -> Result:
    """Each player draws the opening cards from the hero deck and from the equipment deck."""
    given = {HEROES: action.get("heroes"), GEAR: action.get("equipment")}
    drawn: dict[str, list[list[str]]] = {HEROES: [[], []], GEAR: [[], []]}
    for kind in (HEROES, GEAR):
        for p in (0, 1):
            for i in range(opening_size(data, state, kind, p)):
                typed = given[kind]
                card = draw(state, kind, p, rng, typed[p][i] if typed else None)
                assert card is not None
                drawn[kind][p].append(card)
    state.phase = PREPARE
    events = [
        f"Each player draws {data.opening} hero cards and {data.opening} equipment cards, and "
        "keeps them hidden.",
        f"Each player now places one hero face down, with up to {data.max_gear} pieces of "
        "equipment.",
    ]
    return {"type": "deal", "heroes": drawn[HEROES], "equipment": drawn[GEAR]}, events


def prepare(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: random.Random
) -> Result:
    """A hero and its equipment face down, then "ready"; once both are, both are revealed."""
    p, hero, gear = action["player"], action["hero"], list(action.get("equipment", []))
    take_hero(state, p, hero)
    take_gear(state, p, gear)
    state.heroes = with_side(state.heroes, p, hero)
    state.gear = with_side(state.gear, p, tuple(gear))
    pieces = f"{len(gear)} piece{'s' * (len(gear) != 1)} of equipment" if gear else "no equipment"
    events = [f"{state.names[p]} places a hero face down with {pieces} and is ready."]
    resolved = {"type": "prepare", "player": p, "hero": hero, "equipment": gear}
    if not all(state.heroes):
        return resolved, events
    for q in (state.first, 1 - state.first):
        events.append(f"{state.names[q]} reveals {described(data, state, q)}.")
    return resolved, events + begin_turn(state, state.first)
