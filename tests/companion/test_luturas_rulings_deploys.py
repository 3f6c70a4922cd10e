"""Luturas's rulings on deploying and upgrading Luturas, one named test each (the clarification id
opens every docstring; positions and helpers in `luturas_rulings`).
"""

from __future__ import annotations

from companion.games.luturas.scenarios import ANA, BEN, act, fresh, lay
from companion.games.rulings import ruling_of

from .luturas_rulings import DATA, RULES, hand_card, ok, ruled, versus


def test_lutura_limit() -> None:
    """lutura-limit: four Luturas at most; an upgrade adds none."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"], ["brinefin"],
                                                          ["brinefin"], ["tidepup_g1"]])  # fmt: skip
    cards = lay(state, ANA, hand=["brinefin"])["hand"]
    for space in range(4):
        ruled(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": space},
              "lutura-limit")  # fmt: skip
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "deploy"]


def test_deploy_gear_one() -> None:
    """deploy-gear-one: only a Gear 1 comes straight from the hand."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g2"], crystals=["crystal_aquatic"] * 2)["hand"]
    ruled(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0},
          "deploy-gear-one")  # fmt: skip


def test_upgrade_chain() -> None:
    """upgrade-chain: no Gear skipped, same name only."""
    state = versus(["cindrake_g2"], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2 + ["crystal_flammable"] * 2,
        luturas=[["tidepup_g1"]])  # fmt: skip
    cards = lay(state, ANA, hand=["tidepup_g3", "cindrake_g2"])["hand"]
    ruled(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0}, "upgrade-chain")
    ruled(state, {"type": "upgrade", "player": ANA, "card": cards[1], "space": 0}, "upgrade-chain")


def test_upgrade_many() -> None:
    """upgrade-many: a Lutura deployed this turn may go up two Gears in the same turn."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g1", "tidepup_g2", "tidepup_g3"],
                crystals=["crystal_aquatic"] * 3)["hand"]  # fmt: skip
    state = ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0})
    while state.pending:
        state = act(RULES, state, RULES.legal_actions(state)[0]).state
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[1], "space": 0})
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[2], "space": 0})
    assert len(state.sides[ANA].spaces[0].stack) == 3


def test_upgrade_stack() -> None:
    """upgrade-stack: damage stays through an upgrade; the whole stack goes to the Workshop."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1"]], damage=[3])
    cards = lay(state, ANA, hand=["tidepup_g2"])["hand"]
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})
    assert state.sides[ANA].spaces[0].damage == 3
    from companion.games.luturas.damage import destroy

    destroy(DATA, state, ANA, 0)
    assert {c.rsplit(".", 1)[0] for c in state.sides[ANA].workshop} >= {"tidepup_g1", "tidepup_g2"}


def test_upgrade_effects() -> None:
    """upgrade-effects: an upgrade never triggers Deploy:, and the top card's effect is the one."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1"]])
    cards = lay(state, ANA, hand=["tidepup_g2"])["hand"]
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})
    assert not state.pending  # Tidepup Gear 1's look at the Deck does not happen again


def test_upgrade_pause() -> None:
    """upgrade-pause: no attack or activated effect on the turn of an upgrade; always-on works."""
    state = versus([], ["bouldrum_g2", "crystal_terrestrial"])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["bouldrum_g1"]])
    cards = lay(state, ANA, hand=["tidepup_g2"])["hand"]
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})
    ruled(state, {"type": "attack", "player": ANA, "space": 0, "target": 0}, "upgrade-pause")
    reason = RULES.check(state, {"type": "effect", "player": ANA, "space": 0,
                                 "choices0": ["lutura:1:0"]})  # fmt: skip
    assert ruling_of(reason) == "upgrade-pause"


def test_return_stops_deploy() -> None:
    """return-stops-deploy: only the returning player stops deploying, for that turn only."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1", "tidepup_g2"]])
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]])
    fresh(state, ANA, 0)
    cards = lay(state, ANA, hand=["brinefin"])["hand"]
    state = ok(state, {"type": "effect", "player": ANA, "space": 0, "choices0": ["lutura:1:0"]})
    assert state.sides[BEN].spaces[0] is None
    ruled(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 1},
          "return-stops-deploy")  # fmt: skip
    state = ok(state, {"type": "end", "player": ANA})
    state = act(RULES, state, RULES.legal_actions(state)[0]).state
    isotusk = hand_card(state, BEN, "isotusk_g1")
    ok(state, {"type": "deploy", "player": BEN, "card": isotusk, "space": 0})


# --- decided for this engine ---------------------------------------------------------------------


def test_tool_upgrade() -> None:
    """tool-upgrade: the Tool stays assigned through an upgrade."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1"]],
        tool="menders_kit", tool_at=0)  # fmt: skip
    cards = lay(state, ANA, hand=["tidepup_g2"])["hand"]
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})
    assert state.sides[ANA].tool_at == 0


def test_lutura_spaces() -> None:
    """lutura-spaces: all four spaces are there whatever Crystals lie behind them."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g1"], crystals=["crystal_aquatic"])["hand"]
    ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 3})


def test_a_card_greyed_out_says_why() -> None:
    """upgrade-chain: a card that can't be played in any way says all it lacks at once."""
    from companion.games.luturas.checks import why_not_play

    state = versus(["cindrake_g1"], [])
    cards = lay(state, ANA, hand=["tidepup_g2", "cindrake_g1", "tidepup_g1"],
                crystals=["crystal_aquatic", "crystal_flammable"])["hand"]  # fmt: skip
    lay(state, BEN, luturas=[["isotusk_g1"]])
    reason = why_not_play(DATA, state, ANA, cards[0])
    assert reason == ("Tidepup Gear 2 needs Tidepup Gear 1 on your side and 2 Aquatic Crystals; "
                      "you have 1 Aquatic (2 Crystals in all).")  # fmt: skip
    assert ruling_of(reason) == "upgrade-chain"
    assert why_not_play(DATA, state, ANA, cards[1]) is None  # its Deploy target is chosen later
    state.sides[ANA].crystals = ()
    assert "needs 1 Aquatic Crystal" in str(why_not_play(DATA, state, ANA, cards[2]))
