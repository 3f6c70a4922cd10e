"""Luturas under random legal play (hypothesis draws the seeds and the options): the invariants
after every action, the log replayed, and the effects that random play reaches.

Invariants: each player's cards are conserved across Deck, hand, Crystals, Lutura stacks, Tool,
Strategies, Workshop and Portal (each card in exactly one place, the Soldier apart); a Soldier's
Stamina stays within 0 and its printed Stamina; a Lutura's damage stays below its Stamina; at
most four Luturas, at most the side's Crystal limit and one Black Crystal; in fast mode the
Crystal deck holds only Crystals.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Match
from companion.games.luturas import LuturasRules
from companion.games.luturas.data import ANY
from companion.games.luturas.lasting import crystal_limit
from companion.games.luturas.state import LuturasState, every_card

RULES = LuturasRules()
DATA = RULES.data
MOST = 700


def check_invariants(state: LuturasState) -> None:
    for p, side in enumerate(state.sides):
        deck = [c for c in state.decks[p] if DATA.of(c).kind != "soldier"]
        assert Counter(every_card(side)) == Counter(deck), f"player {p + 1}'s cards moved off"
        assert 0 <= side.stamina <= DATA.of(side.soldier).stamina
        luturas = [lu for lu in side.spaces if lu is not None]
        assert len(luturas) <= 4
        for lutura in luturas:
            assert 0 <= lutura.damage < DATA.of(lutura.top).stamina
            for below, above in zip(lutura.stack, lutura.stack[1:], strict=False):
                assert DATA.of(above).evolves_from == DATA.of(below).id
        assert len(side.crystals) <= crystal_limit(DATA, state, p)
        assert sum(DATA.of(c).crystal == ANY for c in side.crystals) <= 1
        assert all(DATA.of(c).kind == "crystal" for c in side.crystal_deck)
        assert side.tool_at == -1 or side.spaces[side.tool_at] is not None


def play(options: dict[str, Any], seed: int) -> Match:
    match = Match.start(RULES, options, seed=seed)
    rng = random.Random(seed)
    while not match.outcome().over and len(match.log) < MOST:
        legal = RULES.legal_actions(match.state)
        assert legal, f"no legal action in phase {match.state.phase}"
        match.play(rng.choice(legal))
        check_invariants(match.state)
    return match


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["standard", "fast"]))
def test_random_play_keeps_the_invariants_and_replays(seed: int, mode: str) -> None:
    match = play({"mode": mode}, seed)
    again = Match.replay(RULES, match.options, seed, json.loads(json.dumps(match.log)))
    assert RULES.to_json(again.state) == RULES.to_json(match.state)


def test_random_play_reaches_the_effects() -> None:
    """Seeded random matches use activated effects, flip Strategies, answer attacks, resolve
    pending choices and end matches."""
    kinds: Counter[str] = Counter()
    ends = 0
    for seed in range(16):
        match = play({"mode": ("standard", "fast")[seed % 2]}, seed)
        kinds.update(a["type"] for a in match.log)
        ends += match.outcome().over
    assert ends >= 8
    for kind in ("effect", "strategy", "flip", "pass", "pick", "upgrade", "attack", "assign"):
        assert kinds[kind] > 0, f"random play never took a {kind!r} action"
