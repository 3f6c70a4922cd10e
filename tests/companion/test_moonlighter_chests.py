"""Moonlighter: the healing pool, chests, the loot die and pawn swaps (clarification ids in docstrings)."""

from __future__ import annotations

import pytest

from .moonlighter_situations import DATA, RULES, exploring, make, play, refused, rolled, start_room

LOOT = {
    1: "red",
    2: "orange",
    3: "yellow",
    4: "green",
    5: "blue",
    6: "purple",
    7: "pink",
    8: "black",
}


def pool_room(**fields):
    """You stand next to this dungeon's blue room, about to step in."""
    return rolled("blue", **fields)


@pytest.mark.parametrize(
    ("hearts", "pool", "after", "left", "said"),
    [
        (2, 25, 5, 22, "The pool gives you 3 hearts back (5 of 5); 22 left in the pool."),
        (1, 2, 3, 0, "The pool gives you 2 hearts back (3 of 5); 0 left in the pool."),
        (1, 0, 1, 0, "The healing pool is dry: no hearts come back."),
        (5, 25, 5, 25, "You are at full hearts: the pool keeps its 25."),
    ],
)
def test_the_pool_heals_as_far_as_it_lasts(hearts, pool, after, left, said):
    """healing_pool: refill to the maximum, paid from the pool; partial when short; nothing at 0."""
    state, _, events = play(
        pool_room(hearts=hearts, pool=pool), {"type": "place_tile", "x": 1, "y": 0}
    )
    assert (state.hearts, state.pool, state.phase) == (after, left, "explore")
    assert events[1] == said


def test_the_pool_heals_again_on_every_visit():
    """healing_pool: walk away, get hurt, walk back: it heals again."""
    rooms = [*start_room(), (1, 0, "blue", "blue", "")]
    state = exploring(rooms, at=(1, 0), hearts=3, pool=20)
    state, _, _ = play(state, {"type": "move", "x": 0, "y": 0})
    state, _, _ = play(state, {"type": "move", "x": 1, "y": 0})
    assert (state.hearts, state.pool) == (5, 18)


def test_the_pool_heals_up_to_the_pink_maximum():
    """healing_pool, power_pink: the maximum includes the pink pawn's bonus."""
    state, _, _ = play(pool_room(hearts=3, pawn="pink"), {"type": "place_tile", "x": 1, "y": 0})
    assert state.hearts == 7


def chest_room(pawn: str = "white", chests: list | None = None, hearts: int = 5):
    """You just stepped into a new chest room at (1, 0); other chests hold `chests`."""
    rooms = [*start_room(), (1, 0, "yellow", "yellow", "")]
    rooms += [(0, 1 + i, "yellow", "yellow", c) for i, c in enumerate(chests or [])]
    return make(rooms, phase="loot", at=(1, 0), came_from=(0, 0), pawn=pawn, hearts=hearts)


def test_entering_a_new_chest_room_asks_for_the_loot_die():
    """loot_die: the loot die is rolled at once, before anything else."""
    state, _, events = play(rolled("yellow"), {"type": "place_tile", "x": 1, "y": 0})
    assert state.phase == "loot"
    assert events[1] == "A chest! Roll the loot die to see which pawn it holds."
    assert RULES.legal_actions(state) == [{"type": "roll_loot"}]
    assert (
        refused(state, {"type": "move", "x": 0, "y": 0})
        == "First open the chest: roll the loot die."
    )


@pytest.mark.parametrize("face", range(1, 9))
def test_loot_die_faces(face):
    """loot_die: each face offers the pawn whose loot_face it is (pawns.csv)."""
    state, action, events = play(chest_room(), {"type": "roll_loot", "value": face})
    assert action == {"type": "roll_loot", "value": face}
    assert state.rooms[(1, 0)].chest == LOOT[face] == DATA.loot[face]
    assert DATA.pawns[LOOT[face]].loot_face == face
    assert state.phase == "choose"
    assert RULES.legal_actions(state) == [{"type": "take_pawn"}, {"type": "keep_pawn"}]
    assert events[0].startswith(
        f"You rolled {face} on the loot die: the chest holds the {LOOT[face]} pawn"
    )


def test_loot_roll_of_your_own_pawn_is_rolled_again():
    """loot_die: the pawn you play as is in play: roll again."""
    state, _, events = play(chest_room(pawn="green"), {"type": "roll_loot", "value": 4})
    assert state.phase == "loot" and state.rooms[(1, 0)].chest == ""
    assert events == [
        "You rolled 4 on the loot die: the green pawn, but you are playing it. Roll again."
    ]


def test_loot_roll_of_a_pawn_in_another_chest_is_rolled_again():
    """loot_die: a pawn waiting in another chest is in play too (the white pawn is never offered)."""
    state, _, events = play(chest_room(chests=["red", "white"]), {"type": "roll_loot", "value": 1})
    assert state.phase == "loot"
    assert events == [
        "You rolled 1 on the loot die: the red pawn, but it waits in another chest. Roll again."
    ]
    assert play(state, {"type": "roll_loot", "value": 2})[0].rooms[(1, 0)].chest == "orange"


def test_loot_value_must_be_a_face():
    """loot_die: the d8 shows 1 to 8."""
    assert (
        refused(chest_room(), {"type": "roll_loot", "value": 9})
        == "The loot die shows 1 to 8; 9 is not a face."
    )


def choosing(offered: str, pawn: str = "white", hearts: int = 5):
    state, _, _ = play(
        chest_room(pawn=pawn, hearts=hearts), {"type": "roll_loot", "value": _face(offered)}
    )
    return state


def _face(colour: str) -> int:
    return next(face for face, c in LOOT.items() if c == colour)


def test_taking_the_pawn_leaves_yours_in_the_chest():
    """chest_swap: take it, and your old pawn waits in this chest."""
    state, action, events = play(choosing("green"), {"type": "take_pawn"})
    assert action == {"type": "take_pawn"}
    assert (state.pawn, state.rooms[(1, 0)].chest, state.phase) == ("green", "white", "explore")
    assert events == ["You take the green pawn and leave the white pawn in the chest."]


def test_keeping_yours_leaves_the_new_pawn_in_the_chest():
    """chest_swap: keep yours, and the rolled pawn waits for a later visit."""
    state, _, events = play(choosing("red"), {"type": "keep_pawn"})
    assert (state.pawn, state.rooms[(1, 0)].chest) == ("white", "red")
    assert events == ["You keep the white pawn; the red pawn waits in this chest."]
    assert {"type": "swap_pawn"} in RULES.legal_actions(state)


def test_coming_back_to_swap():
    """chest_swap: on a later visit, swap your pawn for the chest's; no new loot roll."""
    state, _, _ = play(choosing("orange"), {"type": "take_pawn"})
    state, _, _ = play(state, {"type": "move", "x": 0, "y": 0})
    state, _, events = play(state, {"type": "move", "x": 1, "y": 0})
    assert state.phase == "explore"
    assert events[1] == "The chest here holds the white pawn: you may swap yours for it."
    state, _, _ = play(state, {"type": "swap_pawn"})
    assert (state.pawn, state.rooms[(1, 0)].chest) == ("white", "orange")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "roll_tile"}, "First decide: take the green pawn or keep yours."),
        ({"type": "swap_pawn"}, "First decide: take the green pawn or keep yours."),
        ({"type": "roll_loot"}, "First decide: take the green pawn or keep yours."),
    ],
)
def test_refused_while_choosing(action, reason):
    """chest_swap: the choice comes first."""
    assert refused(choosing("green"), action) == reason


def test_taking_pink_adds_two_hearts_and_two_maximum():
    """power_pink: 3 of 5 becomes 5 of 7."""
    state, _, events = play(choosing("pink", hearts=3), {"type": "take_pawn"})
    assert state.hearts == 5
    assert events == [
        "You take the pink pawn and leave the white pawn in the chest. "
        "The pink pawn adds 2 hearts and the same in maximum (5 of 7)."
    ]


def test_dropping_pink_takes_both_back():
    """power_pink: 5 of 7 goes back to 3 of 5."""
    state, _, events = play(choosing("green", pawn="pink", hearts=5), {"type": "take_pawn"})
    assert (state.pawn, state.hearts) == ("green", 3)
    assert events[0].endswith(
        "Without the pink pawn you lose 2 hearts and the same in maximum (3 of 5)."
    )


@pytest.mark.parametrize(("hearts", "after"), [(2, 1), (1, 1), (3, 1), (4, 2)])
def test_dropping_pink_never_leaves_you_below_one_heart(hearts, after):
    """power_pink: the loss stops at 1 heart."""
    state, _, _ = play(choosing("green", pawn="pink", hearts=hearts), {"type": "take_pawn"})
    assert state.hearts == after
