"""Moonlighter's numbers live in card_data/moonlighter/rule_numbers.csv (issue 26): in a copy of
the data with 2 chest rooms (not 3) and a pink pawn worth 3 hearts (not 2), the copy validates,
the rulebook and the reference sheet print the new numbers, the engine plays with them and the
companion's words say them; a number out of its range is refused in one line."""

from __future__ import annotations

from cardgen.data.database import load_game_or_raise
from companion.engine.examples import problems
from companion.games.moonlighter import MoonlighterRules
from companion.games.moonlighter.data import data_from_game
from companion.games.moonlighter.examples import worked_examples
from companion.games.moonlighter.outcomes import max_hearts

from .moonlighter_situations import RULES, green_line, make, play, start_room
from .rule_number_copies import book_texts, expect_refusal, tuned_fixtures, validate, with_numbers

GAME = "moonlighter"


# A copy with a limit of 2 chest rooms and a pink pawn worth 3 hearts.
tuned, tuned_rules = tuned_fixtures(
    GAME, lambda game: MoonlighterRules(data_from_game(game)), chest_limit=2, pink_bonus=3
)


def test_the_shipped_numbers():
    data = RULES.data
    assert (data.chest_limit, data.yellow_chest_limit) == (3, 4)
    assert (data.pink_bonus, data.doubled_blow) == (2, 2)


def test_the_tuned_copy_validates_and_its_cells_follow(tuned):
    result = validate(tuned.parent, GAME)
    assert result.exit_code == 0, result.output
    game = load_game_or_raise(tuned)
    assert game.by_id("pawn_pink")["effect"].startswith("Gain 3 hearts and 3 more maximum hearts.")
    assert game.by_id("pawn_yellow")["effect"] == (
        "Up to 4 chest rooms may be on the board this dungeon instead of 2."
    )
    assert "Once 2 yellow tiles are on the board" in game.by_id("tile_9")["condition"]
    assert "fewer than 2 chest rooms" in game.by_id("tile_die_faces")["decision"]


def test_the_engine_stops_chest_rooms_at_two(tuned_rules):
    rooms = [*start_room(), *[(0, i + 1, "yellow", "yellow", "") for i in range(2)]]
    for rules, colour in ((RULES, "yellow"), (tuned_rules, "white")):
        state = make(rooms, rules, phase="explore", at=(0, 0))
        after, _, events = play(state, {"type": "roll_tile", "value": 9}, rules)
        assert after.rolled == colour
    assert "2 chest rooms are already on the board" in events[0]
    yellow = make(rooms, tuned_rules, phase="explore", at=(0, 0), pawn="yellow")
    assert play(yellow, {"type": "roll_tile", "value": 9}, tuned_rules)[0].rolled == "yellow"


def test_the_pink_pawn_adds_three_hearts(tuned_rules):
    rooms = [*start_room(), (1, 0, "yellow", "yellow", "")]
    state = make(rooms, tuned_rules, phase="loot", at=(1, 0), came_from=(0, 0), hearts=3)
    pink = next(p.loot_face for p in tuned_rules.data.pawns.values() if p.colour == "pink")
    state, _, _ = play(state, {"type": "roll_loot", "value": pink}, tuned_rules)
    state, _, events = play(state, {"type": "take_pawn"}, tuned_rules)
    assert (state.hearts, max_hearts(tuned_rules.data, state)) == (6, 8)
    assert events[0].endswith("The pink pawn adds 3 hearts and the same in maximum (6 of 8).")


def test_the_worked_examples_hold_on_the_tuned_copy(tuned_rules):
    assert problems(worked_examples(tuned_rules.data)) == []


def test_the_companions_words_say_the_tuned_numbers(tuned_rules):
    from companion.screens.moonlighter.taps import powers

    assert powers(RULES.data)["pink"] == "+2 max hearts"
    assert powers(tuned_rules.data)["pink"] == "+3 max hearts"
    assert powers(tuned_rules.data)["yellow"] == "4 chest rooms allowed"


def test_the_rulebook_and_the_reference_print_the_tuned_numbers(tuned, tmp_path):
    texts = book_texts(tuned, tmp_path / "kits")
    rules, reference = texts["rules"], texts["reference"]
    assert "Gain 3 hearts and 3 more maximum hearts" in rules
    assert "Taking it adds 3 hearts and 3 maximum hearts" in rules
    assert "fewer than 2 chest rooms are on the board" in rules
    assert "instead of 2" in rules and "instead of 3" not in rules
    assert "Pink pawn's hearts 3 hearts" in rules  # the :::numbers table
    assert "Chest rooms 2 rooms" in rules
    assert "Gain 3 hearts" in reference and "instead of 2" in reference


def test_the_tile_dies_exceptions_are_read_from_its_sheet(tmp_path):
    """dice.csv says which face opens the boss room and which the purple pawn bends."""
    assert (RULES.data.boss_face, dict(RULES.data.purple_rooms)) == (0, {3: "yellow"})
    assert dict(RULES.data.after_pool) == {7: "black", 8: "white"}
    folder = with_numbers(tmp_path, GAME)
    dice = folder / "dice.csv"
    text = dice.read_text(encoding="utf-8")
    text = text.replace("Add an empty white room.,yes,,", "Add an empty white room.,,,")
    text = text.replace("tile_1,tile,1,white,,Add an empty white room.,,,",
                        "tile_1,tile,1,white,,Add an empty white room.,yes,,")  # fmt: skip
    dice.write_text(text, encoding="utf-8")
    result = validate(tmp_path, GAME)  # the boss fight example now rolls a 1
    assert result.exit_code == 0, result.output
    rules = MoonlighterRules(data_from_game(load_game_or_raise(folder)))
    greens = rules.data.dungeon(1).greens_for_boss
    state = make([*start_room(), *green_line(greens)], rules, phase="explore", at=(0, 0))
    assert [play(state, {"type": "roll_tile", "value": v}, rules)[0].rolled for v in (0, 1)] == [
        "white",
        "red",
    ]


def test_the_chest_limits_keep_their_order(tmp_path):
    """The limit without the yellow pawn may not pass the limit with it."""
    with_numbers(tmp_path, GAME, chest_limit=5)
    expect_refusal(
        tmp_path, GAME, "moonlighter/rule_numbers.csv:2:D: value: 5 is above its max of 4"
    )
