"""Moonlighter under random legal play: invariants after every action, and replay equality.

A random policy with a bias to progress (roll, place, fight on) reaches boss rooms and later
dungeons within a few hundred actions; a pure random one mostly wanders. Both are mixed in.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Match
from companion.games.moonlighter import MoonlighterState
from companion.games.moonlighter.outcomes import max_hearts
from companion.games.moonlighter.state import WALKABLE, reachable

from .engine_checks import play_checked
from .moonlighter_situations import DATA, RULES

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
PROGRESS = (
    "roll_tile",
    "place_tile",
    "roll_attack",
    "roll_loot",
    "take_pawn",
    "next_dungeon",
    "restart",
)


def pick(actions: list[dict], rng: random.Random, wander: float) -> dict:
    if rng.random() < wander:
        return rng.choice(actions)
    forward = [a for a in actions if a["type"] in PROGRESS]
    return rng.choice(forward or actions)


def careful(state: MoonlighterState, actions: list[dict], rng: random.Random) -> dict:
    """Progress, but walk out of orange fights when low and heal at the pool when hurt."""
    kinds = {a["type"] for a in actions}
    if "leave_room" in kinds and state.hearts <= 2:
        return {"type": "leave_room"}
    if state.phase == "explore" and state.hearts < max_hearts(DATA, state) and state.pool:
        for a in actions:
            if a["type"] == "move" and state.rooms[(a["x"], a["y"])].face == "blue":
                return a
    return pick(actions, rng, 0.02)


def assert_invariants(state: MoonlighterState, before: MoonlighterState) -> None:
    """tile_supply, boss_room_threshold, healing_pool: the facts no sequence of actions may break."""
    assert 0 <= state.hearts <= max_hearts(DATA, state)
    assert 0 <= state.pool <= DATA.dungeon(state.dungeon).pool
    on_board: dict[str, int] = {}
    for room in state.rooms.values():
        on_board[room.tile] = on_board.get(room.tile, 0) + 1
    assert on_board == {k: v for k, v in state.placed.items() if v}
    assert all(count <= DATA.supply[colour] for colour, count in on_board.items())
    assert state.greens == sum(room.face == "green" for room in state.rooms.values())
    assert on_board.get("red", 0) <= 1
    if on_board.get("red") and not before.placed.get("red") and state.dungeon == before.dungeon:
        assert before.greens >= DATA.dungeon(state.dungeon).greens_for_boss
    walkable = {c for c, room in state.rooms.items() if room.face in WALKABLE}
    assert set(state.paths) == walkable and len(state.paths) == len(walkable)
    if state.phase == "explore":
        assert (
            reachable(state, state.at) == walkable
        )  # free_movement: every walkable room reachable
    legal = RULES.legal_actions(state)
    assert bool(legal) != RULES.is_over(state)
    for action in legal:
        assert RULES.check(state, action) is None, action


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1), forgiving=st.booleans(), wander=st.sampled_from([0.0, 0.2, 1.0])
)
def test_random_play_keeps_every_invariant_and_replays(seed, forgiving, wander):
    """turn_flow: a few hundred random legal actions, then the log rebuilds the same state."""
    match = Match.start(RULES, {"forgiving": forgiving}, seed=seed)
    rng = random.Random(seed)
    play_checked(match, 300, lambda state, legal: pick(legal, rng, wander), assert_invariants)
    assert RULES.from_json(RULES.to_json(match.state)) == match.state


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_long_play_reaches_bosses_and_keeps_every_invariant(seed):
    """boss_room_threshold, next_dungeon: long biased play through rules.apply, checked throughout."""
    rng = random.Random(seed)
    state = RULES.new_state({"forgiving": True})
    bosses = 0
    for _ in range(2500):
        legal = RULES.legal_actions(state)
        if not legal:
            break
        after = RULES.apply(state, careful(state, legal, rng), rng).state
        assert_invariants(after, state)
        bosses += after.phase == "fight" and after.room.tile == "red" and state.phase == "place"
        state = after
    assert bosses >= 1
