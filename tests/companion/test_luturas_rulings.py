"""Luturas's rulings, one named test each (the clarification id opens every docstring).

Every position starts from a real match (coin, starting player, opening hands kept, the first
draw) and cards are then laid out by `scenarios.lay`, which takes real copies out of the Deck.
Refusals are checked for the ruling they cite (`companion.games.rulings.ruling_of`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from companion.engine import Match
from companion.games.luturas import LuturasRules
from companion.games.luturas import outcome as oc
from companion.games.luturas.crystals import distinct_types
from companion.games.luturas.data import deck_problems
from companion.games.luturas.scenarios import ANA, BEN, act, fresh, lay, started, turn_of
from companion.games.luturas.state import (
    CHOOSE,
    DRAW,
    MAIN,
    MULLIGAN,
    OVER,
    RESPOND,
    SOLDIER,
    TOOL,
    LuturasState,
    every_card,
)
from companion.games.rulings import ruling_of

RULES = LuturasRules()
DATA = RULES.data


BASE = (
    ["tidepup_g1"] * 2 + ["tidepup_g2"] * 2 + ["tidepup_g3", "thornlet_g1", "rodlet", "bouldrum_g1"]
    + ["brinefin"] * 3 + ["isotusk_g1"] * 2 + ["menders_kit", "overclock_coil", "tide_harpoon"] + ["cindrake_g1"] + ["crystal_aquatic"] * 6
    + ["crystal_nuclear", "crystal_botanical", "crystal_flammable"] * 3
    + ["crystal_terrestrial"] * 2 + ["crystal_black"] * 2
)  # fmt: skip


def deck(
    soldier: str, *designs: str, base: bool = True, filler: str = "crystal_aquatic"
) -> list[str]:
    """A legal deck: the Soldier, a base of common cards, the named cards, Crystals to fill."""
    cards = [soldier, *(BASE if base else []), *designs]
    return cards + [filler] * (35 - len(cards))


def refusal(state: LuturasState, action: dict[str, Any]) -> tuple[str | None, str | None]:
    reason = RULES.check(state, action)
    return reason, ruling_of(reason)


def ruled(state: LuturasState, action: dict[str, Any], ruling: str) -> None:
    reason, cited = refusal(state, action)
    assert reason is not None, f"{action} was allowed"
    assert cited == ruling, f"{reason!r} cites {cited}, not {ruling}"


def ok(state: LuturasState, action: dict[str, Any]) -> LuturasState:
    """`action` accepted and applied; choices it leaves (a look at the Deck) made at once."""
    assert RULES.check(state, action) is None, RULES.check(state, action)
    state = act(RULES, state, action).state
    while state.pending:
        state = act(RULES, state, RULES.legal_actions(state)[0]).state
    return state


def attacking(state: LuturasState, player: int = ANA) -> LuturasState:
    """`player`'s second turn: attacks are allowed."""
    return turn_of(RULES, state, player)


def hand_card(state: LuturasState, p: int, design: str) -> str:
    return next(c for c in state.sides[p].hand if c.rsplit(".", 1)[0] == design)


def space_of(state: LuturasState, p: int, design: str) -> int:
    side = state.sides[p]
    return next(i for i, lu in enumerate(side.spaces) if lu and lu.top.startswith(design + "."))


def versus(ana: Sequence[str], ben: Sequence[str], mode: str = "standard") -> LuturasState:
    """Ana's second turn of round 1 with the two decks given, her Luturas and Ben's in play."""
    state = started(RULES, mode, decks=[deck("warden_osk", *ana), deck("ranger_kade", *ben)])
    return attacking(state)


# --- match and rounds -------------------------------------------------------------------------


def test_match_best_of_three() -> None:
    """match-best-of-three: two rounds won take the match, and not one fewer."""
    state = started(RULES)
    oc.win(DATA, state, ANA, "Ana wins.")
    assert state.phase == CHOOSE and state.sides[ANA].wins == 1
    oc.win(DATA, state, ANA, "Ana wins again.")
    assert state.phase == OVER and state.winner == ANA and RULES.outcome(state).winner == ANA


def test_round_reset() -> None:
    """round-reset: nothing carries over but the rounds won."""
    state = attacking(started(RULES))
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]], damage=[2])
    state.sides[ANA].ability_used, state.sides[BEN].stamina = True, 5
    oc.win(DATA, state, BEN, "Ben wins.")
    ana = state.sides[ANA]
    assert (ana.stamina, ana.ability_used, ana.crystals, ana.hand) == (22, False, (), ())
    assert len(every_card(ana)) == 45 and state.sides[BEN].wins == 1 and state.round == 2


def test_who_starts() -> None:
    """who-starts: the coin's winner chooses; later the loser of the round chooses."""
    state = RULES.new_state({})
    state = act(RULES, state, {"type": "toss", "winner": BEN}).state
    assert state.phase == CHOOSE and state.chooser == BEN
    ruled(state, {"type": "choose", "player": BEN, "first": 3}, "who-starts")
    assert RULES.check(state, {"type": "choose", "player": ANA, "first": ANA}) is not None
    state = started(RULES)
    oc.win(DATA, state, ANA, "Ana wins.")
    assert state.chooser == BEN


def test_round_draw() -> None:
    """round-draw: both Soldiers down at once replays the round, chosen by the same player."""
    state = started(RULES)
    chooser = state.chooser
    state.sides[ANA].stamina = state.sides[BEN].stamina = 0
    oc.settle(DATA, state)
    assert state.phase == CHOOSE and state.round == 1 and state.chooser == chooser
    assert state.sides[ANA].wins == state.sides[BEN].wins == 0


def test_mulligan() -> None:
    """mulligan: up to three new hands of the same size, the starting player first."""
    state = RULES.new_state({})
    for action in ({"type": "toss", "winner": BEN}, {"type": "choose", "player": BEN, "first": BEN},
                   {"type": "deal"}):  # fmt: skip
        state = act(RULES, state, action).state
    assert state.phase == MULLIGAN and state.active == BEN
    for _ in range(2):
        state = ok(state, {"type": "mulligan", "player": BEN})
    state = ok(state, {"type": "mulligan", "player": BEN})  # the third: kept at once
    assert state.active == ANA and len(state.sides[BEN].hand) == 5
    assert len(every_card(state.sides[BEN])) == 45


def test_first_turn_draw() -> None:
    """first-turn-draw: the starting player's first turn begins with a draw."""
    state = RULES.new_state({})
    for action in ({"type": "toss", "winner": ANA}, {"type": "choose", "player": ANA, "first": ANA},
                   {"type": "deal"}, {"type": "keep", "player": ANA}, {"type": "keep", "player": BEN}):  # fmt: skip
        state = act(RULES, state, action).state
    assert state.phase == DRAW and state.active == ANA
    assert RULES.legal_actions(state) == [{"type": "draw", "player": ANA}]
    state = ok(state, {"type": "draw", "player": ANA})
    assert len(state.sides[ANA].hand) == 6 and state.phase == MAIN


def test_first_turn_no_attacks() -> None:
    """first-turn-no-attacks: nobody attacks on their own first turn of a round."""
    state = started(RULES)
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]])
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]])
    ruled(
        state, {"type": "attack", "player": ANA, "space": 0, "target": 0}, "first-turn-no-attacks"
    )
    assert RULES.check(state, {"type": "tool", "player": ANA, "card": "x"}) is not None
    assert not [a for a in RULES.legal_actions(state) if a["type"] == "attack"]


def test_turn_order_free() -> None:
    """turn-order-free: Crystals, deploys and attacks in any order, mixed freely."""
    state = attacking(started(RULES))
    lay(state, BEN, crystals=["crystal_nuclear"], luturas=[["isotusk_g1"]])
    cards = lay(state, ANA, hand=["tidepup_g1", "crystal_aquatic", "crystal_aquatic"])["hand"]
    state = ok(state, {"type": "crystal", "player": ANA, "card": cards[1]})
    state = ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 0})
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    state = ok(state, {"type": "crystal", "player": ANA, "card": cards[2]})
    assert len(state.sides[ANA].crystals) == 2


def test_start_of_turn_order() -> None:
    """start-of-turn-order: Lumira Gear Ultima's check comes before the draw."""
    state = versus(["lumira_g1", "lumira_g2", "lumira_g3", "lumira_ultima", "crystal_black",
                    "crystal_nuclear", "crystal_botanical"], [])  # fmt: skip
    lay(state, ANA, crystals=["crystal_aquatic", "crystal_nuclear", "crystal_botanical",
                              "crystal_black"],
        luturas=[["lumira_g1", "lumira_g2", "lumira_g3", "lumira_ultima"]])  # fmt: skip
    state = ok(state, {"type": "end", "player": ANA})
    state = act(RULES, state, RULES.legal_actions(state)[0]).state  # Ben draws
    before, end = state, {"type": "end", "player": BEN}
    state = ok(state, end)
    assert state.phase != DRAW  # decided before Ana's draw
    assert state.sides[ANA].wins == 1 and state.phase == CHOOSE
    assert any("wins round 1" in e for e in RULES.apply(before, end, random.Random(0)).events)


def test_no_hand_limit() -> None:
    """no-hand-limit: a turn ends with any number of cards in hand."""
    state = started(RULES)
    side = state.sides[ANA]
    side.hand, side.deck = (*side.hand, *side.deck[:20]), side.deck[20:]
    assert len(side.hand) > 20
    state = ok(state, {"type": "end", "player": ANA})
    assert state.active == BEN


def test_deck_size_counts_soldier() -> None:
    """deck-size-counts-soldier: 35 cards counting the Soldier; it never enters the Deck."""
    assert deck_problems(DATA, deck("warden_osk", base=False)) == []
    short = deck("warden_osk", base=False)[:-1]
    assert deck_problems(DATA, short)[0].startswith("the deck has 34 cards")
    state = RULES.new_state({"decks": [deck("warden_osk", base=False), deck("ranger_kade")]})
    assert len(state.sides[ANA].deck) == 34 and state.sides[ANA].soldier == "warden_osk"
    with pytest.raises(ValueError, match="Player 1's deck: the deck has 34 cards"):
        RULES.new_state({"decks": [short, deck("ranger_kade")]})


def test_star_limit_per_card() -> None:
    """star-limit-per-card: copies counted card by card, Crystals exempt."""
    full = deck("warden_osk", *["tidepup_g1"] * 4, *["tidepup_g2"] * 3, base=False)
    assert deck_problems(DATA, full) == []
    five = deck_problems(DATA, deck("warden_osk", *["tidepup_g1"] * 5, base=False))
    assert five == ["5 copies of Tidepup Gear 1; 1 star allows 4"]
    ultimas = deck_problems(
        DATA, deck("warden_osk", "tidepup_ultima", "tidepup_ultima", base=False)
    )
    assert ultimas == ["2 copies of Tidepup Gear Ultima; 4 stars allow 1"]


# --- damage and attacks -------------------------------------------------------------------------


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


# --- crystals ------------------------------------------------------------------------------------


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


# --- Luturas ------------------------------------------------------------------------------------


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


# --- tools and strategies -------------------------------------------------------------------------


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


def test_win_deck_out() -> None:
    """win-deck-out: a draw from an empty Deck loses the round at once."""
    state = started(RULES)
    side = state.sides[BEN]
    side.hand, side.deck = (*side.hand, *side.deck), ()
    state = ok(state, {"type": "end", "player": ANA})
    assert state.sides[ANA].wins == 1 and state.phase == CHOOSE


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


def test_fast_mode_draws() -> None:
    """fast-mode-draws: 3 + 2 opening cards; each draw from a pile of your choice."""
    state = started(RULES, mode="fast")
    ben = state.sides[BEN]
    assert sum(DATA.of(c).kind == "crystal" for c in ben.hand) == 2 and len(ben.hand) == 5
    assert all(DATA.of(c).kind == "crystal" for c in ben.crystal_deck)
    state = ok(state, {"type": "end", "player": ANA})
    piles = {a.get("pile") for a in RULES.legal_actions(state)}
    assert piles == {"deck", "crystals"}
    state = ok(state, {"type": "draw", "player": BEN, "pile": "crystals"})
    assert DATA.of(state.sides[BEN].hand[-1]).kind == "crystal"


def test_fast_mode_not_tournament() -> None:
    """fast-mode-not-tournament: fast mode is a mode of its own; standard is the default."""
    assert RULES.new_state({}).mode == "standard"
    with pytest.raises(ValueError, match="no mode 'tournament'"):
        RULES.new_state({"mode": "tournament"})


def test_damage_markers() -> None:
    """damage-markers: the app keeps every Lutura's damage and each Soldier's Stamina."""
    state = versus([], [])
    lay(state, ANA, luturas=[["tidepup_g1"]], damage=[2])
    seen = RULES.view(state, None)
    assert seen["sides"][ANA]["spaces"][0]["damage"] == 2
    assert seen["sides"][BEN]["stamina"] == 18


# --- decided for this engine ---------------------------------------------------------------------


def test_tool_upgrade() -> None:
    """tool-upgrade: the Tool stays assigned through an upgrade."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1"]],
        tool="menders_kit", tool_at=0)  # fmt: skip
    cards = lay(state, ANA, hand=["tidepup_g2"])["hand"]
    state = ok(state, {"type": "upgrade", "player": ANA, "card": cards[0], "space": 0})
    assert state.sides[ANA].tool_at == 0


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


def test_lutura_spaces() -> None:
    """lutura-spaces: all four spaces are there whatever Crystals lie behind them."""
    state = versus([], [])
    cards = lay(state, ANA, hand=["tidepup_g1"], crystals=["crystal_aquatic"])["hand"]
    ok(state, {"type": "deploy", "player": ANA, "card": cards[0], "space": 3})


def test_every_ruling_has_a_test() -> None:
    """Each row of clarifications.csv is named by a test of this file."""
    import sys

    from cardgen.data.database import load_game_or_raise
    from companion.games.luturas.data import data_folder

    names = {f.__doc__.split(":")[0] for f in vars(sys.modules[__name__]).values()
             if callable(f) and getattr(f, "__doc__", None)}  # fmt: skip
    rows = load_game_or_raise(data_folder()).cards["clarification"]
    assert sorted({row.id for row in rows} - names) == []


def test_a_match_replays_from_its_log() -> None:
    """Replaying a seeded match's log rebuilds it exactly."""
    match = Match.start(RULES, {"mode": "fast"}, seed=3)
    rng = random.Random(3)
    while not match.outcome().over and len(match.log) < 400:
        match.play(rng.choice(RULES.legal_actions(match.state)))
    again = Match.replay(RULES, match.options, match.seed, match.log)
    assert RULES.to_json(again.state) == RULES.to_json(match.state)


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
