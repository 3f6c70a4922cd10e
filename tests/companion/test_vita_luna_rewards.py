"""Vita Luna: rewards after a battle, the track, roles, and trades between battles (clarification
ids in docstrings)."""

from __future__ import annotations

from .test_vita_luna_situations import (
    DATA,
    P1,
    P2,
    RULES,
    allowed,
    attack,
    card,
    fight,
    play,
    refused,
)
from .vita_luna_games import dealt, place, won_battle

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
