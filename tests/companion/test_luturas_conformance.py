"""The conformance suite's checks (tests/companion/test_conformance.py) on Luturas's engine.

Luturas is not in the companion's registry yet (its page comes later), so the suite's playouts
do not reach it; this file hands the same helpers a `GameEntry` of its own: seeded random
playouts in standard and fast mode checking listing against `check`, seats, `apply` against
`apply_unchecked`, resampled information sets, JSON views, that undo never takes back a reveal
(Luturas has no sealed choices to reveal: its `reveals` is the default), and the replay, undo and
outcome at the end.
"""

from __future__ import annotations

import random

import pytest

from companion.games.luturas import LuturasRules
from companion.registry import GameEntry, Option

from .test_conformance import check_end, check_state, option_sets, play_out

RULES = LuturasRules()
LUTURAS = GameEntry(
    id="luturas",
    title="Luturas",
    players="2",
    blurb="",
    rules=lambda: RULES,
    options=(
        Option("mode", "Mode", (("standard", "Standard"), ("fast", "Fast"))),
        Option("cards", "Cards", (("app", "The app shuffles"), ("table", "Enter each card"))),
    ),
)
PLAYOUTS = 24


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_playouts_keep_the_protocol(seed: int) -> None:
    sets = option_sets(LUTURAS)
    match = play_out(LUTURAS, sets[seed % len(sets)], seed, None)
    check_end(match, random.Random(seed))


@pytest.mark.slow
def test_whole_matches_reach_an_outcome() -> None:
    """Matches played to the end by a random player, checked now and then on the way."""
    for seed in range(4):
        options = option_sets(LUTURAS)[seed % 4]
        from companion.engine import Match

        match = Match.start(RULES, options, seed=seed)
        rng, checks = random.Random(seed), random.Random(-seed)
        for turn in range(20_000):
            if turn % 23 == 0:
                check_state(RULES, match.state, checks, deep=True)
            legal = RULES.legal_actions(match.state)
            if not legal:
                break
            match.play(rng.choice(legal), trusted=True)
        assert match.outcome().over, f"seed {seed}: no end"
        check_end(match, checks)
