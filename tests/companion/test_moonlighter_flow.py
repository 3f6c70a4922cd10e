"""Moonlighter: dungeons, falls, the match log (undo, replay, saves) and the card data behind it all."""

from __future__ import annotations

import copy
import csv
import json
import random
import shutil
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from companion.engine import IllegalAction, Match
from companion.games.moonlighter import MoonlighterRules, data_from_game
from companion.games.moonlighter.data import data_folder

from .moonlighter_situations import DATA, RULES, fight, make, play, refused, start_room

HERE = Path(__file__).parent


def beat_boss(dungeon: int, pawn: str = "white", hearts: int = 5):
    state, _, _ = play(
        fight("red", pawn=pawn, foes=(1,), dungeon=dungeon, hearts=hearts),
        {"type": "roll_attack", "value": 3},
    )
    return state


def test_the_next_dungeon_uses_the_next_row():
    """next_dungeon: max hearts +1, pool refilled to its new total, one white tile, pawn kept."""
    cleared = make(
        [*start_room(), (1, 0, "red", "red", ""), (0, 1, "yellow", "yellow", "red")],
        phase="cleared",
        pawn="green",
        hearts=2,
        pool=3,
    )
    state, action, events = play(cleared, {"type": "next_dungeon"})
    assert action == {"type": "next_dungeon"}
    assert (state.dungeon, state.hearts, state.pool, state.pawn) == (2, 6, 35, "green")
    assert list(state.rooms) == [(0, 0)] and state.phase == "explore"
    assert events == [
        "Dungeon 2 begins on a single white room, as the green pawn: 6 hearts, a pool of 35, "
        "a boss with 8 hearts, and 15 green rooms to open the boss room."
    ]


def test_the_pink_bonus_carries_over():
    """next_dungeon, power_pink: 6 + 2 hearts in dungeon 2."""
    state, _, _ = play(make(phase="cleared", pawn="pink", hearts=7), {"type": "next_dungeon"})
    assert state.hearts == 8


@pytest.mark.parametrize("dungeon", range(1, 5))
def test_each_dungeon_grows_as_the_table_says(dungeon):
    """next_dungeon: every row of the dungeon table in turn."""
    state, _, _ = play(beat_boss(dungeon), {"type": "next_dungeon"})
    row = DATA.dungeon(dungeon + 1)
    assert (state.dungeon, state.hearts, state.pool) == (dungeon + 1, row.max_hearts, row.pool)
    assert (row.max_hearts, row.pool) == (5 + dungeon, 25 + 10 * dungeon)


def test_the_last_boss_wins_the_game():
    """winning: beating the boss of dungeon 5 ends the game."""
    state = beat_boss(5)
    assert state.phase == "won" and RULES.is_over(state)
    assert RULES.legal_actions(state) == []
    for action in ({"type": "next_dungeon"}, {"type": "restart"}, {"type": "roll_tile"}):
        assert (
            refused(state, action)
            == "The game is won: every boss has fallen. Start a new game to play again."
        )


def test_no_game_is_over_before_the_last_boss():
    """winning: a cleared dungeon 4 is not the end."""
    assert not RULES.is_over(beat_boss(4))


def fall(tile: str, dungeon: int = 3, forgiving: bool = False):
    state = fight(tile, pawn="green", hearts=1, dungeon=dungeon, forgiving=forgiving)
    after, _, events = play(state, {"type": "roll_attack", "value": 5})
    assert after.phase == "fallen" and after.hearts == 0
    assert RULES.legal_actions(after) == [{"type": "restart"}]
    return after, events


def test_a_fall_in_an_ordinary_room_restarts_the_whole_game():
    """fall_in_room: back to dungeon 1 with the white pawn."""
    state, events = fall("black", dungeon=3)
    assert (
        events[-1] == "You have no hearts left and fall: the run is over. Restart from dungeon 1."
    )
    assert refused(state, {"type": "roll_tile"}) == "You have fallen: restart to play on."
    state, action, events = play(state, {"type": "restart"})
    assert action == {"type": "restart"}
    assert RULES.to_json(state) == RULES.to_json(RULES.new_state({}))
    assert events == [
        "A new run begins in dungeon 1. You stand on a single white room as the white pawn."
    ]


def test_a_fall_to_the_boss_restarts_the_dungeon():
    """fall_to_boss: same dungeon, fresh tiles, full hearts and pool, the white pawn."""
    state, events = fall("red", dungeon=3)
    assert events[-1] == (
        "You have no hearts left and fall. Restart dungeon 3: fresh tiles, full hearts, a full pool "
        "and the white pawn."
    )
    state, _, _ = play(state, {"type": "restart"})
    assert (state.dungeon, state.hearts, state.pool, state.pawn, len(state.rooms)) == (
        3,
        7,
        45,
        "white",
        1,
    )


def test_forgiving_play_restarts_only_the_dungeon():
    """forgiving_play: a fall in an ordinary room restarts the current dungeon."""
    state, _ = fall("orange", dungeon=3, forgiving=True)
    state, _, events = play(state, {"type": "restart"})
    assert (state.dungeon, state.pawn, state.forgiving) == (3, "white", True)
    assert events == ["Dungeon 3 starts again. You stand on a single white room as the white pawn."]


def test_the_forgiving_option():
    """forgiving_play: an option of new_state, off by default, kept in saves."""
    assert not RULES.new_state({}).forgiving
    state = RULES.new_state({"forgiving": True, "seed": 4})
    assert RULES.to_json(state)["forgiving"] is True


# --- manual dice, rolled dice ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "kind", "faces"),
    [(make(), "roll_tile", range(10)), (fight(), "roll_attack", range(1, 7))],
)
def test_rolled_values_are_written_into_the_log(state, kind, faces):
    """turn_flow: without a value the engine rolls, and the resolved action carries the face."""
    seen = set()
    for seed in range(60):
        step = RULES.apply(state, {"type": kind}, random.Random(seed))
        assert step.action["type"] == kind and step.action["value"] in faces
        again = RULES.apply(state, step.action, random.Random(999))
        assert RULES.to_json(again.state) == RULES.to_json(step.state)
        assert again.events == step.events
        seen.add(step.action["value"])
    assert seen == set(faces)


def test_a_typed_value_is_used_as_it_is():
    """turn_flow: a physical die's value is taken, the random source is not touched."""
    state, action, _ = play(make(), {"type": "roll_tile", "value": 6})
    assert action == {"type": "roll_tile", "value": 6} and state.rolled == "black"


def test_a_value_of_none_means_roll_for_me():
    """turn_flow: {'value': None} is the same as no value."""
    step = RULES.apply(make(), {"type": "roll_tile", "value": None}, random.Random(1))
    assert isinstance(step.action["value"], int)


# --- the match: undo, replay, saves ------------------------------------------------------------


def played_match(seed: int = 7, actions: int = 120) -> Match:
    match = Match.start(RULES, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = match.legal_actions()
        if not legal:
            break
        match.play(rng.choice(legal))
    return match


def test_undo_takes_back_the_last_action_and_cannot_reroll():
    """turn_flow: undo rebuilds the state before the roll; rolling again gives the same face."""
    match = played_match(actions=30)
    before = RULES.to_json(match.state)
    step = match.play(match.legal_actions()[0])
    undone = match.undo()
    assert undone == step.action
    assert RULES.to_json(match.state) == before
    assert match.play(match.legal_actions()[0]).action == step.action


def test_undo_at_the_start_does_nothing():
    """turn_flow: nothing to take back in a new game."""
    match = Match.start(RULES, seed=3)
    assert match.undo() is None
    assert RULES.to_json(match.state) == RULES.to_json(RULES.new_state({}))


def test_undo_a_placement_then_place_elsewhere():
    """turn_flow: undo is not only for dice; the tile can go on another side instead."""
    match = Match.start(RULES, seed=3)
    match.play({"type": "roll_tile", "value": 1})
    match.play({"type": "place_tile", "x": 1, "y": 0})
    match.undo()
    assert match.state.phase == "place" and (1, 0) not in match.state.rooms
    match.play({"type": "place_tile", "x": -1, "y": 0})
    assert match.log[-1] == {"type": "place_tile", "x": -1, "y": 0}


def test_replay_rebuilds_the_identical_state():
    """turn_flow: the log alone (resolved dice included) rebuilds the game."""
    match = played_match(seed=11, actions=300)
    again = Match.replay(RULES, match.options, match.seed, match.log)
    assert RULES.to_json(again.state) == RULES.to_json(match.state)
    assert again.events == match.events


def test_replay_of_a_tampered_log_is_refused_with_the_entry():
    """turn_flow: a log entry the rules refuse names its place and reason."""
    log = [{"type": "roll_tile", "value": 4}, {"type": "move", "x": 5, "y": 5}]
    with pytest.raises(IllegalAction) as exc:
        Match.replay(RULES, {}, 1, log)
    assert (
        exc.value.reason
        == "entry 2 of the log: First place the orange tile you rolled on a free side of your room."
    )


def test_save_and_load_round_trip():
    """turn_flow: to_json is plain JSON, and from_json gives back an equal state."""
    match = played_match(seed=5, actions=250)
    saved = json.loads(json.dumps(RULES.to_json(match.state)))
    loaded = RULES.from_json(saved)
    assert loaded == match.state
    assert RULES.to_json(loaded) == saved
    assert json.loads(match.dumps())["game"] == "moonlighter"


def test_loading_a_damaged_save_names_the_problem():
    """turn_flow: a broken save fails with a readable message, not a traceback from deep inside."""
    data = RULES.to_json(RULES.new_state({}))
    del data["hearts"]
    with pytest.raises(ValueError, match="saved Moonlighter game has no 'hearts'"):
        RULES.from_json(data)
    with pytest.raises(ValueError, match="damaged"):
        RULES.from_json({**RULES.to_json(RULES.new_state({})), "phase": "dancing"})


def test_deepcopy_works_too():
    """turn_flow: the core's fallback copy (copy.deepcopy) gives an equal, separate state."""
    state = fight("black", pawn="pink")
    copied = copy.deepcopy(state)
    assert copied == state and copied.rooms is not state.rooms


def test_clone_is_independent():
    """turn_flow: a clone may be changed without touching the original."""
    state = fight()
    copy = RULES.clone(state)
    copy.rooms[(5, 5)] = copy.rooms[(0, 0)]
    copy.placed["white"] += 1
    assert (5, 5) not in state.rooms and state.placed["white"] == 1


# --- the card data -----------------------------------------------------------------------------


def test_constants_come_from_the_card_data():
    """enemy_rooms, boss_fight, tile_supply: the dungeon table, the box and the pawns are data."""
    assert [
        (d.max_hearts, d.pool, d.boss_hearts, d.greens_for_boss, d.enemies) for d in DATA.dungeons
    ] == [
        (5, 25, 5, 10, 2),
        (6, 35, 8, 15, 2),
        (7, 45, 11, 20, 2),
        (8, 55, 14, 25, 2),
        (9, 65, 17, 30, 2),
    ]
    assert dict(DATA.supply) == {
        "white": 50,
        "orange": 50,
        "yellow": 25,
        "blue": 5,
        "red": 5,
        "black": 35,
    }
    assert DATA.start_pawn == "white" and len(DATA.pawns) == 9


def test_an_edited_table_changes_the_game(tmp_path):
    """boss_fight, enemy_rooms: edit the sheets, not the code."""
    folder = shutil.copytree(data_folder(), tmp_path / "moonlighter")
    table = (
        (folder / "dungeons.csv")
        .read_text()
        .replace("dungeon_1,1,5,25,5,10,2", "dungeon_1,1,4,9,12,3,3")
    )
    (folder / "dungeons.csv").write_text(table)
    rules = MoonlighterRules(data_from_game(load_game_or_raise(folder)))
    state = rules.new_state({})
    assert (state.hearts, state.pool) == (4, 9)
    state = rules.apply(state, {"type": "roll_tile", "value": 6}, random.Random(0)).state
    state = rules.apply(state, {"type": "place_tile", "x": 1, "y": 0}, random.Random(0)).state
    assert state.foes == (2, 2, 2)


def test_every_clarification_is_enforced_by_a_named_test():
    """Each ruling in clarifications.csv is named by at least one engine test."""
    with open(data_folder() / "clarifications.csv", encoding="utf-8") as f:
        ids = [row["id"] for row in csv.DictReader(f)]
    tests = "".join(p.read_text() for p in HERE.glob("test_moonlighter*.py"))
    assert [i for i in ids if f"{i}:" not in tests and f"{i}," not in tests] == []
