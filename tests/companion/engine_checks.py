"""Checks any game's rules must pass, shared by every game's tests."""

from __future__ import annotations

import random
from typing import Any

from companion.engine import IllegalAction


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
