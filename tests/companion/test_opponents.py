"""App opponents decide from their seat's view alone: hidden information cannot reach them."""

from __future__ import annotations

import inspect
import random

import pytest

from companion.engine import CHANCE, Match
from companion.engine.core import step_rng
from companion.engine.opponents import Opponent, opponent_move
from companion.games.vita_luna.opponent import VitaLunaOpponent

from .test_vita_luna_situations import RULES, assert_invariants

APP = 1


def test_the_interface_takes_a_view_and_legal_actions_only():
    params = list(inspect.signature(Opponent.choose).parameters)
    assert params == ["self", "view", "legal", "rng"]
    assert list(inspect.signature(VitaLunaOpponent.choose).parameters) == params


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_the_app_cannot_tell_the_real_game_from_a_redrawn_one(mode):
    """At every decision the app makes, a game whose hidden cards and sealed bid were redrawn
    (what the app cannot see) gets exactly the same move from it."""
    app = VitaLunaOpponent(APP)
    decisions = 0
    for seed in range(6):
        match = Match.start(RULES, {"mode": mode}, seed=seed)
        rng = random.Random(seed)
        while not RULES.is_over(match.state) and len(match.log) < 1500:
            chosen = opponent_move(match, APP, app, step_rng(seed, len(match.log)))
            if chosen is not None:
                other = RULES.resample(match.state, APP, random.Random(decisions))
                mine = [a for a in RULES.legal_actions_for(other, APP)
                        if CHANCE not in RULES.actors(other, a)]  # fmt: skip
                again = app.choose(RULES.view(other, APP), mine, step_rng(seed, len(match.log)))
                assert again == chosen
                decisions += 1
                match.play(chosen, APP)
            else:
                legal = match.legal_actions()
                humans = [a for a in legal if 0 in RULES.actors(match.state, a)]
                chance = [a for a in legal if CHANCE in RULES.actors(match.state, a)]
                match.play(rng.choice(humans or chance))
            assert_invariants(match.state)
    assert decisions > 200


def test_a_changed_sealed_bid_does_not_change_the_apps_bid():
    """It never reads the other player's secret bid (ruling secret_bids)."""
    bids = set()
    for amount in (0, 2, 5):
        match = Match.start(RULES, {"mode": "advanced"}, seed=11)
        match.play({"type": "first_bidder", "bidder": 0})
        match.play({"type": "bid", "player": 0, "amount": amount}, 0)
        bids.add(str(opponent_move(match, APP, VitaLunaOpponent(APP), random.Random(1))))
    assert len(bids) == 1
