"""Vita Luna's seats: each player sees their own secrets and nothing of the other's, in the view,
the log and the undo; rulings sealed_bids_undo, hidden_hands and seat_actions."""

from __future__ import annotations

import json

import pytest

from companion.engine import CHANCE, HIDDEN, IllegalAction, Match

from .test_vita_luna_situations import DATA, P1, P2, RULES


def advanced(seed: int = 3) -> Match:
    """An advanced game at the attack bid, Player 1 opening."""
    match = Match.start(RULES, {"mode": "advanced"}, seed=seed)
    match.play({"type": "first_bidder", "bidder": P1})
    return match


def seen_by(match: Match, seat: int | None) -> str:
    """Everything a seat's screen is drawn from: its view, its legal actions, its history and
    whether it may undo."""
    return json.dumps(
        {
            "view": match.view(seat),
            "legal": match.legal_actions(seat) if seat is not None else [],
            "history": [(e.action, e.events) for e in match.history(seat)],
            "undo": match.undo_refusal(seat),
        },
        sort_keys=True,
    )


@pytest.mark.parametrize("viewer", [P2, None], ids=["other player", "table"])
def test_a_sealed_bid_changes_nothing_the_other_seat_sees(viewer):
    """sealed_bids: Player 1 bidding 1 or 3 looks the same to Player 2 and to the table."""
    low, high = advanced(), advanced()
    low.play({"type": "bid", "player": P1, "amount": 1}, P1)
    high.play({"type": "bid", "player": P1, "amount": 3}, P1)
    assert seen_by(low, viewer) == seen_by(high, viewer)
    assert seen_by(low, P1) != seen_by(high, P1)  # the bidder sees their own bid


def test_a_sealed_bid_cannot_be_undone_before_or_after_both_are_revealed():
    """sealed_bids_undo: after a bid is sealed, undo is refused for everyone, with the reason;
    once both are revealed they stand, so nobody bids again knowing the other's bid."""
    match = advanced()
    match.play({"type": "bid", "player": P1, "amount": 3}, P1)
    for seat in (P1, P2, None):
        assert match.undo_refusal(seat) == "A sealed bid cannot be taken back."
    with pytest.raises(IllegalAction, match="sealed bid"):
        match.undo(P1)
    match.play({"type": "bid", "player": P2, "amount": 2}, P2)
    for seat in (P1, P2, None):
        assert (
            match.undo_refusal(seat)
            == "Both bids are revealed: they stand and cannot be taken back."
        )
    with pytest.raises(IllegalAction, match="Both bids are revealed"):
        match.undo(P2)


def test_the_other_hand_changes_nothing_a_player_sees():
    """hidden_hands: two deals that give Player 2 different cards look alike to Player 1."""
    first = Match.start(RULES, {"mode": "basic"}, seed=1)
    first.play({"type": "deal"})
    hands = first.log[0]["hands"]
    decks = {c: list(first.state.deck(c)) for c in ("black", "blue", "red")}
    other = [_same_colour_other(DATA, card, decks) for card in hands[P2]]
    second = Match.start(RULES, {"mode": "basic"}, seed=1)
    second.play({"type": "deal", "hands": [hands[P1], other]})
    assert other != hands[P2]
    assert seen_by(first, P1) == seen_by(second, P1)
    assert seen_by(first, None) == seen_by(second, None)
    assert seen_by(first, P2) != seen_by(second, P2)


def _same_colour_other(data, card: str, decks: dict[str, list[str]]) -> str:
    colour = data.cards[card].deck
    return decks[colour].pop(0)


def test_the_log_hides_the_other_hand_and_bid():
    match = Match.start(RULES, {"mode": "basic"}, seed=2)
    match.play({"type": "deal"})
    deal = match.history(P1)[0].action
    assert deal["hands"][P1] == match.log[0]["hands"][P1]
    assert set(deal["hands"][P2]) == {HIDDEN}
    assert set(match.history(None)[0].action["hands"][P1]) == {HIDDEN}


def test_a_player_acts_only_for_their_own_seat():
    """seat_actions: Player 2's bid from Player 1's device is refused; chance is anyone's."""
    match = advanced()
    with pytest.raises(IllegalAction, match="That is for Player 2 to do"):
        match.play({"type": "bid", "player": P2, "amount": 1}, P1)
    assert match.rules.to_move(match.state) == frozenset({P1, P2})  # sealed bids: both at once
    basic = Match.start(RULES, {"mode": "basic"}, seed=1)
    assert basic.rules.to_move(basic.state) == frozenset({CHANCE})
    basic.play({"type": "deal"}, P2)  # any device may deal
    assert basic.rules.to_move(basic.state) == frozenset({P1, P2})  # who attacks first: either


def test_outcome_names_the_winner():
    match = Match.start(RULES, {"mode": "basic"}, seed=5)
    assert not match.outcome().over
    state = match.state.clone()
    state.phase, state.winner = "over", P2
    result = RULES.outcome(state)
    assert (result.over, result.winner, result.scores) == (True, P2, (-1.0, 1.0))
