"""The rest of a turn after the duel: the draw step, the two equip steps and the turn passing.

Ruling draw-and-equip: both players draw one hero and one equipment card, the active player first
(an empty deck gives nothing, ruling empty-deck); then the active player equips and, if their
hero fell, brings in a new one, then the opponent does the same. A player who must bring in a
hero and holds none draws one from the hero deck first; one who cannot is out of heroes (ruling
out-of-heroes). A new hero comes in face up (ruling new-hero-face-up) and only after the old one
fell (ruling living-hero-stays). An equip step with nothing to decide (a hero in play and no
equipment in hand, or three pieces on it already: both seen from across the table) passes by
itself. Handlers return the action as resolved and the table log's sentences.
"""

from __future__ import annotations

from companion.engine.core import Action, Result, Rng
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.deck import GEAR, HEROES, draw, take_gear, take_hero
from companion.games.va_card_game.end import heroes_run_out
from companion.games.va_card_game.state import DECLARE, DRAW, EQUIP, VaCardGameState, with_side
from companion.games.va_card_game.stats import described


def begin_turn(state: VaCardGameState, active: int) -> list[str]:
    state.phase, state.active, state.equipping = DECLARE, active, -1
    state.turn += 1
    return [f"Turn {state.turn}: {state.names[active]} is the active player and declares first."]


def any_cards_left(state: VaCardGameState) -> bool:
    return any(state.hero_decks) or any(state.gear_decks)


def after_duel(data: VaCardGameData, state: VaCardGameState) -> list[str]:
    """The draw step, or straight to equipping once all four decks are empty."""
    if any_cards_left(state):
        state.phase = DRAW
        return []
    return ["Every deck is empty: nobody draws.", *begin_equip(data, state)]


def drawn_words(state: VaCardGameState, player: int, hero: str | None, gear: str | None) -> str:
    name = state.names[player]
    if hero and gear:
        return f"{name} draws a hero card and an equipment card."
    if hero or gear:
        got, empty = ("a hero card", "equipment") if hero else ("an equipment card", "hero")
        return f"{name}'s {empty} deck is empty: {name} draws only {got}."
    return f"{name}'s decks are both empty: {name} draws nothing."


def draw_step(data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng) -> Result:
    """Each player draws one card from each deck, the active player first."""
    heroes, gear = draw_both(state, action, rng)
    events = [drawn_words(state, p, heroes[p], gear[p]) for p in (state.active, 1 - state.active)]
    events += begin_equip(data, state)
    return {"type": "draw", "heroes": heroes, "equipment": gear}, events


def draw_step_quietly(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng
) -> Result:
    """`draw_step` without its sentences, for a bot's step (as `bring_in_quietly`)."""
    heroes, gear = draw_both(state, action, rng)
    begin_equip(data, state)
    return {"type": "draw", "heroes": heroes, "equipment": gear}, []


def draw_both(
    state: VaCardGameState, action: Action, rng: Rng
) -> tuple[list[str | None], list[str | None]]:
    """The draw step's cards, the active player's hero and equipment first: those the action
    names, the others drawn by chance (None from an empty deck)."""
    given_heroes = action.get("heroes") or [None, None]
    given_gear = action.get("equipment") or [None, None]
    heroes: list[str | None] = [None, None]
    gear: list[str | None] = [None, None]
    for p in (state.active, 1 - state.active):
        heroes[p] = draw(state, HEROES, p, rng, given_heroes[p])
        gear[p] = draw(state, GEAR, p, rng, given_gear[p])
    return heroes, gear


def begin_equip(data: VaCardGameData, state: VaCardGameState) -> list[str]:
    """The end of the game if a player is out of heroes, else the active player's equip step."""
    events = heroes_run_out(state)
    if events:
        return events
    state.phase, state.equipping = EQUIP, state.active
    return settle(data, state)


def has_nothing_to_decide(data: VaCardGameData, state: VaCardGameState, player: int) -> bool:
    return bool(state.heroes[player]) and (
        not state.gear_hands[player] or len(state.gear[player]) >= data.max_gear
    )


def settle(data: VaCardGameData, state: VaCardGameState) -> list[str]:
    """Pass over every equip step with nothing to decide; after the opponent's, the next turn."""
    events: list[str] = []
    while state.phase == EQUIP and has_nothing_to_decide(data, state, state.equipping):
        events += next_step(state)
    return events


def next_step(state: VaCardGameState) -> list[str]:
    if state.equipping == state.active:
        state.equipping = 1 - state.active
        return []
    return begin_turn(state, 1 - state.active)


def draw_hero(data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng) -> Result:
    """No hero in play and none in hand: draw one from the hero deck to bring it in."""
    p = action["player"]
    card = draw(state, HEROES, p, rng, action.get("card"))
    name = state.names[p]
    events = [f"{name} holds no hero card and draws one from the hero deck."]
    return {"type": "draw_hero", "player": p, "card": card}, events


def bring_in(data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng) -> Result:
    """A new hero, face up, in place of the one that fell."""
    p, card = action["player"], action["card"]
    take_hero(state, p, card)
    state.heroes = with_side(state.heroes, p, card)
    events = [f"{state.names[p]} brings in {described(data, state, p)}, face up."]
    return {"type": "bring_in", "player": p, "card": card}, events + settle(data, state)


def equip(data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng) -> Result:
    """One piece from the hand onto the hero in play, face up, for good."""
    p, card = action["player"], action["card"]
    attach(state, p, card)
    name = state.names[p]
    events = [f"{name} attaches {data.name(card)}: {name}'s {described(data, state, p)}."]
    return {"type": "equip", "player": p, "card": card}, events + settle(data, state)


def attach(state: VaCardGameState, p: int, card: str) -> None:
    """The piece from `p`'s hand onto the hero, last: one place for `equip` and its quiet twin."""
    take_gear(state, p, [card])
    state.gear = with_side(state.gear, p, (*state.gear[p], card))


def bring_in_quietly(
    data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng
) -> Result:
    """`bring_in` without its sentence, for a bot's step (`VaCardGameRules.advance` drops the
    events): wording the hero's numbers costs more than the step."""
    p, card = action["player"], action["card"]
    take_hero(state, p, card)
    state.heroes = with_side(state.heroes, p, card)
    settle(data, state)
    return {"type": "bring_in", "player": p, "card": card}, []


def equip_quietly(data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng) -> Result:
    """`equip` without its sentence, as `bring_in_quietly`."""
    p, card = action["player"], action["card"]
    attach(state, p, card)
    settle(data, state)
    return {"type": "equip", "player": p, "card": card}, []


def done(data: VaCardGameData, state: VaCardGameState, action: Action, rng: Rng) -> Result:
    p = action["player"]
    events = [f"{state.names[p]} is done equipping.", *next_step(state)]
    return {"type": "done", "player": p}, events + settle(data, state)
