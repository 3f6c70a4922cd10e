"""VA Card Game's numbers live in card_data/va_card_game/rule_numbers.csv (issue 26): in a copy of
the data with 2 pieces of equipment per hero (not 3), 4 opening cards from each deck (not 3) and
7 life points (not 5), the copy validates, its life tracker and rulings follow, the rulebook and
the reference sheet print the new numbers, and the engine deals, equips and starts the lives by
them; a number out of its range is refused in one line naming the cell."""

from __future__ import annotations

import pytest

from cardgen.data.database import load_game_or_raise
from companion.games.rulings import ruling_of
from companion.games.va_card_game import VaCardGameRules, data_from_game
from companion.games.va_card_game.scenarios import dealt, held
from companion.games.va_card_game.state import PREPARE

from .rule_number_copies import (
    book_texts,
    refusals,
    tuned_fixtures,
    validate,
    with_numbers,
)

GAME = "va_card_game"
SHIPPED = VaCardGameRules()
ANA, BEN = 0, 1
KIT = ["chain_mail", "life_amulet", "plumed_helm"]  # three pieces Stone Sentinel may carry


# A copy whose heroes carry 2 pieces at most, with 4 opening cards and 7 life points.
tuned, tuned_rules = tuned_fixtures(
    GAME, lambda game: VaCardGameRules(data_from_game(game)), max_gear=2, opening=4, life=7
)


def test_the_shipped_numbers():
    data = SHIPPED.data
    assert (data.life, data.opening, data.max_gear) == (5, 3, 3)


def test_the_tuned_copy_validates_and_its_cells_follow(tuned):
    result = validate(tuned.parent, GAME)
    assert result.exit_code == 0, result.output
    game = load_game_or_raise(tuned)
    (tracker,) = game.cards["life_tracker"]
    assert tracker["max_value"] == 7 and tracker["text"].startswith("Start at 7.")
    limit = game.by_id("equipment-limit")
    assert limit["topic"] == "2 pieces of equipment"
    assert "A hero never carries more than 2 pieces at once." in limit["decision"]


def test_the_deal_and_the_lives_follow_the_numbers(tuned_rules):
    for rules, opening, life in ((SHIPPED, 3, 5), (tuned_rules, 4, 7)):
        state = dealt(rules, (["stone_sentinel"], ["ember_witch"]), (KIT, []))
        assert state.phase == PREPARE and state.life == (life, life)
        for p in (ANA, BEN):
            assert len(state.hero_hands[p]) == len(state.gear_hands[p]) == opening


def test_a_hero_carries_two_pieces_not_three(tuned_rules):
    for rules, most in ((SHIPPED, 3), (tuned_rules, 2)):
        state = dealt(rules, (["stone_sentinel"], ["ember_witch"]), (KIT, []))
        hero = held(state.hero_hands[ANA], "stone_sentinel")
        pieces = [held(state.gear_hands[ANA], name) for name in KIT]
        for count in (2, 3):
            action = {"type": "prepare", "player": ANA, "hero": hero, "equipment": pieces[:count]}
            reason = rules.check(state, action)
            if count <= most:
                assert reason is None, reason
            else:
                assert ruling_of(reason) == "equipment-limit", reason
                assert f"at most {most} pieces" in str(reason)
        sizes = {len(a["equipment"]) for a in rules.legal_actions(state) if a["player"] == ANA}
        assert max(sizes) == most


@pytest.mark.slow
def test_the_rulebook_and_the_reference_print_the_new_numbers(tuned, tmp_path):
    texts = book_texts(tuned, tmp_path / "kits")
    rules, reference = texts["rules"], texts["reference"]
    assert "tuck up to 2 equipment cards" in rules and "no more than 2 pieces" in rules
    assert "Each player draws 4 cards from the hero deck and 4 from the equipment deck" in rules
    assert "starts with 7 life points" in rules
    assert "Equipment per hero 2 pieces" in rules  # the :::numbers table
    assert "at most 2 on the hero" in reference and "from 7 life points to 0" in reference
    assert "draws 4 hero cards and 4 equipment cards" in reference


def test_the_deck_formats_follow_their_numbers(tmp_path):
    """Deck sizes and copies are rule numbers too: a hero deck of 14 refuses the box's decks of
    15, and one copy of each regular piece refuses their pairs, each at its decklist row."""
    with_numbers(tmp_path, GAME, hero_deck=14, gear_copies=1)
    result = validate(tmp_path, GAME)
    assert result.exit_code == 1
    lines = refusals(result)
    heroes = [line for line in lines if "allow at most 14" in line]
    assert [line.split(GAME + "/")[1] for line in heroes] == [
        "decklists.csv:2:A: deck 'Player 1 heroes' has 15 cards; hero_deck decks allow at most 14",
        "decklists.csv:25:A: deck 'Player 2 heroes' has 15 cards; hero_deck decks allow at most 14",
    ]
    pairs = [line for line in lines if line not in heroes]
    assert len(pairs) == 14 and all(
        "holds 2 copies of" in line
        and line.endswith("at most 1 allowed (regular gear: at most 1 of each; super gear: one)")
        for line in pairs
    ), pairs
