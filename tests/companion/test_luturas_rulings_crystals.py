"""Luturas's rulings on Crystals, one named test each (the clarification id opens every
docstring; positions and helpers in `luturas_rulings`).
"""

from __future__ import annotations

from companion.games.luturas.crystals import distinct_types
from companion.games.luturas.scenarios import ANA, fresh, lay

from .luturas_rulings import DATA, RULES, ok, ruled, versus


def test_crystal_limit() -> None:
    """crystal-limit: four at most, five with Crystal Lantern."""
    state = versus(["crystal_lantern"], [])
    cards = lay(state, ANA, hand=["crystal_aquatic"], crystals=["crystal_aquatic"] * 4)["hand"]
    ruled(state, {"type": "crystal", "player": ANA, "card": cards[0]}, "crystal-limit")
    lay(state, ANA, tool="crystal_lantern")
    state = ok(state, {"type": "crystal", "player": ANA, "card": cards[0]})
    assert len(state.sides[ANA].crystals) == 5


def test_crystal_threshold() -> None:
    """crystal-threshold: Crystals are checked, never spent; a Lutura outlives its Crystals."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g1", "brinefin"], crystals=["crystal_aquatic"])["hand"]
    state = ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0})
    state = ok(state, {"type": "deploy", "player": ANA, "card": cards[1], "space": 1})
    assert len(state.sides[ANA].crystals) == 1
    state.sides[ANA].crystals = ()
    assert state.sides[ANA].spaces[0] is not None


def test_crystal_counting() -> None:
    """crystal-counting: two Aquatic and one of any type is three Crystals."""
    state = versus([], [])
    lay(state, ANA, luturas=[["tidepup_g1", "tidepup_g2"]])
    cards = lay(state, ANA, hand=["tidepup_g3"], crystals=["crystal_aquatic"] * 2)["hand"]
    fresh(state, ANA, 0)
    ruled(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0},
          "crystal-counting")  # fmt: skip
    reason = RULES.check(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})
    assert "needs 2 Aquatic Crystals and 1 Crystal of any type" in str(reason)
    lay(state, ANA, crystals=["crystal_botanical"])
    ok(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})


def test_any_crystal() -> None:
    """any-crystal: a Black Crystal stands in for a type; only one on your side."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g1", "crystal_black"], crystals=["crystal_black"])[
        "hand"
    ]
    ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0})
    ruled(state, {"type": "crystal", "player": ANA, "card": cards[1]}, "any-crystal")


def test_four_types() -> None:
    """four-types: a Black Crystal adds a type not shown yet."""
    cards = ["crystal_aquatic.1", "crystal_botanical.1", "crystal_black.1"]
    assert distinct_types(DATA, cards) == 3
    assert distinct_types(DATA, [*cards, "crystal_aquatic.2"]) == 3
