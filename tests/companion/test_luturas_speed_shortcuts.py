"""The shortcuts that make Luturas's rules and app opponent cheaper give what the long way gives:
the remembered listing of the last position, both sides' Combat at once, the state written to
JSON by generated code, and a deck's copy ids remembered (benchmarks/README.md, "Luturas's bot
path")."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import fields
from typing import Any

from companion.games.luturas import LuturasRules, lasting
from companion.games.luturas import state as st
from companion.games.luturas.data import copies
from companion.games.luturas.state import LuturasState

RULES = LuturasRules()


def positions(games: int) -> list[LuturasState]:
    """Every position of a few seeded random matches, both modes (each a state of its own)."""
    out = []
    for seed in range(games):
        state = RULES.new_state({"mode": ("standard", "fast")[seed % 2]})
        rng = random.Random(seed)
        while not RULES.is_over(state):
            out.append(state.clone())
            action = RULES.sample_action(state, rng)
            assert action is not None
            state, _ = RULES.advance(state, action, rng)
        out.append(state)
    return out


def test_the_remembered_listing_is_a_fresh_one_whatever_happened_to_the_last() -> None:
    rules, fresh = LuturasRules(), LuturasRules()
    states = positions(4)
    for index, state in enumerate(states):
        listed = rules.legal_actions(state)
        assert listed == fresh.listing(state)
        again = rules.legal_actions(state)  # remembered: equal, but the caller's own dicts
        assert again == listed and all(a is not b for a, b in zip(again, listed, strict=True))
        for action in listed:
            action["spoiled"] = True
            for value in action.values():
                if isinstance(value, list):
                    value.append("spoiled")
        listed.clear()
        assert rules.legal_actions(state) == again
        twin = rules.resample(state, index % 2, random.Random(index))  # another position...
        assert rules.legal_actions(twin) == fresh.listing(twin)
        assert rules.legal_actions(state) == again  # ... and back


def test_a_state_changed_in_place_is_listed_anew() -> None:
    rules = LuturasRules()
    state = rules.new_state({})
    rng = random.Random(5)
    for _ in range(300):
        if rules.is_over(state):
            break
        before = rules.legal_actions(state)
        assert before == LuturasRules().listing(state)
        state, _ = rules.advance(state, before[int(rng.random() * len(before))], rng)


def test_both_sides_combat_at_once_is_each_luturas_combat() -> None:
    for state in positions(6):
        for p in (0, 1):
            found = lasting.combats(RULES.data, state, p)
            assert found == {
                space: lasting.combat(RULES.data, state, p, space)
                for space, lutura in enumerate(state.sides[p].spaces)
                if lutura is not None
            }


def by_fields(value: Any) -> Any:
    """The state as JSON field by field (`dataclasses.fields`), the way it was written before."""
    if isinstance(value, tuple):
        return [by_fields(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: by_fields(getattr(value, f.name)) for f in fields(value)}
    return value


def test_the_written_json_is_the_field_by_field_one_key_for_key() -> None:
    for state in positions(3):
        written = st.to_json(state)
        assert json.dumps(written) == json.dumps(by_fields(state))
        assert st.to_json(st.from_json(written)) == written


def test_copy_ids_are_counted_per_design() -> None:
    deck = ["a", "b", "a", "c", "b", "a"]
    seen: Counter[str] = Counter()
    expected = []
    for d in deck:
        seen[d] += 1
        expected.append(f"{d}.{seen[d]}")
    assert copies(deck) == copies(iter(deck)) == tuple(expected)
