"""Vita Luna test helpers (a battle from a short description, play, refusals, invariants) and the
tests that the helpers themselves build states a game could reach."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

from cardgen.data.database import load_game_or_raise
from companion.games.vita_luna import VitaLunaRules, VitaLunaState, data_from_game
from companion.games.vita_luna.data import data_folder
from companion.games.vita_luna.scenarios import at, battle, in_grey

from .engine_checks import assert_refused

RULES = VitaLunaRules()
DATA = RULES.data
P1, P2 = 0, 1  # "Player 1" (at the bottom) and "Player 2" in the table log


def fight(white0=(), white1=(), grey0=(), grey1=(), hand0=(), hand1=(), **fields: Any):
    """Player 1's turn (unless `active` says otherwise) with these creature ids on the board."""
    return battle(RULES, (white0, white1), (grey0, grey1), (hand0, hand1), **fields)


def edited_rules(tmp_path: Path, sheet: str, old: str, new: str) -> VitaLunaRules:
    """Rules over a copy of the card data with one piece of a sheet replaced."""
    folder = shutil.copytree(data_folder(), tmp_path / "vita_luna")
    text = (folder / sheet).read_text(encoding="utf-8")
    assert old in text
    (folder / sheet).write_text(text.replace(old, new), encoding="utf-8")
    return VitaLunaRules(data_from_game(load_game_or_raise(folder)))


def card(state: VitaLunaState, player: int, column: int) -> str:
    found = at(RULES, state, player, column)
    assert found is not None, f"nothing on white {column} of player {player}"
    return found


def grey_card(state: VitaLunaState, player: int, slot: int) -> str:
    found = in_grey(RULES, state, player, slot)
    assert found is not None
    return found


def play(state: VitaLunaState, action: dict, seed: int = 0, rules: VitaLunaRules = RULES):
    """(new state, resolved action, events); apply must leave the state it was given alone."""
    before = rules.to_json(state)
    step = rules.apply(state, action, random.Random(seed))
    assert rules.to_json(state) == before, "apply changed the state it was given"
    assert_invariants(step.state, rules)
    return step.state, step.action, step.events


def attack(state: VitaLunaState, player: int | None = None):
    """The active player's attack step: (new state, events)."""
    who = state.active if player is None else player
    after, _, events = play(state, {"type": "attack", "player": who})
    return after, events


def refused(state: VitaLunaState, action: dict, rules: VitaLunaRules = RULES) -> str:
    """The reason `action` is refused, checked the same way for every game."""
    return assert_refused(rules, state, action)


def allowed(state: VitaLunaState, action: dict, rules: VitaLunaRules = RULES) -> bool:
    reason = rules.check(state, action)
    assert (reason is None) == (action in rules.legal_actions(state)), (action, reason)
    return reason is None


def assert_invariants(state: VitaLunaState, rules: VitaLunaRules = RULES) -> None:
    """ownership_changes, battle_size: the facts no sequence of actions may break."""
    data = rules.data
    places = [*state.decks, *state.owned, state.burned, (state.lot,) if state.lot else ()]
    every = [c for place in places for c in place]
    assert sorted(every) == sorted(data.cards), "a card is lost, duplicated or invented"
    w, g = data.white, data.grey
    on_board = [c for c in state.board if c is not None]
    assert len(on_board) == len(set(on_board)), "a card stands in two positions"
    for p in (0, 1):
        side = state.board[p * w : p * w + w] + state.board[2 * w + p * g : 2 * w + p * g + g]
        assert all(c in state.owned[p] for c in side if c), "a card on the wrong side"
        assert sum(1 for c in side if c) <= data.max_cards
    assert set(state.health) == set(on_board)
    for c, h in state.health.items():
        assert 1 <= h <= data.cards[c].health, (c, h)
    assert state.armour <= set(on_board)
    assert all(data.cards[c].armour for c in state.armour)
    assert all(0 <= h <= data.hearts for h in state.hearts)
    assert all(0 <= m <= data.markers for m in state.markers)
    steps = data.steps(state.extended)
    assert all(0 <= t <= steps for t in state.track)
    assert all(set(s) <= set(data.singulars) for s in state.singulars)
    legal = rules.legal_actions(state)
    assert bool(legal) != rules.is_over(state)


def test_a_built_battle_is_a_state_a_game_could_reach():
    """battle_size, fresh_battle: every card in one place, creatures at full health, armour on."""
    state = fight(["wolf", "shore_crab"], [None, "anaconda"], ["rock"], [], ["fox"], ["rat"])
    assert_invariants(state)
    assert state.health[card(state, P1, 1)] == 3 and card(state, P1, 1) in state.armour
    assert grey_card(state, P1, 0).startswith("rock.")
    assert state.owned[P1] == ("wolf.1", "shore_crab.1", "rock.1", "fox.1")
    assert RULES.check(state, {"type": "attack", "player": P1}) is None
