"""Every game's rule numbers are checked the same way (issue 26): a copy of its data with a number
out of its range is refused in one line naming the cell, and an engine whose number is missing
from the data names it (one case per game)."""

from __future__ import annotations

import importlib

import pytest

from .rule_number_copies import missing_number_message, refused_line

OUT_OF_RANGE = {
    "luturas": ({"hand": 40}, "luturas/rule_numbers.csv:2:D: value: 40 is above its max of 10"),
    "moonlighter": (
        {"pink_bonus": 9},
        "moonlighter/rule_numbers.csv:4:D: value: 9 is above its max of 5",
    ),
    "riposte": (
        {"damage_to_win": 40},
        "riposte/rule_numbers.csv:2:D: value: 40 is above its max of 15",
    ),
    "va_card_game": (
        {"max_gear": 9},
        "va_card_game/rule_numbers.csv:4:D: value: 9 is above its max of 6",
    ),
    "vita_luna": (
        {"quiet_turns": 0},
        "vita_luna/rule_numbers.csv:4:D: value: 0 is below its min of 1",
    ),
}


@pytest.mark.parametrize("game", sorted(OUT_OF_RANGE))
def test_a_number_out_of_range_is_refused_in_one_line(game, tmp_path):
    values, ending = OUT_OF_RANGE[game]
    line = refused_line(tmp_path, game, **values)
    assert line.endswith(ending), line


# game: (the module with its data_from_game, the number taken out, what the message says, and
# whether that is its end (luturas's list of declared numbers is cut short, so only a part)).
MISSING = {
    "luturas": (
        "companion.games.luturas",
        "lutura_spaces",
        "luturas's rules need the rule number 'lutura_spaces', which is not declared",
        False,
    ),
    "moonlighter": (
        "companion.games.moonlighter.data",
        "doubled_blow",
        "moonlighter's rules need the rule number 'doubled_blow', which is not declared",
        False,
    ),
    "riposte": (
        "companion.games.riposte",
        "no_play_damage",
        "riposte's rules need the rule number 'no_play_damage', which is not declared "
        "(declared: damage_to_win, hand, start_cards, draft_row, characters_dealt, "
        "strike_damage, perfect_block_damage)",
        True,
    ),
    "va_card_game": (
        "companion.games.va_card_game",
        "max_gear",
        "va_card_game's rules need the rule number 'max_gear', which is not declared "
        "(declared: life, opening, hero_deck, equipment_deck, gear_copies)",
        True,
    ),
    "vita_luna": (
        "companion.games.vita_luna.data",
        "quiet_turns",
        "vita_luna's rules need the rule number 'quiet_turns', which is not declared "
        "(declared: hand_black, hand_blue, hearts, white_positions, grey_positions, steps_basic, "
        "steps_extended, bid_markers)",
        True,
    ),
}


@pytest.mark.parametrize("game", sorted(MISSING))
def test_an_engine_number_missing_from_the_data_is_named(game):
    module, number, said, at_end = MISSING[game]
    read = importlib.import_module(module).data_from_game
    message = missing_number_message(game, number, read)
    assert message.endswith(said) if at_end else said in message, message
