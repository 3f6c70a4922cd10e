"""MoonlighterRules: the companion's Rules protocol over the state, checks and handlers.

The class is thin on purpose: state lives in `state.py`, refusals in `checks.py`, what each face
means in `outcomes.py` and what each action does in `actions.py`. `sample_action` draws one legal
action for a bot without listing a move to every room, and `advance` plays it on the bot's own
state without a copy or a log.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action
from companion.engine.modular import ModularRules
from companion.engine.seats import CHANCE, RUNNING, Outcome, Seat
from companion.games.moonlighter import checks
from companion.games.moonlighter import state as st
from companion.games.moonlighter.actions import HANDLERS, new_dungeon
from companion.games.moonlighter.checks import WALLED_IN, can_roll_tile, is_locked
from companion.games.moonlighter.data import MoonlighterData, default_data
from companion.games.moonlighter.state import (
    CHOOSE,
    CLEARED,
    EXPLORE,
    FALLEN,
    FIGHT,
    LOOT,
    PLACE,
    WON,
    MoonlighterState,
    Phase,
)


class MoonlighterRules(ModularRules):
    """Solo Moonlighter.

    Option `forgiving` (bool, default False): a fall in an ordinary room restarts only the current
    dungeon instead of the whole game. Pass other card data (e.g. a designer's edited copy) to try
    new numbers without touching the code. Checks, handlers and JSON are the modules'
    (`ModularRules`); the game is over once won.
    """

    game_id = "moonlighter"
    title = "Moonlighter"
    checks, handlers, states, over = checks, HANDLERS, st, WON
    default_data = staticmethod(default_data)
    data: MoonlighterData

    def new_state(self, options: dict[str, Any]) -> MoonlighterState:
        """Dungeon 1 on a single white room; the seed option is unused (chance comes per action)."""
        forgiving = bool(options.get("forgiving", False))
        return new_dungeon(self.data, 1, self.data.start_pawn, forgiving)

    def legal_actions(self, state: MoonlighterState) -> list[Action]:
        phase = state.phase
        if phase == FIGHT:
            if is_locked(state):
                return [{"type": "roll_attack"}]
            return [{"type": "roll_attack"}, {"type": "leave_room"}]
        if phase == EXPLORE:
            return self._exploring(state)
        if phase == PLACE:
            sides = st.free_sides(state, state.at)
            return [{"type": "place_tile", "x": x, "y": y} for x, y in sides]
        return [dict(a) for a in FIXED.get(phase, ())]

    def _exploring(self, state: MoonlighterState) -> list[Action]:
        refusal = can_roll_tile(state)
        here = state.at
        hx, hy = here
        actions: list[Action] = [] if refusal else [{"type": "roll_tile"}]
        actions += [
            {"type": "move", "x": x, "y": y}
            for x, y in state.paths
            if x != hx or y != hy  # not the room you stand in (no tuple built per room)
        ]
        if state.rooms[here].chest:
            actions.append({"type": "swap_pawn"})
        if refusal is WALLED_IN:
            actions.append({"type": "restart"})
        return actions

    def advance(
        self, state: MoonlighterState, action: Action, rng: random.Random
    ) -> tuple[MoonlighterState, Action]:
        """`apply_unchecked` on `state` itself, for a bot that owns it: (the same object, the
        resolved action). No clone, no `Step`, and no log sentences (`say=False`): together
        they cost about as much as the rules. Only for an action the rules produced."""
        resolved, _ = HANDLERS[action["type"]](self.data, state, action, rng, False)
        return state, resolved

    def sample_action(self, state: MoonlighterState, rng: random.Random) -> Action | None:
        """One of `legal_actions` drawn uniformly (as `int(rng.random() * n)` picks an index), or
        None when the game is won. Exploring is drawn without listing a move to every room."""
        phase = state.phase
        if phase == EXPLORE:
            return self._sample_exploring(state, rng)
        if phase == PLACE:
            sides = st.free_sides(state, state.at)
            if not sides:
                return None
            x, y = sides[int(rng.random() * len(sides))]
            return {"type": "place_tile", "x": x, "y": y}
        actions = self.legal_actions(state)
        return actions[int(rng.random() * len(actions))] if actions else None

    def _sample_exploring(self, state: MoonlighterState, rng: random.Random) -> Action | None:
        """Index into `_exploring`'s list without building it: [roll_tile], the moves (every
        walkable room but this one, in board order), [swap_pawn], [restart]."""
        refusal = can_roll_tile(state)
        here, paths = state.at, state.paths
        try:
            skip = paths.index(here)  # the moves leave out the room you stand in
        except ValueError:
            skip = len(paths)
        moves = len(paths) - (skip < len(paths))
        roll = refusal is None
        swap = bool(state.rooms[here].chest)
        count = roll + moves + swap + (refusal is WALLED_IN)
        if count == 0:
            return None
        i = int(rng.random() * count)
        if roll:
            if i == 0:
                return {"type": "roll_tile"}
            i -= 1
        if i < moves:
            x, y = paths[i if i < skip else i + 1]
            return {"type": "move", "x": x, "y": y}
        if swap and i == moves:
            return {"type": "swap_pawn"}
        return {"type": "restart"}

    def seat_name(self, state: MoonlighterState, seat: Seat) -> str:
        return "Chance" if seat == CHANCE else "You"

    def actors(self, state: MoonlighterState, action: Action) -> frozenset[Seat]:
        """The loot die is rolled whatever happens: chance's. Every other roll is a choice."""
        return CHANCE_ONLY if action.get("type") in CHANCE_TYPES else PLAYER

    def outcome(self, state: MoonlighterState) -> Outcome:
        if state.phase != WON:
            return RUNNING
        return Outcome(True, 0, (1.0,), "Every dungeon is cleared: you won.")


FIXED: dict[Phase, tuple[Action, ...]] = {
    LOOT: ({"type": "roll_loot"},),
    CHOOSE: ({"type": "take_pawn"}, {"type": "keep_pawn"}),
    FALLEN: ({"type": "restart"},),
    CLEARED: ({"type": "next_dungeon"},),
    WON: (),
}

PLAYER: frozenset[Seat] = frozenset({0})
CHANCE_ONLY: frozenset[Seat] = frozenset({CHANCE})
CHANCE_TYPES = frozenset({"roll_loot"})
