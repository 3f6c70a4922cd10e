"""Luturas's numbers live in card_data/luturas/rule_numbers.csv (issue 26): in a copy of the data
with an opening hand of 6 (not 5), 5 Lutura spaces (not 4) and a match of 3 rounds won (best of
5, not 3), the copy validates, its rulings follow, the rulebook and the reference sheet print the
new numbers, and the engine deals, deploys and ends the match by them; a number out of its range
is refused in one line naming the cell."""

from __future__ import annotations

import pytest

from cardgen.data.database import load_game_or_raise
from companion.games.luturas import LuturasRules, data_from_game
from companion.games.luturas import outcome as oc
from companion.games.luturas.data import deck_problems
from companion.games.luturas.examples import deck
from companion.games.luturas.scenarios import ANA, BEN, act, lay, started, turn_of
from companion.games.luturas.state import CHOOSE, MULLIGAN, OVER

from .rule_number_copies import (
    book_texts,
    tuned_fixtures,
    validate,
)

GAME = "luturas"
SHIPPED = LuturasRules()


# A copy with a hand of 6, 5 Lutura spaces, 3 rounds to win the match, decks of 30 cards or
# more and two copies of a 4-star card.
tuned, tuned_rules = tuned_fixtures(
    GAME,
    lambda game: LuturasRules(data_from_game(game)),
    hand=6,
    lutura_spaces=5,
    rounds_to_win=3,
    deck_min=30,
    star4_copies=2,
)


def test_the_shipped_numbers():
    data = SHIPPED.data
    assert (data.hand, data.fast_hand, data.mulligans) == (5, (3, 2), 3)
    assert (data.rounds_to_win, data.crystals_most, data.lutura_spaces) == (2, 4, 4)


def test_the_tuned_copy_validates_and_its_rulings_follow(tuned):
    result = validate(tuned.parent, GAME)
    assert result.exit_code == 0, result.output
    game = load_game_or_raise(tuned)
    assert game.by_id("match-best-of-three")["decision"].startswith(
        "A match is best of 5 rounds: the first player to win 3 rounds wins the match."
    )
    assert "at most 5 Luturas on your side" in game.by_id("lutura-limit")["decision"]
    fmt = game.spec.deck_formats["standard"]
    assert (fmt.min_cards, fmt.max_cards) == (30, 50) and fmt.description.startswith(
        "Standard (tournament) deck: 30 to 50 cards"
    )
    assert "A deck holds 30 to 50 cards" in game.by_id("deck-size-counts-soldier")["decision"]
    assert "3 stars 2 and 4 stars 2." in game.by_id("star-limit-per-card")["decision"]


def test_the_deck_format_follows_its_numbers(tuned_rules):
    """A deck of 32 cards with two copies of a 4-star card: refused by the shipped numbers,
    played by the tuned ones."""
    cards = ["warden_osk", "arcwisp_ultima", "arcwisp_ultima", *["crystal_aquatic"] * 29]
    assert SHIPPED.data.designs["arcwisp_ultima"].stars == 4
    assert deck_problems(SHIPPED.data, cards) == [
        "the deck has 32 cards; a deck needs 35 to 50",
        "2 copies of Arcwisp Gear Ultima; 4 stars allow 1",
    ]
    assert deck_problems(tuned_rules.data, cards) == []


def test_the_opening_hands_hold_six_cards(tuned_rules):
    for rules, size in ((SHIPPED, 5), (tuned_rules, 6)):
        state = rules.new_state({})
        for action in ({"type": "toss", "winner": ANA},
                       {"type": "choose", "player": ANA, "first": ANA}):  # fmt: skip
            state = act(rules, state, action).state
        step = act(rules, state, {"type": "deal"})
        assert step.state.phase == MULLIGAN
        assert [len(step.state.sides[p].hand) for p in (ANA, BEN)] == [size, size]
        assert f"Both players draw {size} cards." in step.events


def test_a_fifth_lutura_deploys_into_the_fifth_space(tuned_rules):
    for rules, allowed in ((SHIPPED, False), (tuned_rules, True)):
        decks = [deck(rules.data, "warden_osk", *["brinefin"] * 3, *["tidepup_g1"] * 2),
                 deck(rules.data, "ranger_kade")]  # fmt: skip
        state = turn_of(rules, started(rules, decks=decks), ANA)
        four = [["tidepup_g1"], ["brinefin"], ["brinefin"], ["tidepup_g1"]]
        lay(state, ANA, crystals=["crystal_aquatic"], luturas=four)
        (card,) = lay(state, ANA, hand=["brinefin"])["hand"]
        assert len(state.sides[ANA].spaces) == rules.data.lutura_spaces
        deploy = {"type": "deploy", "player": ANA, "card": card, "space": 4}
        assert (rules.check(state, deploy) is None) is allowed, rules.check(state, deploy)
        legal = [a for a in rules.legal_actions(state) if a["type"] == "deploy"]
        assert bool(legal) is allowed


def test_the_match_takes_three_rounds_won(tuned_rules):
    for rules, needed in ((SHIPPED, 2), (tuned_rules, 3)):
        state = started(rules)
        for won in range(1, needed + 1):
            oc.win(rules.data, state, ANA, "Ana wins.")
            assert state.sides[ANA].wins == won
            assert state.phase == (OVER if won == needed else CHOOSE)
        assert state.winner == ANA


@pytest.mark.slow
def test_the_rulebook_and_the_reference_print_the_new_numbers(tuned, tmp_path):
    texts = book_texts(tuned, tmp_path / "kits")
    rules, reference = texts["rules"], texts["reference"]
    assert "Each player draws 6 cards." in rules and "draws 5 cards" not in rules
    assert "A match is best of 5 rounds: the first player to win 3 rounds" in rules
    assert "up to 5 Luturas, each with its lower Gears" in rules
    assert "at most 5 Luturas on your side" in rules
    assert "Opening hand 6 cards" in rules  # the :::numbers table
    assert "A deck holds 30 to 50 cards, counting its one Soldier." in rules
    assert "Draw 6 cards" in reference and "best of 5 rounds" in reference
    assert "At most 5 Luturas on your side" in reference
