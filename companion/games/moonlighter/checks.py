"""Why an action is refused, in the words a player at the table would use.

`check` answers None for a legal action. Every refusal names what to do instead, because "why can't
I do that?" is the question players ask most; where a ruling of clarifications.csv decides it, the
reason is a `Refusal` naming that ruling's id (still a str), so a page can show the ruling too.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.state import (
    BOSS_TILE,
    CHOOSE,
    CLEARED,
    EXPLORE,
    FALLEN,
    FIGHT,
    LOCKED_TILE,
    LOOT,
    PLACE,
    WALKABLE,
    WON,
    Coord,
    MoonlighterState,
    has_free_side,
    neighbours,
    walkable_rooms,
)
from companion.games.rulings import ruled

ROLLS = {"roll_tile": "tile", "roll_attack": "attack", "roll_loot": "loot"}
KEYS: dict[str, frozenset[str]] = {  # in the order of a turn, as the refusal lists them
    "roll_tile": frozenset({"value"}),
    "place_tile": frozenset({"x", "y"}),
    "move": frozenset({"x", "y"}),
    "roll_attack": frozenset({"value"}),
    "leave_room": frozenset(),
    "roll_loot": frozenset({"value"}),
    "take_pawn": frozenset(),
    "keep_pawn": frozenset(),
    "swap_pawn": frozenset(),
    "next_dungeon": frozenset(),
    "restart": frozenset(),
}
ALLOWED = {kind: keys | {"type"} for kind, keys in KEYS.items()}
PHASE_OF = {
    "roll_tile": EXPLORE,
    "move": EXPLORE,
    "swap_pawn": EXPLORE,
    "place_tile": PLACE,
    "roll_attack": FIGHT,
    "leave_room": FIGHT,
    "roll_loot": LOOT,
    "take_pawn": CHOOSE,
    "keep_pawn": CHOOSE,
    "next_dungeon": CLEARED,
}


def check(data: MoonlighterData, state: MoonlighterState, action: Any) -> str | None:
    """None if `action` is legal in `state`, else the reason it is not."""
    kind = action.get("type") if isinstance(action, dict) else None
    allowed = ALLOWED.get(kind) if isinstance(kind, str) else None
    if allowed is None:
        return _malformed(action)
    kind = str(kind)
    if not action.keys() <= allowed:
        return f"{kind} does not take {', '.join(sorted(action.keys() - allowed))}."
    phase = state.phase
    if phase == WON:
        return ruled(
            "The game is won: every boss has fallen. Start a new game to play again.", "winning"
        )
    if kind == "restart":
        return _check_restart(state)
    if phase != PHASE_OF[kind]:
        return _other_phase(state, kind)
    if "value" in action:
        reason = _check_value(data, ROLLS[kind], action)
        if reason:
            return reason
    special = SPECIAL.get(kind)
    return special(state, action) if special else None


def _malformed(action: Any) -> str:
    kind = action.get("type") if isinstance(action, dict) else None
    if isinstance(kind, str):
        return f"There is no action {kind!r} in Moonlighter (try one of: {', '.join(KEYS)})."
    return "An action is a small record with a type, such as {'type': 'roll_tile'}."


def waiting_for(state: MoonlighterState) -> str:
    """What the game needs next, said as an instruction."""
    phase = state.phase
    if phase == PLACE:
        return ruled(
            f"First place the {state.rolled} tile you rolled on a free side of your room.",
            "turn_flow",
        )
    if phase == FIGHT:
        if state.rooms[state.at].tile == BOSS_TILE:
            return ruled("You are fighting the boss: roll the attack die.", "leaving_fights")
        if is_locked(state):
            return _locked(state)
        return ruled("You are in a fight: roll the attack die, or leave the room.", "turn_flow")
    if phase == LOOT:
        return ruled("First open the chest: roll the loot die.", "loot_die")
    if phase == CHOOSE:
        return ruled(
            f"First decide: take the {state.rooms[state.at].chest} pawn or keep yours.",
            "chest_swap",
        )
    if phase == FALLEN:
        return "You have fallen: restart to play on."
    if phase == CLEARED:
        return ruled("The boss is beaten: go on to the next dungeon.", "next_dungeon")
    return "Nothing waits here: roll the tile die, or move to another room."


def _other_phase(state: MoonlighterState, kind: str) -> str:
    """A refusal for an action that belongs to another moment of the turn."""
    if kind == "leave_room":
        return ruled("There is nothing to leave: you are not in a fight.", "leaving_fights")
    if kind in ("take_pawn", "keep_pawn") and state.phase == EXPLORE:
        return ruled("There is no new pawn to decide on here.", "chest_swap")
    if kind == "next_dungeon":
        return ruled(
            f"The boss of dungeon {state.dungeon} still stands. " + waiting_for(state),
            "boss_fight",
        )
    return waiting_for(state)


def _check_value(data: MoonlighterData, die: str, action: Action) -> str | None:
    value = action["value"]
    if value is None:
        return None
    faces = data.faces[die]
    if isinstance(value, bool) or not isinstance(value, int) or value not in faces:
        return f"The {die} die shows {faces.start} to {faces.stop - 1}; {value!r} is not a face."
    return None


def _coord(action: Action, what: str) -> Coord | str:
    x, y = action.get("x"), action.get("y")
    if not _is_int(x) or not _is_int(y):
        return f"Say where {what}: give whole numbers x and y."
    assert isinstance(x, int) and isinstance(y, int)  # _is_int said so; for the type checker
    return (x, y)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_locked(state: MoonlighterState) -> bool:
    tile = state.rooms[state.at].tile
    return tile == BOSS_TILE or (tile == LOCKED_TILE and state.pawn != "black")


def _locked(state: MoonlighterState) -> str:
    if state.rooms[state.at].tile == BOSS_TILE:
        extra = ", even with the black pawn" if state.pawn == "black" else ""
        return ruled(f"The boss room locks you in{extra}: beat the boss to get out.",
                     "leaving_fights")  # fmt: skip
    standing = sum(1 for h in state.foes if h > 0)
    if standing == 1:
        return ruled("You are locked in: defeat the last enemy first.", "leaving_fights")
    if standing == 2:
        return ruled("You are locked in: defeat both enemies first.", "leaving_fights")
    return ruled(f"You are locked in: defeat all {standing} enemies first.", "leaving_fights")


WALLED_IN = ruled(
    "No room you can reach has a free side: you are walled in. Restart the dungeon.", "walled_in"
)


def can_roll_tile(state: MoonlighterState) -> str | None:
    """None if a tile may be rolled in the room you stand in (exploring), else why not."""
    if not has_free_side(state, state.at):
        if is_walled_in(state):
            return WALLED_IN
        return ruled("No free side next to this room: move to another room first.", "room_sides")
    if state.must_move and len(walkable_rooms(state)) > 1:
        return ruled(
            "Your last roll placed nothing (the box ran out): move to another room first.",
            "tile_supply",
        )
    return None


def is_walled_in(state: MoonlighterState) -> bool:
    """No walkable room has a free side, so no new tile can ever be placed this dungeon."""
    rooms = state.rooms
    for x, y in reversed(state.paths):  # the newest rooms are the likeliest to have a free side
        for side in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            if side not in rooms:
                return False
    return True


def _check_roll_tile(state: MoonlighterState, action: Action) -> str | None:
    return can_roll_tile(state)


def _check_place(state: MoonlighterState, action: Action) -> str | None:
    where = _coord(action, "to place the tile")
    if isinstance(where, str):
        return where
    room = state.rooms.get(where)
    if room is not None:
        return ruled(
            f"{where[0]}, {where[1]} already holds {_a(room.face)} room: choose a free side.",
            "turn_flow",
        )
    if where not in neighbours(state.at):
        return ruled(
            f"{where[0]}, {where[1]} is not next to your room: place the tile on a free side "
            "of the room you stand in.",
            "turn_flow",
        )
    return None


def _check_move(state: MoonlighterState, action: Action) -> str | None:
    where = _coord(action, "to go")
    if isinstance(where, str):
        return where
    room = state.rooms.get(where)
    if room is None:
        return ruled(f"There is no room at {where[0]}, {where[1]} to walk to.", "free_movement")
    if where == state.at:
        return "You are already in that room."
    if room.face not in WALKABLE:
        return ruled(
            f"You cannot walk into {_a(room.face)} room: orange, black and red rooms are "
            "entered only by placing them.",
            "free_movement",
        )
    return None


def _check_leave(state: MoonlighterState, action: Action) -> str | None:
    return _locked(state) if is_locked(state) else None


def _check_swap(state: MoonlighterState, action: Action) -> str | None:
    room = state.rooms[state.at]
    if room.chest:
        return None
    return ruled("There is no chest here: swap pawns in a chest room that holds one.",
                 "chest_swap")  # fmt: skip


def _check_restart(state: MoonlighterState) -> str | None:
    if state.phase == FALLEN:
        return None
    if state.phase == EXPLORE and is_walled_in(state):
        return None
    return ruled(
        "You can restart only after a fall, or when no room you can reach has a free side. "
        + waiting_for(state),
        "walled_in",
    )


def _a(colour: str) -> str:
    return f"an {colour}" if colour[0] in "aeiou" else f"a {colour}"


SPECIAL = {
    "roll_tile": _check_roll_tile,
    "place_tile": _check_place,
    "move": _check_move,
    "leave_room": _check_leave,
    "swap_pawn": _check_swap,
}
