"""Riposte's characters: the unlock and each of the eighteen abilities, one named test per
ruling that concerns them (the clarification id opens the docstring) and one per ability
(positions and moves in `riposte_characters`).
"""

from __future__ import annotations

import dataclasses
import random

from companion.engine import HIDDEN
from companion.games.riposte import RiposteState
from companion.games.riposte.state import BRACE, CLASH, DRAFT, LOOK, SWAP, TURN_UP

from .riposte_characters import NAMES, brace, finish_round, marked, play
from .test_riposte_rulings import (
    ANA,
    BEN,
    RULES,
    apply,
    clash,
    held,
    legal_designs,
    refusal,
    start,
)

# --- unlocking -----------------------------------------------------------------------------------


def test_an_ability_unlocks_after_the_clash_that_reaches_its_threshold():
    """unlock-timing: Fan of Steel strikes Brunhild (Ana) for 3, her first threshold; the
    ability unlocks after that clash (it did not soften the strike that reached it) and from
    the next clash on a two-attack card takes 1 less."""
    state = start(
        ["twin_fangs", "left_jab", "scissor_cut", "left_guard", "right_guard"],
        ["fan_of_steel", "twin_fangs", "center_thrust", "right_jab", "left_jab"],
        offensive=BEN,
        characters=("brunhild", "cato"),
    )
    state, events = clash(state, "twin_fangs", "fan_of_steel")
    assert state.damage == (3, 0) and state.unlocked == (1, 0)
    unlocked = next(e for e in events if "is unlocked" in e)
    assert unlocked.startswith(
        "Ana is at 3 damage: Brunhild the Warden's ability 1 (from 3) is unlocked"
    )
    assert events.index(unlocked) > events.index(
        "Strike: Fan of Steel's 3 attacks meet no attack; Ana takes 3."
    )
    state, events = clash(state, "scissor_cut", "twin_fangs")  # Twin Fangs: 2 attacks on 2, 4
    assert "Strike: Twin Fangs' 2 attacks meet no attack; Ana takes 1 (2 - 1 Brunhild)." in events


def test_several_abilities_unlock_at_once_and_stay_when_damage_is_removed():
    """unlock-timing: a tracker that jumps past two thresholds unlocks both; Sela's removed
    damage never locks an ability again."""
    state = start(
        ["scissor_cut", "left_jab", "twin_fangs", "left_guard", "right_guard"],
        ["scissor_cut", "twin_fangs", "center_thrust", "right_jab", "left_jab"],
        offensive=BEN,
        characters=("sela", "cato"),
    )
    state = marked(state, ana=6)
    assert state.unlocked == (2, 0)
    state, events = clash(state, "scissor_cut", "scissor_cut")  # a perfect block
    assert state.damage == (5, 1) and state.unlocked == (2, 0)
    assert not any("is unlocked" in e for e in events)


# --- Cato ----------------------------------------------------------------------------------------


def test_cato_single_attack_strikes_deal_one_more():
    """Cato, first ability: a card with one attack that strikes deals 1 extra."""
    state = start(
        ["left_jab", "twin_fangs", "scissor_cut", "left_guard", "right_guard"],
        ["left_jab", "twin_fangs", "center_thrust", "right_jab", "bind"],
        characters=("cato", "brunhild"),
    )
    state = marked(state, ana=3)
    state, events = clash(state, "left_jab", "left_jab")
    assert "Strike: Left Jab's 1 attack meets no attack; Ben takes 2 (1 + 1 Cato)." in events


def test_cato_bar_takes_position_three_and_flow_widens_it():
    """Cato, second ability; adjacent: position 3 joins every bar, so Center Thrust follows
    Twin Fangs (bar 1, 5); after Slant (Flow, bar 4, 5) the 3 counts for widening, so Left
    Hook (attack 2) follows too. Without the ability both are refused."""
    ana = ["twin_fangs", "center_thrust", "slant", "left_hook", "left_jab"]
    ben = ["wall_of_steel", "iron_gate", "crossguard", "crossguard", "bind"]
    early = start(ana, ben, characters=("cato", "brunhild"))
    early, _ = clash(early, "twin_fangs", "wall_of_steel")
    assert refusal(early, ANA, "center_thrust") == (
        "Center Thrust has no attack in positions 1 or 5, which Twin Fangs' follow-up bar asks for."
    )
    state = marked(start(ana, ben, characters=("cato", "brunhild")), ana=7)
    state, _ = clash(state, "twin_fangs", "wall_of_steel")
    assert legal_designs(state, ANA) == {"center_thrust", "slant", "left_jab"}
    state, _ = clash(state, "slant", "iron_gate")
    assert "left_hook" in legal_designs(state, ANA)


def test_cato_third_ability_adds_to_every_strike():
    """Cato, third ability; modifiers: every strike deals 1 more, added to the first ability on
    a one-attack card."""
    state = start(
        ["left_jab", "twin_fangs", "scissor_cut", "left_guard", "right_guard"],
        ["left_jab", "center_thrust", "right_jab", "bind", "feint"],
        characters=("cato", "brunhild"),
    )
    state = marked(state, ana=10)
    state, events = clash(state, "left_jab", "left_jab")
    assert (
        "Strike: Left Jab's 1 attack meets no attack; Ben takes 3 (1 + 1 Cato + 1 Cato)." in events
    )
    state, events = clash(state, "twin_fangs", "center_thrust")
    assert "Strike: Twin Fangs' 2 attacks meet no attack; Ben takes 3 (2 + 1 Cato)." in events


# --- Brunhild ------------------------------------------------------------------------------------


def test_brunhild_takes_no_damage_for_having_no_legal_play():
    """Brunhild, second ability: with no card that fits her bar she plays any card unharmed."""
    state = start(
        ["scissor_cut", "twin_fangs", "left_jab", "right_jab", "whirlwind"],
        ["stop_thrust", "scissor_cut", "left_jab", "right_jab", "snare"],
        characters=("brunhild", "cato"),
    )
    state = marked(state, ana=6)
    state, _ = clash(state, "scissor_cut", "stop_thrust")
    state, events = clash(state, "twin_fangs", "left_jab")
    assert (
        "Ana had no card that fits the follow-up bar and takes no damage (Brunhild the Warden)."
        in events
    )
    assert state.damage[ANA] == 6


def test_brunhild_perfect_block_with_riposte_deals_three():
    """Brunhild, third ability; modifiers (the rulebook's example): as defending player her
    perfect block deals 2, and Snare's Riposte adds 1: the offensive player takes 3."""
    state = start(
        ["snare", "twin_fangs", "left_jab", "right_jab", "whirlwind"],
        ["scissor_cut", "scissor_cut", "left_jab", "right_jab", "bind"],
        offensive=BEN,
        characters=("brunhild", "cato"),
    )
    state = marked(state, ana=9)
    state, events = clash(state, "snare", "scissor_cut")
    assert state.damage == (9, 3)
    assert any(e.endswith("Ben takes 3 (1 + 1 Brunhild + 1 Riposte).") for e in events)


# --- Sela ----------------------------------------------------------------------------------------


def test_sela_perfect_block_removes_damage_never_below_zero():
    """Sela, first ability; damage-floor: her perfect block as defending player takes 1 off
    her own tracker; at 0 (after earlier removals) it stays at 0."""
    hands = (
        ["scissor_cut", "center_thrust", "left_jab", "right_jab", "whirlwind"],
        ["scissor_cut", "center_thrust", "right_jab", "bind", "feint"],
    )
    state = marked(start(*hands, offensive=BEN, characters=("sela", "cato")), ana=3)
    state, events = clash(state, "scissor_cut", "scissor_cut")
    assert state.damage == (2, 1)
    assert any(e.endswith("Ana removes 1 damage (Sela).") for e in events)
    state = dataclasses.replace(state, damage=(0, 1))  # the ability stays once unlocked
    state, events = clash(state, "center_thrust", "center_thrust")  # a perfect block again
    assert state.damage == (0, 2) and not any("removes" in e for e in events)


def test_sela_mirror_stops_every_perfect_block_damage():
    """sela-mirror: as offensive player with her second ability Sela takes nothing from a
    perfect block, neither its 1 nor Riposte's or Brunhild's extra."""
    state = start(
        ["scissor_cut", "twin_fangs", "left_jab", "right_jab", "whirlwind"],
        ["snare", "scissor_cut", "left_jab", "right_jab", "bind"],
        characters=("sela", "brunhild"),
    )
    state = marked(state, ana=6, ben=9)
    state, events = clash(state, "scissor_cut", "snare")
    assert state.damage == (6, 9)
    assert any(e.endswith("Ana takes no damage (Sela).") for e in events)


def test_sela_blocks_hurt_the_offensive_player():
    """Sela, third ability: as defending player each ordinary block deals the offensive player
    1; a strike does not."""
    state = start(
        ["center_thrust", "twin_fangs", "left_jab", "right_jab", "whirlwind"],
        ["fan_of_steel", "twin_fangs", "left_jab", "right_jab", "bind"],
        offensive=BEN,
        characters=("sela", "cato"),
    )
    state = marked(state, ana=9)
    state, events = clash(state, "center_thrust", "fan_of_steel")  # 3 faces 3: a block
    assert "Ana blocks: Ben takes 1 (Sela)." in events and state.damage == (9, 1)


# --- Rook ----------------------------------------------------------------------------------------


def dealt_with_rook(damage: int) -> RiposteState:
    """A game with Ana as Rook and Ben as Cato, dealt, Ana's tracker at `damage`, in the draft."""
    state = start(
        ["twin_fangs", "left_jab", "scissor_cut", "left_guard", "right_guard"],
        ["fan_of_steel", "twin_fangs", "center_thrust", "right_jab", "left_jab"],
        characters=("rook", "cato"),
    )
    return marked(state, ana=damage)


def rook_drafting(damage: int) -> RiposteState:
    state = RULES.new_state(NAMES)
    state, _ = apply(state, {"type": "cast", "offered": [["rook", "sela"], ["cato", "orsa"]]})
    state, _ = apply(state, {"type": "character", "player": ANA, "character": "rook"})
    state, _ = apply(state, {"type": "character", "player": BEN, "character": "cato"})
    state, _ = apply(state, {"type": "deal", "offensive": ANA})
    return marked(state, ana=damage)


def test_rook_looks_at_two_keeps_one_and_puts_the_other_under_the_deck():
    """Rook, first ability: a blind pick looks at the top two cards; he keeps one and the
    other goes to the bottom of the deck, known to him and hidden from Ben; it is drawn only
    once the rest of the deck is gone."""
    state = rook_drafting(3)
    state, events = apply(state, {"type": "draw", "player": ANA})
    assert "Ana looks at the top two cards of the deck (Rook)." in events
    assert state.phase == LOOK and len(state.looking) == 2
    assert RULES.view(state, BEN)["looking"] == [HIDDEN, HIDDEN]
    kept, under = state.looking
    state, _ = apply(state, {"type": "keep", "player": ANA, "card": kept})
    assert kept in state.hands[ANA] and state.bottom == (under,) and state.phase == DRAFT
    assert RULES.view(state, ANA)["bottom"] == [under]
    assert RULES.view(state, BEN)["bottom"] == [HIDDEN]
    assert under not in state.deck
    emptied = dataclasses.replace(state, deck=(), discard=state.deck)
    step = RULES.apply(emptied, {"type": "draw", "player": BEN}, random.Random(1))
    assert under in step.state.hands[BEN]


def test_rook_draft_with_one_card_left_shuffles_the_discard_under_it():
    """rook-draft: with one card in the deck, the discard pile is shuffled and slid under it
    before Rook looks at two; with a single card in all, he just takes it."""
    state = rook_drafting(3)
    last, *rest = state.deck
    thin = dataclasses.replace(state, deck=(last,), discard=tuple(rest))
    step = RULES.apply(thin, {"type": "draw", "player": ANA}, random.Random(2))
    assert step.state.looking[0] == last and step.state.looking[1] in rest
    assert "The deck is empty: the discard pile is shuffled into a new deck." in step.events
    parked = dataclasses.replace(state, deck=(last,), discard=(), table=(tuple(rest), ()))
    step = RULES.apply(parked, {"type": "draw", "player": ANA}, random.Random(2))
    assert step.state.phase != LOOK and last in step.state.hands[ANA]


def test_rook_swaps_the_leftover_card_before_the_draft():
    """rook-swap; Rook, second ability: after the new row is turned up, Rook may swap his leftover card
    with a card of the row, or keep it."""
    state = finish_round(dealt_with_rook(6))
    assert state.phase == TURN_UP
    state, events = apply(state, {"type": "turn_up"})
    assert state.phase == SWAP and state.active == ANA
    assert "Ana may swap the leftover card with a card of the row." in events
    (leftover,) = state.hands[ANA]
    wanted = state.row[1]
    swapped, events = apply(state, {"type": "swap", "player": ANA, "slot": 1})
    assert swapped.hands[ANA] == (wanted,) and swapped.row[1] == leftover
    assert swapped.phase == DRAFT and swapped.active == swapped.offensive
    kept, _ = apply(state, {"type": "swap", "player": ANA, "slot": None})
    assert kept.hands[ANA] == (leftover,) and kept.row == state.row


def test_rook_once_a_round_relief_is_his_choice():
    """rook-once: struck, Rook may take 2 less: he keeps it on a strike for 1, uses it on the
    next strike for 2, gets no choice for the rest of the round, and has it again the next
    round."""
    state = start(
        ["twin_fangs", "scissor_cut", "right_guard", "left_jab", "left_guard"],
        ["left_jab", "twin_fangs", "right_jab", "fan_of_steel", "center_thrust"],
        offensive=BEN,
        characters=("rook", "cato"),
    )
    state = marked(state, ana=9)
    state, events = clash(state, "twin_fangs", "left_jab")
    assert state.phase == BRACE
    assert "Ana is struck and may take 2 less damage, once this round." in events
    assert [a["use"] for a in RULES.legal_actions(state)] == [True, False]
    state, events = brace(state, use=False)
    assert "Strike: Left Jab's 1 attack meets no attack; Ana takes 1." in events
    state, _ = clash(state, "scissor_cut", "twin_fangs")
    state, events = brace(state, use=True)
    assert "Strike: Twin Fangs' 2 attacks meet no attack; Ana takes 0 (2 - 2 Rook)." in events
    assert state.damage == (10, 0) and state.spent[ANA]
    state, events = clash(state, "right_guard", "right_jab")  # no fit (1), a strike for 1 - 1
    assert state.phase == CLASH and state.damage == (11, 0)
    state, _ = clash(state, "left_jab", "fan_of_steel")  # a block; the round ends
    assert state.phase == TURN_UP
    state, _ = apply(state, {"type": "turn_up"})
    state, _ = apply(state, {"type": "swap", "player": ANA, "slot": None})
    while state.phase in (DRAFT, LOOK):
        state, _ = apply(state, RULES.legal_actions(state)[0])
    assert state.phase == CLASH and state.spent == (False, False)


# --- Liese ---------------------------------------------------------------------------------------


def test_liese_ignores_her_bar_once_a_round_even_with_a_fitting_card():
    """liese-ignore: holding Left Jab, which fits Twin Fangs' bar, Liese still lays Center
    Thrust saying she ignores the bar: no damage. The flag is secret while the card is face
    down. Once used, the round refuses it, and a card that fits has nothing to ignore."""
    state = start(
        ["twin_fangs", "center_thrust", "left_jab", "feint", "right_jab"],
        ["wall_of_steel", "iron_gate", "crossguard", "crossguard", "bind"],
        characters=("liese", "cato"),
    )
    state = marked(state, ana=2)
    state, _ = clash(state, "twin_fangs", "wall_of_steel")
    assert refusal(state, ANA, "center_thrust") == (
        "Center Thrust has no attack in positions 1 or 5, which Twin Fangs' follow-up bar asks "
        "for. Liese may ignore it once this round."
    )
    fitting = {"type": "play", "player": ANA, "card": held(state, ANA, "left_jab"), "ignore": True}
    assert (
        RULES.check(state, fitting)
        == "Left Jab fits the follow-up bar: there is nothing to ignore."
    )
    state, _ = play(state, ANA, "center_thrust", ignore=True)
    assert RULES.view(state, BEN)["ignore"] == [False, False]
    assert (
        RULES.redact(state, {"type": "play", "player": ANA, "card": "x", "ignore": True}, BEN)[
            "ignore"
        ]
        is False
    )
    state, events = play(state, BEN, "iron_gate")
    assert "Ana ignores the follow-up bar (Liese the Dancer) and takes no damage." in events
    assert state.damage == (2, 0) and state.spent[ANA]
    spent = {"type": "play", "player": ANA, "card": held(state, ANA, "feint"), "ignore": True}
    assert (
        RULES.check(state, spent)
        == "Ana cannot ignore the follow-up bar now (Liese, once a round)."
    )


def test_liese_bars_accept_the_positions_next_to_them():
    """Liese, second ability; adjacent: after Twin Fangs (bar 1, 5) her bar also takes 2 and
    4, once: Left Hook (attack 2) follows, Center Thrust (attack 3) does not."""
    state = start(
        ["twin_fangs", "left_hook", "center_thrust", "feint", "right_jab"],
        ["wall_of_steel", "iron_gate", "crossguard", "crossguard", "bind"],
        characters=("liese", "cato"),
    )
    state = marked(state, ana=5)
    state, _ = clash(state, "twin_fangs", "wall_of_steel")
    assert refusal(state, ANA, "left_hook") is None
    assert refusal(state, ANA, "center_thrust") == (
        "Center Thrust has no attack in positions 1, 2, 4 or 5, which Twin Fangs' follow-up bar "
        "asks for. Liese may ignore it once this round."
    )


def test_liese_strikes_harder_in_the_last_clash_only():
    """last-clash; Liese, third ability: her strikes in clashes 1 to 3 are plain; the fourth,
    played from a hand of two, deals 1 extra."""
    state = start(
        ["twin_fangs", "scissor_cut", "stop_thrust", "twin_fangs", "left_jab"],
        ["center_thrust", "center_thrust", "left_jab", "right_jab", "scissor_cut"],
        characters=("liese", "cato"),
    )
    state = marked(state, ana=8)
    strikes = []
    for ana, ben in [("twin_fangs", "center_thrust"), ("scissor_cut", "center_thrust"),
                     ("stop_thrust", "left_jab"), ("twin_fangs", "right_jab")]:  # fmt: skip
        state, events = clash(state, ana, ben)
        strikes += [e for e in events if e.startswith("Strike:")]
    assert strikes == [
        "Strike: Twin Fangs' 2 attacks meet no attack; Ben takes 2.",
        "Strike: Scissor Cut's 2 attacks meet no attack; Ben takes 2.",
        "Strike: Stop Thrust's 1 attack meets no attack; Ben takes 1.",
        "Strike: Twin Fangs' 2 attacks meet no attack; Ben takes 3 (2 + 1 Liese).",
    ]
    assert state.phase == TURN_UP


# --- Orsa ----------------------------------------------------------------------------------------


def test_orsa_three_attack_strikes_deal_one_more():
    """Orsa, first ability: a card with 3 or more attacks that strikes deals 1 extra."""
    state = start(
        ["fan_of_steel", "twin_fangs", "left_jab", "right_jab", "scissor_cut"],
        ["twin_fangs", "center_thrust", "left_guard", "bind", "feint"],
        characters=("orsa", "cato"),
    )
    state = marked(state, ana=4)
    state, events = clash(state, "fan_of_steel", "twin_fangs")
    assert "Strike: Fan of Steel's 3 attacks meet no attack; Ben takes 4 (3 + 1 Orsa)." in events


def test_orsa_struck_hurts_the_offensive_player_even_for_zero():
    """Orsa, second ability; zero-strike: struck for 0 (Right Jab's 1, less 1 for Guard), she
    is still struck, and the offensive player takes 1."""
    state = start(
        ["left_guard", "twin_fangs", "left_jab", "right_jab", "scissor_cut"],
        ["right_jab", "center_thrust", "scissor_cut", "bind", "feint"],
        offensive=BEN,
        characters=("orsa", "cato"),
    )
    state = marked(state, ana=7)
    state, events = clash(state, "left_guard", "right_jab")
    assert "Strike: Right Jab's 1 attack meets no attack; Ana takes 0 (1 - 1 Guard)." in events
    assert "Ana is struck: Ben also takes 1 (Orsa)." in events
    assert state.damage == (7, 1)


def test_orsa_single_pair_block_is_a_strike_for_one():
    """orsa-single-pair: as offensive player with her third ability, Fan of Steel meeting
    Broken Rhythm in one pair is a strike whose base is 1 (her first ability adds 1), and no
    longer a block, so Broken Rhythm's Disarm does not wait."""
    state = start(
        ["fan_of_steel", "twin_fangs", "left_jab", "right_jab", "scissor_cut"],
        ["broken_rhythm", "center_thrust", "twin_fangs", "left_guard", "bind"],
        characters=("orsa", "cato"),
    )
    state = marked(state, ana=10)
    state, events = clash(state, "fan_of_steel", "broken_rhythm")
    assert (
        "Strike: Fan of Steel's single facing pair counts as a strike (Orsa); Ben takes 2 (1 + 1 Orsa)."
        in events
    )
    assert not any(e.startswith("Disarm") for e in events) and not state.disarm
    state, events = clash(state, "twin_fangs", "center_thrust")
    assert "Strike: Twin Fangs' 2 attacks meet no attack; Ben takes 2." in events
