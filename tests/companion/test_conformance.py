"""One conformance suite over every playable game (after OpenSpiel's random-simulation test).

Every game the companion lists as playable (`companion.registry.GAMES`) is played to the end many
times by a seeded random player, each option of its "New game" card in turn, and after every
action the suite checks what the protocol promises:
- `legal_actions` lists only what `check` accepts, and near misses of them are judged the same way
  by both (an action `check` accepts is listed, up to the order of a list of cards);
- each legal action belongs to a seat, `to_move` is exactly the seats that have one, and
  `legal_actions_for` splits the legal actions between the seats and chance;
- `apply_unchecked` gives the same step as `apply`, and never changes the state it was given;
- information sets: a state `resample`d for a seat looks the same to that seat (its view and its
  legal actions are unchanged), however the hidden cards and choices were redrawn;
- views and the seat's history are plain JSON; the state survives a JSON round trip;
- an action that reveals sealed choices (`reveals`) is never taken back: undo refuses it from the
  table and from every seat, and an action that ends a sealed wait is such a reveal; a game that
  declares reveals shows some in its playouts, so the check is not vacuous;
- at the end, replaying the log rebuilds the state, undo and redo give it back (as far as the
  first sealed choice or reveal, where undo stops), and `outcome` agrees with `is_over`.
A new game is covered by registering it in the companion's registry.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.engine import CHANCE, Match
from companion.registry import GAMES, GameEntry

from .engine_checks import assert_reveal_stands, declares_reveals

Policy = Callable[[Any, list[dict[str, Any]], random.Random], dict[str, Any]]

PLAYOUTS = 200  # per game, spread over its option combinations
MOST_ACTIONS = 300  # a bound for games a random player could drag on
WHOLE_GAME_MOST = 60_000
DEEP_CHECK_EVERY = 4  # resampling and near misses on every fourth state (they cost the most)


def progress_players() -> dict[str, Policy]:
    """Every other playout follows a game's progress-seeking player, so that the suite also
    sees late game states (a purely random Moonlighter explorer seldom meets a boss)."""
    from . import test_moonlighter_properties as moonlighter
    from . import test_vita_luna_properties as vita_luna

    return {
        "moonlighter": moonlighter.careful,
        "vita_luna": lambda state, legal, rng: vita_luna.pick(state, legal, rng, 0.2),
    }


def option_sets(game: GameEntry) -> list[dict[str, Any]]:
    choices = [[(o.key, value) for value, _ in o.choices] for o in game.options]
    chosen = [dict(c) for c in itertools.product(*choices)] or [{}]
    return [game.setup(c) if game.setup else c for c in chosen]


PLAYABLE = [g for g in GAMES if g.playable]


def canonical(action: dict[str, Any]) -> str:
    """An action as text, its lists of cards in order: the same action however it lists them.
    Only an action with a list needs the sorted copy (most have none: one JSON call each)."""
    if any(isinstance(v, list) for v in action.values()):
        action = {k: sorted(v, key=str) if isinstance(v, list) else v for k, v in action.items()}
    return json.dumps(action, sort_keys=True)


def near_misses(action: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Actions one small step from a legal one: a number off by one, another player."""
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            yield action | {key: not value}
        elif isinstance(value, int):
            yield action | {key: value + 1}
            yield action | {key: value - 1}


def check_state(rules: Any, state: Any, rng: random.Random, deep: bool) -> list[dict[str, Any]]:
    legal = rules.legal_actions(state)
    listed = {canonical(a) for a in legal}
    assert len(listed) == len(legal), "an action is listed twice"
    seats = rules.seats(state)
    movers: set[int] = set()
    for action in legal:
        assert rules.check(state, action) is None, f"listed but refused: {action}"
        actors = rules.actors(state, action)
        assert actors and actors <= set(seats) | {CHANCE}, f"{action} belongs to no seat"
        movers |= actors
    assert rules.to_move(state) == frozenset(movers)
    # The seats' and chance's lists, each action once (as exact text: a set, not a list scan).
    split: dict[str, dict[str, Any]] = {}
    for seat in (*seats, CHANCE):
        for a in rules.legal_actions_for(state, seat):
            split.setdefault(json.dumps(a, sort_keys=True), a)
    assert sorted(map(canonical, split.values())) == sorted(listed)
    if deep:
        for action in rng.sample(legal, min(4, len(legal))):
            for miss in near_misses(action):
                if rules.check(state, miss) is None:
                    assert canonical(miss) in listed, f"accepted but not listed: {miss}"
        for seat in (*seats, None):
            seen = rules.view(state, seat)
            json.dumps(seen)
            other = rules.resample(state, seat, random.Random(rng.random()))
            assert rules.view(other, seat) == seen, f"seat {seat} can tell a resampled state"
            if seat is not None:
                mine = rules.legal_actions_for(state, seat)
                assert rules.legal_actions_for(other, seat) == mine
    return legal


def play_out(
    game: GameEntry,
    options: dict[str, Any],
    seed: int,
    policy: Policy | None,
    revealed: list[int] | None = None,
) -> Match:
    """A seeded random game, checked after every action; the log indices of the actions that
    revealed sealed choices are added to `revealed`."""
    rules = game.rules()
    match = Match.start(rules, options, seed=seed)
    rng = random.Random(seed)
    for turn in range(MOST_ACTIONS):
        legal = check_state(rules, match.state, rng, deep=turn % DEEP_CHECK_EVERY == 0)
        if not legal:
            break
        before = match.state
        saved = rules.to_json(before)
        action = policy(before, legal, rng) if policy else rng.choice(legal)
        index = len(match.log)
        checked = rules.apply(before, action, _rng(match, index))
        unchecked = rules.apply_unchecked(before, action, _rng(match, index))
        assert rules.to_json(unchecked.state) == rules.to_json(checked.state)
        assert unchecked.action == checked.action and unchecked.events == checked.events
        match.play(action)
        assert rules.to_json(before) == saved, "apply changed the state it was given"
        if assert_reveal_stands(match, before) and revealed is not None:
            revealed.append(index)
    return match


def _rng(match: Match, index: int) -> random.Random:
    from companion.engine.core import step_rng

    return step_rng(match.seed, index)


def check_end(match: Match, rng: random.Random) -> None:
    rules = match.rules
    state_json = rules.to_json(match.state)
    assert rules.to_json(rules.from_json(json.loads(json.dumps(state_json)))) == state_json
    again = Match.replay(rules, match.options, match.seed, match.log)
    assert rules.to_json(again.state) == state_json
    outcome = match.outcome()
    assert outcome.over == rules.is_over(match.state)
    if outcome.over:
        assert outcome.winner is None or outcome.winner in rules.seats(match.state)
    for seat in (*rules.seats(match.state), None):
        json.dumps([e.__dict__ | {"actors": sorted(e.actors)} for e in match.history(seat, 50)])
    back = rng.randint(1, min(40, len(match.log))) if match.log else 0
    tail = match.log[len(match.log) - back :]
    for _ in range(back):
        if match.undo_refusal() is not None:
            return  # a sealed choice or a reveal: undo stops here, as at the table
        match.undo()
    for action in tail:
        match.play(action)
    assert rules.to_json(match.state) == state_json


@pytest.mark.parametrize("game", PLAYABLE, ids=[g.id for g in PLAYABLE])
def test_random_playouts_keep_the_protocol(game: GameEntry) -> None:
    sets = option_sets(game)
    policy = progress_players().get(game.id)
    revealed: list[int] = []
    for index in range(PLAYOUTS):
        options = sets[index % len(sets)]
        match = play_out(game, options, index, policy if index % 2 else None, revealed)
        check_end(match, random.Random(index))
    if declares_reveals(game.rules()):
        assert revealed, f"{game.id} declares reveals but none happened in {PLAYOUTS} playouts"


@pytest.mark.parametrize("game", PLAYABLE, ids=[g.id for g in PLAYABLE])
def test_whole_games_reach_an_outcome(game: GameEntry) -> None:
    """A few games played to the very end by the progress player (Moonlighter takes some
    twenty thousand actions), checked now and then on the way and fully at the end."""
    policy = progress_players().get(game.id)
    for seed in range(3):
        rules = game.rules()
        match = Match.start(rules, option_sets(game)[seed % len(option_sets(game))], seed=seed)
        rng, checks = random.Random(seed), random.Random(-seed)
        for turn in range(WHOLE_GAME_MOST):
            if turn % 97 == 0:
                check_state(rules, match.state, checks, deep=True)
            legal = rules.legal_actions(match.state)
            if not legal:
                break
            action = policy(match.state, legal, rng) if policy else rng.choice(legal)
            before = match.state
            match.play(action, trusted=True)
            assert_reveal_stands(match, before)
        assert match.outcome().over, f"{game.id} seed {seed}: no end in {WHOLE_GAME_MOST} actions"
        check_end(match, checks)


def test_every_playable_game_is_registered_with_seats() -> None:
    for game in PLAYABLE:
        rules = game.rules()
        state = rules.new_state(option_sets(game)[0] | {"seed": 1})
        assert rules.seats(state), game.id
