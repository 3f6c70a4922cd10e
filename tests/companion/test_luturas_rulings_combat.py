"""Luturas's rulings on damage and attacks, one named test each (the clarification id opens
every docstring; positions and helpers in `luturas_rulings`).
"""

from __future__ import annotations

import pytest

from companion.games.luturas.scenarios import ANA, BEN, act, lay, turn_of
from companion.games.luturas.state import (
    MAIN,
    RESPOND,
    SOLDIER,
    TOOL,
)

from .luturas_rulings import DATA, RULES, ok, refusal, ruled, versus

# --- damage and attacks --------------------------------------------------------------------------


def test_combat_and_stamina() -> None:
    """combat-and-stamina: Combat comes off Stamina, no strike back, damage past 0 is lost."""
    state = versus(["cindrake_g1"], ["thornlet_g1"])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]])
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]], damage=[3])
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[BEN].spaces[0] is None and state.sides[ANA].spaces[0].damage == 0
    assert any(c.startswith("isotusk_g1") for c in state.sides[BEN].workshop)


def test_damage_order() -> None:
    """damage-order: bonuses, then fast mode's doubling, then reductions."""
    state = versus([], ["fortify"], mode="fast")
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]], tool="tide_harpoon",
        tool_at=0)  # fmt: skip
    lay(state, BEN, luturas=[["cindrake_g1"]], facedown="fortify")
    state.sides[BEN].lasting, state.sides[BEN].facedown = (state.sides[BEN].facedown,), ""
    from companion.games.luturas.combat import damage

    amount, steps = damage(DATA, state, ANA, 0, 0)
    assert amount == (2 + 2) * 2 - 1 and "doubled" in steps[1] and "1 less" in steps[2]


def test_attack_targets() -> None:
    """attack-targets: a Soldier only while its player has no Luturas; a Tool any time."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]])
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]], tool="overclock_coil")
    ruled(state, {"type": "attack", "player": ANA, "space": 0, "target": SOLDIER}, "attack-targets")
    assert RULES.check(state, {"type": "attack", "player": ANA, "space": 0, "target": TOOL}) is None
    state.sides[BEN].spaces = (None,) * 4
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": SOLDIER})
    assert state.sides[BEN].stamina == 18 - 2


def test_attack_once() -> None:
    """attack-once: once per turn; a Gear 1 may attack the turn it arrives; attack, then upgrade."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g1", "tidepup_g2"],
                crystals=["crystal_aquatic", "crystal_aquatic"])["hand"]  # fmt: skip
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]])
    state = ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0})
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    ruled(state, {"type": "attack", "player": ANA, "space": 0, "target": 0}, "attack-once")
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[1], "space": 0})


def test_attack_sequence() -> None:
    """attack-sequence: the defender answers first; Attack effects resolve even if negated."""
    state = versus(["cindrake_g2", "crystal_flammable"], ["riptide_gambit"], mode="standard")
    lay(state, ANA, luturas=[["cindrake_g1", "cindrake_g2"]])
    lay(state, BEN, luturas=[["isotusk_g1"], ["rodlet"]], facedown="riptide_gambit")
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0,
                       "choices0": ["lutura:1:1"]})  # fmt: skip
    assert state.phase == RESPOND
    assert RULES.check(state, {"type": "end", "player": ANA}) is not None
    state = ok(state, {"type": "flip", "player": BEN})
    state = ok(state, {"type": "pass", "player": BEN})
    assert state.sides[BEN].spaces[0].damage == 0  # negated
    assert state.sides[BEN].spaces[1].damage == 1  # the Attack: effect still hit Rodlet


def test_once_per_turn_timing() -> None:
    """once-per-turn-timing: usable on either turn unless the card limits it, once each turn."""
    state = versus([], [])
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]], damage=[2])
    state = turn_of(RULES, state, ANA)
    lay(state, ANA, crystals=["crystal_botanical"], luturas=[["thornlet_g1"], ["tidepup_g1"]],
        damage=[0, 2])  # fmt: skip
    state = ok(state, {"type": "end", "player": ANA})  # now Ben's turn: Ana heals on it
    state = act(RULES, state, RULES.legal_actions(state)[0]).state
    use = {"type": "effect", "player": ANA, "space": 0, "choices0": ["lutura:0:1"]}
    state = ok(state, use)
    assert state.sides[ANA].spaces[1].damage == 1
    ruled(state, use, "once-per-turn-timing")


def test_tool_attack() -> None:
    """tool-attack: any attack on a Tool destroys it; your own Tool too."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"], ["brinefin"]],
        tool="menders_kit", tool_at=0)  # fmt: skip
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]], tool="overclock_coil")
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": TOOL})
    assert not state.sides[BEN].tool and state.sides[BEN].workshop
    state = ok(state, {"type": "attack", "player": ANA, "space": 1, "target": "own_tool"})
    assert not state.sides[ANA].tool


@pytest.mark.parametrize("mode,expected", [("standard", 2), ("fast", 4)])
def test_nature_chart_fast_only(mode: str, expected: int) -> None:
    """nature-chart-fast-only: Aquatic doubles against Flammable in fast mode only."""
    state = versus([], ["cindrake_g1"], mode=mode)
    lay(state, ANA, luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["cindrake_g1"]])
    from companion.games.luturas.combat import damage

    assert damage(DATA, state, ANA, 0, 0)[0] == expected


def test_prismatic_chart() -> None:
    """prismatic-chart: every other nature doubles against Prismatic, Prismatic against none."""
    state = versus(["lumira_g1"], ["shardling"], mode="fast")
    lay(state, ANA, luturas=[["lumira_g1"], ["tidepup_g1"]])
    lay(state, BEN, luturas=[["shardling"]])
    from companion.games.luturas.combat import damage

    assert damage(DATA, state, ANA, 0, 0)[0] == 1
    assert damage(DATA, state, ANA, 1, 0)[0] == 4


def test_prismatic_soldiers() -> None:
    """prismatic-soldiers: a Prismatic Lutura never attacks a Soldier."""
    state = versus(["lumira_g1"], [])
    lay(state, ANA, luturas=[["lumira_g1"]])
    state.sides[BEN].spaces = (None,) * 4
    ruled(state, {"type": "attack", "player": ANA, "space": 0, "target": SOLDIER},
          "prismatic-soldiers")  # fmt: skip


def test_damage_markers() -> None:
    """damage-markers: the app keeps every Lutura's damage and each Soldier's Stamina."""
    state = versus([], [])
    lay(state, ANA, luturas=[["tidepup_g1"]], damage=[2])
    seen = RULES.view(state, None)
    assert seen["sides"][ANA]["spaces"][0]["damage"] == 2
    assert seen["sides"][BEN]["stamina"] == 18


# --- decided for this engine ---------------------------------------------------------------------


def test_attack_negated() -> None:
    """attack-negated: a negated attack uses up that Lutura's attack."""
    state = versus([], ["riptide_gambit"])
    lay(state, ANA, luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["isotusk_g1"]], facedown="riptide_gambit")
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    state = ok(state, {"type": "flip", "player": BEN})
    state = ok(state, {"type": "pass", "player": BEN})
    ruled(state, {"type": "attack", "player": ANA, "space": 0, "target": 0}, "attack-once")


def test_attacker_leaves() -> None:
    """attacker-leaves: an answer that destroys the attacker ends the attack at once: no
    damage, no Attack effect, no further answers, and the attacker's turn goes on."""
    state = versus(["cindrake_g2", "crystal_flammable"], ["counter_surge"])
    lay(state, ANA, luturas=[["cindrake_g1", "cindrake_g2"]], damage=[3])
    lay(state, BEN, luturas=[["isotusk_g1"], ["rodlet"]], facedown="counter_surge")
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0,
                       "choices0": ["lutura:1:1"]})  # fmt: skip
    assert state.phase == RESPOND
    state = ok(state, {"type": "flip", "player": BEN})
    assert state.sides[ANA].spaces[0] is None  # Counter Surge's 3 damage destroyed it
    assert (state.phase, state.active, state.attack) == (MAIN, ANA, None)
    assert [lu.damage for lu in state.sides[BEN].spaces[:2]] == [0, 0]  # Rodlet not hit either
    reason, _ = refusal(state, {"type": "pass", "player": BEN})
    assert reason is not None  # nothing is left to answer
    ok(state, {"type": "end", "player": ANA})
