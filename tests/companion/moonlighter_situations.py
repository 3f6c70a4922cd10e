"""Ready-made Moonlighter moments for the tests: a fight, a chest, a board with N green rooms.

States are built through `from_json`, as a saved game would be, so the counts the engine keeps
for speed are always rebuilt from the board and a test can never hand it an inconsistent state.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.moonlighter import MoonlighterRules, MoonlighterState

from .engine_checks import assert_refused

RULES = MoonlighterRules()
DATA = RULES.data

Rooms = list[tuple[int, int, str, str, str]]


class NoDice(random.Random):
    """A random source that fails the test if the engine rolls instead of using a typed value."""

    def random(self) -> float:
        raise AssertionError("the engine rolled a die although a value was given")


def make(rooms: Rooms | None = None, rules: MoonlighterRules = RULES, **fields: Any):
    """A state like a fresh game's, with the given rooms and fields replaced."""
    data = rules.to_json(rules.new_state({}))
    if rooms is not None:
        data["rooms"] = [list(r) for r in rooms]
    for name, value in fields.items():
        data[name] = list(value) if isinstance(value, tuple) else value
    return rules.from_json(data)


def green_line(count: int, start_x: int = 1) -> Rooms:
    """`count` cleared orange rooms in a row east of the start (an easy way to reach a threshold)."""
    return [(start_x + i, 0, "orange", "green", "") for i in range(count)]


def start_room() -> Rooms:
    return [(0, 0, "white", "white", "")]


def fight(
    tile: str = "orange",
    pawn: str = "white",
    hearts: int = 5,
    foes: tuple[int, ...] | None = None,
    dungeon: int = 1,
    extra: Rooms | None = None,
    rules: MoonlighterRules = RULES,
    forgiving: bool = False,
) -> MoonlighterState:
    """You have just stepped from the start room into a room of `tile` with its enemies."""
    row = rules.data.dungeon(dungeon)
    if foes is None:
        foes = (row.boss_hearts,) if tile == "red" else (rules.data.enemy_hearts,) * row.enemies
    rooms = [*start_room(), (1, 0, tile, tile, ""), *(extra or [])]
    bonus = rules.data.pink_bonus if pawn == "pink" else 0
    return make(
        rooms,
        rules,
        phase="fight",
        at=(1, 0),
        came_from=(0, 0),
        hearts=min(hearts, row.max_hearts + bonus),
        pawn=pawn,
        foes=foes,
        dungeon=dungeon,
        pool=row.pool,
        forgiving=forgiving,
    )


def exploring(rooms: Rooms, at=(0, 0), **fields: Any) -> MoonlighterState:
    return make(rooms, phase="explore", at=at, **fields)


def rolled(colour: str, rooms: Rooms | None = None, **fields: Any) -> MoonlighterState:
    """A tile of `colour` was just rolled in the start room and waits to be placed."""
    return make(rooms or start_room(), phase="place", rolled=colour, **fields)


def play(state: MoonlighterState, action: dict, rules: MoonlighterRules = RULES, seed: int = 0):
    """(new state, resolved action, events); the rng must not be used when a value is given."""
    rng = NoDice() if "value" in action else random.Random(seed)
    before = rules.to_json(state)
    step = rules.apply(state, action, rng)
    assert rules.to_json(state) == before, "apply changed the state it was given"
    return step.state, step.action, step.events


def refused(state: MoonlighterState, action: dict, rules: MoonlighterRules = RULES) -> str:
    """The reason `action` is refused, checked the same way for every game."""
    return assert_refused(rules, state, action)
