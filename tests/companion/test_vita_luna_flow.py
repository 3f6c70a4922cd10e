"""Vita Luna: the deal, placement, rewards, the track, roles, trades between battles, saves, views
and the card data behind it all (clarification ids in docstrings)."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

from companion.engine import Match
from companion.games.vita_luna import VitaLunaRules
from companion.games.vita_luna.data import data_folder
from companion.games.vita_luna.state import FACE_DOWN, HIDDEN

from .test_vita_luna_situations import (
    DATA,
    P1,
    P2,
    RULES,
    allowed,
    attack,
    card,
    edited_rules,
    fight,
    play,
    refused,
)

HERE = Path(__file__).parent
HANDS = [
    ["wolf.1", "fox.1", "rat.1", "rock.1", "gyr_falcon.1", "anaconda.1"],
    ["wolf.2", "fox.2", "porcupine.1", "tortoise.1", "cheetah.1", "armadillo.1"],
]


def dealt(rules: VitaLunaRules = RULES, **options):
    state = rules.new_state({"mode": "basic", **options})
    state, _, _ = play(state, {"type": "deal", "hands": HANDS}, rules=rules)
    return state


def placing(attacker: int = P1, **options):
    state, _, _ = play(dealt(**options), {"type": "first_attacker", "attacker": attacker})
    return state


def place(state, player, c, row="white", position=0):
    after, _, events = play(
        state, {"type": "place", "player": player, "card": c, "row": row, "position": position}
    )
    return after, events


def won_battle(winner: int, attacker: int, **fields):
    """A battle where `winner` has just killed the other side's last creature."""
    white = (["cheetah"], ["rat"]) if winner == P1 else (["rat"], ["cheetah"])
    state = fight(*white, active=winner, attacker=attacker, **fields)
    after, events = attack(state)
    return after, events


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


# --- rewards and the track -----------------------------------------------------------------------


def test_a_defender_win_gives_a_black_card_each_and_moves_nothing():
    """rewards_step, track_steps: both draw black; no counter moves."""
    after, events = won_battle(winner=P2, attacker=P1)
    assert events[-1] == "Player 2 defended: no counter moves."
    assert after.track == (0, 0) and after.due == ("black", "black")
    assert RULES.legal_actions(after) == [{"type": "reward"}]
    before = [len(o) for o in after.owned]
    state, action, events = play(after, {"type": "reward"}, seed=3)
    assert [len(o) for o in state.owned] == [n + 1 for n in before]
    assert all(DATA.cards[c].deck == "black" for c in action["cards"])
    assert events[0] == "Rewards: Player 2 draws a black card; Player 1 draws a black card."


def test_the_attackers_win_moves_the_counter_onto_the_red_circle():
    """rewards_step, track_steps: the first win reaches the red circle: red for the winner,
    blue for the loser."""
    after, _ = won_battle(winner=P1, attacker=P1)
    assert after.track == (1, 0) and after.due == ("red", "blue")
    _, action, _ = play(after, {"type": "reward"})
    assert DATA.cards[action["cards"][P1]].deck == "red"
    assert DATA.cards[action["cards"][P2]].deck == "blue"


def test_a_second_win_as_attacker_reaches_the_heart_and_ends_the_game():
    """track_steps: two steps in the basic game; no rewards at the end."""
    after, events = won_battle(winner=P1, attacker=P1, track=(1, 0))
    assert events[-1] == "Player 1's counter reaches Player 2's heart: Player 1 wins the game!"
    assert after.phase == "over" and after.winner == P1 and RULES.is_over(after)
    assert RULES.legal_actions(after) == []
    assert refused(after, {"type": "next_battle"}) == (
        "The game is over: Player 1 won. Start a new game to play again."
    )


def test_the_extended_game_needs_three_wins():
    """track_steps: each circle of the rectangle is a step; black rewards on the way."""
    after, events = won_battle(winner=P1, attacker=P1, extended=True)
    assert after.track == (1, 0) and after.due == ("black", "black")
    assert (
        events[-1] == "Player 1's counter moves one step towards Player 2's heart (2 steps to go)."
    )
    after, _ = won_battle(winner=P1, attacker=P1, extended=True, track=(1, 0))
    assert after.due == ("red", "blue") and after.track == (2, 0)
    after, _ = won_battle(winner=P2, attacker=P2, extended=True, track=(0, 2))
    assert after.phase == "over" and after.winner == P2


def test_an_empty_deck_gives_nothing():
    """empty_deck, rewards_step: with the red deck empty the winner gets no card."""
    after, _ = won_battle(winner=P1, attacker=P1)
    after.burned, after.decks = after.deck("red"), (after.decks[0], after.decks[1], ())
    owned = after.owned[P1]
    state, action, events = play(after, {"type": "reward"})
    assert action["cards"][P1] is None and state.owned[P1] == owned
    assert events[0].startswith("Rewards: the red deck is empty, so Player 1 gets nothing;")


def test_the_winner_draws_first_when_a_deck_runs_short():
    """rewards_step: one black card left goes to the battle's winner."""
    after, _ = won_battle(winner=P2, attacker=P1)
    black = after.deck("black")
    after.decks = ((black[0],), *after.decks[1:])
    rest = black[1:]
    after.burned = tuple(rest)  # set the others aside so every card is still somewhere
    _, action, _ = play(after, {"type": "reward"})
    assert action["cards"] == [None, black[0]]


def test_typed_in_rewards_are_checked():
    """rewards_step: a drawn card must come from the deck that is due."""
    after, _ = won_battle(winner=P2, attacker=P1)
    assert refused(after, {"type": "reward", "cards": ["cheetah.2", None]}) == (
        "Player 1 draws from the black deck; Cheetah (cheetah.2) is not in it."
    )
    state, action, _ = play(after, {"type": "reward", "cards": ["wolf.4", None]})
    assert "wolf.4" in state.owned[P1] and action["cards"][0] == "wolf.4"


def test_killed_creatures_come_back_and_the_next_battle_is_fresh():
    """fresh_battle, roles_alternate: full hearts, the dead Rat back in hand, roles swapped."""
    after, _ = won_battle(winner=P1, attacker=P1)
    rat = next(c for c in after.owned[P2] if c.startswith("rat."))
    state, _, _ = play(after, {"type": "reward"})
    assert state.phase == "between" and not any(state.board) and not state.health
    state, _, events = play(state, {"type": "next_battle"})
    assert events[:2] == [
        "Roles swap.",
        "Battle 2: Player 2 attacks, Player 1 defends. Each has 10 hearts. Player 2 places first.",
    ]
    assert (state.attacker, state.active, state.hearts) == (P2, P2, (10, 10))
    assert allowed(
        state, {"type": "place", "player": P2, "card": rat, "row": "white", "position": 0}
    )


def test_roles_swap_even_when_the_defender_won():
    """roles_alternate: the defender who won attacks next."""
    after, _ = won_battle(winner=P2, attacker=P1)
    state, _, _ = play(after, {"type": "reward"})
    state, _, _ = play(state, {"type": "next_battle"})
    assert state.attacker == P2


def test_armour_is_back_in_the_next_battle():
    """fresh_battle, armour_absorbs: the Shore Crab lost its armour, and has it again."""
    state = fight(["cheetah"], ["shore_crab"])
    crab = card(state, P2, 0)
    state, _ = attack(state)
    state, _ = attack(state)  # the Crab hits back
    assert crab not in state.armour and state.active == P1
    state, events = attack(state)
    assert events[0] == "Cheetah hits Shore Crab for 4: Shore Crab dies"
    state, _, _ = play(state, {"type": "reward"})
    state, _, _ = play(state, {"type": "next_battle"})
    state, _ = place(state, P2, crab, "white", 0)
    assert state.health[crab] == 3 and crab in state.armour


# --- battles where nobody gets hurt -------------------------------------------------------------

QUIET_END = "2 turns in a row went by with no heart, health or armour lost"


def test_two_quiet_turns_end_the_battle_and_equal_hearts_lose_it_for_the_attacker():
    """quiet_turns: the Wolf waits in grey, nobody promotes; after one turn each the attacker loses."""
    state = fight(["rock"], [None, "rock"], ["wolf"])
    state, events = attack(state)
    assert events == ["Player 1 has no creature on a white position that can attack."]
    assert (state.phase, state.quiet, state.active) == ("turn", 1, P2)
    state, events = attack(state)
    assert events[1] == f"{QUIET_END}: Player 2 wins the battle."
    assert state.phase == "reward" and state.track == (0, 0) and state.victor == P2


def test_after_quiet_turns_the_player_with_fewer_hearts_loses():
    """quiet_turns: the defender has fewer hearts, so the attacker wins and moves the counter."""
    state = fight(["rock"], [None, "rock"], ["wolf"], hearts=(10, 9), quiet=1, active=P2)
    after, events = attack(state)
    assert events[1] == f"{QUIET_END}: Player 1 wins the battle."
    assert after.track == (1, 0)
    state = fight(["rock"], [None, "rock"], ["wolf"], hearts=(8, 9), quiet=1, active=P2)
    after, events = attack(state)
    assert events[1] == f"{QUIET_END}: Player 2 wins the battle."
    assert after.track == (0, 0)


def test_a_turn_where_armour_is_lost_is_not_quiet():
    """quiet_turns, armour_absorbs: the Fox only knocks off the Rock's armour; the count starts over."""
    state = fight(["fox"], ["rock"], quiet=1)
    rock = card(state, P2, 0)
    state, events = attack(state)
    assert events == ["Fox hits Rock: its armour absorbs the hit (armour gone)"]
    assert rock not in state.armour and state.health[rock] == 6
    assert (state.phase, state.quiet, state.active) == ("turn", 0, P2)
    state, _ = attack(state)  # the Rock cannot attack: one quiet turn
    assert (state.phase, state.quiet) == ("turn", 1)


def test_a_hit_on_the_heart_or_on_health_starts_the_count_again():
    """quiet_turns: a Rat on the empty position opposite, or on a creature, is something lost."""
    state = fight(["rat"], [None, "rock"], quiet=1)
    after, _ = attack(state)
    assert after.hearts == (10, 9) and (after.phase, after.quiet) == ("turn", 0)
    state = fight(["rat"], ["tortoise"], quiet=1)
    after, _ = attack(state)
    assert (after.phase, after.quiet) == ("turn", 0)


def test_heal_does_not_start_the_count_again():
    """quiet_turns: healing the Rock gives health back but is not a loss; the battle still ends."""
    state = fight(["rock"], [None, "rock"], ["wolf"], quiet=1)
    rock = card(state, P1, 0)
    state.health[rock] = 4
    state, _, _ = play(state, {"type": "heal", "player": P1, "target": rock})
    assert state.quiet == 1
    _, events = attack(state)
    assert events[1] == f"{QUIET_END}: Player 2 wins the battle."


def test_the_stalemate_rule_still_speaks_first():
    """stalemate, quiet_turns: with no attack left anywhere the battle ends after a single turn."""
    state = fight(["rock"], [None, "rock"])
    assert attack(state)[1][1].startswith("No creature left on the board can attack")


def test_the_quiet_count_starts_afresh_each_battle_and_the_game_replays():
    """quiet_turns, fresh_battle: a battle ended by quiet turns; the next starts at 0; replay equal."""
    match = Match.start(RULES, {"mode": "basic"}, seed=5)
    match.play({"type": "deal", "hands": HANDS})
    match.play({"type": "first_attacker", "attacker": P1})
    for player, c, row in ((P1, "rock.1", "white"), (P1, "wolf.1", "grey"), (P2, "fox.2", "grey")):
        match.play({"type": "place", "player": player, "card": c, "row": row, "position": 0})
        if c != "rock.1":
            match.play({"type": "ready", "player": player})
    match.play({"type": "attack", "player": P1})
    events = match.play({"type": "attack", "player": P2}).events
    assert events[1] == f"{QUIET_END}: Player 2 wins the battle."
    assert match.state.quiet == 2
    match.play({"type": "reward"})
    match.play({"type": "next_battle"})
    assert (match.state.battle, match.state.quiet, match.state.phase) == (2, 0, "place")
    again = Match.replay(RULES, match.options, match.seed, match.log)
    assert RULES.to_json(again.state) == RULES.to_json(match.state)


def test_the_quiet_count_is_saved_and_cloned():
    """quiet_turns: the count survives a save through JSON text and a clone; old saves load as 0."""
    state = fight(["rock"], [None, "rock"], ["wolf"], quiet=1)
    saved = RULES.to_json(state)
    assert saved["quiet"] == 1
    assert RULES.from_json(json.loads(json.dumps(saved))) == state
    assert RULES.clone(state).quiet == 1
    older = {k: v for k, v in saved.items() if k != "quiet"}
    assert RULES.from_json(older).quiet == 0


# --- trades between battles ----------------------------------------------------------------------


def between(**fields):
    after, _ = won_battle(winner=P2, attacker=P1, **fields)
    state, _, _ = play(after, {"type": "reward", "cards": ["wolf.1", "wolf.2"]})
    return state


def test_two_black_cards_trade_for_a_random_blue_one():
    """trades, hidden_cards: the blacks go back into the black deck, a blue card comes out;
    the log names neither."""
    state = between()
    blacks = [c for c in state.owned[P1] if DATA.cards[c].deck == "black"]
    assert len(blacks) == 2
    action = {"type": "trade", "player": P1, "cards": blacks}
    assert allowed(state, action)
    after, resolved, events = play(state, action, seed=5)
    blue = resolved["blue"]
    assert DATA.cards[blue].deck == "blue" and blue in after.owned[P1]
    assert all(c in after.deck("black") and c not in after.owned[P1] for c in blacks)
    assert events == [
        "Player 1 trades two black cards (shuffled back into the black deck) for a random blue card."
    ]


def test_trades_repeat_and_only_black_cards_count():
    """trades: as often as there are pairs; a blue or red card cannot be traded."""
    state = between()
    blacks = [c for c in state.owned[P1] if DATA.cards[c].deck == "black"]
    cheetah = next(c for c in state.owned[P2] if c.startswith("cheetah"))
    assert refused(state, {"type": "trade", "player": P2, "cards": [cheetah, "wolf.2"]}) == (
        "Cheetah is not a black card: only two black cards trade for a blue one."
    )
    state, _, _ = play(state, {"type": "trade", "player": P1, "cards": blacks})
    assert not any(a["type"] == "trade" and a["player"] == P1 for a in RULES.legal_actions(state))


def test_no_trade_with_the_blue_deck_empty():
    """trades, empty_deck: nothing to trade for."""
    state = between()
    state.burned = state.deck("blue")
    state.decks = (state.decks[0], (), state.decks[2])
    blacks = [c for c in state.owned[P1] if DATA.cards[c].deck == "black"]
    assert refused(state, {"type": "trade", "player": P1, "cards": blacks}) == (
        "The blue deck is empty: there is no blue card to trade for."
    )


def test_no_trade_before_the_first_battle_or_during_one():
    """trades: only between battles."""
    state = dealt()
    blacks = list(state.owned[P1][:2])
    assert refused(state, {"type": "trade", "player": P1, "cards": blacks}) == (
        "First choose who attacks first."
    )
    state = fight(["wolf"], ["fox"], hand0=["rat", "rat"])
    assert refused(state, {"type": "trade", "player": P1, "cards": ["rat.1", "rat.2"]}) == (
        "It is Player 1's turn."
    )


def test_swapped_cards_stay_with_their_new_owner_after_the_battle():
    """ownership_changes: Player 1 keeps the Anaconda it swapped for, even after it died."""
    state = fight(["wolf", "cheetah"], ["anaconda", "porcupine"])
    wolf, anaconda = card(state, P1, 0), card(state, P2, 0)
    state, _, _ = play(state, {"type": "swap", "player": P1, "own": wolf, "target": anaconda})
    state.health[anaconda] = 1
    state.active, state.done = P2, 0
    state, _ = attack(state)  # Player 2's Wolf kills the hurt Anaconda, now Player 1's
    assert anaconda not in state.board
    assert anaconda in state.owned[P1] and wolf in state.owned[P2]


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
