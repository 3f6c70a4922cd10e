"""Moonlighter: the tile die, the supply, placing rooms and walking (clarification ids in docstrings)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.moonlighter import MoonlighterRules
from companion.games.moonlighter.state import reachable

from .moonlighter_situations import (
    DATA,
    RULES,
    exploring,
    green_line,
    make,
    play,
    refused,
    rolled,
    start_room,
)

USUAL = {0: "white", 1: "white", 2: "white", 3: "orange", 4: "orange", 5: "orange"}
USUAL |= {6: "black", 7: "blue", 8: "blue", 9: "yellow"}


def roll(state, face: int, rules: MoonlighterRules = RULES):
    after, _, events = play(state, {"type": "roll_tile", "value": face}, rules)
    return after.rolled, after, events


def test_a_new_game_starts_on_one_white_room():
    """turn_flow: dungeon 1, one white tile, full hearts and pool, the white pawn, and a roll."""
    state = RULES.new_state({})
    assert list(state.rooms.items()) == [((0, 0), ("white", "white", ""))]
    assert (state.hearts, state.pool, state.pawn, state.dungeon) == (5, 25, "white", 1)
    assert RULES.legal_actions(state) == [{"type": "roll_tile"}]
    assert state.placed == {"white": 1}  # tile_supply: the start room is one of the white tiles


@pytest.mark.parametrize("face", range(10))
def test_tile_die_usual_face(face):
    """tile_die_faces: with no condition met, each face gives its usual colour (dice.csv)."""
    colour, state, events = roll(RULES.new_state({}), face)
    assert colour == USUAL[face] == DATA.tile_faces[face]
    assert state.phase == "place"
    assert events[0].startswith(f"You rolled {face} on the tile die: ")


def test_zero_opens_the_boss_room_at_the_threshold():
    """boss_room_threshold: ten green tiles in dungeon 1 turn a 0 into the boss room."""
    state = exploring(start_room() + green_line(10))
    colour, _, events = roll(state, 0)
    assert colour == "red"
    assert "10 green rooms open the way to the boss" in events[0]


def test_zero_stays_white_one_green_short():
    """boss_room_threshold: nine green tiles are not enough."""
    assert roll(exploring(start_room() + green_line(9)), 0)[0] == "white"


@pytest.mark.parametrize("face", [1, 2])
def test_one_and_two_stay_white_past_the_threshold(face):
    """boss_room_threshold: only the 0 changes."""
    assert roll(exploring(start_room() + green_line(12)), face)[0] == "white"


def test_only_green_tiles_count_towards_the_boss():
    """boss_room_threshold: white, yellow, blue and walked-out orange rooms do not count."""
    rooms = start_room() + [(i, 0, "white", "white", "") for i in range(1, 8)]
    rooms += [(i, 1, "orange", "orange", "") for i in range(0, 8)]
    rooms += [(0, -1, "blue", "blue", ""), (1, -1, "yellow", "yellow", "red")]
    assert roll(exploring(rooms), 0)[0] == "white"


@pytest.mark.parametrize(("dungeon", "needed"), [(2, 15), (3, 20), (4, 25), (5, 30)])
def test_the_threshold_grows_with_the_dungeon(dungeon, needed):
    """boss_room_threshold: the dungeon table's cleared_rooms_before_boss decides."""
    assert DATA.dungeon(dungeon).greens_for_boss == needed
    short = exploring(start_room() + green_line(needed - 1), dungeon=dungeon)
    assert roll(short, 0)[0] == "white"
    enough = exploring(start_room() + green_line(needed), dungeon=dungeon)
    assert roll(enough, 0)[0] == "red"


def test_no_second_boss_room():
    """boss_room_threshold: a 0 gives the boss room only while none is on the board."""
    rooms = start_room() + green_line(10) + [(0, 5, "red", "red", "")]
    assert roll(exploring(rooms), 0)[0] == "white"


def test_purple_pawn_turns_a_three_into_a_chest():
    """power_purple: a 3 gives a chest room."""
    assert roll(make(pawn="purple"), 3)[0] == "yellow"


@pytest.mark.parametrize("face", [4, 5])
def test_purple_pawn_leaves_four_and_five_orange(face):
    """power_purple: only the 3 changes."""
    assert roll(make(pawn="purple"), face)[0] == "orange"


def chests(count: int):
    return start_room() + [(0, i + 1, "yellow", "yellow", "") for i in range(count)]


def test_purple_three_is_white_at_the_chest_limit():
    """power_purple: with 3 chest rooms on the board a 3 gives white."""
    colour, _, events = roll(exploring(chests(3), pawn="purple"), 3)
    assert colour == "white"
    assert "3 chest rooms are already on the board" in events[0]


@pytest.mark.parametrize(("face", "after"), [(7, "black"), (8, "white")])
def test_blue_faces_once_the_pool_is_on_the_board(face, after):
    """tile_die_faces: one healing pool per dungeon; then 7 gives black and 8 white."""
    state = exploring([*start_room(), (1, 0, "blue", "blue", "")])
    colour, _, events = roll(state, face)
    assert colour == after
    assert "healing pool is already on the board" in events[0]


@pytest.mark.parametrize(("on_board", "colour"), [(2, "yellow"), (3, "white")])
def test_nine_gives_a_chest_below_three(on_board, colour):
    """tile_die_faces: 9 gives yellow while fewer than 3 chest rooms are on the board."""
    assert roll(exploring(chests(on_board)), 9)[0] == colour


@pytest.mark.parametrize(("on_board", "colour"), [(3, "yellow"), (4, "white")])
def test_yellow_pawn_allows_a_fourth_chest(on_board, colour):
    """power_yellow: the limit is 4 with the yellow pawn."""
    assert roll(exploring(chests(on_board), pawn="yellow"), 9)[0] == colour


def test_dropping_the_yellow_pawn_keeps_four_chests_but_stops_new_ones():
    """power_yellow: the chests stay; a 9 is white again at 4 (and at 3) without the pawn."""
    state = exploring(chests(4), pawn="white")
    assert len([r for r in state.rooms.values() if r.tile == "yellow"]) == 4
    assert roll(state, 9)[0] == "white"


def small_box(**supply: int) -> MoonlighterRules:
    return MoonlighterRules(dataclasses.replace(DATA, supply={**DATA.supply, **supply}))


def test_an_empty_colour_gives_white():
    """tile_supply: no orange tile left in the box: a white room instead."""
    rules = small_box(orange=1)
    state = make([*start_room(), (0, 1, "orange", "orange", "")], rules)
    colour, _, events = roll(state, 4, rules)
    assert colour == "white"
    assert "the box has no orange tiles left" in events[0]


def test_with_white_gone_too_nothing_is_placed_and_you_must_move():
    """tile_supply: nothing is laid; a roll in the same room is refused until you walk."""
    rules = small_box(orange=1, white=2)
    rooms = [*start_room(), (0, 1, "orange", "orange", ""), (-1, 0, "white", "white", "")]
    state = make(rooms, rules)
    colour, after, events = roll(state, 4, rules)
    assert colour == "" and after.phase == "explore" and after.must_move
    assert "nothing is placed" in events[0]
    assert refused(after, {"type": "roll_tile"}, rules) == (
        "Your last roll placed nothing (the box ran out): move to another room first."
    )
    moved, _, _ = play(after, {"type": "move", "x": -1, "y": 0}, rules)
    assert not moved.must_move
    assert rules.check(moved, {"type": "roll_tile"}) is None


def test_with_nowhere_to_walk_an_empty_roll_may_be_rolled_again():
    """tile_supply: if there is no other room to walk to, roll again."""
    rules = small_box(white=1)
    state = make(rules=rules)
    colour, after, _ = roll(state, 1, rules)
    assert colour == "" and after.must_move
    assert rules.legal_actions(after) == [{"type": "roll_tile"}]


def test_place_tile_offers_every_free_side():
    """turn_flow: one place_tile per empty side of the room you stand in."""
    state = rolled("white", [*start_room(), (1, 0, "white", "white", "")])
    assert RULES.legal_actions(state) == [
        {"type": "place_tile", "x": 0, "y": 1},
        {"type": "place_tile", "x": -1, "y": 0},
        {"type": "place_tile", "x": 0, "y": -1},
    ]


def test_placing_steps_into_the_new_room():
    """turn_flow: the tile is laid, you stand in it, and it resolves (a white room: nothing)."""
    state, action, events = play(rolled("white"), {"type": "place_tile", "x": 0, "y": -1})
    assert action == {"type": "place_tile", "x": 0, "y": -1}
    assert state.at == (0, -1) and state.came_from == (0, 0) and state.phase == "explore"
    assert state.rooms[(0, -1)] == ("white", "white", "")
    assert events == ["You placed an empty white room south of your room and stepped in."]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (
            {"type": "place_tile", "x": 1, "y": 0},
            "1, 0 already holds a white room: choose a free side.",
        ),
        (
            {"type": "place_tile", "x": 2, "y": 2},
            "2, 2 is not next to your room: place the tile on a free side of the room you stand in.",
        ),
        (
            {"type": "place_tile", "x": 0},
            "Say where to place the tile: give whole numbers x and y.",
        ),
        (
            {"type": "place_tile", "x": True, "y": 1},
            "Say where to place the tile: give whole numbers x and y.",
        ),
        ({"type": "place_tile", "x": 0, "y": 1, "z": 3}, "place_tile does not take z."),
        (
            {"type": "roll_tile"},
            "First place the orange tile you rolled on a free side of your room.",
        ),
        (
            {"type": "move", "x": 1, "y": 0},
            "First place the orange tile you rolled on a free side of your room.",
        ),
    ],
)
def test_refused_placements(action, reason):
    """turn_flow: a rolled tile goes on an empty side of your room before anything else."""
    state = rolled("orange", [*start_room(), (1, 0, "white", "white", "")])
    assert refused(state, action) == reason


def test_no_roll_without_a_free_side():
    """room_sides: a room with four neighbours cannot take a tile; walk elsewhere first."""
    rooms = start_room() + [
        (x, y, "white", "white", "") for x, y in [(1, 0), (-1, 0), (0, 1), (0, -1)]
    ]
    state = exploring(rooms)
    assert refused(state, {"type": "roll_tile"}) == (
        "No free side next to this room: move to another room first."
    )
    assert {"type": "move", "x": 1, "y": 0} in RULES.legal_actions(state)


def test_walled_in_you_may_restart_the_dungeon():
    """walled_in: no walkable room has an empty side, so the only way on is a restart."""
    rooms = start_room() + [
        (x, y, "orange", "orange", "") for x, y in [(1, 0), (-1, 0), (0, 1), (0, -1)]
    ]
    state = exploring(rooms, dungeon=2, pawn="green", hearts=2, pool=3)
    assert RULES.legal_actions(state) == [{"type": "restart"}]
    assert refused(state, {"type": "roll_tile"}) == (
        "No room you can reach has a free side: you are walled in. Restart the dungeon."
    )
    after, _, events = play(state, {"type": "restart"})
    assert (after.dungeon, after.pawn, after.hearts, after.pool, len(after.rooms)) == (
        2,
        "white",
        6,
        35,
        1,
    )
    assert events == ["Dungeon 2 starts again. You stand on a single white room as the white pawn."]


def test_restart_is_refused_while_a_tile_can_still_be_placed():
    """walled_in: a restart is only for falls and for being walled in."""
    assert refused(RULES.new_state({}), {"type": "restart"}) == (
        "You can restart only after a fall, or when no room you can reach has a free side. "
        "Nothing waits here: roll the tile die, or move to another room."
    )


BOARD = [
    *start_room(),
    (1, 0, "white", "white", ""),
    (2, 0, "orange", "green", ""),
    (3, 0, "blue", "blue", ""),
    (0, 1, "orange", "orange", ""),
    (0, -1, "black", "black", ""),
    (-1, 0, "yellow", "yellow", "green"),
]


def test_moves_go_to_every_walkable_room():
    """free_movement: white, green, yellow and blue rooms, never orange, black or red ones."""
    state = exploring(BOARD)
    moves = [(a["x"], a["y"]) for a in RULES.legal_actions(state) if a["type"] == "move"]
    assert moves == [(1, 0), (2, 0), (3, 0), (-1, 0)]
    assert set(moves) | {(0, 0)} == reachable(state, (0, 0))


@pytest.mark.parametrize(("x", "y", "room"), [(0, 1, "an orange"), (0, -1, "a black")])
def test_enemy_rooms_cannot_be_walked_into(x, y, room):
    """free_movement: orange and black rooms are entered only by laying them."""
    assert refused(exploring(BOARD), {"type": "move", "x": x, "y": y}) == (
        f"You cannot walk into {room} room: orange, black and red rooms are entered only by "
        "placing them."
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "move", "x": 9, "y": 9}, "There is no room at 9, 9 to walk to."),
        ({"type": "move", "x": 0, "y": 0}, "You are already in that room."),
        ({"type": "move", "x": "1", "y": 0}, "Say where to go: give whole numbers x and y."),
        (
            {"type": "swap_pawn"},
            "There is no chest here: swap pawns in a chest room that holds one.",
        ),
        ({"type": "take_pawn"}, "There is no new pawn to decide on here."),
        ({"type": "leave_room"}, "There is nothing to leave: you are not in a fight."),
        ({"type": "roll_loot"}, "Nothing waits here: roll the tile die, or move to another room."),
        (
            {"type": "next_dungeon"},
            "The boss of dungeon 1 still stands. Nothing waits here: roll the tile die, or move to another room.",
        ),
        (
            {"type": "fly"},
            "There is no action 'fly' in Moonlighter (try one of: roll_tile, place_tile, move, roll_attack, leave_room, roll_loot, take_pawn, keep_pawn, swap_pawn, next_dungeon, restart).",
        ),
        (
            {"kind": "move"},
            "An action is a small record with a type, such as {'type': 'roll_tile'}.",
        ),
        (
            {"type": ["move"]},
            "An action is a small record with a type, such as {'type': 'roll_tile'}.",
        ),
        ({"type": "roll_tile", "value": 10}, "The tile die shows 0 to 9; 10 is not a face."),
        ({"type": "roll_tile", "value": "7"}, "The tile die shows 0 to 9; '7' is not a face."),
        ({"type": "roll_tile", "value": True}, "The tile die shows 0 to 9; True is not a face."),
    ],
)
def test_refused_while_exploring(action, reason):
    """free_movement: every refusal says why, and the state stays as it was."""
    assert refused(exploring(BOARD), action) == reason


def test_walking_enters_only_the_destination():
    """walk_destination_only: crossing the pool on the way does not heal."""
    rooms = [*start_room(), (1, 0, "blue", "blue", ""), (2, 0, "white", "white", "")]
    state, _, events = play(exploring(rooms, hearts=2), {"type": "move", "x": 2, "y": 0})
    assert (state.hearts, state.pool) == (2, 25)
    assert events == ["You walked to an empty white room at 2, 0."]


def test_walking_to_the_pool_heals():
    """healing_pool: walking into the blue room heals."""
    rooms = [*start_room(), (1, 0, "blue", "blue", "")]
    state, _, events = play(exploring(rooms, hearts=2), {"type": "move", "x": 1, "y": 0})
    assert (state.hearts, state.pool) == (5, 22)
    assert events[1] == "The pool gives you 3 hearts back (5 of 5); 22 left in the pool."
