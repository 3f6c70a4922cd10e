"""Apply one legal action to an already cloned state; return the resolved action and the events.

Every handler changes `state` in place and says what happened in plain sentences for the table
log. Rolls write the face into the resolved action, whether a player typed it or the random source
chose it, so the log replays without any randomness.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.outcomes import (
    PINK_BONUS,
    blows,
    max_hearts,
    tile_roll,
)
from companion.games.moonlighter.state import (
    BOSS_TILE,
    CHEST_TILE,
    CHOOSE,
    CLEARED,
    ENEMY_TILES,
    EXPLORE,
    FALLEN,
    FIGHT,
    LOOT,
    PLACE,
    POOL_TILE,
    START_TILE,
    WON,
    MoonlighterState,
    Room,
)

Action = dict[str, Any]
Result = tuple[Action, list[str]]
Rng = random.Random
Data = MoonlighterData
State = MoonlighterState
Handler = Callable[[MoonlighterData, MoonlighterState, Action, Rng], Result]

ROOM_NAMES = {
    "white": "an empty white room",
    "orange": "an orange enemy room",
    "black": "a black locked room",
    "yellow": "a yellow chest room",
    "blue": "the blue healing pool",
    "red": "the red boss room",
    "green": "a cleared green room",
}
SIDES = {(1, 0): "east", (0, 1): "north", (-1, 0): "west", (0, -1): "south"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def hearts(n: int) -> str:
    return plural(n, "heart")


def new_dungeon(data: MoonlighterData, number: int, pawn: str, forgiving: bool) -> MoonlighterState:
    """A dungeon's first moment: one white tile, full hearts, a full pool, your pawn."""
    row = data.dungeons[number - 1]
    state = MoonlighterState(
        forgiving=forgiving,
        dungeon=number,
        phase=EXPLORE,
        rooms={},
        at=(0, 0),
        came_from=None,
        hearts=0,
        pawn=pawn,
        pool=row.pool,
    )
    state.put((0, 0), Room(START_TILE, START_TILE))
    state.hearts = max_hearts(data, state)
    return state


def _roll(data: MoonlighterData, die: str, action: Action, rng: random.Random) -> int:
    """The face a player entered, or one drawn from `rng`."""
    value = action.get("value")
    if value is None:
        faces = data.faces[die]
        value = faces.start + int(rng.random() * len(faces))
    return value


# --- exploring ---------------------------------------------------------------------------------


def roll_tile(data: Data, state: State, action: Action, rng: Rng) -> Result:
    face = _roll(data, "tile", action, rng)
    roll = tile_roll(data, state, face)
    why = f" ({'; '.join(roll.notes)})" if roll.notes else ""
    if not roll.colour:
        state.must_move = True
        text = f"You rolled {face} on the tile die{why}: nothing is placed. Move to another room."
        return {"type": "roll_tile", "value": face}, [text]
    state.phase, state.rolled = PLACE, roll.colour
    room = ROOM_NAMES[roll.colour]
    text = f"You rolled {face} on the tile die: {room}{why}. Place it next to your room."
    return {"type": "roll_tile", "value": face}, [text]


def place_tile(data: Data, state: State, action: Action, rng: Rng) -> Result:
    where = (action["x"], action["y"])
    colour, side = state.rolled, SIDES[(where[0] - state.at[0], where[1] - state.at[1])]
    state.put(where, Room(colour, colour))
    state.came_from, state.at = state.at, where
    state.rolled, state.must_move = "", False
    text = f"You placed {ROOM_NAMES[colour]} {side} of your room and stepped in."
    return {"type": "place_tile", "x": where[0], "y": where[1]}, [text, *_enter(data, state)]


def move(data: Data, state: State, action: Action, rng: Rng) -> Result:
    where = (action["x"], action["y"])
    state.came_from, state.at, state.must_move = state.at, where, False
    room = state.rooms[where]
    events = [f"You walked to {ROOM_NAMES[room.face]} at {where[0]}, {where[1]}."]
    return {"type": "move", "x": where[0], "y": where[1]}, events + _arrive(data, state)


def _arrive(data: MoonlighterData, state: MoonlighterState) -> list[str]:
    """Walking (or stepping back) into a placed room: a pool heals, a chest offers its pawn."""
    room = state.rooms[state.at]
    events = [_heal(data, state)] if room.face == POOL_TILE else []
    if room.chest:
        events.append(f"The chest here holds the {room.chest} pawn: you may swap yours for it.")
    return events


def _enter(data: MoonlighterData, state: MoonlighterState) -> list[str]:
    """What a newly placed room does as you step in."""
    tile = state.rooms[state.at].tile
    row = data.dungeons[state.dungeon - 1]
    if tile in ENEMY_TILES:
        state.phase, state.foes = FIGHT, (data.enemy_hearts,) * row.enemies
        lock = ""
        if tile == "black":
            held = state.pawn != "black"
            lock = " The door locks behind you." if held else " The black pawn keeps it open."
        return [f"{row.enemies} enemies with {hearts(data.enemy_hearts)} each attack!{lock}"]
    if tile == BOSS_TILE:
        state.phase, state.foes = FIGHT, (row.boss_hearts,)
        return [f"The boss waits with {hearts(row.boss_hearts)}. The door locks behind you."]
    if tile == CHEST_TILE:
        state.phase = LOOT
        return ["A chest! Roll the loot die to see which pawn it holds."]
    state.phase = EXPLORE
    return [_heal(data, state)] if tile == POOL_TILE else []


def _heal(data: MoonlighterData, state: MoonlighterState) -> str:
    """Refill hearts from the pool, as far as the pool lasts."""
    top = max_hearts(data, state)
    missing = top - state.hearts
    if missing == 0:
        return f"You are at full hearts: the pool keeps its {state.pool}."
    if state.pool == 0:
        return "The healing pool is dry: no hearts come back."
    gain = min(missing, state.pool)
    state.hearts += gain
    state.pool -= gain
    return (
        f"The pool gives you {hearts(gain)} back ({state.hearts} of {top}); "
        f"{state.pool} left in the pool."
    )


# --- fighting ----------------------------------------------------------------------------------


def roll_attack(data: Data, state: State, action: Action, rng: Rng) -> Result:
    face = _roll(data, "attack", action, rng)
    you_hit, they_hit, your_damage, their_damage, orange_turned = blows(data, state, face)
    boss = state.rooms[state.at].tile == BOSS_TILE
    parts = []
    if orange_turned:
        parts.append("the orange pawn makes it your hit")
    if you_hit:
        parts.append(_strike(state, your_damage, boss))
    if they_hit:
        state.hearts = max(0, state.hearts - their_damage)
        who = "the boss hits you" if boss else "an enemy hits you"
        extra = f" for {their_damage}" if their_damage > 1 else ""
        parts.append(f"{who}{extra} ({state.hearts} of {max_hearts(data, state)} hearts left)")
    said = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] if parts else ""
    events = [f"You rolled {face} on the attack die: {said or 'nobody lands a hit'}."]
    if state.hearts == 0 or not any(state.foes):  # else the fight goes on: nothing more to say
        events += _after_blows(data, state, boss)
    return {"type": "roll_attack", "value": face}, events


def _strike(state: MoonlighterState, damage: int, boss: bool) -> str:
    """Your hit on the first enemy still standing; the green pawn's sweep fells the rest."""
    foes = list(state.foes)
    target = 0
    while foes[target] <= 0:  # the first enemy still standing (there is one in a fight)
        target += 1
    foes[target] = max(0, foes[target] - damage)
    name = "the boss" if boss else f"the {ORDINALS[target]} enemy"
    extra = f" for {damage}" if damage > 1 else ""
    if foes[target] > 0:
        text = f"you hit {name}{extra} ({hearts(foes[target])} left)"
    elif state.pawn == "green" and not boss and any(foes):
        foes = [0] * len(foes)
        text = f"you defeat {name}{extra}, and the green pawn's sweep fells every other enemy"
    else:
        text = f"you hit {name}{extra} and defeat it"
    state.foes = tuple(foes)
    return text


def _after_blows(data: MoonlighterData, state: MoonlighterState, boss: bool) -> list[str]:
    """A fall outranks a victory on the same roll; otherwise a room with no enemy left is won."""
    if state.hearts == 0:
        return _fall(data, state, "boss" if boss else "room")
    if any(state.foes):
        return []
    state.foes = ()
    if boss:
        return _boss_beaten(data, state)
    face = data.cleared_face[state.room.tile]
    state.flip(state.at, face)
    state.phase = EXPLORE
    needed = data.dungeons[state.dungeon - 1].greens_for_boss
    return [
        f"Every enemy is down: the room flips to {face} "
        f"({plural(state.greens, 'green room')} on the board; {needed} open the boss room)."
    ]


def _fall(data: MoonlighterData, state: MoonlighterState, where: str) -> list[str]:
    state.phase, state.fell_in, state.foes = FALLEN, where, ()
    if where == "room" and not state.forgiving:
        return ["You have no hearts left and fall: the run is over. Restart from dungeon 1."]
    return [
        f"You have no hearts left and fall. Restart dungeon {state.dungeon}: fresh tiles, "
        f"full hearts, a full pool and the {data.start_pawn} pawn."
    ]


def _boss_beaten(data: MoonlighterData, state: MoonlighterState) -> list[str]:
    if state.dungeon == data.last_dungeon:
        state.phase = WON
        return [f"The boss of dungeon {state.dungeon} falls: you have won the game!"]
    state.phase = CLEARED
    done = state.dungeon
    return [f"The boss falls: dungeon {done} is complete. Go on to dungeon {done + 1}."]


def leave_room(data: Data, state: State, action: Action, rng: Rng) -> Result:
    left, back = state.room, state.came_from
    assert back is not None  # a fight always starts by stepping in from another room
    state.at, state.came_from = back, None
    state.phase, state.foes = EXPLORE, ()
    room = state.rooms[back]
    events = [
        f"You left the {left.face} room and went back to {ROOM_NAMES[room.face]}; "
        "its enemies heal to full."
    ]
    return {"type": "leave_room"}, events + _arrive(data, state)


# --- chests ------------------------------------------------------------------------------------


def roll_loot(data: Data, state: State, action: Action, rng: Rng) -> Result:
    face = _roll(data, "loot", action, rng)
    colour = data.loot[face]
    resolved = {"type": "roll_loot", "value": face}
    in_chests = any(room.chest == colour for room in state.rooms.values())
    if colour == state.pawn or in_chests:
        where = "you are playing it" if colour == state.pawn else "it waits in another chest"
        return resolved, [
            f"You rolled {face} on the loot die: the {colour} pawn, but {where}. Roll again."
        ]
    state.rooms[state.at] = state.room._replace(chest=colour)
    state.phase = CHOOSE
    pawn = data.pawns[colour]
    return resolved, [
        f"You rolled {face} on the loot die: the chest holds the {colour} pawn, "
        f"{pawn.name} ({pawn.effect}) Take it or keep yours."
    ]


def take_pawn(data: Data, state: State, action: Action, rng: Rng) -> Result:
    return {"type": "take_pawn"}, [_swap(data, state)]


def swap_pawn(data: Data, state: State, action: Action, rng: Rng) -> Result:
    return {"type": "swap_pawn"}, [_swap(data, state)]


def keep_pawn(data: Data, state: State, action: Action, rng: Rng) -> Result:
    state.phase = EXPLORE
    chest = state.room.chest
    return {"type": "keep_pawn"}, [
        f"You keep the {state.pawn} pawn; the {chest} pawn waits in this chest."
    ]


def _swap(data: MoonlighterData, state: MoonlighterState) -> str:
    """Trade your pawn for the chest's; the pink pawn's hearts come and go with it."""
    old, new = state.pawn, state.room.chest
    state.rooms[state.at] = state.room._replace(chest=old)
    state.pawn, state.phase = new, EXPLORE
    text = f"You take the {new} pawn and leave the {old} pawn in the chest."
    if old == "pink":
        state.hearts = max(1, state.hearts - PINK_BONUS)
        text += f" Without the pink pawn you lose {hearts(PINK_BONUS)} and the same in maximum"
    if new == "pink":
        state.hearts += PINK_BONUS
        text += f" The pink pawn adds {hearts(PINK_BONUS)} and the same in maximum"
    if old == "pink" or new == "pink":
        text += f" ({state.hearts} of {max_hearts(data, state)})."
    return text


# --- between dungeons --------------------------------------------------------------------------


def next_dungeon(data: Data, state: State, action: Action, rng: Rng) -> Result:
    fresh = new_dungeon(data, state.dungeon + 1, state.pawn, state.forgiving)
    _become(state, fresh)
    row = data.dungeons[state.dungeon - 1]
    return {"type": "next_dungeon"}, [
        f"Dungeon {state.dungeon} begins on a single white room, as the {state.pawn} pawn: "
        f"{hearts(state.hearts)}, a pool of {row.pool}, a boss with {hearts(row.boss_hearts)}, "
        f"and {row.greens_for_boss} green rooms to open the boss room."
    ]


def restart(data: Data, state: State, action: Action, rng: Rng) -> Result:
    """After a fall, or when walled in: the current dungeon again, or a whole new run."""
    whole_run = state.phase == FALLEN and state.fell_in == "room" and not state.forgiving
    number = 1 if whole_run else state.dungeon
    _become(state, new_dungeon(data, number, data.start_pawn, state.forgiving))
    text = "A new run begins in dungeon 1." if whole_run else f"Dungeon {number} starts again."
    text += f" You stand on a single white room as the {state.pawn} pawn."
    return {"type": "restart"}, [text]


def _become(state: MoonlighterState, other: MoonlighterState) -> None:
    for name in MoonlighterState.__slots__:
        setattr(state, name, getattr(other, name))


HANDLERS: dict[str, Handler] = {
    "roll_tile": roll_tile,
    "place_tile": place_tile,
    "move": move,
    "roll_attack": roll_attack,
    "leave_room": leave_room,
    "roll_loot": roll_loot,
    "take_pawn": take_pawn,
    "keep_pawn": keep_pawn,
    "swap_pawn": swap_pawn,
    "next_dungeon": next_dungeon,
    "restart": restart,
}
