"""Our engines as OpenSpiel games, checked by OpenSpiel's own random-simulation test and by what
the adapter promises: chance as chance nodes, a seat's information state unchanged by
`resample_from_infostate`, and a player's action that draws resolved by chance."""

from __future__ import annotations

import json
import random

import pyspiel
import pytest

from companion.ai.catalogue import load_game, playable, register_all
from companion.ai.spiel_game import EngineState, short_name
from companion.engine.seats import HIDDEN

GAMES = [g.id for g in playable()]
QUICK = {"moonlighter": {"max_moves": 300}}  # a random explorer wanders: cut its games short


def test_every_playable_engine_is_registered() -> None:
    names = register_all()
    assert names == [short_name(g) for g in GAMES]
    assert set(names) <= set(pyspiel.registered_names())
    assert {"moonlighter", "vita_luna", "riposte", "va_card_game"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation_passes(game_id: str) -> None:
    game = load_game(game_id, QUICK.get(game_id))
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation_passes_at_length(game_id: str) -> None:
    game = load_game(game_id, {"max_moves": 600} if game_id == "moonlighter" else None)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_each_option_loads_as_a_parameter() -> None:
    game = load_game("vita_luna", {"mode": "advanced", "extended": True})
    assert game.setup.options["mode"] == "advanced" and game.setup.options["extended"] is True
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="option mode is one of basic, advanced"):
        load_game("vita_luna", {"mode": "expert"})


def walk(game_id: str, seed: int, steps: int) -> list[EngineState]:
    """The states of a random game, first `steps` of them."""
    rng = random.Random(seed)
    state = load_game(game_id).new_initial_state()
    seen = [state.clone()]
    while not state.is_terminal() and len(seen) < steps:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choice(actions))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize("game_id", ["vita_luna", "riposte", "va_card_game"])
def test_a_resampled_state_looks_the_same_to_its_seat(game_id: str) -> None:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in walk(game_id, 3, 120)[::7]:
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.legal_actions() == state.legal_actions()


def test_the_information_state_is_the_seats_view() -> None:
    """Seat 0's string shows its own hand and hides the other's: the protocol's view."""
    state = next(s for s in walk("vita_luna", 1, 200) if s.engine.phase == "place")
    mine = json.loads(state.observation_string(0))
    theirs = json.loads(state.observation_string(1))
    assert mine == state.rules.view(state.engine, 0)
    assert HIDDEN not in json.dumps(mine["owned"][0]) and mine != theirs
    assert state.information_state_string(0).startswith(f"move {state.moves} ")


def test_the_deal_is_a_chance_node_of_seeded_draws() -> None:
    state = load_game("vita_luna").new_initial_state()
    assert state.is_chance_node()  # the deal
    outcomes = state.chance_outcomes()
    assert len(outcomes) == state.spiel.chance_samples
    hands = set()
    for action, _ in outcomes[:8]:
        child = state.child(action)
        hands.add(json.dumps(child.engine.owned))
    assert len(hands) == 8  # each seed deals differently


def test_a_players_action_that_draws_waits_for_chance() -> None:
    """Riposte's "take" draws a card: the player chooses, then a chance node deals it."""
    for state in walk("riposte", 5, 300):
        if state.is_terminal() or state.is_chance_node():
            continue
        for action in state.legal_actions():
            if state.engine_action(action)["type"] == "take":
                after = state.child(action)
                assert after.is_chance_node() and after.pending is not None
                assert after.engine is not state.engine
                assert after.rules.to_json(after.engine) == state.rules.to_json(state.engine)
                return
    pytest.fail("no take in 300 random states")


def test_a_decision_for_the_table_is_a_fair_draw() -> None:
    """Who attacks first in basic Vita Luna is agreed at the table: a chance node, not seat 0's."""
    for state in walk("vita_luna", 2, 200):
        if state.engine.phase == "first_attacker":
            assert state.is_chance_node()
            kinds = {state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in
                     state.chance_outcomes()}  # fmt: skip
            assert any('"attacker": 0' in k for k in kinds)
            assert any('"attacker": 1' in k for k in kinds)
            return
    pytest.fail("no first attacker chosen")
