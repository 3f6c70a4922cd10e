"""Riposte's fast paths do what the plain ones did: the positional clone and `to_json` miss no
field, the in-place `advance` and the draft's `sample_action` are `apply_unchecked` and
`rng.choice(legal_actions)` from the same dice, and the app's memos (clashes counted, draft plans)
never change a choice: an app that has played many games chooses as a fresh one does.

Speed itself is measured by benchmarks/bench_bot_path.py, never here: machines are shared.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields, replace

from companion.engine.records import as_json
from companion.games.riposte import RiposteRules, RiposteState
from companion.games.riposte.opponent import RiposteOpponent
from companion.games.riposte.state import LISTS, PAIRS, altered, to_json

RULES = RiposteRules()


def states(games: int = 12) -> Iterator[tuple[RiposteState, random.Random]]:
    """Every state of seeded random games, with characters and without."""
    for seed in range(games):
        rng = random.Random(seed)
        state = RULES.new_state({"characters": seed % 3 != 0})
        while not RULES.is_over(state):
            yield state, rng
            state = RULES.apply_unchecked(state, RULES.sample_action(state, rng), rng).state


def every_field_its_own() -> RiposteState:
    """A state whose every field holds a value no other field holds."""
    state = RULES.new_state({})
    for n, f in enumerate(fields(RiposteState)):
        setattr(state, f.name, (f"value {n}",))
    return state


def test_the_clone_and_the_json_miss_no_field() -> None:
    state = every_field_its_own()
    clone = state.clone()
    assert clone == replace(state) and clone is not state
    assert all(getattr(clone, f.name) is getattr(state, f.name) for f in fields(RiposteState))
    assert altered(state, phase="over") == replace(state, phase="over")
    for state, _ in states(3):
        duos = ("names", "chosen", "last_cards", "damage", "characters", "unlocked", "spent")
        expected = as_json(state, (*duos, "ignore", *LISTS), PAIRS)
        assert to_json(state) == expected and list(to_json(state)) == list(expected)


def test_advance_and_the_sampler_are_the_plain_paths() -> None:
    for state, rng in states():
        seed = rng.random()
        legal = RULES.legal_actions(state)
        drawn = RULES.sample_action(state, random.Random(seed))
        assert drawn == random.Random(seed).choice(legal)
        plain = RULES.apply_unchecked(state, drawn, random.Random(seed))
        after, resolved = RULES.advance(state.clone(), drawn, random.Random(seed))
        assert RULES.to_json(after) == RULES.to_json(plain.state) and resolved == plain.action


def test_an_app_with_memories_chooses_as_a_fresh_one() -> None:
    """Each strength, both seats: an app kept through several games and a new app for every
    decision get the same view, actions and random source, and choose alike."""
    for strength in ("strong", "easy"):
        kept = {p: RiposteOpponent(p, strength) for p in (0, 1)}
        compared = 0
        for state, rng in states(4):
            for p in (0, 1):
                mine = [a for a in RULES.legal_actions(state) if a.get("player") == p]
                if len(mine) < 2:
                    continue
                view, seed = RULES.view(state, p), rng.random()
                fresh = RiposteOpponent(p, strength).choose(view, mine, random.Random(seed))
                assert kept[p].choose(view, mine, random.Random(seed)) == fresh
                compared += 1
        assert compared > 100
