"""What a die face means right now: pure functions from (data, state, face) to an outcome.

Kept apart from `apply` so each face's exceptions read like the rulebook's table and can be tested
face by face without playing a game up to that point.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.state import (
    BOSS_TILE,
    CHEST_TILE,
    POOL_TILE,
    START_TILE,
    MoonlighterState,
)

# The chest-room limits, the pink pawn's hearts and a doubled blow are rule numbers, and the tile
# die's exceptions (the boss face, the purple pawn's face, the faces after the pool) are columns of
# dice.csv: all of them are `data`'s. What stays here is when each exception applies.

PLAYER_HITS = frozenset({"player_hits", "both_hit"})
ENEMY_HITS = frozenset({"enemy_hits", "both_hit"})
NO_HIT = "none"


class TileRoll(NamedTuple):
    """The colour a tile die face gives now ("" = nothing placed) and why it differs, if it does."""

    colour: str
    notes: tuple[str, ...] = ()


def chest_limit(data: MoonlighterData, state: MoonlighterState) -> int:
    """Chest rooms allowed on the board now: the yellow pawn's limit while you are that pawn."""
    return data.yellow_chest_limit if state.pawn == "yellow" else data.chest_limit


def max_hearts(data: MoonlighterData, state: MoonlighterState) -> int:
    """The dungeon's maximum, plus the pink pawn's bonus while you hold it."""
    bonus = data.pink_bonus if state.pawn == "pink" else 0
    return data.dungeons[state.dungeon - 1].max_hearts + bonus


def tile_roll(data: MoonlighterData, state: MoonlighterState, face: int) -> TileRoll:
    """The room a tile die face adds, after the face's own conditions and the box's supply."""
    colour = data.tile_faces[face]
    notes: list[str] = []
    placed = state.placed
    if face == data.boss_face:
        needed = data.dungeons[state.dungeon - 1].greens_for_boss
        if state.greens >= needed and not placed.get(BOSS_TILE):
            colour = BOSS_TILE
            notes.append(f"{state.greens} green rooms open the way to the boss")
    if face in data.purple_rooms and state.pawn == "purple":
        colour = data.purple_rooms[face]
        room = "chest" if colour == CHEST_TILE else colour
        notes.append(f"the purple pawn turns it into a {room} room")
    if colour == POOL_TILE and placed.get(POOL_TILE) and face in data.after_pool:
        colour = data.after_pool[face]
        notes.append("this dungeon's healing pool is already on the board")
    if colour == CHEST_TILE and placed.get(CHEST_TILE, 0) >= chest_limit(data, state):
        colour = START_TILE
        notes.append(f"{chest_limit(data, state)} chest rooms are already on the board")
    return _from_supply(data, state, colour, notes)


def _from_supply(
    data: MoonlighterData, state: MoonlighterState, colour: str, notes: list[str]
) -> TileRoll:
    """A colour the box has run out of becomes white; with no white left either, nothing."""
    if state.placed.get(colour, 0) < data.supply.get(colour, 0):
        return TileRoll(colour, tuple(notes))
    notes.append(f"the box has no {colour} tiles left")
    if colour != START_TILE and state.placed.get(START_TILE, 0) < data.supply.get(START_TILE, 0):
        return TileRoll(START_TILE, tuple(notes))
    if colour != START_TILE:
        notes.append("nor any white ones")
    return TileRoll("", tuple(notes))


class Blows(NamedTuple):
    """Who lands a hit on one attack roll, and for how many hearts."""

    you_hit: bool
    they_hit: bool
    your_damage: int
    their_damage: int
    orange_turned: bool  # the orange pawn made a 1 into your hit


def blows(data: MoonlighterData, state: MoonlighterState, face: int) -> Blows:
    """The attack die's face after the room (boss or not) and your pawn bend it."""
    boss = state.rooms[state.at].tile == BOSS_TILE
    return bent(data.attack_faces[face], state.pawn, boss, data.doubled_blow)


@cache  # a few dozen combinations, one asked on every attack roll: each worked out once
def bent(result: str, pawn: str, boss: bool, double: int) -> Blows:
    """`blows` for a face's usual result, your pawn, whether you fight the boss, and the hearts
    of a doubled blow (the rule number doubled_blow)."""
    orange = result == NO_HIT and pawn == "orange"
    doubled_by = "red" if boss else "blue"
    return Blows(
        you_hit=result in PLAYER_HITS or orange,
        they_hit=result in ENEMY_HITS or (result == NO_HIT and boss and not orange),
        your_damage=double if pawn == doubled_by else 1,
        their_damage=double if pawn == "blue" and not boss else 1,
        orange_turned=orange,
    )
