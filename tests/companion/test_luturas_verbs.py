"""Every verb of Luturas's effect vocabulary, run by the engine from a shipped card's declaration
(one test per verb, named after it), and the triggers that fire them: deploy, attack, attacked,
after_attack, destroyed, destroyed_by_attack, opponent_attacks, soldier_would_fall, turn_start,
leaves, activate and always. Positions start from a real match (see luturas_rulings).
"""

from __future__ import annotations

import random

from companion.games.luturas.combat import damage
from companion.games.luturas.damage import destroy_tool
from companion.games.luturas.effects import aftermath
from companion.games.luturas.lasting import crystal_limit
from companion.games.luturas.scenarios import ANA, BEN, act, lay, turn_of
from companion.games.luturas.state import RESPOND, SOLDIER, TOOL

from .luturas_rulings import DATA, RULES, hand_card, ok, versus


def options_for(state, **match):  # type: ignore[no-untyped-def]
    return [a for a in RULES.legal_actions(state) if all(a.get(k) == v for k, v in match.items())]


def test_deal() -> None:
    """Cindrake Gear 1, on deploy: 1 damage to an opponent's Lutura of the owner's choice."""
    state = versus([], [])
    card = lay(state, ANA, hand=["cindrake_g1"], crystals=["crystal_flammable"])["hand"][0]
    lay(state, BEN, luturas=[["isotusk_g1"], ["rodlet"]])
    chosen = options_for(state, type="deploy", card=card, space=0)
    assert [a["choices0"] for a in chosen] == [["lutura:1:0"], ["lutura:1:1"]]
    state = ok(state, chosen[1])
    assert state.sides[BEN].spaces[1].damage == 1 and state.sides[BEN].spaces[0].damage == 0


def test_heal() -> None:
    """Thornlet Gear 1 removes 1 damage; Thornlet Ultima all; Bouldrum Gear 3 heals the Soldier."""
    state = versus(["thornlet_g1", "thornlet_g2", "thornlet_g3", "thornlet_ultima",
                    "bouldrum_g2", "bouldrum_g3"], [])  # fmt: skip
    lay(state, ANA, luturas=[["thornlet_g1"], ["thornlet_g1", "thornlet_g2", "thornlet_g3",
                                               "thornlet_ultima"],
                             ["bouldrum_g1", "bouldrum_g2", "bouldrum_g3"]],
        damage=[3, 5])  # fmt: skip
    state = ok(state, {"type": "effect", "player": ANA, "space": 0, "choices0": ["lutura:0:0"]})
    state = ok(state, {"type": "effect", "player": ANA, "space": 1, "choices0": ["lutura:0:1"]})
    assert [state.sides[ANA].spaces[i].damage for i in (0, 1)] == [2, 0]
    state.sides[ANA].stamina = 21
    state = ok(state, {"type": "effect", "player": ANA, "space": 2})
    assert state.sides[ANA].stamina == 22  # never above the printed Stamina


def test_draw() -> None:
    """Arcwisp Gear 1, on deploy: draw a card."""
    state = versus(["arcwisp_g1", "crystal_plasmatic"], [])
    card = lay(state, ANA, hand=["arcwisp_g1"], crystals=["crystal_plasmatic"])["hand"][0]
    size = len(state.sides[ANA].hand)
    state = ok(state, {"type": "deploy", "player": ANA, "card": card, "space": 0})
    assert len(state.sides[ANA].hand) == size  # one played, one drawn


def test_arrange() -> None:
    """Tidepup Gear 1, on deploy: look at the top two and choose which goes on top."""
    state = versus([], [])
    card = lay(state, ANA, hand=["tidepup_g1"], crystals=["crystal_aquatic"])["hand"][0]
    state = act(RULES, state, {"type": "deploy", "player": ANA, "card": card, "space": 0}).state
    looked = state.sides[ANA].top[:2]
    picks = RULES.legal_actions(state)
    assert {a["pick"] for a in picks} == set(looked) and RULES.view(state, BEN)["sides"][0][
        "top"
    ] == ["hidden", "hidden"]
    state = act(RULES, state, {"type": "pick", "player": ANA, "pick": looked[1]}).state
    assert state.sides[ANA].top[:2] == (looked[1], looked[0]) and not state.pending
    state = ok(state, {"type": "end", "player": ANA})
    turn = turn_of(RULES, state, ANA)
    assert looked[1] in turn.sides[ANA].hand


def test_scry() -> None:
    """Lumira Gear 1: look at the top card and put it on the bottom."""
    state = versus(["lumira_g1"], [])
    lay(state, ANA, luturas=[["lumira_g1"]])
    state = act(RULES, state, {"type": "effect", "player": ANA, "space": 0}).state
    top = state.sides[ANA].top[0]
    state = act(RULES, state, {"type": "pick", "player": ANA, "pick": "bottom"}).state
    assert state.sides[ANA].bottom[-1] == top


def test_tuck() -> None:
    """Brinefin, on deploy: draw a card, then a card of the hand goes under the Deck."""
    state = versus([], [])
    card = lay(state, ANA, hand=["brinefin"], crystals=["crystal_aquatic"])["hand"][0]
    size = len(state.sides[ANA].hand)
    state = act(RULES, state, {"type": "deploy", "player": ANA, "card": card, "space": 0}).state
    chosen = state.sides[ANA].hand[0]
    state = act(RULES, state, {"type": "pick", "player": ANA, "pick": chosen}).state
    assert state.sides[ANA].bottom == (chosen,) and len(state.sides[ANA].hand) == size - 1


def test_return() -> None:
    """Swift Recall: a Lutura back to its owner's hand with all its Gears, then draw."""
    state = versus(["swift_recall"], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 2, luturas=[["tidepup_g1", "tidepup_g2"]])
    card = lay(state, ANA, hand=["swift_recall"])["hand"][0]
    state = ok(state, {"type": "strategy", "player": ANA, "card": card, "choices0": ["lutura:0:0"]})
    hand = {c.rsplit(".", 1)[0] for c in state.sides[ANA].hand}
    assert {"tidepup_g1", "tidepup_g2"} <= hand and state.sides[ANA].no_deploy


def test_destroy() -> None:
    """Isotusk Gear 3 destroys an opponent's Crystal and takes 2 damage; Sabotage a Tool."""
    state = versus([], ["isotusk_g2", "isotusk_g3", "sabotage"])
    state = turn_of(RULES, state, BEN)
    lay(state, ANA, crystals=["crystal_aquatic"], tool="menders_kit")
    lay(state, BEN, luturas=[["isotusk_g1", "isotusk_g2", "isotusk_g3"]])
    crystal = f"crystal:{state.sides[ANA].crystals[0]}"
    state = ok(state, {"type": "effect", "player": BEN, "space": 0, "choices0": [crystal]})
    assert not state.sides[ANA].crystals and state.sides[BEN].spaces[0].damage == 2
    card = lay(state, BEN, hand=["sabotage"])["hand"][0]
    state = ok(state, {"type": "strategy", "player": BEN, "card": card, "choices0": ["tool:0"]})
    assert not state.sides[ANA].tool


def test_destroy_chosen_by_the_opponent() -> None:
    """Glowmite, destroyed: its destroyer destroys a Crystal of their own choosing."""
    state = versus([], ["glowmite"])
    lay(state, ANA, crystals=["crystal_aquatic", "crystal_botanical"], luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["glowmite"]], damage=[2])
    state = act(RULES, state, {"type": "attack", "player": ANA, "space": 0, "target": 0}).state
    assert state.pending and {a["player"] for a in RULES.legal_actions(state)} == {ANA}
    botanical = state.sides[ANA].crystals[1]
    state = act(RULES, state, {"type": "pick", "player": ANA, "pick": botanical}).state
    assert state.sides[ANA].crystals != () and botanical in state.sides[ANA].workshop


def test_search() -> None:
    """Shardling, on deploy: a Crystal of the owner's choice from the Deck, shown, shuffled."""
    state = versus(["shardling", "crystal_plasmatic"], [])
    card = lay(state, ANA, hand=["shardling"], crystals=["crystal_aquatic"])["hand"][0]
    chosen = options_for(state, type="deploy", card=card, space=0)
    pick = next(a for a in chosen if "crystal_plasmatic" in a["choices0"][0])
    state = ok(state, pick)
    assert any(c.startswith("crystal_plasmatic") for c in state.sides[ANA].hand)


def test_dig() -> None:
    """Crystal Call: look at the top five, take a Crystal among them, shuffle."""
    state = versus(["crystal_call"], [])
    card = lay(state, ANA, hand=["crystal_call"])["hand"][0]
    state = act(RULES, state, {"type": "strategy", "player": ANA, "card": card}).state
    if state.pending:
        pick = RULES.legal_actions(state)[0]
        state = act(RULES, state, pick).state
        assert pick["pick"] in state.sides[ANA].hand
    assert not state.sides[ANA].top


def test_recover() -> None:
    """Sporeling, on deploy: a Crystal from the Workshop into the hand."""
    state = versus(["sporeling"], [])
    card = lay(state, ANA, hand=["sporeling"], crystals=["crystal_botanical", "crystal_nuclear"])[
        "hand"
    ][0]
    nuclear = state.sides[ANA].crystals[1]
    state.sides[ANA].crystals, state.sides[ANA].workshop = state.sides[ANA].crystals[:1], (nuclear,)
    state = ok(state, {"type": "deploy", "player": ANA, "card": card, "space": 0,
                       "choices0": [f"card:{nuclear}"]})  # fmt: skip
    assert nuclear in state.sides[ANA].hand


def test_banish() -> None:
    """Portal Rift sends only a Lutura with 3 or less Stamina left."""
    state = versus(["portal_rift"], ["bouldrum_g1"])
    card = lay(state, ANA, hand=["portal_rift"])["hand"][0]
    lay(state, BEN, luturas=[["bouldrum_g1"], ["rodlet"]])
    offered = options_for(state, type="strategy", card=card)
    assert [a["choices0"] for a in offered] == [["lutura:1:1"]]


def test_boost() -> None:
    """Tidepup Gear 3 gives other Aquatic Luturas +1; Isotusk Gear 1 may take +2 for one attack."""
    state = versus([], [])
    lay(state, ANA, luturas=[["tidepup_g1", "tidepup_g2", "tidepup_g3"], ["brinefin"]])
    lay(state, BEN, luturas=[["isotusk_g1"]])
    assert damage(DATA, state, ANA, 1, 0)[0] == 2 + 1
    assert damage(DATA, state, ANA, 0, 0)[0] == 6
    state = turn_of(RULES, state, BEN)
    offered = options_for(state, type="attack", player=BEN, space=0, target=1)
    assert {bool(a.get("skip0")) for a in offered} == {True, False}
    state = ok(state, next(a for a in offered if not a.get("skip0")))
    if state.phase == RESPOND:
        state = ok(state, {"type": "pass", "player": ANA})
    assert state.sides[ANA].spaces[1] is None and state.sides[BEN].spaces[0].damage == 1


def test_shield() -> None:
    """Bouldrum Gear 2 takes 1 less from each attack; Bulwark Plate 2 less, as an answer."""
    state = versus(["bouldrum_g2", "bulwark_plate"], [])
    lay(state, ANA, luturas=[["bouldrum_g1", "bouldrum_g2"]], tool="bulwark_plate", tool_at=0)
    lay(state, BEN, luturas=[["isotusk_g1"]])
    assert damage(DATA, state, BEN, 0, 0)[0] == 2 - 1
    state = turn_of(RULES, state, BEN)
    state = ok(state, {"type": "attack", "player": BEN, "space": 0, "target": 0, "skip0": True})
    assert state.phase == RESPOND
    state = ok(state, {"type": "tool_effect", "player": ANA})
    state = ok(state, {"type": "pass", "player": ANA})
    assert state.sides[ANA].spaces[0].damage == 0


def test_negate() -> None:
    """Warden Osk's ability negates an attack, once a round."""
    state = versus([], [])
    lay(state, ANA, luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["isotusk_g1"]])
    state = turn_of(RULES, state, BEN)
    state = ok(state, {"type": "attack", "player": BEN, "space": 0, "target": 0})
    state = ok(state, {"type": "ability", "player": ANA})
    state = ok(state, {"type": "pass", "player": ANA})
    assert state.sides[ANA].spaces[0].damage == 0 and state.sides[ANA].ability_used


def test_extra_attack() -> None:
    """Overclock Coil: one more attack this turn, 2 damage at the end of the turn."""
    state = versus([], [])
    lay(state, ANA, luturas=[["bouldrum_g1"]], tool="overclock_coil", tool_at=0)
    lay(state, BEN, luturas=[["isotusk_g1"]])
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    state = ok(state, {"type": "tool_effect", "player": ANA})
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[BEN].spaces[0].damage == 2
    state = ok(state, {"type": "end", "player": ANA})
    assert state.sides[ANA].spaces[0].damage == 2


def test_no_deploy() -> None:
    """Recall Beacon: the assigned Lutura back to the hand; no more deploys this turn."""
    state = versus(["recall_beacon"], [])
    lay(state, ANA, crystals=["crystal_aquatic"], luturas=[["tidepup_g1"]],
        tool="recall_beacon", tool_at=0)  # fmt: skip
    state = ok(state, {"type": "tool_effect", "player": ANA})
    card = hand_card(state, ANA, "tidepup_g1")
    assert RULES.check(state, {"type": "deploy", "player": ANA, "card": card, "space": 0})


def test_taunt() -> None:
    """Bouldrum Gear 1 must be attacked before its owner's other Luturas."""
    state = versus([], [])
    lay(state, ANA, luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["isotusk_g1"], ["bouldrum_g1"]])
    targets = {a["target"] for a in options_for(state, type="attack", space=0)}
    assert 0 not in targets and 1 in targets and TOOL not in targets


def test_bypass_and_unnegatable() -> None:
    """Arcwisp Gear Ultima hits the Soldier past defenders, and no answer negates it."""
    state = versus(["arcwisp_g1", "arcwisp_g2", "arcwisp_g3", "arcwisp_ultima"], ["riptide_gambit"])
    lay(state, ANA, luturas=[["arcwisp_g1", "arcwisp_g2", "arcwisp_g3", "arcwisp_ultima"]])
    lay(state, BEN, luturas=[["isotusk_g1"]], facedown="riptide_gambit")
    assert (
        RULES.check(state, {"type": "attack", "player": ANA, "space": 0, "target": SOLDIER}) is None
    )
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    state = ok(state, {"type": "flip", "player": BEN})
    state = ok(state, {"type": "pass", "player": BEN})
    assert state.sides[BEN].spaces[0] is None


def test_protect() -> None:
    """Coralisk: its owner's Tool can't be destroyed by attacks."""
    state = versus([], ["coralisk"])
    lay(state, ANA, luturas=[["tidepup_g1"]])
    lay(state, BEN, luturas=[["coralisk"]], tool="menders_kit")
    assert RULES.check(state, {"type": "attack", "player": ANA, "space": 0, "target": TOOL})


def test_assign_tool() -> None:
    """Sparkmoth, on deploy: may take the Tool even if it moved this turn."""
    state = versus(["sparkmoth", "crystal_plasmatic"], [])
    lay(state, ANA, crystals=["crystal_plasmatic"], luturas=[["tidepup_g1"]], tool="menders_kit")
    card = lay(state, ANA, hand=["sparkmoth"])["hand"][0]
    state = ok(state, {"type": "assign", "player": ANA, "space": 0})
    state = ok(state, {"type": "deploy", "player": ANA, "card": card, "space": 1})
    assert state.sides[ANA].tool_at == 1


def test_crystal_limit_place_crystal_and_trim() -> None:
    """Engineer Talia: five Crystals for the round and one placed now; Crystal Lantern's
    leaving trims back to the limit."""
    state = versus(["crystal_lantern"], ["crystal_plasmatic"])
    state = turn_of(RULES, state, BEN)
    lay(state, BEN, crystals=["crystal_nuclear"] * 3)
    state.sides[BEN].soldier = "engineer_talia"
    card = lay(state, BEN, hand=["crystal_plasmatic"])["hand"][0]
    state = ok(state, {"type": "ability", "player": BEN, "choices0": [f"card:{card}"]})
    assert len(state.sides[BEN].crystals) == 4 and crystal_limit(DATA, state, BEN) == 5
    lay(state, ANA, crystals=["crystal_aquatic"] * 5, tool="crystal_lantern")
    assert crystal_limit(DATA, state, ANA) == 5
    state = ok(state, {"type": "pass", "player": ANA}) if state.phase == RESPOND else state
    lay(state, BEN, luturas=[["isotusk_g1"]])
    destroy_tool(DATA, state, ANA)
    aftermath(DATA, state, random.Random(0))
    assert len(state.sides[ANA].crystals) == 4


def test_reclaim() -> None:
    """Captain Maren: up to two Crystals from the Workshop back on the side."""
    state = versus([], [])
    lay(state, ANA, crystals=["crystal_aquatic"] * 3)
    side = state.sides[ANA]
    side.soldier = "captain_maren"
    side.workshop, side.crystals = side.crystals, ()
    state = ok(state, {"type": "ability", "player": ANA})
    assert len(state.sides[ANA].crystals) == 2


def test_endure() -> None:
    """Last Stand: an attack that would fell the Soldier leaves it at 1."""
    state = versus([], ["last_stand"])
    lay(state, ANA, luturas=[["tidepup_g1"]])
    lay(state, BEN, facedown="last_stand")
    state.sides[BEN].stamina = 2
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": SOLDIER})
    state = ok(state, {"type": "flip", "player": BEN})
    state = ok(state, {"type": "pass", "player": BEN})
    assert state.sides[BEN].stamina == 1


def test_counter_and_attacked_triggers() -> None:
    """Counter Surge hits the attacker first (a felled attacker never attacks); Thornlet Gear 2
    hits back when attacked."""
    state = versus(["thornlet_g2"], ["counter_surge"])
    lay(state, ANA, luturas=[["rodlet"], ["tidepup_g1"]])
    lay(state, BEN, luturas=[["isotusk_g1"]], facedown="counter_surge")
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    state = ok(state, {"type": "flip", "player": BEN})
    assert state.phase != RESPOND  # the attack ended with its attacker (ruling attacker-leaves)
    assert state.sides[ANA].spaces[0] is None and state.sides[BEN].spaces[0].damage == 0
    state = turn_of(RULES, state, BEN)
    lay(state, ANA, luturas=[["thornlet_g1", "thornlet_g2"]])
    state = ok(state, {"type": "attack", "player": BEN, "space": 0, "target": 0, "skip0": True})
    if state.phase == RESPOND:
        state = ok(state, {"type": "pass", "player": ANA})
    assert state.sides[BEN].spaces[0].damage == 1


def test_destroyed_triggers() -> None:
    """Emberkit burns its destroyer; Isotusk Gear Ultima hits every opponent's Lutura."""
    state = versus([], ["emberkit"])
    lay(state, ANA, luturas=[["isotusk_g1"]])
    lay(state, BEN, luturas=[["emberkit"]])
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0, "skip0": True})
    assert state.sides[ANA].spaces[0].damage == 2
    state = versus([], ["isotusk_g2", "isotusk_g3", "isotusk_ultima"])
    lay(state, ANA, luturas=[["tidepup_g1"], ["bouldrum_g1"]])
    lay(state, BEN, luturas=[["isotusk_g1", "isotusk_g2", "isotusk_g3", "isotusk_ultima"]],
        damage=[10])  # fmt: skip
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[ANA].spaces[0] is None and state.sides[ANA].spaces[1].damage == 4


def test_after_attack() -> None:
    """Rodlet takes 1 damage after its attack."""
    state = versus([], [])
    lay(state, ANA, luturas=[["rodlet"]])
    lay(state, BEN, luturas=[["bouldrum_g1"]])
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[ANA].spaces[0].damage == 1 and state.sides[BEN].spaces[0].damage == 4


def test_every_shipped_declaration_uses_words_the_engine_runs() -> None:
    """Every trigger, verb and target the sheets' declarations use has its code: a designer's
    new card made of these words plays without code."""
    from companion.games.luturas.targets import TARGETS
    from companion.games.luturas.verbs import VERBS

    triggers = {"deploy", "attack", "after_attack", "attacked", "destroyed", "destroyed_by_attack",
                "turn_start", "activate", "always", "use", "opponent_attacks",
                "soldier_would_fall", "leaves"}  # fmt: skip
    declared = [e for d in DATA.designs.values() for e in d.effect]
    assert len({d.id for d in DATA.designs.values() if d.effect}) >= 61
    for effect in declared:
        assert effect.trigger in triggers, effect
        for step in effect.steps:
            assert step.verb in VERBS, step
            assert step.target is None or step.target.name in TARGETS, step
    assert set(VERBS) >= set(DATA.vocabulary.verbs)
    assert set(TARGETS) >= set(DATA.vocabulary.targets)
    assert triggers >= set(DATA.vocabulary.triggers)


def test_an_effect_draws_the_card_entered_from_the_real_deck() -> None:
    """Enter each card: an effect's draw takes the card the player read off the Deck."""
    state = versus(["arcwisp_g1", "crystal_plasmatic"], [])
    card = lay(state, ANA, hand=["arcwisp_g1"], crystals=["crystal_plasmatic"])["hand"][0]
    wanted = sorted(state.sides[ANA].deck)[-1]
    deploy = {"type": "deploy", "player": ANA, "card": card, "space": 0, "cards": [wanted]}
    step = act(RULES, state, deploy)
    assert wanted in step.state.sides[ANA].hand and step.action["cards"] == [wanted]
    assert RULES.redact(state, step.action, BEN)["cards"] == ["hidden"]
    stray = {"type": "deploy", "player": ANA, "card": card, "space": 0, "cards": ["nothing.1"]}
    assert RULES.check(state, stray) == "'nothing.1' is not in Ana's Deck."


def test_a_tool_boost_counts_once_a_turn() -> None:
    """Tide Harpoon's +2 helps the first attack of the turn only (ruling tools-one)."""
    state = versus(["arcwisp_g1", "arcwisp_g2", "arcwisp_g3"], ["bouldrum_g2"])
    lay(state, ANA, luturas=[["arcwisp_g1", "arcwisp_g2", "arcwisp_g3"]], tool="tide_harpoon",
        tool_at=0)  # fmt: skip
    lay(state, BEN, luturas=[["bouldrum_g1", "bouldrum_g2"]])
    state = ok(state, {"type": "effect", "player": ANA, "space": 0})
    state = ok(state, {"type": "attack", "player": ANA, "space": 0, "target": 0})
    assert state.sides[BEN].spaces[0].damage == 6 + 2 - 1
    assert damage(DATA, state, ANA, 0, 0)[0] == 6 - 1  # the second attack: no bonus


def test_a_look_for_a_crystal_goes_to_the_crystal_deck_in_fast_mode() -> None:
    """fast-mode-draws: Crystal Call looks at the Crystal deck; the other seat sees no card."""
    state = versus(["crystal_call"], [], mode="fast")
    card = lay(state, ANA, hand=["crystal_call"])["hand"][0]
    state = act(RULES, state, {"type": "strategy", "player": ANA, "card": card}).state
    looked = state.pending[0].cards
    assert len(looked) == 5 and all(c in state.sides[ANA].crystal_deck for c in looked)
    assert RULES.view(state, BEN)["pending"][0]["cards"] == ["hidden"] * 5
    assert RULES.view(RULES.resample(state, BEN, random.Random(1)), BEN) == RULES.view(state, BEN)
    pick = RULES.legal_actions(state)[0]
    state = act(RULES, state, pick).state
    assert pick["pick"] in state.sides[ANA].hand and not state.pending
