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

from companion.engine.core import Step, apply_with
from companion.engine.seats import Outcome, Seat, SeatedRules
from companion.games.riposte import seats
from companion.games.riposte import state as st
from companion.games.riposte.actions import HANDLERS
from companion.games.riposte.checks import check
from companion.games.riposte.clash import plays
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

Action = dict[str, Any]


class RiposteRules(SeatedRules):
    """Two-player Riposte. Options: `names` (two strings) for the table log; `characters`
    (default True; False is the learning duel). Pass other card data (a designer's edited copy)
    to try new numbers without touching the code."""

    game_id = "riposte"
    title = "Riposte"

    def __init__(self, data: RiposteData | None = None) -> None:
        self.data = data or default_data()

    def new_state(self, options: dict[str, Any]) -> RiposteState:
        """Before the deal; the seed option is unused (chance draws come with each action)."""
        names = tuple(options.get("names") or ("Player 1", "Player 2"))
        if len(names) != 2 or len(set(names)) != 2:
            raise ValueError("Riposte needs two different player names")
        characters = options.get("characters", True)
        return new_game(self.data, (str(names[0]), str(names[1])), bool(characters))

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
            return [a for q in (0, 1) if not state.chosen[q] for a in plays(self.data, state, q)]
        if phase == BRACE:
            struck = 1 - state.offensive
            return [{"type": "brace", "player": struck, "use": use} for use in (True, False)]
        return []

    def check(self, state: RiposteState, action: Action) -> str | None:
        return check(self.data, state, action)

    def apply(self, state: RiposteState, action: Action, rng: random.Random) -> Step:
        """Validate, then play `action` on a clone; `state` itself is never changed."""
        return apply_with(self.data, state, action, rng, check, HANDLERS)

    def apply_unchecked(self, state: RiposteState, action: Action, rng: random.Random) -> Step:
        after = state.clone()
        resolved, events = HANDLERS[action["type"]](self.data, after, action, rng)
        return Step(after, resolved, events)

    def is_over(self, state: RiposteState) -> bool:
        return state.phase == st.OVER

    def clone(self, state: RiposteState) -> RiposteState:
        return state.clone()

    def to_json(self, state: RiposteState) -> dict[str, Any]:
        return st.to_json(state)

    def from_json(self, data: dict[str, Any]) -> RiposteState:
        return st.from_json(data)

    # --- seats -----------------------------------------------------------------------------------

    def seats(self, state: RiposteState) -> tuple[Seat, ...]:
        return seats.SEATS

    def actors(self, state: RiposteState, action: Action) -> frozenset[Seat]:
        """Each player's own picks and cards; chance deals and turns up the row."""
        return seats.actors(action)

    def view(self, state: RiposteState, seat: Seat | None) -> dict[str, Any]:
        return seats.view(state, seat)

    def redact(self, before: RiposteState, action: Action, seat: Seat | None) -> Action:
        return seats.redact(before, action, seat)

    def resample(self, state: RiposteState, seat: Seat | None, rng: random.Random) -> RiposteState:
        return seats.resample(self.data, state, seat, rng)

    def from_view(
        self, view: dict[str, Any], seat: Seat | None, rng: random.Random
    ) -> RiposteState:
        return seats.determinize(self.data, view, seat, rng)

    def sealed(self, state: RiposteState) -> str | None:
        return seats.sealed(state)

    def reveals(self, before: RiposteState, action: Action, after: RiposteState) -> str | None:
        return seats.reveals(before, action)

    def outcome(self, state: RiposteState) -> Outcome:
        return seats.outcome(state)
