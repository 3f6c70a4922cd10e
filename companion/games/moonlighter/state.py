"""The state of a Moonlighter game: a compact value that clones fast and saves as plain JSON.

Rooms are immutable tuples, so a clone copies the board dict and shares the rooms; the fight's
hearts are a tuple too. Counts the rules ask for on every roll (tiles of each colour on the board,
green tiles) are kept alongside the board and rebuilt from it when a save is loaded, so a saved
game holds only facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

Coord = tuple[int, int]

WALKABLE = frozenset({"white", "green", "yellow", "blue"})  # rooms you may walk into
ENEMY_TILES = frozenset({"orange", "black"})  # rooms whose enemies flip the tile when beaten
LOCKED_TILE = "black"  # locks you in until cleared, unless you hold the black pawn
BOSS_TILE = "red"
CHEST_TILE = "yellow"
POOL_TILE = "blue"
START_TILE = "white"
GREEN = "green"


class Phase(StrEnum):
    """What the game waits for next; each phase has its own small set of legal actions."""

    EXPLORE = "explore"  # nothing to resolve: roll the tile die, move, swap at a chest
    PLACE = "place"  # a tile was rolled: place it on a free side of your room
    FIGHT = "fight"  # enemies or the boss stand in your room: roll the attack die (or leave)
    LOOT = "loot"  # a new chest room: roll the loot die
    CHOOSE = "choose"  # take the pawn from the chest or keep yours
    FALLEN = "fallen"  # your hearts reached 0: restart
    CLEARED = "cleared"  # the boss is beaten: go on to the next dungeon
    WON = "won"  # the last boss is beaten: the game is over


# Module-level names for the phases: an Enum attribute look-up costs several times a global's,
# and the engine compares phases on every action.
EXPLORE, PLACE, FIGHT, LOOT = Phase.EXPLORE, Phase.PLACE, Phase.FIGHT, Phase.LOOT
CHOOSE, FALLEN, CLEARED, WON = Phase.CHOOSE, Phase.FALLEN, Phase.CLEARED, Phase.WON


class Room(NamedTuple):
    """One placed tile: its colour in the box, the face showing, and the pawn in its chest."""

    tile: str
    face: str
    chest: str = ""


@dataclass(slots=True)
class MoonlighterState:
    """One moment of a game; `placed`, `greens` and `paths` are derived from `rooms`, for speed."""

    forgiving: bool
    dungeon: int
    phase: Phase
    rooms: dict[Coord, Room]
    at: Coord
    came_from: Coord | None
    hearts: int
    pawn: str
    pool: int
    foes: tuple[int, ...] = ()  # hearts of each enemy (or the boss) in the current fight
    rolled: str = ""  # the colour waiting to be placed
    must_move: bool = False  # the last roll placed nothing: walk elsewhere before rolling again
    fell_in: str = ""  # "room" or "boss" while fallen: decides what a restart resets
    placed: dict[str, int] = field(default_factory=dict)  # tiles of each colour on the board
    greens: int = 0  # rooms showing their green side
    paths: tuple[Coord, ...] = ()  # walkable rooms, in board order

    def clone(self) -> MoonlighterState:
        """A copy apply may change: rooms and foes are immutable, so only the dicts are copied."""
        return MoonlighterState(
            self.forgiving,
            self.dungeon,
            self.phase,
            self.rooms.copy(),
            self.at,
            self.came_from,
            self.hearts,
            self.pawn,
            self.pool,
            self.foes,
            self.rolled,
            self.must_move,
            self.fell_in,
            self.placed.copy(),
            self.greens,
            self.paths,
        )

    @property
    def room(self) -> Room:
        return self.rooms[self.at]

    def put(self, where: Coord, room: Room) -> None:
        """Lay a new tile, keeping the per-colour counts in step with the board."""
        self.rooms[where] = room
        self.placed[room.tile] = self.placed.get(room.tile, 0) + 1
        if room.face in WALKABLE:
            self.paths += (where,)

    def flip(self, where: Coord, face: str) -> None:
        """Turn a beaten room to its cleared side."""
        tile, before, chest = self.rooms[where]
        self.rooms[where] = Room(tile, face, chest)  # NamedTuple._replace costs several times more
        self.greens += face == GREEN
        if face not in WALKABLE or before in WALKABLE:
            return
        # Keep board order, so a loaded save lists moves in the same order. In play the beaten
        # room is the one just placed, the last on the board: it goes last, no need to scan.
        if next(reversed(self.rooms)) == where:
            self.paths += (where,)
        else:
            self.paths = tuple([c for c, room in self.rooms.items() if room.face in WALKABLE])


def neighbours(where: Coord) -> tuple[Coord, Coord, Coord, Coord]:
    """The four sides of a room, east, north, west, south; every side is a doorway."""
    x, y = where
    return (x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)


def free_sides(state: MoonlighterState, where: Coord) -> list[Coord]:
    rooms, (x, y) = state.rooms, where
    return [c for c in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)) if c not in rooms]


def has_free_side(state: MoonlighterState, where: Coord) -> bool:
    """`free_sides(state, where)` is not empty; asked before every roll, so it builds no list."""
    rooms, (x, y) = state.rooms, where
    return (
        (x + 1, y) not in rooms
        or (x, y + 1) not in rooms
        or (x - 1, y) not in rooms
        or (x, y - 1) not in rooms
    )


def walkable_rooms(state: MoonlighterState) -> tuple[Coord, ...]:
    """Every room you may walk to. All of them are connected to each other (see reachable)."""
    return state.paths


def reachable(state: MoonlighterState, start: Coord) -> set[Coord]:
    """Rooms reachable from `start` through walkable rooms.

    The engine does not need this on every move: a walkable room is always laid next to the
    walkable room you stood in, and walkable rooms never stop being walkable, so all walkable rooms
    form one connected group. The property tests check that claim with this function.
    """
    seen = {start}
    todo = [start]
    while todo:
        for c in neighbours(todo.pop()):
            room = state.rooms.get(c)
            if c not in seen and room is not None and room.face in WALKABLE:
                seen.add(c)
                todo.append(c)
    return seen


def to_json(state: MoonlighterState) -> dict[str, Any]:
    """Only facts: the counts kept for speed are rebuilt on load."""
    return {
        "forgiving": state.forgiving,
        "dungeon": state.dungeon,
        "phase": str(state.phase),
        "rooms": [[x, y, *room] for (x, y), room in state.rooms.items()],
        "at": list(state.at),
        "came_from": list(state.came_from) if state.came_from is not None else None,
        "hearts": state.hearts,
        "pawn": state.pawn,
        "pool": state.pool,
        "foes": list(state.foes),
        "rolled": state.rolled,
        "must_move": state.must_move,
        "fell_in": state.fell_in,
    }


def from_json(data: dict[str, Any]) -> MoonlighterState:
    """The state a to_json dict describes; raises ValueError naming what is missing or wrong."""
    try:
        came = data["came_from"]
        state = MoonlighterState(
            forgiving=bool(data["forgiving"]),
            dungeon=int(data["dungeon"]),
            phase=Phase(data["phase"]),
            rooms={},
            at=(int(data["at"][0]), int(data["at"][1])),
            came_from=(int(came[0]), int(came[1])) if came is not None else None,
            hearts=int(data["hearts"]),
            pawn=str(data["pawn"]),
            pool=int(data["pool"]),
            foes=tuple(int(h) for h in data["foes"]),
            rolled=str(data["rolled"]),
            must_move=bool(data["must_move"]),
            fell_in=str(data["fell_in"]),
        )
        for x, y, tile, face, chest in data["rooms"]:
            state.put((int(x), int(y)), Room(str(tile), str(face), str(chest)))
            state.greens += face == GREEN
        state.paths = tuple(c for c, room in state.rooms.items() if room.face in WALKABLE)
    except KeyError as exc:
        raise ValueError(f"saved Moonlighter game has no {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"saved Moonlighter game is damaged: {exc}") from None
    return state
