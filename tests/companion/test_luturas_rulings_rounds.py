"""Luturas's rulings on the match, its rounds, turns and decks, one named test each (the
clarification id opens every docstring; positions and helpers in `luturas_rulings`).
"""

from __future__ import annotations

import random

import pytest

from companion.engine import Match
from companion.games.luturas import outcome as oc
from companion.games.luturas.data import deck_problems
from companion.games.luturas.scenarios import ANA, BEN, act, lay, started
from companion.games.luturas.state import (
    CHOOSE,
    DRAW,
    MAIN,
    MULLIGAN,
    OVER,
    every_card,
)

from .luturas_rulings import DATA, RULES, attacking, deck, ok, ruled, versus

# --- match and rounds ----------------------------------------------------------------------------


def test_match_best_of_three() -> None:
    """match-best-of-three: two rounds won take the match, and not one fewer."""
    state = started(RULES)
    oc.win(DATA, state, ANA, "Ana wins.")
    assert state.phase == CHOOSE and state.sides[ANA].wins == 1
    oc.win(DATA, state, ANA, "Ana wins again.")
    assert state.phase == OVER and state.winner == ANA and RULES.outcome(state).winner == ANA


def test_round_reset() -> None:
    """round-reset: nothing carries over but the rounds won."""
    state = attacking(started(RULES))
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]], damage=[2])
    state.sides[ANA].ability_used, state.sides[BEN].stamina = True, 5
    oc.win(DATA, state, BEN, "Ben wins.")
    ana = state.sides[ANA]
    assert (ana.stamina, ana.ability_used, ana.crystals, ana.hand) == (22, False, (), ())
    assert len(every_card(ana)) == 45 and state.sides[BEN].wins == 1 and state.round == 2


def test_who_starts() -> None:
    """who-starts: the coin's winner chooses; later the loser of the round chooses."""
    state = RULES.new_state({})
    state = act(RULES, state, {"type": "toss", "winner": BEN}).state
    assert state.phase == CHOOSE and state.chooser == BEN
    ruled(state, {"type": "choose", "player": BEN, "first": 3}, "who-starts")
    assert RULES.check(state, {"type": "choose", "player": ANA, "first": ANA}) is not None
    state = started(RULES)
    oc.win(DATA, state, ANA, "Ana wins.")
    assert state.chooser == BEN


def test_round_draw() -> None:
    """round-draw: both Soldiers down at once replays the round, chosen by the same player."""
    state = started(RULES)
    chooser = state.chooser
    state.sides[ANA].stamina = state.sides[BEN].stamina = 0
    oc.settle(DATA, state)
    assert state.phase == CHOOSE and state.round == 1 and state.chooser == chooser
    assert state.sides[ANA].wins == state.sides[BEN].wins == 0


def test_mulligan() -> None:
    """mulligan: up to three new hands of the same size, the starting player first."""
    state = RULES.new_state({})
    for action in ({"type": "toss", "winner": BEN}, {"type": "choose", "player": BEN, "first": BEN},
                   {"type": "deal"}):  # fmt: skip
        state = act(RULES, state, action).state
    assert state.phase == MULLIGAN and state.active == BEN
    for _ in range(2):
        state = ok(state, {"type": "mulligan", "player": BEN})
    state = ok(state, {"type": "mulligan", "player": BEN})  # the third: kept at once
    assert state.active == ANA and len(state.sides[BEN].hand) == 5
    assert len(every_card(state.sides[BEN])) == 45


def test_first_turn_draw() -> None:
    """first-turn-draw: the starting player's first turn begins with a draw."""
    state = RULES.new_state({})
    for action in ({"type": "toss", "winner": ANA}, {"type": "choose", "player": ANA, "first": ANA},
                   {"type": "deal"}, {"type": "keep", "player": ANA}, {"type": "keep", "player": BEN}):  # fmt: skip
        state = act(RULES, state, action).state
    assert state.phase == DRAW and state.active == ANA
    assert RULES.legal_actions(state) == [{"type": "draw", "player": ANA}]
    state = ok(state, {"type": "draw", "player": ANA})
    assert len(state.sides[ANA].hand) == 6 and state.phase == MAIN


def test_first_turn_no_attacks() -> None:
    """first-turn-no-attacks: nobody attacks on their own first turn of a round."""
    state = started(RULES)
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]])
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]])
    ruled(
        state, {"type": "attack", "player": ANA, "space": 0, "target": 0}, "first-turn-no-attacks"
    )
    assert RULES.check(state, {"type": "tool", "player": ANA, "card": "x"}) is not None
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "attack"]


def test_turn_order_free() -> None:
    """turn-order-free: Crystals, deploys and attacks in any order, mixed freely."""
    state = attacking(started(RULES))
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]])
    cards = lay(state, ANA, hand=["tidepup_g1", "crystal_aquatic", "crystal_aquatic"])["hand"]
    state = ok(state, {"type": "crystal", "player": ANA, "card": cards[1]})
    state = ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0})
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    state = ok(state, {"type": "crystal", "player": ANA, "card": cards[2]})
    assert len(state.sides[ANA].crystals) == 2


def test_start_of_turn_order() -> None:
    """start-of-turn-order: Lumira Gear Ultima's check comes before the draw."""
    state = versus(["lumira_g1", "lumira_g2", "lumira_g3", "lumira_ultima", "crystal_black",
                    "crystal_nuclear", "crystal_botanical"], [])  # fmt: skip
    lay(state, ANA, crystals=["crystal_aquatic", "crystal_nuclear", "crystal_botanical",
                              "crystal_black"],
        luturas=[["lumira_g1", "lumira_g2", "lumira_g3", "lumira_ultima"]])  # fmt: skip
    state = ok(state, {"type": "end", "player": ANA})
    state = act(RULES, state, RULES.legal_actions(state)[0]).state  # Ben draws
    before, end = state, {"type": "end", "player": BEN}
    state = ok(state, end)
    assert state.phase != DRAW  # decided before Ana's draw
    assert state.sides[ANA].wins == 1 and state.phase == CHOOSE
    assert any("wins round 1" in e for e in RULES.apply(before, end, random.Random(0)).events)


def test_no_hand_limit() -> None:
    """no-hand-limit: a turn ends with any number of cards in hand."""
    state = started(RULES)
    side = state.sides[ANA]
    side.hand, side.deck = (*side.hand, *side.deck[:20]), side.deck[20:]
    assert len(side.hand) > 20
    state = ok(state, {"type": "end", "player": ANA})
    assert state.active == BEN


def test_win_deck_out() -> None:
    """win-deck-out: a draw from an empty Deck loses the round at once."""
    state = started(RULES)
    side = state.sides[BEN]
    side.hand, side.deck = (*side.hand, *side.deck), ()
    state = ok(state, {"type": "end", "player": ANA})
    assert state.sides[ANA].wins == 1 and state.phase == CHOOSE


def test_fast_mode_draws() -> None:
    """fast-mode-draws: 3 + 2 opening cards; each draw from a pile of your choice."""
    state = started(RULES, mode="fast")
    ben = state.sides[BEN]
    assert sum(DATA.of(c).kind == "crystal" for c in ben.hand) == 2 and len(ben.hand) == 5
    assert all(DATA.of(c).kind == "crystal" for c in ben.crystal_deck)
    state = ok(state, {"type": "end", "player": ANA})
    piles = {a.get("pile") for a in RULES.legal_actions(state)}
    assert piles == {"deck", "crystals"}
    state = ok(state, {"type": "draw", "player": BEN, "pile": "crystals"})
    assert DATA.of(state.sides[BEN].hand[-1]).kind == "crystal"


def test_fast_mode_not_tournament() -> None:
    """fast-mode-not-tournament: fast mode is a mode of its own; standard is the default."""
    assert RULES.new_state({}).mode == "standard"
    with pytest.raises(ValueError, match="no mode 'tournament'"):
        RULES.new_state({"mode": "tournament"})


def test_a_match_replays_from_its_log() -> None:
    """Replaying a seeded match's log rebuilds it exactly."""
    match = Match.start(RULES, {"mode": "fast"}, seed=3)
    rng = random.Random(3)
    while not match.outcome().over and len(match.log) < 400:
        match.play(rng.choice(RULES.legal_actions(match.state)))
    again = Match.replay(RULES, match.options, match.seed, match.log)
    assert RULES.to_json(again.state) == RULES.to_json(match.state)


# --- decks ---------------------------------------------------------------------------------------


def test_deck_size_counts_soldier() -> None:
    """deck-size-counts-soldier: 35 cards counting the Soldier; it never enters the Deck."""
    assert deck_problems(DATA, deck("warden_osk", base=False)) == []
    short = deck("warden_osk", base=False)[:-1]
    assert deck_problems(DATA, short)[0].startswith("the deck has 34 cards")
    state = RULES.new_state({"decks": [deck("warden_osk", base=False), deck("ranger_kade")]})
    assert len(state.sides[ANA].deck) == 34 and state.sides[ANA].soldier == "warden_osk"
    with pytest.raises(ValueError, match="Player 1's deck: the deck has 34 cards"):
        RULES.new_state({"decks": [short, deck("ranger_kade")]})


def test_star_limit_per_card() -> None:
    """star-limit-per-card: copies counted card by card, Crystals exempt."""
    full = deck("warden_osk", *["tidepup_g1"] * 4, *["tidepup_g2"] * 3, base=False)
    assert deck_problems(DATA, full) == []
    five = deck_problems(DATA, deck("warden_osk", *["tidepup_g1"] * 5, base=False))
    assert five == ["5 copies of Tidepup Gear 1; 1 star allows 4"]
    ultimas = deck_problems(
        DATA, deck("warden_osk", "tidepup_ultima", "tidepup_ultima", base=False)
    )
    assert ultimas == ["2 copies of Tidepup Gear Ultima; 4 stars allow 1"]
