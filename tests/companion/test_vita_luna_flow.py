"""Vita Luna: the deal, placement, saves, views and the card data behind it all (clarification ids
in docstrings; rewards and trades in test_vita_luna_rewards, quiet turns in
test_vita_luna_quiet_turns)."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

from companion.engine import Match
from companion.games.vita_luna.data import data_folder
from companion.games.vita_luna.state import FACE_DOWN, HIDDEN

from .test_vita_luna_situations import (
    DATA,
    P1,
    P2,
    RULES,
    edited_rules,
    fight,
    play,
    refused,
)
from .vita_luna_games import HANDS, dealt, place, placing

HERE = Path(__file__).parent


# --- the start of a basic game -------------------------------------------------------------------


def test_a_basic_game_deals_four_black_and_two_blue_each():
    """hidden_cards: six cards each, drawn by the rules' random source, never named in the log."""
    state = RULES.new_state({"mode": "basic"})
    assert RULES.legal_actions(state) == [{"type": "deal"}]
    after, action, events = play(state, {"type": "deal"}, seed=7)
    for p in (P1, P2):
        decks = [DATA.cards[c].deck for c in after.owned[p]]
        assert decks == ["black"] * 4 + ["blue"] * 2
        assert action["hands"][p] == list(after.owned[p])
    assert len(after.deck("black")) == len(DATA.decks["black"]) - 8
    assert events == [
        "Each player is dealt 4 black and 2 blue cards face down, and one of each Singular card.",
        "Choose who attacks first.",
    ]
    assert not any(DATA.cards[c].name in " ".join(events) for c in after.owned[P1])


def test_the_deal_can_be_typed_in_from_the_physical_cards():
    """hidden_cards: the resolved deal replays as typed; a wrong hand is refused."""
    state = dealt()
    assert state.owned == (tuple(HANDS[0]), tuple(HANDS[1]))
    fresh = RULES.new_state({})
    bad = [[*HANDS[0][:5], "wolf.3"], HANDS[1]]
    assert refused(fresh, {"type": "deal", "hands": bad}) == (
        "The dealt hands: Wolf (wolf.3) is not in the blue deck now."
    )
    assert refused(fresh, {"type": "deal", "hands": [HANDS[0], HANDS[0]]}).startswith(
        "The dealt hands: Wolf (wolf.1) is not in the black deck now"
    )


def test_the_players_choose_the_first_attacker():
    """first_attacker: after the deal, either player may be named; the attacker places first."""
    state = dealt()
    assert RULES.legal_actions(state) == [
        {"type": "first_attacker", "attacker": 0},
        {"type": "first_attacker", "attacker": 1},
    ]
    after, _, events = play(state, {"type": "first_attacker", "attacker": P2})
    assert (after.phase, after.attacker, after.active, after.battle) == ("place", P2, P2, 1)
    assert events == [
        "Player 2 attacks first.",
        "Battle 1: Player 2 attacks, Player 1 defends. Each has 10 hearts. Player 2 places first.",
    ]


def test_options_are_checked():
    """first_attacker: only basic and advanced exist; names appear in the log."""
    with pytest.raises(ValueError, match="basic or advanced"):
        RULES.new_state({"mode": "expert"})
    state = RULES.new_state({"names": ["Ann", "Bob"]})
    state, _, _ = play(state, {"type": "deal", "hands": HANDS})
    _, _, events = play(state, {"type": "first_attacker", "attacker": 1})
    assert events[0] == "Bob attacks first."


# --- placement -----------------------------------------------------------------------------------


def test_the_attacker_places_first_and_the_defender_sees_it():
    """placement: one card at a time, white face up, grey face down; then the defender."""
    state = placing()
    assert refused(
        state, {"type": "place", "player": P2, "card": "wolf.2", "row": "white", "position": 0}
    ) == ("Player 1 is placing now; Player 2 waits.")
    state, events = place(state, P1, "wolf.1", "white", 2)
    assert events == ["Player 1 places Wolf face up on white position 3."]
    state, events = place(state, P1, "rock.1", "grey", 0)
    assert events == ["Player 1 places a card face down on grey position 1."]
    assert state.health == {"wolf.1": 2, "rock.1": 6} and state.armour == {"rock.1"}
    state, _, events = play(state, {"type": "ready", "player": P1})
    assert events == ["Player 1 has placed 2 creatures."] and state.active == P2
    seen = RULES.view(state, P2)
    assert seen["board"][2] == "wolf.1" and seen["board"][8] == FACE_DOWN


def test_a_card_cannot_be_placed_twice_or_on_a_taken_position():
    """placement: each card and each position once."""
    state, _ = place(placing(), P1, "wolf.1", "white", 0)
    base = {"type": "place", "player": P1, "row": "white", "position": 1}
    assert refused(state, base | {"card": "wolf.1"}) == "Wolf is already placed."
    assert refused(state, base | {"card": "fox.1", "position": 0}) == (
        "White position 1 is taken: choose a free one."
    )
    assert (
        refused(state, base | {"card": "wolf.2"}) == "Wolf (wolf.2) is not one of Player 1's cards."
    )


def test_a_player_must_bring_at_least_one_creature():
    """bring_a_creature: ready with nothing placed is refused."""
    state = placing()
    assert refused(state, {"type": "ready", "player": P1}) == (
        "Place at least one creature first: a side with no creatures loses the battle."
    )


def test_placing_the_last_card_ends_placement_and_starts_the_first_turn():
    """placement, fresh_battle: with nothing left to place the player is done at once."""
    state = placing()
    for i, c in enumerate(HANDS[0]):
        state, events = place(state, P1, c, "white" if i < 4 else "grey", i % 4)
    assert events[-1] == "Player 1 has placed 6 creatures." and state.active == P2
    state, _ = place(state, P2, "wolf.2", "white", 1)
    state, _, events = play(state, {"type": "ready", "player": P2})
    assert events == [
        "Player 2 has placed 1 creature.",
        "Player 1's turn: Singular cards, then moves, then attack.",
    ]
    assert (state.phase, state.active, state.turn, state.hearts) == ("turn", P1, 1, (10, 10))


def test_at_most_eight_creatures_in_a_battle():
    """battle_size: with 4 white and 4 grey taken, the ninth card sits out."""
    state = fight(
        hand0=["wolf", "wolf", "fox", "fox", "rat", "rat", "mongoose", "mongoose", "tortoise"],
        hand1=["fox"],
        phase="place",
    )
    cards = list(state.owned[P1])
    for i, c in enumerate(cards[:8]):
        state, events = place(state, P1, c, "white" if i < 4 else "grey", i % 4)
    assert events[-1] == "Player 1 has placed 8 creatures." and state.active == P2
    assert cards[8] not in state.board


def test_a_side_with_no_creatures_loses_at_once():
    """bring_a_creature: Player 2 owns nothing after burns and steals, and loses the battle."""
    state = fight(hand0=["wolf"], phase="place")
    state, events = place(state, P1, state.owned[P1][0], "white", 0)
    assert events[1:3] == [
        "Player 1 has placed 1 creature.",
        "Player 2 has no creatures to place.",
    ]
    assert events[4] == "Player 2 has no creatures: Player 1 wins the battle."
    assert state.phase == "reward" and state.track == (1, 0)


def test_with_no_creatures_on_either_side_the_attacker_loses():
    """bring_a_creature: an attack needs an army."""
    state = fight(phase="between", attacker=P2)
    after, _, events = play(state, {"type": "next_battle"})
    assert events[2:6] == [
        "Player 1 has no creatures to place.",
        "Player 1 has placed 0 creatures.",
        "Player 2 has no creatures to place.",
        "Player 2 has placed 0 creatures.",
    ]
    assert events[6] == "Player 1 has no creatures: Player 2 wins the battle."
    assert after.track == (0, 0) and after.phase == "reward"


# --- saves, views, the log -----------------------------------------------------------------------


def test_json_round_trip_keeps_every_fact():
    """placement: a saved battle loads back equal, through real JSON text."""
    state = fight(["wolf", "shore_crab"], ["anaconda"], ["rock"], hand1=["fox"])
    text = json.dumps(RULES.to_json(state))
    assert RULES.from_json(json.loads(text)) == state
    with pytest.raises(ValueError, match="has no 'board'"):
        RULES.from_json({k: v for k, v in RULES.to_json(state).items() if k != "board"})


def test_a_players_view_hides_the_other_sides_secrets():
    """hidden_cards: grey cards face down, the other hand only counted, decks only counted."""
    state = fight(["wolf"], ["fox"], ["rock"], ["rat"], hand0=["mongoose"], hand1=["cheetah"])
    seen = RULES.view(state, P1)
    assert "rock.1" in seen["board"] and FACE_DOWN in seen["board"] and "rat.1" not in seen["board"]
    assert seen["owned"][P2] == ["fox.1"] and seen["hand_sizes"] == [1, 1]
    assert "rat.1" not in seen["health"] and "mongoose.1" in seen["owned"][P1]
    assert seen["decks"] == {c: len(state.deck(c)) for c in ("black", "blue", "red")}
    table = RULES.view(state, None)
    assert table["board"].count(FACE_DOWN) == 2 and HIDDEN not in table["bids"]


def test_match_replays_and_undoes():
    """placement, rewards_step: a logged game rebuilds exactly; undo cannot redraw a card."""
    match = Match.start(RULES, {"mode": "basic"}, seed=11)
    rng = random.Random(11)
    for _ in range(60):
        legal = match.legal_actions()
        match.play(legal[-1] if rng.random() < 0.5 else rng.choice(legal))
    again = Match.replay(RULES, match.options, match.seed, match.log)
    assert RULES.to_json(again.state) == RULES.to_json(match.state)
    first = Match.start(RULES, {"mode": "basic"}, seed=4)
    dealt_hands = first.play({"type": "deal"}).action["hands"]
    first.undo()
    assert first.play({"type": "deal"}).action["hands"] == dealt_hands


def test_malformed_actions_get_a_reason():
    """placement: unknown types, missing keys and bad players are explained."""
    state = placing()
    assert refused(state, {"type": "fly"}).startswith("There is no action 'fly' in Vita Luna")
    assert (
        refused(state, {"type": "place", "player": P1}) == "place needs card and row and position."
    )
    assert refused(state, {"type": "ready", "player": 2}) == (
        "Say which player with player 0 (the first) or 1 (the second)."
    )
    assert refused(state, {"type": "ready", "player": P1, "x": 1}) == "ready does not take x."
    assert refused(state, {"type": "attack", "player": P1}) == "Player 1 is placing creatures now."


# --- the card data -------------------------------------------------------------------------------


def test_constants_come_from_the_card_data():
    """battle_size, track_steps: positions, hearts, markers and steps are read from the sheets."""
    assert (DATA.white, DATA.grey, DATA.max_cards) == (4, 4, 8)
    assert (DATA.hearts, DATA.markers) == (10, 15)
    assert (DATA.steps(False), DATA.steps(True)) == (2, 3)
    wolf = DATA.creatures["wolf"]
    assert (wolf.attack, wolf.health, wolf.deck) == (3, 2, "black")
    assert [len(DATA.decks[d]) for d in ("black", "blue", "red")] == [36, 16, 8]
    assert list(DATA.singulars) == ["burn", "swap", "steal", "heal"]


def test_an_edited_sheet_changes_the_game(tmp_path):
    """fresh_battle: twelve hearts per player when the rule number hearts is 12 (24 markers)."""
    rules = edited_rules(tmp_path, "rule_numbers.csv", ",10,1,20,hearts", ",12,1,20,hearts")
    state = dealt(rules)
    state, _, events = play(state, {"type": "first_attacker", "attacker": P1}, rules=rules)
    assert state.hearts == (12, 12) and "Each has 12 hearts." in events[1]


def test_every_clarification_is_enforced_by_a_named_test():
    """Each ruling in clarifications.csv is named by at least one engine test."""
    with open(data_folder() / "clarifications.csv", encoding="utf-8") as f:
        ids = [row["id"] for row in csv.DictReader(f)]
    tests = "".join(p.read_text() for p in HERE.glob("test_vita_luna*.py"))
    assert [i for i in ids if f"{i}:" not in tests and f"{i}," not in tests] == []
