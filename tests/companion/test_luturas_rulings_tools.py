"""Luturas's rulings on Tools, Strategies and Soldiers' abilities, one named test each (the
clarification id opens every docstring; positions and helpers in `luturas_rulings`).
"""

from __future__ import annotations

from companion.games.luturas.scenarios import ANA, BEN, act, lay, turn_of

from .luturas_rulings import RULES, ok, ruled, versus


def test_tools_one() -> None:
    """tools-one: one Tool, assigned or moved once per turn, working once per turn."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"], ["brinefin"]],
        damage=[3, 3], tool="menders_kit")  # fmt: skip
    state = ok(state, {"type": "assign", "player": ANA, "space": 0})
    ruled(state, {"type": "assign", "player": ANA, "space": 1}, "tools-one")
    state = ok(state, {"type": "tool_effect", "player": ANA})
    assert state.sides[ANA].spaces[0].damage == 1
    ruled(state, {"type": "tool_effect", "player": ANA}, "tools-one")


def test_tools_drop() -> None:
    """tools-drop: the Tool stays, unassigned, when its Lutura falls."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["rodlet"]], damage=[1], tool="tide_harpoon", tool_at=0)
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[BEN].tool and state.sides[BEN].tool_at == -1


def test_tools_replace() -> None:
    """tools-replace: no second Tool while one is in play."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tide_harpoon"], tool="menders_kit")["hand"]
    ruled(state, {"type": "tool", "player": ANA, "card": cards[0]}, "tools-replace")


def test_strategy_once() -> None:
    """strategy-once: one Strategy per turn."""
    state = versus(["direct_strike", "direct_strike"], [])
    cards = lay(state, ANA, hand=["direct_strike", "direct_strike"])["hand"]
    state = ok(state, {"type": "strategy", "player": ANA, "card": cards[0]})
    assert state.sides[BEN].stamina == 18 - 3
    ruled(state, {"type": "strategy", "player": ANA, "card": cards[1]}, "strategy-once")


def test_strategy_facedown() -> None:
    """strategy-facedown: the printed timing is a requirement of the card."""
    state = versus(["direct_strike", "counter_surge", "fortify"], [])
    cards = lay(state, ANA, hand=["direct_strike", "counter_surge", "fortify"])["hand"]
    ruled(state, {"type": "set", "player": ANA, "card": cards[0]}, "strategy-facedown")
    ruled(state, {"type": "strategy", "player": ANA, "card": cards[1]}, "strategy-facedown")
    state = ok(state, {"type": "set", "player": ANA, "card": cards[2]})
    ruled(state, {"type": "flip", "player": ANA}, "strategy-facedown")
    assert RULES.view(state, BEN)["sides"][ANA]["facedown"] == "hidden"
    state = ok(state, {"type": "end", "player": ANA})
    state = act(RULES, state, RULES.legal_actions(state)[0]).state
    state = ok(state, {"type": "flip", "player": ANA})
    assert state.sides[ANA].lasting


def test_strategy_self() -> None:
    """strategy-self: Sacrifice Pact destroys another card, never itself."""
    state = versus(["sacrifice_pact"], [])
    cards = lay(state, ANA, hand=["sacrifice_pact"], crystals=["crystal_aquatic"])["hand"]
    offered = [a for a in RULES.legal_actions(state) if a.get("card") == cards[0]
               and a["type"] == "strategy"]  # fmt: skip
    assert offered and all(a["choices0"] == [f"crystal:{state.sides[ANA].crystals[0]}"]
                           for a in offered)  # fmt: skip
    state = ok(state, offered[0])
    assert not state.sides[ANA].crystals


def test_soldier_immune() -> None:
    """soldier-immune: effects reach a Soldier only when they name one; abilities once a round."""
    state = versus(["cindrake_g1", "crystal_flammable"], [])
    cards = lay(state, ANA, hand=["cindrake_g1"], crystals=["crystal_flammable"])["hand"]
    deploys = [a for a in RULES.legal_actions(state) if a.get("card") == cards[0]]
    assert deploys and all("soldier" not in str(a) for a in deploys)
    state = turn_of(RULES, state, BEN)
    lay(state, ANA, luturas=[["tidepup_g1"]])
    use = {"type": "ability", "player": BEN, "choices0": ["lutura:0:0"]}
    state = ok(state, use)
    ruled(state, use, "soldier-immune")


def test_portal() -> None:
    """portal: Portal Rift sends a weakened Lutura away; Portal Gate brings one back."""
    state = versus(["portal_rift"], ["portal_gate"])
    cards = lay(state, ANA, hand=["portal_rift"])["hand"]
    lay(state, BEN, luturas=[["isotusk_g1"]], damage=[1])
    state = ok(state, {"type": "strategy", "player": ANA, "card": cards[0],
                       "choices0": ["lutura:1:0"]})  # fmt: skip
    assert any(c.startswith("isotusk_g1") for c in state.sides[BEN].portal)
    state = turn_of(RULES, state, BEN)
    gate = lay(state, BEN, hand=["portal_gate"])["hand"][0]
    ref = f"card:{state.sides[BEN].portal[0]}"
    state = ok(state, {"type": "strategy", "player": BEN, "card": gate, "choices0": [ref]})
    assert not state.sides[BEN].portal


def test_workshop() -> None:
    """workshop: used Strategies are destroyed at the end of the turn, into the Workshop."""
    state = versus(["direct_strike"], [])
    cards = lay(state, ANA, hand=["direct_strike"])["hand"]
    state = ok(state, {"type": "strategy", "player": ANA, "card": cards[0]})
    assert cards[0] in state.sides[ANA].spent
    state = ok(state, {"type": "end", "player": ANA})
    assert cards[0] in state.sides[ANA].workshop
