"""RiposteRules: the companion's Rules protocol over the state, checks and handlers.

Done (issue 11, first part): setup and starting hands, the draft (row refilled from the deck, or
the top card blind; offensive player first; until both hold five), clashes with the follow-up rule
(no fitting card: any card and 1 damage; a round's first card is free), block, strike and perfect
block, the end of a round and the offensive marker, a fresh row each round (ruling draft-row), the
deck made anew from the discard pile, every combat-card ability (Lunge, Press, Guard, Riposte,
Flow, Footwork, Disarm), the end at 12 damage with both tie-breaks.
Not yet: characters (dealing them, keeping one) and their abilities with damage thresholds
(rulings characters, unlock-timing, sela-mirror, orsa-single-pair, rook-once, rook-draft,
liese-ignore, damage-floor; Brunhild's and Cato's parts of modifiers and adjacent). Until then the
engine plays the rulebook's "Learning duel" variant.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Step, apply_with
from companion.engine.seats import Outcome, Seat, SeatedRules
from companion.games.riposte import seats
from companion.games.riposte import state as st
from companion.games.riposte.actions import HANDLERS, new_game
from companion.games.riposte.checks import check
from companion.games.riposte.clash import playable
from companion.games.riposte.data import ROW, RiposteData, default_data
from companion.games.riposte.state import CLASH, DEAL, DRAFT, TURN_UP, RiposteState

Action = dict[str, Any]


class RiposteRules(SeatedRules):
    """Two-player Riposte. Options: `names` (two strings) for the table log. Pass other card
    data (a designer's edited copy) to try new numbers without touching the code."""

    game_id = "riposte"
    title = "Riposte"

    def __init__(self, data: RiposteData | None = None) -> None:
        self.data = data or default_data()

    def new_state(self, options: dict[str, Any]) -> RiposteState:
        """Before the deal; the seed option is unused (chance draws come with each action)."""
        names = tuple(options.get("names") or ("Player 1", "Player 2"))
        if len(names) != 2 or len(set(names)) != 2:
            raise ValueError("Riposte needs two different player names")
        return new_game(self.data, (str(names[0]), str(names[1])))

    def legal_actions(self, state: RiposteState) -> list[Action]:
        """Every action `check` accepts now. Chance actions leave out the cards drawn: the rules
        draw them, or a player types them in from the physical deck."""
        if state.phase == DEAL:
            return [{"type": "deal"}]
        if state.phase == TURN_UP:
            return [{"type": "turn_up"}]
        if state.phase == DRAFT:
            p = state.active
            picks: list[Action] = [{"type": "take", "player": p, "slot": i} for i in range(ROW)]
            return [*picks, {"type": "draw", "player": p}]
        if state.phase == CLASH:
            return [
                {"type": "play", "player": p, "card": c}
                for p in (0, 1)
                if not state.chosen[p]
                for c in playable(self.data, state, p)
            ]
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

    def outcome(self, state: RiposteState) -> Outcome:
        return seats.outcome(state)
