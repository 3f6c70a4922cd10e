"""Apply one legal action to an already cloned state; return the resolved action and the events.

Every handler changes `state` in place and says what happened in plain sentences for the table
log. Rolls write the face into the resolved action, whether a player typed it or the random source
chose it, so the log replays without any randomness.

Every handler also takes `say` (default True). With `say=False` it changes the state exactly as
before but builds no sentence and returns no events: a bot playing thousands of games reads no log,
and the sentences cost as much as the rules themselves (`MoonlighterRules.advance`). So each
handler first changes the state, then, only if `say`, words what happened.
"""

from __future__ import annotations

import random
from typing import Protocol

from companion.engine.core import Action, Result, Rng
from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.outcomes import bent, max_hearts, tile_roll
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

Data = MoonlighterData
State = MoonlighterState


class Handler(Protocol):
    """A handler as `apply_with` calls it (four arguments), or quietly (`say=False`)."""

    def __call__(
        self, data: Data, state: State, action: Action, rng: Rng, say: bool = True
    ) -> Result: ...


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


def roll_tile(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    face = _roll(data, "tile", action, rng)
    roll = tile_roll(data, state, face)
    resolved = {"type": "roll_tile", "value": face}
    if not roll.colour:
        state.must_move = True
    else:
        state.phase, state.rolled = PLACE, roll.colour
    if not say:
        return resolved, []
    why = f" ({'; '.join(roll.notes)})" if roll.notes else ""
    if not roll.colour:
        text = f"You rolled {face} on the tile die{why}: nothing is placed. Move to another room."
        return resolved, [text]
    room = ROOM_NAMES[roll.colour]
    text = f"You rolled {face} on the tile die: {room}{why}. Place it next to your room."
    return resolved, [text]


def place_tile(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    where = (action["x"], action["y"])
    colour, here = state.rolled, state.at
    state.put(where, Room(colour, colour))
    state.came_from, state.at = here, where
    state.rolled, state.must_move = "", False
    resolved = {"type": "place_tile", "x": where[0], "y": where[1]}
    entered = _enter(data, state, say)
    if not say:
        return resolved, []
    side = SIDES[(where[0] - here[0], where[1] - here[1])]
    text = f"You placed {ROOM_NAMES[colour]} {side} of your room and stepped in."
    return resolved, [text, *entered]


def move(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    where = (action["x"], action["y"])
    state.came_from, state.at, state.must_move = state.at, where, False
    resolved = {"type": "move", "x": where[0], "y": where[1]}
    arrived = _arrive(data, state, say)
    if not say:
        return resolved, []
    room = state.rooms[where]
    return resolved, [f"You walked to {ROOM_NAMES[room.face]} at {where[0]}, {where[1]}.", *arrived]


def _arrive(data: MoonlighterData, state: MoonlighterState, say: bool) -> list[str]:
    """Walking (or stepping back) into a placed room: a pool heals, a chest offers its pawn."""
    room = state.rooms[state.at]
    events = [_heal(data, state, say)] if room.face == POOL_TILE else []
    if room.chest and say:
        events.append(f"The chest here holds the {room.chest} pawn: you may swap yours for it.")
    return events


def _enter(data: MoonlighterData, state: MoonlighterState, say: bool) -> list[str]:
    """What a newly placed room does as you step in."""
    tile = state.rooms[state.at].tile
    row = data.dungeons[state.dungeon - 1]
    if tile in ENEMY_TILES:
        state.phase, state.foes = FIGHT, (data.enemy_hearts,) * row.enemies
        if not say:
            return []
        lock = ""
        if tile == "black":
            held = state.pawn != "black"
            lock = " The door locks behind you." if held else " The black pawn keeps it open."
        return [f"{row.enemies} enemies with {hearts(data.enemy_hearts)} each attack!{lock}"]
    if tile == BOSS_TILE:
        state.phase, state.foes = FIGHT, (row.boss_hearts,)
        if not say:
            return []
        return [f"The boss waits with {hearts(row.boss_hearts)}. The door locks behind you."]
    if tile == CHEST_TILE:
        state.phase = LOOT
        return ["A chest! Roll the loot die to see which pawn it holds."] if say else []
    state.phase = EXPLORE
    return [_heal(data, state, say)] if tile == POOL_TILE else []


def _heal(data: MoonlighterData, state: MoonlighterState, say: bool) -> str:
    """Refill hearts from the pool, as far as the pool lasts ("" when not `say`)."""
    top = max_hearts(data, state)
    missing = top - state.hearts
    if missing == 0:
        return f"You are at full hearts: the pool keeps its {state.pool}." if say else ""
    if state.pool == 0:
        return "The healing pool is dry: no hearts come back." if say else ""
    gain = min(missing, state.pool)
    state.hearts += gain
    state.pool -= gain
    if not say:
        return ""
    return (
        f"The pool gives you {hearts(gain)} back ({state.hearts} of {top}); "
        f"{state.pool} left in the pool."
    )


# --- fighting ----------------------------------------------------------------------------------


def roll_attack(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    face = _roll(data, "attack", action, rng)
    boss = state.rooms[state.at].tile == BOSS_TILE
    # `blows` without working `boss` out a second time: the attack is half of all actions
    you_hit, they_hit, your_damage, their_damage, orange_turned = bent(
        data.attack_faces[face], state.pawn, boss, data.doubled_blow
    )
    struck = _strike(state, your_damage, boss, say) if you_hit else ""
    if they_hit:
        state.hearts = max(0, state.hearts - their_damage)
    over = state.hearts == 0 or not any(state.foes)  # else the fight goes on: nothing more to say
    after = _after_blows(data, state, boss, say) if over else []
    resolved = {"type": "roll_attack", "value": face}
    if not say:
        return resolved, []
    parts = []
    if orange_turned:
        parts.append("the orange pawn makes it your hit")
    if you_hit:
        parts.append(struck)
    if they_hit:
        who = "the boss hits you" if boss else "an enemy hits you"
        extra = f" for {their_damage}" if their_damage > 1 else ""
        # _after_blows changes neither hearts nor pawn: these are the counts right after the blow
        parts.append(f"{who}{extra} ({state.hearts} of {max_hearts(data, state)} hearts left)")
    said = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] if parts else ""
    return resolved, [
        f"You rolled {face} on the attack die: {said or 'nobody lands a hit'}.",
        *after,
    ]


def _strike(state: MoonlighterState, damage: int, boss: bool, say: bool) -> str:
    """Your hit on the first enemy still standing; the green pawn's sweep fells the rest."""
    foes = list(state.foes)
    target = 0
    while foes[target] <= 0:  # the first enemy still standing (there is one in a fight)
        target += 1
    foes[target] = max(0, foes[target] - damage)
    swept = foes[target] == 0 and state.pawn == "green" and not boss and any(foes)
    state.foes = (0,) * len(foes) if swept else tuple(foes)
    if not say:
        return ""
    name = "the boss" if boss else f"the {ORDINALS[target]} enemy"
    extra = f" for {damage}" if damage > 1 else ""
    if foes[target] > 0:
        return f"you hit {name}{extra} ({hearts(foes[target])} left)"
    if swept:
        return f"you defeat {name}{extra}, and the green pawn's sweep fells every other enemy"
    return f"you hit {name}{extra} and defeat it"


def _after_blows(
    data: MoonlighterData, state: MoonlighterState, boss: bool, say: bool
) -> list[str]:
    """A fall outranks a victory on the same roll; otherwise a room with no enemy left is won."""
    if state.hearts == 0:
        return _fall(data, state, "boss" if boss else "room", say)
    if any(state.foes):
        return []
    state.foes = ()
    if boss:
        return _boss_beaten(data, state, say)
    face = data.cleared_face[state.room.tile]
    state.flip(state.at, face)
    state.phase = EXPLORE
    if not say:
        return []
    needed = data.dungeons[state.dungeon - 1].greens_for_boss
    return [
        f"Every enemy is down: the room flips to {face} "
        f"({plural(state.greens, 'green room')} on the board; {needed} open the boss room)."
    ]


def _fall(data: MoonlighterData, state: MoonlighterState, where: str, say: bool) -> list[str]:
    state.phase, state.fell_in, state.foes = FALLEN, where, ()
    if not say:
        return []
    if where == "room" and not state.forgiving:
        return ["You have no hearts left and fall: the run is over. Restart from dungeon 1."]
    return [
        f"You have no hearts left and fall. Restart dungeon {state.dungeon}: fresh tiles, "
        f"full hearts, a full pool and the {data.start_pawn} pawn."
    ]


def _boss_beaten(data: MoonlighterData, state: MoonlighterState, say: bool) -> list[str]:
    if state.dungeon == data.last_dungeon:
        state.phase = WON
        return [f"The boss of dungeon {state.dungeon} falls: you have won the game!"] if say else []
    state.phase = CLEARED
    if not say:
        return []
    done = state.dungeon
    return [f"The boss falls: dungeon {done} is complete. Go on to dungeon {done + 1}."]


def leave_room(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    left, back = state.room, state.came_from
    assert back is not None  # a fight always starts by stepping in from another room
    state.at, state.came_from = back, None
    state.phase, state.foes = EXPLORE, ()
    arrived = _arrive(data, state, say)
    if not say:
        return {"type": "leave_room"}, []
    room = state.rooms[back]
    events = [
        f"You left the {left.face} room and went back to {ROOM_NAMES[room.face]}; "
        "its enemies heal to full.",
        *arrived,
    ]
    return {"type": "leave_room"}, events


# --- chests ------------------------------------------------------------------------------------


def roll_loot(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    face = _roll(data, "loot", action, rng)
    colour = data.loot[face]
    resolved = {"type": "roll_loot", "value": face}
    in_chests = any(room.chest == colour for room in state.rooms.values())
    if colour == state.pawn or in_chests:
        if not say:
            return resolved, []
        where = "you are playing it" if colour == state.pawn else "it waits in another chest"
        return resolved, [
            f"You rolled {face} on the loot die: the {colour} pawn, but {where}. Roll again."
        ]
    state.rooms[state.at] = state.room._replace(chest=colour)
    state.phase = CHOOSE
    if not say:
        return resolved, []
    pawn = data.pawns[colour]
    return resolved, [
        f"You rolled {face} on the loot die: the chest holds the {colour} pawn, "
        f"{pawn.name} ({pawn.effect}) Take it or keep yours."
    ]


def take_pawn(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    text = _swap(data, state, say)
    return {"type": "take_pawn"}, [text] if say else []


def swap_pawn(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    text = _swap(data, state, say)
    return {"type": "swap_pawn"}, [text] if say else []


def keep_pawn(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    state.phase = EXPLORE
    if not say:
        return {"type": "keep_pawn"}, []
    chest = state.room.chest
    return {"type": "keep_pawn"}, [
        f"You keep the {state.pawn} pawn; the {chest} pawn waits in this chest."
    ]


def _swap(data: MoonlighterData, state: MoonlighterState, say: bool) -> str:
    """Trade your pawn for the chest's; the pink pawn's hearts come and go with it."""
    old, new = state.pawn, state.room.chest
    state.rooms[state.at] = state.room._replace(chest=old)
    state.pawn, state.phase = new, EXPLORE
    if old == "pink":
        state.hearts = max(1, state.hearts - data.pink_bonus)
    if new == "pink":
        state.hearts += data.pink_bonus
    if not say:
        return ""
    text = f"You take the {new} pawn and leave the {old} pawn in the chest."
    if old == "pink":
        text += f" Without the pink pawn you lose {hearts(data.pink_bonus)} and the same in maximum"
    if new == "pink":
        text += f" The pink pawn adds {hearts(data.pink_bonus)} and the same in maximum"
    if old == "pink" or new == "pink":
        text += f" ({state.hearts} of {max_hearts(data, state)})."
    return text


# --- between dungeons --------------------------------------------------------------------------


def next_dungeon(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    fresh = new_dungeon(data, state.dungeon + 1, state.pawn, state.forgiving)
    _become(state, fresh)
    if not say:
        return {"type": "next_dungeon"}, []
    row = data.dungeons[state.dungeon - 1]
    return {"type": "next_dungeon"}, [
        f"Dungeon {state.dungeon} begins on a single white room, as the {state.pawn} pawn: "
        f"{hearts(state.hearts)}, a pool of {row.pool}, a boss with {hearts(row.boss_hearts)}, "
        f"and {row.greens_for_boss} green rooms to open the boss room."
    ]


def restart(data: Data, state: State, action: Action, rng: Rng, say: bool = True) -> Result:
    """After a fall, or when walled in: the current dungeon again, or a whole new run."""
    whole_run = state.phase == FALLEN and state.fell_in == "room" and not state.forgiving
    number = 1 if whole_run else state.dungeon
    _become(state, new_dungeon(data, number, data.start_pawn, state.forgiving))
    if not say:
        return {"type": "restart"}, []
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
