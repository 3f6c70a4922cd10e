"""Vita Luna's advanced game: secret bids for the first attack and the starting cards
(clarification ids in docstrings)."""

from __future__ import annotations

from companion.games.vita_luna.state import HIDDEN

from .test_vita_luna_situations import DATA, P1, P2, RULES, allowed, play, refused


def advanced(opener: int = P1):
    state = RULES.new_state({"mode": "advanced"})
    assert RULES.legal_actions(state) == [
        {"type": "first_bidder", "bidder": 0},
        {"type": "first_bidder", "bidder": 1},
    ]
    state, _, _ = play(state, {"type": "first_bidder", "bidder": opener})
    return state


def bid(state, player, amount):
    return play(state, {"type": "bid", "player": player, "amount": amount})


def bids(state, first, second):
    """Both secret bids, Player 1's first: (state, events of the reveal)."""
    state, _, _ = bid(state, P1, first)
    state, _, events = bid(state, P2, second)
    return state, events


def turn_up(state, c=None):
    action = {"type": "turn_up"} if c is None else {"type": "turn_up", "card": c}
    return play(state, action)


def black_cards(n):
    return [c for c in DATA.decks["black"]][:n]


# --- the bid for the first attack ----------------------------------------------------------------


def test_the_advanced_game_starts_with_markers_and_an_opener():
    """bid_opener: 15 markers each; the players choose who opens the first bid."""
    state = advanced(P2)
    assert (state.phase, state.markers, state.opener) == ("attack_bid", (15, 15), P2)
    assert not state.owned[P1] and not state.owned[P2]


def test_the_first_bid_stays_hidden_until_the_second():
    """secret_bids: views, events and the legal actions do not give the first bid away."""
    state = advanced()
    state, action, events = bid(state, P1, 3)
    assert action == {"type": "bid", "player": P1, "amount": 3}
    assert events == ["Player 1 has made a secret bid."]
    assert RULES.view(state, P2)["bids"] == [HIDDEN, None]
    assert RULES.view(state, None)["bids"] == [HIDDEN, None]
    assert RULES.view(state, P1)["bids"] == [3, None]
    assert RULES.hidden_bid(state) == P1
    assert RULES.legal_actions(state) == [
        {"type": "bid", "player": P2, "amount": n} for n in range(16)
    ]
    assert refused(state, {"type": "bid", "player": P1, "amount": 4}) == (
        "Player 1 has already bid; waiting for Player 2's secret bid."
    )
    assert state.markers == (15, 15)  # nothing is paid before the reveal


def test_either_player_may_bid_first():
    """secret_bids: the second bid, whoever makes it, reveals both."""
    state = advanced()
    state, _, _ = bid(state, P2, 5)
    state, _, events = bid(state, P1, 2)
    assert events[0] == (
        "Bids for the first attack: Player 1 bid 2, Player 2 bid 5. Player 2 attacks first; "
        "both pay their bids (Player 1 has 13 markers left, Player 2 10)."
    )
    assert (state.attacker, state.markers, state.bids) == (P2, (13, 10), (None, None))
    assert RULES.hidden_bid(state) is None


def test_bids_are_limited_to_the_markers_left():
    """secret_bids: from 0 to what you have."""
    state = advanced()
    for amount in (16, -1, 2.5, "3"):
        assert refused(state, {"type": "bid", "player": P1, "amount": amount}) == (
            "Player 1 can bid from 0 to 15 markers."
        )
    # True equals 1 in Python, so it is checked directly (a list lookup would match it)
    reason = RULES.check(state, {"type": "bid", "player": P1, "amount": True})
    assert reason == "Player 1 can bid from 0 to 15 markers."
    assert allowed(state, {"type": "bid", "player": P1, "amount": 15})
    assert allowed(state, {"type": "bid", "player": P1, "amount": 0})


def test_a_tied_attack_bid_goes_to_the_opener():
    """attack_bid_tie: the player who opened the attack bid attacks first."""
    for opener in (P1, P2):
        state, events = bids(advanced(opener), 4, 4)
        assert state.attacker == opener and state.markers == (11, 11)
        assert "a tie goes to Player" in events[0]


# --- the card auction ----------------------------------------------------------------------------


def test_the_first_card_is_opened_by_the_other_player_then_it_alternates():
    """bid_opener: Player 1 opened the attack bid, so Player 2 opens the first card."""
    state, _ = bids(advanced(P1), 1, 0)
    assert RULES.legal_actions(state) == [{"type": "turn_up"}]
    state, action, events = turn_up(state, "fox.1")
    assert action == {"type": "turn_up", "card": "fox.1"}
    assert events == ["Fox is turned up (black). Player 2 opens: both bid in secret."]
    state, events = bids(state, 2, 1)
    assert events[0] == (
        "Bids for Fox: Player 1 bid 2, Player 2 bid 1. Player 1 takes it; both pay their bids "
        "(Player 1 has 12 markers left, Player 2 14)."
    )
    assert state.owned[P1] == ("fox.1",)
    state, _, events = turn_up(state, "wolf.1")
    assert events == ["Wolf is turned up (black). Player 1 opens: both bid in secret."]


def test_a_tied_card_bid_goes_to_the_cards_opener():
    """card_bid_tie: Player 2 opened the first card and takes it on a tie."""
    state, _ = bids(advanced(P1), 0, 0)
    state, _, _ = turn_up(state, "fox.1")
    state, events = bids(state, 3, 3)
    assert state.owned == ((), ("fox.1",))
    assert "a tie goes to Player 2, who opened this card" in events[0]
    state, _, _ = turn_up(state, "fox.2")
    state, _ = bids(state, 0, 0)
    assert state.owned == (("fox.2",), ("fox.1",))


def test_turned_up_cards_come_from_the_right_deck():
    """bid_opener: black cards first; a blue one typed in now is refused; a random draw is black."""
    state, _ = bids(advanced(), 0, 0)
    assert refused(state, {"type": "turn_up", "card": "cheetah.1"}) == (
        "Cheetah (cheetah.1) is not in the black deck now: the auction turns up black."
    )
    state, action, _ = turn_up(state)
    assert DATA.cards[action["card"]].deck == "black" and state.lot == action["card"]


def test_a_full_hand_sends_the_rest_to_the_other_player_for_free():
    """full_quota: Player 1 wins four black cards; the other four go to Player 2 unbid."""
    state, _ = bids(advanced(), 0, 0)
    cards = black_cards(8)
    for c in cards[:4]:
        state, _, _ = turn_up(state, c)
        state, _ = bids(state, 1, 0)
    assert state.markers == (11, 15)
    state, _, events = turn_up(state, cards[4])
    assert events == [
        f"{DATA.name(cards[4])} is turned up and goes to Player 2 without bidding: "
        "Player 1 already holds 4 black cards."
    ]
    for c in cards[5:]:
        assert state.phase == "turn_up"
        state, _, _ = turn_up(state, c)
    assert state.owned == (tuple(cards[:4]), tuple(cards[4:]))
    assert state.markers == (11, 15)
    state, _, events = turn_up(state, "cheetah.1")  # now the blue cards
    assert state.phase == "card_bid" and "(blue)" in events[0]


def test_the_auction_ends_with_four_black_and_two_blue_each_and_the_first_battle():
    """full_quota, bid_opener: blue quotas of 2 work the same; then the attacker places."""
    state, _ = bids(advanced(), 1, 0)  # Player 1 attacks
    for i, c in enumerate(black_cards(8)):
        state, _, _ = turn_up(state, c)
        if state.phase == "card_bid":
            state, _ = bids(state, 1, 0) if i % 2 else bids(state, 0, 1)
    blues = list(DATA.decks["blue"][:4])
    for c in blues:
        state, _, events = turn_up(state, c)
        if state.phase == "card_bid":
            state, events = bids(state, 1, 1)
    for p in (P1, P2):
        decks = sorted(DATA.cards[c].deck for c in state.owned[p])
        assert decks == ["black"] * 4 + ["blue"] * 2
    assert events[-2:] == [
        "The auction is over.",
        "Battle 1: Player 1 attacks, Player 2 defends. Each has 10 hearts. Player 1 places first.",
    ]
    assert (state.phase, state.active) == ("place", P1)


def test_a_player_without_markers_can_only_bid_nothing():
    """markers_spent: bidding goes on while one player has markers."""
    state, _ = bids(advanced(), 15, 0)
    assert state.markers == (0, 15)
    state, _, _ = turn_up(state, "fox.1")
    assert [a["amount"] for a in RULES.legal_actions(state) if a["player"] == P1] == [0]
    state, _ = bids(state, 0, 0)  # Player 2 opened this card and takes the tie
    assert state.owned == ((), ("fox.1",))


def test_when_both_are_out_of_markers_the_rest_is_dealt_at_random():
    """markers_spent, hidden_cards: both spent everything on the first attack."""
    state, events = bids(advanced(), 15, 15)
    assert events[-1] == "Both players have spent all their markers: the rest is dealt at random."
    assert RULES.legal_actions(state) == [{"type": "deal_rest"}]
    state, action, events = play(state, {"type": "deal_rest"}, seed=9)
    for p in (P1, P2):
        assert sorted(DATA.cards[c].deck for c in state.owned[p]) == ["black"] * 4 + ["blue"] * 2
        assert action["cards"][p] == list(state.owned[p])
    assert events[0] == (
        "The remaining cards are dealt at random, face down: Player 1 gets 6, Player 2 gets 6."
    )
    assert state.phase == "place" and state.attacker == P1


def test_markers_running_out_midway_deal_only_what_is_missing():
    """markers_spent: cards already won are kept; the deal tops each hand up."""
    state, _ = bids(advanced(), 14, 14)
    state, _, _ = turn_up(state, "fox.1")
    state, _ = bids(state, 1, 1)  # both now at 0; the tie gives Fox to Player 2
    assert state.phase == "deal_rest"
    bad = {"type": "deal_rest", "cards": [[*black_cards(4), "cheetah.1", "cheetah.2"], []]}
    assert refused(state, bad) == "The cards dealt: Player 2 should get more cards."
    state, action, _ = play(state, {"type": "deal_rest"})
    assert [len(c) for c in action["cards"]] == [6, 5]
    assert "fox.1" in state.owned[P2] and len(state.owned[P2]) == 6


def test_an_auction_card_from_an_empty_deck_is_skipped():
    """empty_deck: nothing to turn up, so the next card comes."""
    state, _ = bids(advanced(), 0, 0)
    state.burned, state.decks = state.deck("black"), ((), *state.decks[1:])
    state, action, events = turn_up(state)
    assert action == {"type": "turn_up", "card": None}
    assert events == ["The black deck is empty: no card to bid for."]
    assert state.lots == 1 and state.phase == "turn_up"
