"""Riposte's rulings, one named test each (the clarification id opens every docstring).

Every position is reached from a real game start: the deal and the draft are chance actions that
carry the cards read off the deck (blind draws), so each card is one real copy, the hands hold five
and the round runs its four clashes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.games.riposte import RiposteRules, RiposteState
from companion.games.riposte.state import CLASH, DRAFT, OVER, TURN_UP

RULES = RiposteRules()
ROW = RULES.data.row
ANA, BEN = 0, 1


def design(card: str) -> str:
    return card.rsplit(".", 1)[0]


def apply(state: RiposteState, action: dict[str, Any]) -> tuple[RiposteState, list[str]]:
    step = RULES.apply(state, action, random.Random(0))
    return step.state, step.events


def from_deck(state: RiposteState, designs: Sequence[str], taken: list[str]) -> list[str]:
    """A copy of each design still in the deck, none taken twice."""
    out = []
    for d in designs:
        card = next(c for c in state.deck if design(c) == d and c not in taken)
        taken.append(card)
        out.append(card)
    return out


def row_cards(state: RiposteState, avoid: Sequence[str], taken: list[str]) -> list[str]:
    """A draft row of cards nobody in the test needs."""
    spare = [c for c in reversed(state.deck) if design(c) not in avoid and c not in taken][:ROW]
    taken += spare
    return spare


def draft(state: RiposteState, ana: Sequence[str], ben: Sequence[str]) -> RiposteState:
    """Both players take the top card of the deck blind, turn about, and it is each wanted card."""
    picks = {ANA: list(ana), BEN: list(ben)}
    while state.phase == DRAFT:
        p = state.active
        (card,) = from_deck(state, [picks[p].pop(0)], [])
        state, _ = apply(state, {"type": "draw", "player": p, "card": card})
    assert state.phase == CLASH and not picks[ANA] and not picks[BEN]
    return state


def start(
    ana: Sequence[str],
    ben: Sequence[str],
    offensive: int = ANA,
    avoid: Sequence[str] = (),
    characters: tuple[str, str] | None = None,
) -> RiposteState:
    """A new game: the first two designs of each list dealt, the other three drafted; with
    `characters`, Ana and Ben keep those (else it is the learning duel)."""
    state = RULES.new_state({"names": ["Ana", "Ben"], "characters": characters is not None})
    if characters is not None:
        state = choose(state, characters)
    taken: list[str] = []
    hands = [from_deck(state, ana[:2], taken), from_deck(state, ben[:2], taken)]
    row = row_cards(state, [*ana, *ben, *avoid], taken)
    deal = {"type": "deal", "hands": hands, "row": row, "offensive": offensive}
    state, _ = apply(state, deal)
    return draft(state, ana[2:], ben[2:])


def choose(state: RiposteState, characters: tuple[str, str]) -> RiposteState:
    """Each is dealt their character and one other, and keeps their own."""
    spare = [c for c in sorted(RULES.data.characters) if c not in characters]
    offered = [[characters[ANA], spare[0]], [spare[1], characters[BEN]]]
    state, _ = apply(state, {"type": "cast", "offered": offered})
    for p in (ANA, BEN):
        state, _ = apply(state, {"type": "character", "player": p, "character": characters[p]})
    return state


def next_round(
    state: RiposteState, ana: Sequence[str], ben: Sequence[str], avoid: Sequence[str] = ()
) -> RiposteState:
    assert state.phase == TURN_UP
    row = row_cards(state, [*ana, *ben, *avoid], [])
    state, _ = apply(state, {"type": "turn_up", "row": row})
    return draft(state, ana, ben)


def held(state: RiposteState, player: int, name: str) -> str:
    return next(c for c in state.hands[player] if design(c) == name)


def clash(state: RiposteState, ana: str, ben: str) -> tuple[RiposteState, list[str]]:
    """Ana lays a copy of `ana`, Ben one of `ben`; the state after and every event."""
    events: list[str] = []
    for p, name in ((ANA, ana), (BEN, ben)):
        state, more = apply(state, {"type": "play", "player": p, "card": held(state, p, name)})
        events += more
    return state, events


def refusal(state: RiposteState, player: int, name: str) -> str | None:
    return RULES.check(state, {"type": "play", "player": player, "card": held(state, player, name)})


def legal_designs(state: RiposteState, player: int) -> set[str]:
    return {design(a["card"]) for a in RULES.legal_actions(state) if a["player"] == player}


# --- the follow-up rule --------------------------------------------------------------------------


def test_refusal_names_the_card_and_its_own_bar():
    """own-bar: after Center Thrust (bar 2, 4) Feint is refused in the players' words, though it
    fits the opponent's bar; Twin Fangs, with an attack in 2 and 4, is accepted."""
    state = start(
        ["center_thrust", "feint", "twin_fangs", "whirlwind", "left_jab"],
        ["right_jab", "left_jab", "scissor_cut", "snare", "bind"],
    )
    state, _ = clash(state, "center_thrust", "right_jab")  # Ben's bar: 3, 4
    assert refusal(state, ANA, "feint") == (
        "Feint has no attack in positions 2 or 4, which Center Thrust's follow-up bar asks for."
    )
    assert refusal(state, ANA, "twin_fangs") is None
    assert legal_designs(state, ANA) == {"twin_fangs", "whirlwind"}


def test_no_fitting_card_allows_any_card_for_one_damage():
    """no-legal-play: with no card fitting the bar every card in hand is legal, and the player
    takes 1 damage as the cards are revealed, before the clash is resolved; both take 1 when
    both are in this position."""
    state = start(
        ["scissor_cut", "twin_fangs", "left_jab", "right_jab", "whirlwind"],
        ["stop_thrust", "scissor_cut", "left_jab", "right_jab", "snare"],
    )
    state, _ = clash(state, "scissor_cut", "stop_thrust")  # a strike for 2
    assert state.damage == (0, 2)
    # Ana's bar is 3 and Ben's 2, 3, 4: neither hand holds an attack there.
    assert legal_designs(state, ANA) == {"twin_fangs", "left_jab", "right_jab", "whirlwind"}
    assert legal_designs(state, BEN) == {"scissor_cut", "left_jab", "right_jab", "snare"}
    state, events = clash(state, "twin_fangs", "left_jab")  # a strike for 2
    assert state.damage == (1, 2 + 1 + 2)
    penalties = [
        events.index("Ana had no card that fits the follow-up bar and takes 1 damage."),
        events.index("Ben had no card that fits the follow-up bar and takes 1 damage."),
    ]
    strike = events.index("Strike: Twin Fangs' 2 attacks meet no attack; Ben takes 2.")
    assert max(penalties) < strike


def test_no_fitting_card_shows_the_hand_left():
    """no-legal-play-proof: the player who could not follow shows the cards still in hand after
    the clash (the log names them); a player who followed shows nothing."""
    state = start(
        ["scissor_cut", "twin_fangs", "center_thrust", "right_jab", "whirlwind"],
        ["stop_thrust", "scissor_cut", "left_jab", "right_jab", "snare"],
    )
    state, _ = clash(state, "scissor_cut", "stop_thrust")
    state, events = clash(state, "center_thrust", "left_jab")  # Ana follows, Ben cannot
    left = ", ".join(RULES.data.name(c) for c in state.hands[BEN])
    assert left == "Scissor Cut, Right Jab, Snare"
    assert f"Ben shows the cards left in hand: {left}." in events
    assert not any(e.startswith("Ana shows") or e.startswith("Ana had no card") for e in events)


# --- card abilities ------------------------------------------------------------------------------


def test_footwork_spares_the_damage_for_the_next_card_only():
    """next-card: after Cross Step (Footwork, bar 2, 5) Ana has no fitting card and plays one
    anyway without damage; on the card after that Footwork is gone and the 1 damage is back."""
    state = start(
        ["cross_step", "center_thrust", "left_jab", "feint", "straight_lunge"],
        ["wall_of_steel", "iron_gate", "crossguard", "crossguard", "bind"],
    )
    state, _ = clash(state, "cross_step", "wall_of_steel")  # a block
    assert legal_designs(state, ANA) == {"center_thrust", "left_jab", "feint", "straight_lunge"}
    state, events = clash(state, "center_thrust", "iron_gate")  # a block
    assert "Ana had no card that fits the follow-up bar and takes no damage (Footwork)." in events
    assert state.damage == (0, 0)
    state, events = clash(state, "feint", "crossguard")  # no 2 or 4 in hand: a block, 1 damage
    assert "Ana had no card that fits the follow-up bar and takes 1 damage." in events
    assert state.damage == (1, 0)


def test_footwork_does_not_free_a_player_who_can_follow():
    """no-legal-play: Footwork only helps when no card fits; holding Left Jab (attack 1) after
    Side Step (bar 1, 4), Ana may not lay Center Thrust."""
    state = start(
        ["side_step", "center_thrust", "left_jab", "feint", "straight_lunge"],
        ["wall_of_steel", "iron_gate", "crossguard", "crossguard", "bind"],
    )
    state, _ = clash(state, "side_step", "wall_of_steel")
    assert legal_designs(state, ANA) == {"left_jab"}
    assert refusal(state, ANA, "center_thrust") == (
        "Center Thrust has no attack in positions 1 or 4, which Side Step's follow-up bar asks for."
    )


def test_disarm_takes_one_off_the_next_strike_or_ends_unused():
    """disarm-next: Broken Rhythm blocks, so Ana's very next card deals 1 less if it strikes
    (Scissor Cut: 2 - 1); if that next card does not strike, Disarm ends and a later strike is
    whole."""
    ana = ["twin_fangs", "scissor_cut", "right_jab", "falling_cut", "left_jab"]
    ben = ["broken_rhythm", "center_thrust", "scissor_cut", "center_thrust", "left_jab"]
    state = start(ana, ben)
    state, events = clash(state, "twin_fangs", "broken_rhythm")
    assert "Disarm: Ana's next strike this round deals 1 less damage." in events
    state, events = clash(state, "scissor_cut", "center_thrust")
    assert "Strike: Scissor Cut's 2 attacks meet no attack; Ben takes 1 (2 - 1 Disarm)." in events
    assert state.damage == (0, 1)

    state = start(ana, ben)
    state, _ = clash(state, "twin_fangs", "broken_rhythm")
    state, events = clash(state, "right_jab", "scissor_cut")  # a block: Disarm is spent
    assert any(e.startswith("Block:") for e in events) and state.damage == (0, 0)
    state, events = clash(state, "falling_cut", "center_thrust")
    assert "Strike: Falling Cut's 2 attacks meet no attack; Ben takes 2." in events


def test_abilities_in_the_wrong_role_do_nothing():
    """role-abilities: Riposte and Disarm on the offensive player's card and Press on the
    defending player's card do nothing; the cards are still normal, legal plays."""
    state = start(
        ["snare", "iron_gate", "center_thrust", "left_guard", "wall_of_steel"],
        ["scissor_cut", "feint", "twin_fangs", "straight_lunge", "whirlwind"],
    )
    assert refusal(state, ANA, "snare") is None
    state, events = clash(state, "snare", "scissor_cut")  # a perfect block: 1, not 2
    assert state.damage == (1, 0)
    assert refusal(state, ANA, "iron_gate") is None
    state, _ = clash(state, "iron_gate", "feint")  # a block; Ben's Press waits on his own card
    assert state.damage == (1, 0)
    state, events = clash(state, "center_thrust", "twin_fangs")  # Ben's Press adds nothing
    assert "Strike: Center Thrust's 1 attack meets no attack; Ben takes 1." in events
    assert state.damage == (1, 1)

    state = start(
        ["broken_rhythm", "center_thrust", "left_guard", "feint", "wall_of_steel"],
        ["twin_fangs", "right_jab", "left_jab", "straight_lunge", "whirlwind"],
    )
    state, events = clash(state, "broken_rhythm", "twin_fangs")  # Ana's Disarm blocks
    assert any(e.startswith("Block:") for e in events)
    assert not any(e.startswith("Disarm") for e in events)
    state, _ = clash(state, "center_thrust", "right_jab")  # Ana's own strike is whole
    assert state.damage == (0, 1)


def test_a_strike_for_zero_is_still_a_strike():
    """zero-strike: Right Jab's strike, 1 less for Disarm, deals 0 yet is a strike: Ben's
    Mirror Rhythm was struck, not blocking, so its Disarm does not wait for Ana's next card."""
    state = start(
        ["twin_fangs", "right_jab", "counter_slant", "wall_of_steel", "feint"],
        ["broken_rhythm", "mirror_rhythm", "left_jab", "bind", "whirlwind"],
    )
    state, _ = clash(state, "twin_fangs", "broken_rhythm")  # a block: Disarm waits
    state, events = clash(state, "right_jab", "mirror_rhythm")
    assert "Strike: Right Jab's 1 attack meets no attack; Ben takes 0 (1 - 1 Disarm)." in events
    assert not any(e.startswith("Disarm") for e in events)
    assert state.damage == (0, 0) and not state.disarm
    state, events = clash(state, "counter_slant", "left_jab")
    assert "Strike: Counter-Slant's 2 attacks meet no attack; Ben takes 2." in events


# --- rounds and the end of the game --------------------------------------------------------------


def test_the_fourth_clash_is_the_last_of_the_round():
    """last-clash: the fourth clash, played from a hand of two, ends the round; one card is
    left in each hand and the marker passes."""
    state = start(
        ["feint", "rising_cut", "center_thrust", "whirlwind", "left_jab"],
        ["twin_fangs", "right_jab", "stop_thrust", "scissor_cut", "left_jab"],
    )
    for ana, ben in [("feint", "twin_fangs"), ("rising_cut", "right_jab"),
                     ("center_thrust", "stop_thrust")]:  # fmt: skip
        state, _ = clash(state, ana, ben)
        assert state.phase == CLASH
    assert [len(h) for h in state.hands] == [2, 2]
    state, events = clash(state, "whirlwind", "scissor_cut")
    assert state.clash == 4 and state.phase == TURN_UP and state.offensive == BEN
    assert [len(h) for h in state.hands] == [1, 1]
    assert "The round ends. Ben takes the offensive marker." in events


def test_the_game_ends_at_twelve_damage():
    """game-end, life-and-damage: 11 damage still fights; the 1 damage for having no legal play on the last
    clash of a round takes Ben to 12, and the game ends at once: Ana wins, no round-end steps."""
    state = start(
        ["fan_of_steel", "whirlwind", "fan_of_steel", "right_hook", "wall_of_steel"],
        ["twin_fangs", "center_thrust", "twin_fangs", "center_thrust", "bind"],
    )
    state, _ = clash(state, "fan_of_steel", "twin_fangs")  # a strike for 3
    state, _ = clash(state, "whirlwind", "center_thrust")  # no fit (1) and a strike for 4
    state, _ = clash(state, "fan_of_steel", "twin_fangs")  # a strike for 3
    assert state.damage == (0, 11) and state.phase == CLASH
    state, events = clash(state, "right_hook", "bind")  # no fit (1) and a block
    assert state.damage == (0, 12)
    assert state.phase == OVER and state.winner == ANA
    assert RULES.outcome(state).winner == ANA
    assert events[-1] == "Ben has taken 12 damage: Ana wins."
    assert not any(e.startswith("The round ends") for e in events)
    assert state.offensive == ANA and [len(t) for t in state.table] == [4, 4]
    assert state.discard == ()


# Round 1 (Ana on the offensive) takes Ben to 10; round 2 (Ben on the offensive) takes Ana to 8
# and Ben to 11, then Ben has no card that fits his bar in the last clash.
ROUND_1 = (
    ["fan_of_steel", "mirror_rhythm", "straight_lunge", "fan_of_steel", "stop_thrust"],
    ["twin_fangs", "center_thrust", "twin_fangs", "center_thrust", "bind"],
)
ROUND_1_CLASHES = [
    ("fan_of_steel", "twin_fangs"),  # a strike for 3
    ("mirror_rhythm", "center_thrust"),  # Ben: no fit (1) and a strike for 3
    ("straight_lunge", "twin_fangs"),  # a strike for 1 + 1 (Lunge)
    ("fan_of_steel", "center_thrust"),  # Ben: no fit (1) and a block
]
ANA_ROUND_2 = ["right_hook", "crossguard", "feint", "left_hook"]  # with Stop Thrust left over
ROUND_2_CLASHES = [
    ("stop_thrust", "whirlwind"),  # a strike for 4
    ("right_hook", "three_points"),  # a strike for 3 + 1 (Lunge)
    ("crossguard", "iron_gate"),  # a perfect block: Ben takes 1
]
USED = sorted({*ROUND_1[0], *ROUND_1[1], *ANA_ROUND_2, "whirlwind", "three_points",
               "iron_gate", "broken_rhythm"})  # fmt: skip


def before_the_last_clash(ben_last: str) -> RiposteState:
    state = start(*ROUND_1, avoid=USED)
    for ana, ben in ROUND_1_CLASHES:
        state, _ = clash(state, ana, ben)
    assert state.damage == (0, 10) and state.phase == TURN_UP
    ben_round_2 = ["whirlwind", "three_points", "iron_gate", ben_last]  # with Bind left over
    state = next_round(state, ANA_ROUND_2, ben_round_2, avoid=USED)
    assert state.offensive == BEN
    for ana, ben in ROUND_2_CLASHES:
        state, _ = clash(state, ana, ben)
    assert state.damage == (8, 11) and state.phase == CLASH
    # Ben's bar is Iron Gate's 3; neither Bind nor his last card attacks there. Ana's bar is
    # Crossguard's 1, 5 and she holds Feint and Left Hook: neither fits either.
    assert legal_designs(state, BEN) == {"bind", ben_last}
    assert legal_designs(state, ANA) == {"feint", "left_hook"}
    return state


def test_both_at_twelve_less_damage_wins():
    """double-knockout: both reach 12 in the same clash (Ben 11 + 1 for no fit, Ana 8 + 1 for no
    fit + Whirlwind's 4); Ben, with less damage, wins though he is the offensive player."""
    state = before_the_last_clash("whirlwind")
    state, events = clash(state, "feint", "whirlwind")
    assert state.damage == (13, 12)
    assert state.phase == OVER and state.winner == BEN
    assert events[-1] == "Ana has taken 13 damage: Ben wins."


def test_both_at_twelve_full_tie_goes_to_the_defending_player():
    """double-knockout: Ben 11 + 1 for no fit, Ana 8 + 1 for no fit + Broken Rhythm's 3: both
    trackers show 12, and Ana, the defending player of that clash, wins."""
    state = before_the_last_clash("broken_rhythm")
    state, events = clash(state, "feint", "broken_rhythm")
    assert state.damage == (12, 12)
    assert state.phase == OVER and state.winner == ANA
    assert RULES.outcome(state).winner == ANA
    assert events[-1] == "Ben has taken 12 damage: Ana wins."


def test_nothing_but_unlocked_abilities_carries_into_the_next_round():
    """carry-over: Ben's last card of round 1 is Feint (Press, bar 1, 2); in round 2 his first
    card, Center Thrust, is free of that bar, and its strike gets no Press bonus."""
    round_2 = (["left_hook", "right_hook", "falling_cut", "rising_cut"],
               ["slant", "counter_slant", "side_step", "cross_step"])  # fmt: skip
    used = [*round_2[0], *round_2[1]]
    state = start(
        ["wall_of_steel", "iron_gate", "crossguard", "scissor_cut", "right_jab"],
        ["left_jab", "twin_fangs", "scissor_cut", "feint", "center_thrust"],
        avoid=used,
    )
    for ana, ben in [("wall_of_steel", "left_jab"), ("iron_gate", "twin_fangs"),
                     ("crossguard", "scissor_cut"), ("scissor_cut", "feint")]:  # fmt: skip
        state, _ = clash(state, ana, ben)
    assert state.phase == TURN_UP and state.damage == (0, 5)
    state = next_round(state, *round_2, avoid=used)
    assert refusal(state, BEN, "center_thrust") is None
    state, events = clash(state, "right_jab", "center_thrust")
    assert "Strike: Center Thrust's 1 attack meets no attack; Ana takes 1." in events
    assert not any("had no card that fits" in e for e in events)


def test_every_clarification_opens_a_test_docstring():
    """Each ruling in clarifications.csv is named at the opening of at least one Riposte test's
    docstring ("own-bar: ..." or "last-clash; Liese, third ability: ..."), the test that
    enforces it; a ruling named only in passing does not count."""
    from companion.games.riposte.data import data_folder

    from .ruling_links import clarification_ids, named_at_openings

    ids = clarification_ids(data_folder())
    assert sorted(ids - named_at_openings("test_riposte_*.py")) == []
