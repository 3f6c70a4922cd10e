"""VaCardGameRules: the companion's Rules protocol over the state, checks and handlers.

Every rule of the seed and of card_data/va_card_game/clarifications.csv: the coin flip, the opening
cards from each deck, the opening heroes and equipment placed face down and revealed together,
the equipment limit on a hero with their HP/AD/DEF bonuses (never leaving it on 0 HP or with AD
0), attack or block declared face down (the active player first) and the three resolutions, a
hero's fall with its equipment and the life point lost, both players drawing, equipping and
bringing in a new hero (drawing one when the hand has none), the turn passing, and both ends of
the game with their tie-breaks.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from companion.engine.core import Action
from companion.engine.modular import SeatedModularRules
from companion.games.va_card_game import checks, seats
from companion.games.va_card_game import state as st
from companion.games.va_card_game.actions import HANDLERS, QUIET_HANDLERS
from companion.games.va_card_game.data import VaCardGameData, default_data
from companion.games.va_card_game.setup import new_game
from companion.games.va_card_game.state import (
    DEAL,
    DECLARE,
    DRAW,
    EQUIP,
    PREPARE,
    STANCES,
    TOSS,
    VaCardGameState,
)
from companion.games.va_card_game.stats import fitting, gear_fits

ONLY = (None,)  # a one-action phase's list, as `sample_action` draws from it


class VaCardGameRules(SeatedModularRules):
    """Two-player VA Card Game. Option: `names` (two strings) for the table log. Pass other card
    data (a designer's edited copy) to try new numbers without touching the code. Checks,
    handlers, JSON and seats are the modules' (`SeatedModularRules`): each player's own placing,
    declarations and equipping; chance flips and draws."""

    game_id = "va_card_game"
    title = "VA Card Game"
    checks, handlers, states, seating = checks, HANDLERS, st, seats
    default_data = staticmethod(default_data)
    data: VaCardGameData

    def new_state(self, options: dict[str, Any]) -> VaCardGameState:
        """Before the coin flip; the seed option is unused (chance comes with each action)."""
        names = self.player_names(options)
        return new_game(self.data, names)

    def advance(
        self, state: VaCardGameState, action: Action, rng: random.Random
    ) -> tuple[VaCardGameState, Action]:
        """A bot's step in place: the handler changes `state` itself, as it would change
        `apply_unchecked`'s clone (every field is an immutable value, so nothing is shared
        with another state), and the events are neither kept nor, where that costs, worded
        (`actions.QUIET_HANDLERS`). Saves a clone and a sentence a playout step."""
        resolved, _ = QUIET_HANDLERS[action["type"]](self.data, state, action, rng)
        return state, resolved

    def sample_action(self, state: VaCardGameState, rng: random.Random) -> Action | None:
        """`SeatedRules.sample_action` (one of `legal_actions`, uniformly) without listing where
        the phase's list is known: `rng.choice` of a sequence as long as that list, so the
        random source is spent alike and a seeded bot plays the same game."""
        phase = state.phase
        if phase in (TOSS, DEAL, DRAW):
            rng.choice(ONLY)  # one action, but the listing path draws for it all the same
            return {"type": phase}
        if phase == DECLARE:
            a = state.active
            p = 1 - a if state.declared[a] else a
            return {"type": "declare", "player": p, "stance": rng.choice(STANCES)}
        if phase == EQUIP and state.heroes[state.equipping]:
            p = state.equipping
            fits = fitting(self.data, state.heroes[p], state.gear[p], state.gear_hands[p],
                           state.hp_lost[p])  # fmt: skip
            at = rng.choice(range(len(fits) + 1))  # the pieces that fit, then done
            if at == len(fits):
                return {"type": "done", "player": p}
            return {"type": "equip", "player": p, "card": fits[at]}
        actions = self.legal_actions(state)
        return rng.choice(actions) if actions else None

    def legal_actions(self, state: VaCardGameState) -> list[Action]:
        """Every action `check` accepts now. Chance actions leave out the coin and the cards:
        the rules draw them, or a player types them in from the real coin and decks."""
        phase = state.phase
        if phase in (TOSS, DEAL, DRAW):
            return [{"type": phase}]
        if phase == PREPARE:
            return [a for p in (0, 1) if not state.heroes[p] for a in self.placings(state, p)]
        if phase == DECLARE:
            a = state.active
            p = 1 - a if state.declared[a] else a
            return [{"type": "declare", "player": p, "stance": s} for s in STANCES]
        if phase == EQUIP:
            return self.equip_actions(state, state.equipping)
        return []

    def placings(self, state: VaCardGameState, p: int) -> list[Action]:
        """Each opening hero in hand with each set of pieces (up to the limit) it may carry."""
        kit = sorted(state.gear_hands[p])
        out = []
        for hero in sorted(state.hero_hands[p]):
            for size in range(min(self.data.max_gear, len(kit)) + 1):
                for pieces in itertools.combinations(kit, size):
                    if gear_fits(self.data, hero, (), pieces):
                        out.append(
                            {"type": "prepare", "player": p, "hero": hero, "equipment": [*pieces]}
                        )
        return out

    def equip_actions(self, state: VaCardGameState, p: int) -> list[Action]:
        hero = state.heroes[p]
        if not hero:
            if not state.hero_hands[p]:
                return [{"type": "draw_hero", "player": p}]
            return [{"type": "bring_in", "player": p, "card": c} for c in state.hero_hands[p]]
        fits = fitting(self.data, hero, state.gear[p], state.gear_hands[p], state.hp_lost[p])
        return [
            *({"type": "equip", "player": p, "card": c} for c in fits),
            {"type": "done", "player": p},
        ]
