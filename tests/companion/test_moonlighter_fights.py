"""Moonlighter: enemy rooms, the attack die, leaving, locks and the boss (clarification ids in docstrings)."""

from __future__ import annotations

import pytest

from .moonlighter_situations import DATA, RULES, fight, make, play, refused, rolled, start_room

# face -> (enemies' hearts, your hearts) after one roll against two fresh enemies, white pawn
ORDINARY = {
    1: ((2, 2), 5),
    2: ((1, 2), 5),
    3: ((1, 2), 5),
    4: ((1, 2), 5),
    5: ((2, 2), 4),
    6: ((1, 2), 4),
}
# face -> (boss hearts, your hearts) in dungeon 1
BOSS = {1: (5, 4), 2: (4, 5), 3: (4, 5), 4: (4, 5), 5: (5, 4), 6: (4, 4)}


def attack(state, face: int):
    after, action, events = play(state, {"type": "roll_attack", "value": face})
    assert action == {"type": "roll_attack", "value": face}
    return after, events


@pytest.mark.parametrize("tile", ["orange", "black"])
def test_enemy_rooms_hold_two_enemies_with_two_hearts(tile):
    """enemy_rooms: the dungeon table's enemies_per_room, each with the enemy counter's hearts."""
    state, _, events = play(rolled(tile), {"type": "place_tile", "x": 1, "y": 0})
    assert state.phase == "fight" and state.foes == (2, 2)
    assert (DATA.dungeon(1).enemies, DATA.enemy_hearts) == (2, 2)
    assert events[1].startswith("2 enemies with 2 hearts each attack!")


@pytest.mark.parametrize("face", range(1, 7))
def test_attack_die_in_an_ordinary_room(face):
    """attack_die_faces: 1 nothing, 2-4 you hit, 5 you are hit, 6 both."""
    state, _ = attack(fight(), face)
    assert (state.foes, state.hearts) == ORDINARY[face]
    assert DATA.attack_faces[face] == {1: "none", 5: "enemy_hits", 6: "both_hit"}.get(
        face, "player_hits"
    )


@pytest.mark.parametrize("face", range(1, 7))
def test_attack_die_in_the_boss_room(face):
    """attack_die_faces: in the boss room a 1 is the boss's hit."""
    state, _ = attack(fight("red"), face)
    assert (state.foes, state.hearts) == ((BOSS[face][0],), BOSS[face][1])


def test_the_table_log_sentence():
    """attack_die_faces: events are plain sentences."""
    _, events = attack(fight(foes=(2, 2)), 4)
    assert events == ["You rolled 4 on the attack die: you hit the first enemy (1 heart left)."]
    _, events = attack(fight(), 1)
    assert events == ["You rolled 1 on the attack die: nobody lands a hit."]
    _, events = attack(fight(), 6)
    assert events == [
        "You rolled 6 on the attack die: you hit the first enemy (1 heart left) "
        "and an enemy hits you (4 of 5 hearts left)."
    ]


def test_hits_go_to_the_first_enemy_still_standing():
    """hit_order: the second enemy loses hearts only once the first is down."""
    state, events = attack(fight(foes=(1, 2)), 2)
    assert state.foes == (0, 2)
    assert events == ["You rolled 2 on the attack die: you hit the first enemy and defeat it."]
    state, events = attack(state, 3)
    assert state.foes == (0, 1)
    assert events == ["You rolled 3 on the attack die: you hit the second enemy (1 heart left)."]


def test_two_enemies_strike_once_per_roll():
    """one_enemy_hit: a 5 with two enemies standing costs one heart."""
    state, _ = attack(fight(foes=(2, 2)), 5)
    assert state.hearts == 4


def test_beating_the_last_enemy_flips_the_room_green():
    """cleared_rooms: the tile turns to its green side, counts, and can be walked through."""
    state, events = attack(fight("black", foes=(0, 1)), 2)
    assert state.phase == "explore" and state.foes == ()
    assert state.rooms[(1, 0)] == ("black", "green", "")
    assert state.greens == 1 and (1, 0) in state.paths
    assert (
        events[1]
        == "Every enemy is down: the room flips to green (1 green room on the board; 10 open the boss room)."
    )
    assert {"type": "roll_tile"} in RULES.legal_actions(state)


@pytest.mark.parametrize("face", [2, 3, 4, 6])
def test_orange_pawn_leaves_hits_unchanged(face):
    """power_orange: faces other than 1 work as usual."""
    assert attack(fight(pawn="orange"), face)[0].foes == ORDINARY[face][0]


def test_orange_pawn_turns_a_one_into_your_hit():
    """power_orange: a 1 is your hit in an ordinary room."""
    state, events = attack(fight(pawn="orange"), 1)
    assert (state.foes, state.hearts) == ((1, 2), 5)
    assert events == [
        "You rolled 1 on the attack die: the orange pawn makes it your hit "
        "and you hit the first enemy (1 heart left)."
    ]


def test_orange_pawn_turns_the_boss_one_into_your_hit():
    """power_orange: in the boss room the 1 is yours instead of the boss's."""
    state, _ = attack(fight("red", pawn="orange"), 1)
    assert (state.foes, state.hearts) == ((4,), 5)


def test_blue_pawn_doubles_both_ways_against_enemies():
    """power_blue: 2 damage dealt and taken against ordinary enemies, on a 6 both halves."""
    state, events = attack(fight(pawn="blue"), 6)
    assert (state.foes, state.hearts) == ((0, 2), 3)
    assert events == [
        "You rolled 6 on the attack die: you hit the first enemy for 2 and defeat it "
        "and an enemy hits you for 2 (3 of 5 hearts left)."
    ]


def test_blue_pawn_does_nothing_against_the_boss():
    """power_blue: the boss fight stays at 1 heart per blow."""
    state, _ = attack(fight("red", pawn="blue"), 6)
    assert (state.foes, state.hearts) == ((4,), 4)


def test_red_pawn_doubles_hits_on_the_boss_only():
    """power_red: 2 hearts off the boss, 1 off other enemies."""
    assert attack(fight("red", pawn="red"), 3)[0].foes == (3,)
    assert attack(fight(pawn="red"), 3)[0].foes == (1, 2)


def test_green_pawn_sweeps_the_room_on_a_defeat():
    """power_green: the hit that defeats one enemy defeats every enemy in the room."""
    state, events = attack(fight(pawn="green", foes=(1, 2)), 4)
    assert state.phase == "explore" and state.rooms[(1, 0)].face == "green"
    assert events[0] == (
        "You rolled 4 on the attack die: you defeat the first enemy, "
        "and the green pawn's sweep fells every other enemy."
    )


def test_green_pawn_needs_a_defeat():
    """power_green: a hit that leaves the enemy standing sweeps nothing."""
    assert attack(fight(pawn="green", foes=(2, 2)), 4)[0].foes == (1, 2)


def test_green_pawn_changes_nothing_against_the_boss():
    """power_green: the boss fights alone."""
    state, _ = attack(fight("red", pawn="green", foes=(1,)), 4)
    assert state.phase == "cleared"


def test_a_six_that_ends_both_sides_is_your_fall():
    """both_fall: your fall counts; the room is not won."""
    state, events = attack(fight("orange", hearts=1, foes=(0, 1)), 6)
    assert state.phase == "fallen" and state.hearts == 0
    assert state.rooms[(1, 0)].face == "orange" and state.greens == 0
    assert (
        events[-1] == "You have no hearts left and fall: the run is over. Restart from dungeon 1."
    )


def test_leaving_an_orange_room():
    """leaving_fights: back to where you came from; the enemies heal and the room stays orange."""
    state, action, events = play(fight(foes=(1, 0)), {"type": "leave_room"})
    assert action == {"type": "leave_room"}
    assert state.at == (0, 0) and state.phase == "explore" and state.foes == ()
    assert state.rooms[(1, 0)].face == "orange"
    assert events == [
        "You left the orange room and went back to an empty white room; its enemies heal to full."
    ]
    assert refused(state, {"type": "move", "x": 1, "y": 0}).startswith(
        "You cannot walk into an orange room"
    )


def test_stepping_back_into_the_pool_heals():
    """healing_pool: leaving a fight into a blue room is entering it."""
    rooms = [
        (0, 0, "white", "white", ""),
        (0, 1, "blue", "blue", ""),
        (1, 1, "orange", "orange", ""),
    ]
    state = make(rooms, phase="fight", at=(1, 1), came_from=(0, 1), hearts=2, foes=(2, 2))
    after, _, _ = play(state, {"type": "leave_room"})
    assert (after.at, after.hearts, after.pool) == ((0, 1), 5, 22)


@pytest.mark.parametrize(
    ("foes", "reason"),
    [
        ((2, 2), "You are locked in: defeat both enemies first."),
        ((0, 1), "You are locked in: defeat the last enemy first."),
    ],
)
def test_black_rooms_lock_you_in(foes, reason):
    """leaving_fights: a black room holds you until every enemy falls."""
    state = fight("black", foes=foes)
    assert RULES.legal_actions(state) == [{"type": "roll_attack"}]
    assert refused(state, {"type": "leave_room"}) == reason
    assert refused(state, {"type": "move", "x": 0, "y": 0}) == reason
    assert refused(state, {"type": "roll_tile"}) == reason


def test_black_pawn_opens_black_rooms():
    """power_black: leave a black room mid-fight like an orange one."""
    state = fight("black", pawn="black")
    assert {"type": "leave_room"} in RULES.legal_actions(state)
    assert play(state, {"type": "leave_room"})[0].at == (0, 0)


@pytest.mark.parametrize("pawn", ["white", "black"])
def test_the_boss_room_always_locks(pawn):
    """power_black, leaving_fights: the boss room holds you, black pawn or not."""
    state = fight("red", pawn=pawn)
    extra = ", even with the black pawn" if pawn == "black" else ""
    assert (
        refused(state, {"type": "leave_room"})
        == f"The boss room locks you in{extra}: beat the boss to get out."
    )
    assert RULES.legal_actions(state) == [{"type": "roll_attack"}]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "roll_attack", "value": 0}, "The attack die shows 1 to 6; 0 is not a face."),
        ({"type": "roll_attack", "value": 7}, "The attack die shows 1 to 6; 7 is not a face."),
        ({"type": "roll_tile"}, "You are in a fight: roll the attack die, or leave the room."),
        ({"type": "roll_loot"}, "You are in a fight: roll the attack die, or leave the room."),
        ({"type": "leave_room", "to": "north"}, "leave_room does not take to."),
    ],
)
def test_refused_in_a_fight(action, reason):
    """attack_die_faces: only the attack die (or leaving an orange room) while enemies stand."""
    assert refused(fight(), action) == reason


def test_roll_attack_is_refused_outside_a_fight():
    """turn_flow: no fight, no attack roll."""
    assert (
        refused(make(), {"type": "roll_attack"})
        == "Nothing waits here: roll the tile die, or move to another room."
    )


@pytest.mark.parametrize("dungeon", range(1, 6))
def test_boss_hearts_come_from_the_dungeon_table(dungeon):
    """boss_fight: 5 hearts, then 3 more in each later dungeon."""
    rooms = start_room() + [(0, 1 + i, "orange", "green", "") for i in range(30)]
    state = rolled("red", rooms, dungeon=dungeon)
    after, _, events = play(state, {"type": "place_tile", "x": 1, "y": 0})
    assert after.foes == (DATA.dungeon(dungeon).boss_hearts,) == (2 + 3 * dungeon,)
    assert events[1] == f"The boss waits with {2 + 3 * dungeon} hearts. The door locks behind you."


def test_beating_the_boss_completes_the_dungeon():
    """boss_fight: the dungeon is done; the only way on is the next dungeon."""
    state, events = attack(fight("red", foes=(1,)), 2)
    assert state.phase == "cleared"
    assert events[-1] == "The boss falls: dungeon 1 is complete. Go on to dungeon 2."
    assert RULES.legal_actions(state) == [{"type": "next_dungeon"}]
    assert refused(state, {"type": "roll_tile"}) == "The boss is beaten: go on to the next dungeon."
