"""RiposteRules: the companion's Rules protocol over the state, checks and handlers.

Every rule of the seed and of card_data/riposte/clarifications.csv: characters dealt and one kept
in secret, the starting hands, the draft (row refilled from the deck, or the top card blind;
offensive player first; until both hold a full hand; a fresh row each round), clashes with the
follow-up rule (no fitting card: any card, and damage for it; a round's first card is free),
block, strike and perfect block, every combat-card ability, every character ability from its
threshold on, the end of a round and the offensive marker, the deck made anew from the discard
pile, the end at the damage to win with both tie-breaks. Every number is the data's rule
numbers (data.py). The option `characters` False plays the rulebook's learning duel.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action
from companion.engine.modular import SeatedModularRules
from companion.games.riposte import checks, seats
from companion.games.riposte import state as st
from companion.games.riposte.actions import HANDLERS
from companion.games.riposte.clash import Choice, as_play, choices
from companion.games.riposte.data import RiposteData, default_data
from companion.games.riposte.setup import new_game
from companion.games.riposte.state import (
    BRACE,
    CAST,
    CHOOSE,
    CLASH,
    DEAL,
    DRAFT,
    LOOK,
    SWAP,
    TURN_UP,
    RiposteState,
)


class RiposteRules(SeatedModularRules):
    """Two-player Riposte. Options: `names` (two strings) for the table log; `characters`
    (default True; False is the learning duel). Pass other card data (a designer's edited copy)
    to try new numbers without touching the code. Checks, handlers, JSON and seats are the
    modules' (`SeatedModularRules`): each player's own picks and cards, chance deals and turns
    up the row."""

    game_id = "riposte"
    title = "Riposte"
    checks, handlers, states, seating = checks, HANDLERS, st, seats
    default_data = staticmethod(default_data)
    data: RiposteData

    def new_state(self, options: dict[str, Any]) -> RiposteState:
        """Before the deal; the seed option is unused (chance draws come with each action)."""
        names = self.player_names(options)
        characters = options.get("characters", True)
        return new_game(self.data, names, bool(characters))

    def advance(
        self, state: RiposteState, action: Action, rng: random.Random
    ) -> tuple[RiposteState, Action]:
        """A bot's step on the state it owns, changed in place: the handler `apply_unchecked`
        runs on a clone, without the clone (every field is an immutable value, so the step is
        the same; only the caller held `state`). No check, and the events are dropped."""
        resolved, _ = self.handlers[action["type"]](self.data, state, action, rng)
        return state, resolved

    def sample_action(self, state: RiposteState, rng: random.Random) -> Action | None:
        """`rng.choice(legal_actions(state))`, the protocol's default, drawn from a sequence of
        the same length and order (so the same action for the same random source) without
        making every action of the draft, where a bot spends half its steps."""
        if state.phase == CLASH:  # the plays of `legal_actions`, as tuples
            options = self.clash_choices(state)
            return as_play(rng.choice(options)) if options else None
        if state.phase != DRAFT:
            actions = self.legal_actions(state)
            return rng.choice(actions) if actions else None
        slot = rng.choice(range(self.data.row + 1))  # the row's places, then the blind draw
        if slot < self.data.row:
            return {"type": "take", "player": state.active, "slot": slot}
        return {"type": "draw", "player": state.active}

    def legal_actions(self, state: RiposteState) -> list[Action]:
        """Every action `check` accepts now. Chance actions leave out the cards drawn: the rules
        draw them, or a player types them in from the physical deck."""
        phase = state.phase
        if phase in (CAST, DEAL, TURN_UP):
            return [{"type": phase}]
        if phase == CHOOSE:
            return [
                {"type": "character", "player": p, "character": c}
                for p in (0, 1)
                if not state.characters[p]
                for c in state.offered[p]
            ]
        p = state.active
        if phase == SWAP:
            slots: list[int | None] = [None, *range(self.data.row)]
            return [{"type": "swap", "player": p, "slot": i} for i in slots]
        if phase == DRAFT:
            picks: list[Action] = [
                {"type": "take", "player": p, "slot": i} for i in range(self.data.row)
            ]
            return [*picks, {"type": "draw", "player": p}]
        if phase == LOOK:
            return [{"type": "keep", "player": p, "card": c} for c in state.looking]
        if phase == CLASH:
            return [as_play(choice) for choice in self.clash_choices(state)]
        if phase == BRACE:
            struck = 1 - state.offensive
            return [{"type": "brace", "player": struck, "use": use} for use in (True, False)]
        return []

    def clash_choices(self, state: RiposteState) -> list[Choice]:
        """The plays of both players still to lay a card, player 1's first."""
        return [c for q in (0, 1) if not state.chosen[q] for c in choices(self.data, state, q)]
