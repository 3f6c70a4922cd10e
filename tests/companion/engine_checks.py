"""Checks any game's rules must pass, shared by every game's tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.engine import IllegalAction, Match, SeatedRules


def assert_refused(rules: Any, state: Any, action: dict) -> str:
    """The reason `action` is refused; apply refuses it too and leaves the state as it was."""
    before = rules.to_json(state)
    reason = rules.check(state, action)
    assert reason, f"{action} was allowed"
    assert action not in rules.legal_actions(state)
    try:
        rules.apply(state, action, random.Random(0))
    except IllegalAction as exc:
        assert exc.reason == reason
    else:
        raise AssertionError(f"apply accepted {action}")
    assert rules.to_json(state) == before
    return reason


def declares_reveals(rules: Any) -> bool:
    """Whether the game has sealed choices to reveal: it overrides `reveals`."""
    return type(rules).reveals is not SeatedRules.reveals


def assert_reveal_stands(match: Match, before: Any) -> bool:
    """The last logged action was played in `before`. If it revealed sealed choices (`reveals`),
    undo refuses to take it back, from the table and from every seat, and the refused undo leaves
    the match as it was; and an action that ends a sealed wait must be such a reveal (the other
    side's choice turns both over). Returns whether it revealed."""
    rules = match.rules
    action = match.log[-1]
    reason = rules.reveals(before, action, match.state)
    if rules.sealed(before) is not None and rules.sealed(match.state) is None:
        assert reason is not None, f"{action} ended a sealed wait but `reveals` says nothing"
    if reason is None:
        return False
    length, state = len(match.log), rules.to_json(match.state)
    for seat in (None, *rules.seats(match.state)):
        refusal = match.undo_refusal(seat)
        assert refusal in (reason, rules.sealed(match.state)), f"seat {seat} may undo {action}"
        try:
            match.undo(seat)
        except IllegalAction as exc:
            assert exc.reason == refusal
        else:
            raise AssertionError(f"seat {seat} took back {action}, which revealed: {reason}")
        assert len(match.log) == length and match.log[-1] == action
    assert rules.to_json(match.state) == state
    return True


def random_play(match: Match, moves: int, seed: int) -> None:
    """Up to `moves` legal actions picked at random (seeded by `seed`), stopping at the end."""
    rng = random.Random(seed)
    for _ in range(moves):
        actions = match.legal_actions()
        if not actions or match.outcome().over:
            return
        match.play(rng.choice(actions))


def play_checked(
    match: Match,
    steps: int,
    choose: Callable[[Any, list[dict]], dict],
    check: Callable[[Any, Any], None],
) -> None:
    """Up to `steps` actions, until none is legal, each picked by `choose(state, legal)`: each
    leaves the old state untouched and passes `check(new, old)`; then the log replays to the
    same state."""
    rules = match.rules
    for _ in range(steps):
        legal = match.legal_actions()
        if not legal:
            break
        before = match.state
        saved = rules.to_json(before)
        match.play(choose(before, legal))
        assert rules.to_json(before) == saved  # the old state was not touched
        check(match.state, before)
    again = Match.replay(rules, match.options, match.seed, match.log)
    assert rules.to_json(again.state) == rules.to_json(match.state)
