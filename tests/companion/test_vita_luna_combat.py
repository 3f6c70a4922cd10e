"""Vita Luna: attacks, the epics in a fight, and the end of a battle (clarification ids in docstrings)."""

from __future__ import annotations

import pytest

from companion.games.vita_luna.scenarios import battle

from .test_vita_luna_situations import P1, P2, attack, card, edited_rules, fight, play

# A spare creature kept on a side so that a kill does not end the battle.
SPARE = "tortoise"


# --- the seed's worked examples ------------------------------------------------------------------


def test_seed_example_wolf_kills_gyr_falcon():
    """attack_order: Wolf (3) against Gyr Falcon (2 health) kills it; the falcon leaves the battle."""
    state = fight(["wolf"], ["gyr_falcon", SPARE])
    falcon = card(state, P2, 0)
    after, events = attack(state)
    assert events == ["Wolf hits Gyr Falcon for 3: Gyr Falcon dies"]
    assert falcon not in after.board and falcon not in after.health
    assert falcon in after.owned[P2]  # still Player 2's card, back after the battle


def test_seed_example_rat_hurts_anaconda():
    """attack_order: Rat (1) against Anaconda (5) leaves it at 4."""
    state = fight(["rat"], ["anaconda"])
    after, events = attack(state)
    assert events == ["Rat hits Anaconda for 1 (4 health left)"]
    assert after.health[card(after, P2, 0)] == 4


def test_seed_example_rat_and_porcupine():
    """retaliate_reach: Rat hits Porcupine (4) down to 3, and the retaliation kills the Rat."""
    state = fight(["rat", SPARE], ["porcupine"])
    rat = card(state, P1, 0)
    after, events = attack(state)
    assert events[0] == "Rat hits Porcupine for 1 (3 health left); Porcupine retaliates: Rat dies"
    assert after.health[card(after, P2, 0)] == 3
    assert rat not in after.board


def test_zero_attack_never_attacks():
    """attack_order: the Rock (attack 0) never attacks; its turn still ends."""
    state = fight(["rock"], ["wolf"])
    after, events = attack(state)
    assert events == ["Player 1 has no creature on a white position that can attack."]
    assert after.health[card(after, P2, 0)] == 2 and after.active == P2


def test_the_attack_step_ends_the_turn():
    """attack_ends_turn: after the attacks the other player's turn starts with a clean slate."""
    state = fight(["wolf"], ["anaconda"], done=15)
    after, _ = attack(state)
    assert (after.active, after.turn, after.done) == (P2, 2, 0)


def test_every_white_creature_attacks_and_grey_ones_do_not():
    """attack_order: all white creatures with attack attack; grey reserves never do."""
    state = fight(["wolf", "fox", None, "rat"], ["anaconda", "armadillo", SPARE], ["cheetah"])
    after, events = attack(state)
    assert events == [
        "Wolf hits Anaconda for 3 (2 health left)",
        "Fox hits Armadillo: its armour absorbs the hit (armour gone)",
        "Rat hits the empty position: 1 damage to the heart (9 hearts left)",
    ]
    assert after.hearts == (10, 9)


# --- attack order and the heart ------------------------------------------------------------------


def test_each_player_attacks_from_their_own_left():
    """attack_order: Player 1 attacks from position 1 up, Player 2 (sitting opposite) from 4 down."""
    state = fight([SPARE], ["wolf", "fox", "rat", "mongoose"], active=P2)
    _, events = attack(state)
    assert [e.split(" hits")[0] for e in events] == ["Mongoose", "Rat", "Fox", "Wolf"]


def test_order_matters_a_kill_opens_the_heart_to_a_later_prong():
    """attack_order, prong_hits: the Wolf kills first, so the Beetle's prong finds the heart."""
    state = fight([None, "wolf", "stag_beetle"], [SPARE, "fox", None, None])
    after, events = attack(state)
    assert events == [
        "Wolf hits Fox for 3: Fox dies",
        "Pronged Stag Beetle hits the empty position: 1 damage to the heart (9 hearts left) and "
        "the empty position: 1 damage to the heart (8 hearts left)",
    ]
    assert after.hearts == (10, 8)
    mirrored = fight([SPARE, "fox", None, None], [None, "wolf", "stag_beetle"], active=P2)
    _, events = attack(mirrored)
    # Player 2's left is position 4: the Beetle goes first, its right-hand prong first
    assert events == [
        "Pronged Stag Beetle hits the empty position: 1 damage to the heart (9 hearts left) and "
        "Fox for 1 (2 health left)",
        "Wolf hits Fox for 3: Fox dies",
    ]


def test_an_empty_position_sends_the_damage_to_the_heart():
    """battle_end: an attack on an empty white position costs hearts, whatever the creature."""
    state = fight([None, "cheetah"], [SPARE])
    after, events = attack(state)
    assert events == ["Cheetah hits the empty position: 4 damage to the heart (6 hearts left)"]
    assert after.hearts == (10, 6)


def test_one_heart_left_is_said_in_the_singular():
    """battle_end: the log counts hearts as players do."""
    state = fight([None, "rat"], [SPARE], hearts=(10, 2))
    _, events = attack(state)
    assert events == ["Rat hits the empty position: 1 damage to the heart (1 heart left)"]


# --- Poisonous, Resistant, Armour ----------------------------------------------------------------


def test_poison_kills_outright():
    """poison_reach: the Scorpion (attack 1) kills a 4-health creature in one hit."""
    state = fight(["scorpion"], ["wild_boar", SPARE])
    after, events = attack(state)
    assert events == ["Scorpion hits Wild Boar with poison: Wild Boar dies"]
    assert after.board.count(None) == 14


def test_poison_against_resistant_is_plain_damage():
    """poison_reach: the Mongoose is Resistant, so King Cobra deals its 2 attack."""
    state = fight(["king_cobra"], ["mongoose", SPARE])
    after, events = attack(state)
    assert events == ["King Cobra hits Mongoose for 2 (Resistant: no poison): Mongoose dies"]
    state = fight(["scorpion"], ["mongoose"])
    after, events = attack(state)
    assert events == ["Scorpion hits Mongoose for 1 (Resistant: no poison) (1 health left)"]
    assert after.health[card(after, P2, 0)] == 1


def test_poison_against_armour_only_removes_the_armour():
    """poison_reach, armour_absorbs: the armour soaks up the poison; the next poison kills."""
    state = fight(["black_mamba"], ["armadillo", SPARE])
    armadillo = card(state, P2, 0)
    after, events = attack(state)
    assert events == ["Black Mamba hits Armadillo: its armour absorbs the poison (armour gone)"]
    assert after.health[armadillo] == 6 and armadillo not in after.armour
    after.active = P1
    after, events = attack(after)
    assert events == ["Black Mamba hits Armadillo with poison: Armadillo dies"]


def test_poison_against_the_heart_is_plain_damage():
    """poison_reach: a Poisonous creature facing an empty position deals its attack to the heart."""
    state = fight([None, "king_cobra"], [SPARE])
    _, events = attack(state)
    assert events == ["King Cobra hits the empty position: 2 damage to the heart (8 hearts left)"]


def test_armour_absorbs_one_hit_then_damage_goes_through():
    """armour_absorbs: the first hit does nothing but take the armour; the second hurts."""
    state = fight(["cheetah"], ["shore_crab"])
    crab = card(state, P2, 0)
    after, _ = attack(state)
    assert after.health[crab] == 3 and crab not in after.armour
    after.active = P1
    after, events = attack(after)
    assert events[0] == "Cheetah hits Shore Crab for 4: Shore Crab dies"


def attacks_armoured_badger(tmp_path, attacker: str):
    """Player 1's `attacker` attacks the Honey Badger (Resistant, Retaliate) under rules where it
    also has Armour (no shipped creature has Resistant with Armour, or Retaliate with Armour):
    the state after, and the events."""
    rules = edited_rules(
        tmp_path,
        "creatures.csv",
        "blue,3,4,resistant;retaliate,",
        "blue,3,4,resistant;retaliate;armour,",
    )
    state = battle(rules, ([attacker], ["honey_badger"]))
    after, _, events = play(state, {"type": "attack", "player": P1}, rules=rules)
    return after, events


def test_resistant_with_armour_still_loses_the_armour_first(tmp_path):
    """poison_reach, armour_absorbs: armour comes before Resistant."""
    after, events = attacks_armoured_badger(tmp_path, "scorpion")
    assert events == [
        "Scorpion hits Honey Badger: its armour absorbs the poison (armour gone); Honey Badger retaliates: Scorpion has 1 health left"
    ]
    assert after.health[card(after, P2, 0)] == 4


# --- Retaliate -----------------------------------------------------------------------------------


def test_retaliation_happens_even_when_the_hit_kills():
    """retaliate_reach: the Porcupine dies to the Cheetah and still strikes back."""
    state = fight(["cheetah"], ["porcupine", SPARE])
    cheetah = card(state, P1, 0)
    after, events = attack(state)
    assert events == [
        "Cheetah hits Porcupine for 4: Porcupine dies; Porcupine retaliates: Cheetah has 2 health left"
    ]
    assert after.health[cheetah] == 2


def test_armour_absorbs_a_retaliation():
    """armour_absorbs, retaliate_reach: the Shore Crab's armour takes the Porcupine's answer."""
    state = fight(["shore_crab"], ["porcupine"])
    crab = card(state, P1, 0)
    after, events = attack(state)
    assert events == [
        "Shore Crab hits Porcupine for 1 (3 health left); Porcupine retaliates: Shore Crab's armour absorbs it"
    ]
    assert after.health[crab] == 3 and crab not in after.armour


def test_an_armoured_retaliator_still_retaliates(tmp_path):
    """retaliate_reach, armour_absorbs: the armour soaks the hit, yet the creature strikes back."""
    _, events = attacks_armoured_badger(tmp_path, "wolf")
    assert events == [
        "Wolf hits Honey Badger: its armour absorbs the hit (armour gone); Honey Badger retaliates: Wolf has 1 health left"
    ]


def test_retaliation_is_not_an_attack():
    """retaliate_reach: Honey Badger (Retaliate) hit back by a Porcupine does not retaliate again."""
    state = fight(["honey_badger"], ["porcupine"])
    badger, porcupine = card(state, P1, 0), card(state, P2, 0)
    after, events = attack(state)
    assert events == [
        "Honey Badger hits Porcupine for 3 (1 health left); Porcupine retaliates: Honey Badger has 3 health left"
    ]
    assert (after.health[badger], after.health[porcupine]) == (3, 1)


def test_retaliation_never_touches_the_heart():
    """retaliate_reach: only the attacking creature takes the point."""
    state = fight(["wolf"], ["porcupine"])
    after, _ = attack(state)
    assert after.hearts == (10, 10)


# --- Pronged -------------------------------------------------------------------------------------


def test_pronged_hits_both_sides_and_spares_the_creature_opposite():
    """prong_hits: 1 damage each to the positions beside the one opposite."""
    state = fight([None, "ibex"], ["fox", "wild_boar", "wolf"])
    after, events = attack(state)
    assert events == ["Pronged Ibex hits Fox for 1 (2 health left) and Wolf for 1 (1 health left)"]
    assert after.health[card(after, P2, 1)] == 4


@pytest.mark.parametrize(("column", "hit"), [(0, 1), (3, 2)])
def test_pronged_at_the_end_of_the_row_has_one_prong(column, hit):
    """prong_hits: a prong beyond the row's end does nothing, not even to the heart."""
    white = [None] * 4
    white[column] = "stag_beetle"
    state = fight(white, ["wolf", "wolf", "wolf", "wolf"])
    after, events = attack(state)
    assert events == ["Pronged Stag Beetle hits Wolf for 1 (1 health left)"]
    health = [after.health[card(after, P2, c)] for c in range(4)]
    assert health == [1 if c == hit else 2 for c in range(4)] and after.hearts == (10, 10)


def test_a_prong_into_an_empty_position_hits_the_heart():
    """prong_hits: the seed example's wording, one prong on a creature and one on the heart."""
    state = fight([None, "stag_beetle"], [None, "wolf", "fox"], hearts=(10, 8))
    after, events = attack(state)
    assert events == [
        "Pronged Stag Beetle hits the empty position: 1 damage to the heart (7 hearts left) and Fox for 1 (2 health left)"
    ]
    assert after.hearts == (10, 7)


def test_both_prongs_land_before_the_retaliations():
    """prong_hits, retaliate_reach: two Porcupines each answer a prong; the Beetle lands both first."""
    state = fight([None, "stag_beetle", SPARE], ["porcupine", "wolf", "porcupine"])
    beetle = card(state, P1, 1)
    state.health[beetle] = 2
    after, events = attack(state)
    assert events[0] == (
        "Pronged Stag Beetle hits Porcupine for 1 (3 health left) and Porcupine for 1 (3 health left); "
        "Porcupine retaliates: Stag Beetle has 1 health left; Porcupine retaliates: Stag Beetle dies"
    )
    assert beetle not in after.board


def test_a_poisonous_prong_poisons_each_side(tmp_path):
    """prong_hits, poison_reach: edited data with a Pronged Poisonous creature."""
    rules = edited_rules(
        tmp_path, "creatures.csv", "blue,1,6,pronged,", "blue,1,6,pronged;poisonous,"
    )
    state = battle(rules, ([None, "ibex"], ["fox", "wild_boar", "mongoose"]))
    _, _, events = play(state, {"type": "attack", "player": P1}, rules=rules)
    assert events == [
        "Pronged Ibex hits Fox with poison: Fox dies and Mongoose for 1 (Resistant: no poison) (1 health left)"
    ]


# --- the end of a battle -------------------------------------------------------------------------


def test_no_hearts_left_ends_the_battle_at_once():
    """battle_end: the hearts run out on the first attack; the second creature never attacks."""
    state = fight([None, "wolf", "fox"], [SPARE], hearts=(10, 3))
    after, events = attack(state)
    assert events == [
        "Wolf hits the empty position: 3 damage to the heart (0 hearts left)",
        "Player 2 has no hearts left: Player 1 wins the battle.",
        "Player 1's counter moves onto the red circle next to Player 2's heart: "
        "Player 1 takes a red card and Player 2 a blue one.",
    ]
    assert after.phase == "reward" and after.hearts == (10, 0)


def test_no_creatures_left_ends_the_battle_even_with_hearts():
    """battle_end: the last enemy creature dies; grey ones would have kept the battle going."""
    state = fight(["wolf", "fox"], ["rat", "rat"])
    after, events = attack(state)
    assert events[2] == "Player 2 has no creatures left: Player 1 wins the battle."
    state = fight(["wolf", "fox"], ["rat", "rat"], [], ["rat"])
    after, events = attack(state)
    assert after.phase == "turn" and len(events) == 2


def test_losing_your_own_last_creature_to_retaliation_loses_the_battle():
    """battle_end: the Rat, Player 1's only creature, dies to the Porcupine."""
    state = fight(["rat"], ["porcupine"], attacker=P2)
    after, events = attack(state)
    assert events[1] == "Player 1 has no creatures left: Player 2 wins the battle."
    assert after.track == (0, 1)


def test_when_both_sides_empty_at_once_the_attacked_side_loses():
    """both_sides_out: the Cheetah kills the last Porcupine and dies to its retaliation."""
    state = fight(["cheetah"], ["porcupine"])
    state.health[card(state, P1, 0)] = 1
    after, events = attack(state)
    assert events[1] == "Player 2 has no creatures left: Player 1 wins the battle."
    assert after.track == (1, 0)


def test_a_stalemate_with_no_attack_left_ends_the_battle():
    """stalemate: two Rocks can never hurt anyone; equal hearts, so the attacker loses."""
    state = fight(["rock"], [None, "rock"])
    after, events = attack(state)
    assert events[1] == "No creature left on the board can attack: Player 2 wins the battle."
    assert after.track == (0, 0) and after.phase == "reward"
    state = fight(["rock"], [None, "rock"], hearts=(9, 10), attacker=P2)
    after, events = attack(state)
    assert events[1] == "No creature left on the board can attack: Player 2 wins the battle."
    assert after.track == (0, 1)


def test_a_grey_creature_with_attack_prevents_the_stalemate():
    """stalemate: a reserve that could be promoted keeps the battle alive."""
    state = fight(["rock"], [None, "rock"], ["wolf"])
    after, _ = attack(state)
    assert after.phase == "turn"
