"""Vita Luna: moves, promotion, Holds, Anchor, Move anywhere and the Singular cards
(clarification ids in docstrings)."""

from __future__ import annotations

from .test_vita_luna_situations import (
    P1,
    P2,
    allowed,
    attack,
    card,
    fight,
    grey_card,
    play,
    refused,
)

SPARE = "tortoise"


def mv(state, c, to, player=P1):
    return {"type": "move", "player": player, "card": c, "position": to}


# --- the white row -------------------------------------------------------------------------------


def test_an_ordinary_creature_moves_one_position_sideways():
    """white_move: into a free neighbouring white position, not further."""
    state = fight([None, "wolf", None, None])
    wolf = card(state, P1, 1)
    assert allowed(state, mv(state, wolf, 0)) and allowed(state, mv(state, wolf, 2))
    assert refused(state, mv(state, wolf, 3)) == (
        "Wolf moves one position sideways; only Move anywhere jumps further."
    )
    after, _, events = play(state, mv(state, wolf, 2))
    assert card(after, P1, 2) == wolf and events == [
        "Player 1 moves Wolf from white position 2 to 3."
    ]


def test_only_one_white_row_move_per_turn():
    """white_move: the second white-row move of a turn is refused."""
    state = fight([None, "wolf", "fox", None])
    after, _, _ = play(state, mv(state, card(state, P1, 2), 3))
    assert refused(after, mv(after, card(after, P1, 1), 0)) == (
        "Player 1 has already made this turn's move on the white row."
    )


def test_a_taken_position_cannot_be_moved_into():
    """white_move: without Move anywhere there is no swapping."""
    state = fight(["wolf", "fox"])
    assert refused(state, mv(state, card(state, P1, 0), 1)).startswith("White position 2 is taken")
    assert (
        refused(
            state,
            {
                "type": "swap_places",
                "player": P1,
                "card": card(state, P1, 0),
                "other": card(state, P1, 1),
            },
        )
        == "Neither Wolf nor Fox has Move anywhere: they cannot swap places."
    )


def test_move_anywhere_jumps_to_any_free_white_position():
    """white_move: the Gyr Falcon jumps from position 1 to 4."""
    state = fight(["gyr_falcon", "wolf"])
    falcon = card(state, P1, 0)
    after, _, _ = play(state, mv(state, falcon, 3))
    assert card(after, P1, 3) == falcon


def test_move_anywhere_swaps_places_with_a_creature_of_its_side():
    """white_move: the Cheetah and the Wolf trade places; that is the turn's white-row move."""
    state = fight(["cheetah", None, "wolf"], [None, "anaconda"])
    cheetah, wolf = card(state, P1, 0), card(state, P1, 2)
    backwards = {"type": "swap_places", "player": P1, "card": wolf, "other": cheetah}
    assert refused(state, backwards) == (
        "Name Cheetah first: the creature with Move anywhere is the one that swaps."
    )
    action = {"type": "swap_places", "player": P1, "card": cheetah, "other": wolf}
    assert allowed(state, action)
    after, _, events = play(state, action)
    assert (card(after, P1, 0), card(after, P1, 2)) == (wolf, cheetah)
    assert events == ["Player 1's Cheetah and Wolf swap places (white positions 1 and 3)."]
    assert not allowed(after, mv(after, cheetah, 1))


def test_holds_stops_the_creature_opposite_from_moving_away():
    """holds_reach: the Wolf opposite the Anaconda cannot move or be swapped away."""
    state = fight(["wolf", None, "rat"], ["anaconda"])
    wolf, rat = card(state, P1, 0), card(state, P1, 2)
    assert refused(state, mv(state, wolf, 1)) == (
        "Wolf is held by the enemy Anaconda opposite: it cannot move away."
    )
    swap = {"type": "swap_places", "player": P1, "card": rat, "other": wolf}
    assert (
        refused(state, swap) == "Wolf is held by the enemy Anaconda opposite: it cannot move away."
    )
    assert allowed(state, mv(state, rat, 1))


def test_a_held_move_anywhere_creature_stays_too():
    """holds_reach: Move anywhere does not break a hold."""
    state = fight(["cheetah"], ["orb_spider"])
    assert refused(state, mv(state, card(state, P1, 0), 3)).startswith(
        "Cheetah is held by the enemy Orb Spider"
    )


def test_holds_only_from_a_white_position():
    """holds_reach: an Anaconda in the reserve holds nothing."""
    state = fight(["wolf"], [None, SPARE], [], ["anaconda"])
    assert allowed(state, mv(state, card(state, P1, 0), 1))


def test_singulars_still_work_on_a_held_creature():
    """holds_reach, singular_targets: Swap sends the held Wolf across anyway."""
    state = fight(["wolf"], ["anaconda"])
    wolf, anaconda = card(state, P1, 0), card(state, P2, 0)
    after, _, _ = play(state, {"type": "swap", "player": P1, "own": wolf, "target": anaconda})
    assert (card(after, P1, 0), card(after, P2, 0)) == (anaconda, wolf)


# --- Anchor --------------------------------------------------------------------------------------


def test_anchor_cannot_move_or_be_swapped_on_the_white_row():
    """anchor_reach: the Tortoise stays; even the Rat's Move anywhere cannot swap it."""
    state = fight(["tortoise", "rat"])
    tortoise, rat = card(state, P1, 0), card(state, P1, 1)
    reason = "Tortoise has Anchor: on a white position it cannot move or be swapped."
    assert refused(state, mv(state, tortoise, 2)) == reason
    assert (
        refused(state, {"type": "swap_places", "player": P1, "card": rat, "other": tortoise})
        == reason
    )


def test_anchor_in_the_reserve_moves_and_is_promoted():
    """anchor_reach, grey_and_promote: a grey Rock moves along the grey row and is promoted."""
    state = fight(["wolf"], [SPARE], ["rock"])
    rock = grey_card(state, P1, 0)
    after, _, events = play(state, mv(state, rock, 3))
    assert grey_card(after, P1, 3) == rock
    assert events == ["Player 1 moves a face-down card from grey position 1 to 4."]
    after, _, _ = play(after, {"type": "promote", "player": P1, "card": rock, "position": 2})
    assert card(after, P1, 2) == rock
    after.done = 0  # a later turn
    assert refused(after, mv(after, rock, 3)).startswith("Rock has Anchor")


def test_anchor_blocks_swap_and_steal_but_not_burn_or_heal():
    """anchor_reach, singular_targets: the Elephant cannot be swapped or stolen, only burned."""
    state = fight(["wolf", "tortoise"], ["elephant"])
    wolf, tortoise, elephant = card(state, P1, 0), card(state, P1, 1), card(state, P2, 0)
    assert refused(state, {"type": "swap", "player": P1, "own": wolf, "target": elephant}) == (
        "Elephant has Anchor: it cannot change places, so Swap cannot move it."
    )
    state2 = fight([None, "wolf"], ["elephant", "fox"])
    assert refused(state2, {"type": "steal", "player": P1, "target": card(state2, P2, 0)}) == (
        "Elephant has Anchor: it cannot be moved, so it cannot be stolen."
    )
    assert refused(
        state, {"type": "swap", "player": P1, "own": tortoise, "target": elephant}
    ).startswith("Tortoise has Anchor")
    state.health[tortoise] = 2
    assert allowed(state, {"type": "heal", "player": P1, "target": tortoise})
    assert allowed(state, {"type": "burn", "player": P1, "target": elephant})


# --- grey row and promotion ----------------------------------------------------------------------


def test_one_grey_move_to_a_free_grey_position():
    """grey_and_promote: one grey move a turn, only into a free grey position."""
    state = fight(["wolf"], [SPARE], ["fox", "rat"])
    fox, rat = grey_card(state, P1, 0), grey_card(state, P1, 1)
    assert refused(state, mv(state, fox, 1)).startswith("Grey position 2 is taken")
    after, _, _ = play(state, mv(state, fox, 2))
    assert refused(after, mv(after, rat, 3)) == "Player 1 has already moved a grey card this turn."


def test_promotion_into_any_free_white_position_once_a_turn():
    """grey_and_promote: any grey card to any free white position; one promotion per turn."""
    state = fight(["wolf"], [SPARE], ["fox", "rat"])
    fox, rat = grey_card(state, P1, 0), grey_card(state, P1, 1)
    assert refused(state, {"type": "promote", "player": P1, "card": fox, "position": 0}).startswith(
        "White position 1 is taken"
    )
    after, _, events = play(state, {"type": "promote", "player": P1, "card": fox, "position": 3})
    assert events == ["Player 1 promotes Fox from the reserve to white position 4."]
    assert refused(after, {"type": "promote", "player": P1, "card": rat, "position": 2}) == (
        "Player 1 has already promoted a card this turn."
    )
    after, _, _ = play(after, mv(after, fox, 2))  # the promoted Fox still makes the white move
    assert card(after, P1, 2) == fox


def test_moves_in_any_order_then_the_attack():
    """grey_and_promote, attack_ends_turn: promote, white move, grey move, attack."""
    state = fight([None, "wolf"], [SPARE, "fox"], ["cheetah", "rat"])
    wolf, cheetah, rat = card(state, P1, 1), grey_card(state, P1, 0), grey_card(state, P1, 1)
    state, _, _ = play(state, {"type": "promote", "player": P1, "card": cheetah, "position": 3})
    state, _, _ = play(state, mv(state, wolf, 0))
    state, _, _ = play(state, mv(state, rat, 2))
    state, events = attack(state)
    assert events == [
        "Wolf hits Tortoise for 3 (2 health left)",
        "Cheetah hits the empty position: 4 damage to the heart (6 hearts left)",
    ]


def test_only_the_player_whose_turn_it_is_acts():
    """attack_ends_turn: Player 2 waits for Player 1's attack."""
    state = fight(["wolf"], ["fox"])
    assert refused(state, {"type": "attack", "player": P2}) == "It is Player 1's turn."
    assert refused(state, mv(state, card(state, P2, 0), 1, P2)) == "It is Player 1's turn."


# --- Singular cards ------------------------------------------------------------------------------


def test_singulars_come_before_any_move():
    """singulars_first: after a move no Singular card may be played this turn."""
    state = fight([None, "wolf"], ["fox", "rat"])
    after, _, _ = play(state, mv(state, card(state, P1, 1), 0))
    assert refused(after, {"type": "burn", "player": P1, "target": card(after, P2, 1)}) == (
        "Singular cards are played before moving, and Player 1 has moved this turn."
    )


def test_several_singulars_in_one_turn_each_once_a_game():
    """singulars_first: Burn then Steal in the same turn; Burn never again."""
    state = fight(["wolf", None], ["fox", "rat", SPARE])
    state, _, _ = play(state, {"type": "burn", "player": P1, "target": card(state, P2, 0)})
    state, _, _ = play(state, {"type": "steal", "player": P1, "target": card(state, P2, 1)})
    assert state.singulars[P1] == ("swap", "heal")
    assert refused(state, {"type": "burn", "player": P1, "target": card(state, P2, 2)}) == (
        "Player 1 has already played Burn: each Singular card is played once a game."
    )


def test_burn_removes_a_creature_from_the_game():
    """singular_targets, ownership_changes: the burned card belongs to nobody any more."""
    state = fight(["wolf"], ["anaconda", SPARE])
    anaconda = card(state, P2, 0)
    after, _, events = play(state, {"type": "burn", "player": P1, "target": anaconda})
    assert events == ["Player 1 plays Burn on Anaconda: it is removed from the game."]
    assert anaconda in after.burned and anaconda not in after.owned[P2]
    assert anaconda not in after.board and "burn" not in after.singulars[P1]


def test_burn_targets_only_enemy_white_positions():
    """singular_targets: not grey cards, not your own."""
    state = fight(["wolf"], ["fox"], [], ["rat"])
    assert refused(state, {"type": "burn", "player": P1, "target": grey_card(state, P2, 0)}) == (
        "Burn needs an enemy creature, on a white position; Rat is not."
    )
    assert refused(state, {"type": "burn", "player": P1, "target": card(state, P1, 0)}).startswith(
        "Burn needs an enemy creature"
    )


def test_burning_the_last_creature_wins_the_battle():
    """battle_end: a Burn that empties the enemy side ends the battle before any attack."""
    state = fight(["wolf"], ["anaconda"])
    after, _, events = play(state, {"type": "burn", "player": P1, "target": card(state, P2, 0)})
    assert events[1] == "Player 2 has no creatures left: Player 1 wins the battle."
    assert after.phase == "reward"


def test_swap_changes_sides_keeping_health_for_good():
    """singular_targets, ownership_changes: Swap trades places and owners, with damage kept."""
    state = fight(["wolf", "fox"], ["anaconda", "rat"])
    wolf, anaconda = card(state, P1, 0), card(state, P2, 0)
    state.health[anaconda] = 2
    after, _, events = play(state, {"type": "swap", "player": P1, "own": wolf, "target": anaconda})
    assert (card(after, P1, 0), card(after, P2, 0)) == (anaconda, wolf)
    assert after.health[anaconda] == 2
    assert anaconda in after.owned[P1] and wolf in after.owned[P2]
    assert events == [
        "Player 1 plays Swap: Wolf and Anaconda change sides and places, keeping their health. "
        "Player 1 keeps Anaconda, Player 2 keeps Wolf."
    ]


def test_steal_needs_the_position_opposite_free():
    """singular_targets: Steal moves the creature straight across into your free position."""
    state = fight(["wolf", None], ["fox", "anaconda"])
    fox, anaconda = card(state, P2, 0), card(state, P2, 1)
    assert refused(state, {"type": "steal", "player": P1, "target": fox}) == (
        "Steal needs Player 1's white position 1, opposite Fox, to be free."
    )
    state.health[anaconda] = 3
    after, _, _ = play(state, {"type": "steal", "player": P1, "target": anaconda})
    assert card(after, P1, 1) == anaconda and after.health[anaconda] == 3
    assert anaconda in after.owned[P1] and anaconda not in after.owned[P2]


def test_stealing_the_last_creature_wins_the_battle():
    """battle_end, ownership_changes: the stolen Anaconda stays with Player 1 after the battle."""
    state = fight([None], ["anaconda"])
    anaconda = card(state, P2, 0)
    after, _, events = play(state, {"type": "steal", "player": P1, "target": anaconda})
    assert events[1] == "Player 2 has no creatures left: Player 1 wins the battle."
    assert after.phase == "reward" and anaconda in after.owned[P1]


def test_heal_restores_health_and_armour():
    """singular_targets, armour_absorbs: Heal on a hurt Armadillo without armour."""
    state = fight(["armadillo"], ["wolf"])
    armadillo = card(state, P1, 0)
    state.health[armadillo] = 2
    state.armour.discard(armadillo)
    after, _, events = play(state, {"type": "heal", "player": P1, "target": armadillo})
    assert after.health[armadillo] == 6 and armadillo in after.armour
    assert events == ["Player 1 plays Heal on Armadillo: back to 6 health and its armour."]


def test_heal_needs_a_creature_that_lost_something():
    """singular_targets: healing a creature at full health would waste the card."""
    state = fight(["wolf"], ["fox"])
    assert refused(state, {"type": "heal", "player": P1, "target": card(state, P1, 0)}) == (
        "Wolf is at full health: Heal would do nothing."
    )
    state = fight(["shore_crab"], ["fox"])
    crab = card(state, P1, 0)
    state.armour.discard(crab)
    assert allowed(state, {"type": "heal", "player": P1, "target": crab})
