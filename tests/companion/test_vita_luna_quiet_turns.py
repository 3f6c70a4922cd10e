"""Vita Luna: battles where nobody gets hurt, ended by quiet turns (clarification ids in
docstrings)."""

from __future__ import annotations

import json

from companion.engine import Match

from .test_vita_luna_situations import (
    P1,
    P2,
    RULES,
    attack,
    card,
    fight,
    play,
)
from .vita_luna_games import HANDS

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
