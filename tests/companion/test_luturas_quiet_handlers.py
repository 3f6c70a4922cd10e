"""The bot path's quiet handlers (companion/games/luturas/quiet.py) change a state exactly as
the table's handlers do: the same state, the same resolved action, the same draws from the
random generator, only without the table log's sentences."""

from __future__ import annotations

import random

import pytest

from companion.games.luturas import LuturasRules
from companion.games.luturas.actions import HANDLERS
from companion.games.luturas.quiet import QUIET_HANDLERS


@pytest.mark.parametrize("mode", ["standard", "fast"])
def test_quiet_handlers_match_the_loud_ones(mode: str) -> None:
    rules = LuturasRules()
    checked = set()
    for seed in range(6):
        state = rules.new_state({"mode": mode})
        rng = random.Random(seed)
        while not rules.is_over(state):
            action = rules.sample_action(state, rng)
            assert action is not None
            kind = action["type"]
            loud, quiet = rules.clone(state), rules.clone(state)
            loud_rng, quiet_rng = random.Random(), random.Random()
            loud_rng.setstate(rng.getstate())
            quiet_rng.setstate(rng.getstate())
            said = HANDLERS[kind](rules.data, loud, dict(action), loud_rng)
            done = QUIET_HANDLERS[kind](rules.data, quiet, dict(action), quiet_rng)
            assert done[0] == said[0]
            assert rules.to_json(quiet) == rules.to_json(loud)
            assert quiet_rng.getstate() == loud_rng.getstate()
            if QUIET_HANDLERS[kind] is not HANDLERS[kind]:
                assert done[1] == []
                checked.add(kind)
            state, resolved = rules.advance(state, action, rng)
            assert resolved == said[0]
    assert {"crystal", "deploy", "draw", "end", "attack"} <= checked
