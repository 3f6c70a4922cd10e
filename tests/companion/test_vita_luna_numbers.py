"""Vita Luna's numbers live in card_data/vita_luna/rule_numbers.csv (issue 26): in a copy of the
data with a hand of 5 black cards (not 4) and 3 quiet turns (not 2), the copy validates, the
rulebook and the reference sheet print the new numbers, the engine deals, auctions and ends
battles by them and the companion's words say them; a number out of its range is refused in
one line."""

from __future__ import annotations

import random

from cardgen.data.database import load_game_or_raise
from companion.engine.examples import problems
from companion.games.vita_luna import VitaLunaRules
from companion.games.vita_luna.actions import lot_colour
from companion.games.vita_luna.data import data_from_game
from companion.games.vita_luna.examples import worked_examples
from companion.games.vita_luna.hands import held_count
from companion.games.vita_luna.scenarios import battle
from companion.games.vita_luna.state import DEAL_REST

from .rule_number_copies import book_texts, expect_refusal, tuned_fixtures, validate, with_numbers
from .test_vita_luna_situations import RULES, play

GAME = "vita_luna"


# A copy whose hand holds 5 black cards and whose battles end after 3 quiet turns.
tuned, tuned_rules = tuned_fixtures(
    GAME, lambda game: VitaLunaRules(data_from_game(game)), hand_black=5, quiet_turns=3
)


def test_the_shipped_numbers():
    data = RULES.data
    assert dict(data.hand) == {"black": 4, "blue": 2} and data.quiet_turns == 2
    assert data.auction == (("black", 8), ("blue", 4)) and data.auction_lots == 12


def test_the_tuned_copy_validates_and_its_cells_follow(tuned):
    result = validate(tuned.parent, GAME)
    assert result.exit_code == 0, result.output
    game = load_game_or_raise(tuned)
    assert "Once a player holds 5 black cards" in game.by_id("full_quota")["decision"]
    assert "ends with 5 black and 2 blue" in game.by_id("markers_spent")["decision"]
    assert game.by_id("quiet_turns")["decision"].startswith("When 3 turns in a row")


def test_the_basic_game_deals_five_black_cards(tuned_rules):
    for rules, black in ((RULES, 4), (tuned_rules, 5)):
        state = rules.new_state({"mode": "basic"})
        state, _, events = play(state, {"type": "deal"}, rules=rules)
        for p in (0, 1):
            assert held_count(rules.data, state, p, "black") == black
            assert held_count(rules.data, state, p, "blue") == 2
        assert events[0].startswith(f"Each player is dealt {black} black and 2 blue cards")


def test_the_auction_turns_up_ten_black_cards_and_fills_hands_of_five(tuned_rules):
    data = tuned_rules.data
    assert data.auction == (("black", 10), ("blue", 4)) and data.auction_lots == 14
    state = tuned_rules.new_state({"mode": "advanced"})
    state.lots = 9
    assert lot_colour(data, state) == "black"
    state.lots = 10
    assert lot_colour(data, state) == "blue"
    state.phase, state.markers, state.attacker = DEAL_REST, (0, 0), 0  # both bid all they had
    after = tuned_rules.apply(state, {"type": "deal_rest"}, random.Random(0)).state
    for p in (0, 1):
        assert held_count(data, after, p, "black") == 5 and held_count(data, after, p, "blue") == 2
    assert after.lots == 14


def test_a_battle_ends_after_three_quiet_turns_not_two(tuned_rules):
    """The Rocks cannot attack and the Wolf waits in grey: every turn is quiet."""
    state = battle(tuned_rules, (["rock"], [None, "rock"]), (["wolf"], []))
    for quiet in (1, 2):
        step = tuned_rules.apply(state, {"type": "attack", "player": state.active}, None)
        state = step.state
        assert (state.phase, state.quiet) == ("turn", quiet)
    step = tuned_rules.apply(state, {"type": "attack", "player": state.active}, None)
    assert step.state.phase == "reward"
    assert step.events[1].startswith(
        "3 turns in a row went by with no heart, health or armour lost"
    )


def test_the_worked_examples_hold_on_the_tuned_copy(tuned_rules):
    assert problems(worked_examples(tuned_rules.data)) == []


def test_the_rulebook_and_the_reference_print_the_tuned_numbers(tuned, tmp_path):
    texts = book_texts(tuned, tmp_path / "kits")
    rules, reference = texts["rules"], texts["reference"]
    assert "Deal each player 5 black and 2 blue cards face down" in rules
    assert "These 7 cards are your starting army" in rules
    assert "hand: 5 black and 2 blue cards, face down" in rules  # the setup diagram
    assert "Take 10 random black cards" in rules
    assert "When 3 turns in a row" in rules
    assert "Black cards in hand 5 cards" in rules  # the :::numbers table
    assert "Quiet turns 3 turns" in rules
    assert "4 black" not in rules
    assert "deal 5 black + 2 blue cards" in reference
    assert "10 black cards" in reference and "4 black" not in reference


def test_the_board_and_the_markers_follow_their_numbers(tmp_path):
    """The board's positions and the box's heart markers cite the rule numbers."""
    folder = with_numbers(tmp_path, GAME, white_positions=5, hearts=12)
    result = validate(tmp_path, GAME)
    assert result.exit_code == 0, result.output
    game = load_game_or_raise(folder)
    board = game.cards["board"][0]
    assert (board["white_positions"], board["max_cards_per_side"]) == (5, 9)
    assert game.by_id("heart_marker")["quantity"] == 24
    assert game.by_id("heart_marker")["purpose"].startswith("A player's lives in a battle: 12 each")
    assert "at most 5 on white and 4 on grey, 9 in all" in game.by_id("battle_size")["decision"]
    data = data_from_game(game)
    assert (data.white, data.max_cards, data.hearts) == (5, 9, 12)


def test_a_board_cell_that_disagrees_with_its_number_is_refused(tmp_path):
    folder = with_numbers(tmp_path, GAME)
    board = folder / "board.csv"
    board.write_text(
        board.read_text(encoding="utf-8").replace("{white_positions},", "5,", 1), encoding="utf-8"
    )
    expect_refusal(
        tmp_path, GAME, "vita_luna/board.csv:2:C: white_positions: 5 is above the maximum of 4"
    )
