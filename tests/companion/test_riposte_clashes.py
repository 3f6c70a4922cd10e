"""Riposte's clashes: the rulebook's worked examples exact, the follow-up rule and its refusals,
and each card ability (clarification ids in docstrings)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.games.riposte import RiposteRules, RiposteState
from companion.games.riposte.state import CLASH, TURN_UP

RULES = RiposteRules()
DATA = RULES.data
ANA, BEN = 0, 1


def copies(designs: tuple[str, ...] | list[str], used: Counter[str]) -> tuple[str, ...]:
    """Copy ids for design ids, a fresh copy for each mention."""
    out = []
    for d in designs:
        used[d] += 1
        out.append(f"{d}.{used[d]}")
    return tuple(out)


def duel(hand0=(), hand1=(), table0=(), table1=(), **fields: Any) -> RiposteState:
    """A round in progress, Ana on the offensive unless `offensive` says otherwise; every other
    card in the deck, so the cards add up."""
    used: Counter[str] = Counter()
    hands = (copies(hand0, used), copies(hand1, used))
    table = (copies(table0, used), copies(table1, used))
    placed = {*hands[0], *hands[1], *table[0], *table[1]}
    deck = tuple(sorted(c for c in DATA.deck if c not in placed))
    values: dict[str, Any] = {"offensive": ANA, "round": 1, "clash": len(table[0])}
    return RiposteState(
        ("Ana", "Ben"), CLASH, hands=hands, table=table, deck=deck, **(values | fields)
    )


def play(state: RiposteState, action: dict[str, Any]) -> tuple[RiposteState, list[str]]:
    step = RULES.apply(state, action, random.Random(0))
    return step.state, step.events


def clash(state: RiposteState, ana: str, ben: str) -> tuple[RiposteState, list[str]]:
    """Both lay the first copy of the named designs held; returns the state and the events."""
    picks = []
    for p, design in ((ANA, ana), (BEN, ben)):
        picks.append(next(c for c in state.hands[p] if c.startswith(design + ".")))
    state, first = play(state, {"type": "play", "player": ANA, "card": picks[0]})
    state, events = play(state, {"type": "play", "player": BEN, "card": picks[1]})
    return state, first + events


def refusal(state: RiposteState, player: int, design: str) -> str | None:
    card = next(c for c in state.hands[player] if c.startswith(design + "."))
    return RULES.check(state, {"type": "play", "player": player, "card": card})


# --- the rulebook's examples ---------------------------------------------------------------------


def test_block_example():
    """facing: Twin Fangs against Left Sweep meet at one facing pair: a block, no damage."""
    state, events = clash(duel(["twin_fangs", "left_jab"], ["left_sweep", "left_jab"]),
                          "twin_fangs", "left_sweep")  # fmt: skip
    assert state.damage == (0, 0)
    assert any(e.startswith("Block: 1 facing pair") for e in events)


def test_strike_example_and_guard():
    """defending-player: Fan of Steel strikes Twin Fangs for 3; against Left Guard, 2."""
    state, events = clash(duel(["fan_of_steel", "feint"], ["twin_fangs", "whirlwind"]),
                          "fan_of_steel", "twin_fangs")  # fmt: skip
    assert state.damage == (0, 3)
    assert "Strike: Fan of Steel's 3 attacks meet no attack; Ben takes 3." in events
    state, _ = clash(duel(["fan_of_steel", "feint"], ["left_guard", "whirlwind"]),
                     "fan_of_steel", "left_guard")  # fmt: skip
    assert state.damage == (0, 2)


def test_perfect_block_example_and_riposte():
    """perfect-block-first: Left Jab against Right Jab is a perfect block only: Ana takes 1;
    Scissor Cut against Snare (Riposte): Ana takes 2."""
    state, events = clash(duel(["left_jab", "feint"], ["right_jab", "whirlwind"]),
                          "left_jab", "right_jab")  # fmt: skip
    assert state.damage == (1, 0)
    assert not any(e.startswith("Block") for e in events)
    state, _ = clash(
        duel(["scissor_cut", "whirlwind"], ["snare", "whirlwind"]), "scissor_cut", "snare"
    )
    assert state.damage == (2, 0)


def test_lunge_and_press_example():
    """next-card: Feint's Press then Three Points (Lunge) striking Twin Fangs deals 3 + 1 + 1;
    with Left Guard, 4."""
    state = duel(
        ["three_points", "left_jab"], ["twin_fangs", "left_guard"], ["feint"], ["center_thrust"]
    )
    after, _ = clash(state, "three_points", "twin_fangs")
    assert after.damage == (0, 5)
    after, _ = clash(state, "three_points", "left_guard")
    assert after.damage == (0, 4)


def test_press_is_spent_when_the_next_card_does_not_strike():
    """next-card: Press waits for the very next card only; a block spends it."""
    state = duel(["rising_cut", "center_thrust", "whirlwind"], ["right_jab", "twin_fangs", "whirlwind"],
                 ["feint"], ["twin_fangs"])  # fmt: skip
    state, _ = clash(state, "rising_cut", "right_jab")
    assert state.damage == (0, 0)
    state, _ = clash(state, "center_thrust", "twin_fangs")
    assert state.damage == (0, 1)  # no Press left for Center Thrust


def test_whole_round_example():
    """round-end: the rulebook's whole round ends with both trackers at 2 and Ben on the
    offensive, after 4 clashes with one card left each."""
    state = duel(["feint", "rising_cut", "center_thrust", "whirlwind", "left_jab"],
                 ["twin_fangs", "right_jab", "stop_thrust", "scissor_cut", "left_jab"])  # fmt: skip
    for ana, ben in [("feint", "twin_fangs"), ("rising_cut", "right_jab"),
                     ("center_thrust", "stop_thrust")]:  # fmt: skip
        state, _ = clash(state, ana, ben)
        assert state.phase == CLASH
    assert state.damage == (2, 1)
    assert refusal(state, BEN, "left_jab") is None  # neither fits Stop Thrust's bar 2, 3, 4
    state, events = clash(state, "whirlwind", "scissor_cut")
    assert state.damage == (2, 2)
    assert "Ben had no card that fits the follow-up bar and takes 1 damage." in events
    assert state.phase == TURN_UP and state.offensive == BEN
    assert [len(h) for h in state.hands] == [1, 1]
    assert len(state.discard) == 8 and state.table == ((), ())


# --- the follow-up rule --------------------------------------------------------------------------


def test_first_card_of_a_round_is_free():
    """first-card-free: with nothing on the table every card in hand is legal."""
    state = duel(["feint", "wall_of_steel"], ["left_jab", "right_jab"])
    assert {a["card"] for a in RULES.legal_actions(state) if a["player"] == ANA} == set(
        state.hands[ANA]
    )


def test_flow_widens_the_bar_once():
    """adjacent: after Slant (bar 4, 5, Flow) an attack in 3 fits, one in 2 does not."""
    state = duel(["center_thrust", "left_hook", "left_jab"], ["feint", "feint"], ["slant"])
    assert refusal(state, ANA, "center_thrust") is None
    assert refusal(state, ANA, "left_hook") == (
        "Left Hook has no attack in positions 3, 4 or 5, which Slant's follow-up bar "
        "(with Flow) asks for."
    )


def test_simultaneous_choice_is_sealed():
    """simultaneous-choice: a card laid down is played; it cannot be changed or undone."""
    state = duel(["feint", "left_jab"], ["right_jab", "whirlwind"])
    state, _ = play(state, {"type": "play", "player": ANA, "card": "feint.1"})
    assert RULES.sealed(state)
    assert RULES.check(state, {"type": "play", "player": ANA, "card": "left_jab.1"}) == (
        "Ana has already laid a card face down."
    )
    assert RULES.to_move(state) == frozenset({BEN})


def test_revealed_cards_stay_played():
    """simultaneous-choice: once the second card reveals both, neither player may take the
    clash back (the second player would choose again knowing the first card); before that, the
    draft's picks can still be undone."""
    from companion.engine import Match

    match = Match.start(RULES, {"characters": False}, seed=4)
    rng = random.Random(4)
    while match.state.phase != CLASH:
        match.play(rng.choice(RULES.legal_actions(match.state)))
    assert match.undo_refusal() is None  # the last pick of the draft
    first = RULES.legal_actions(match.state)[0]
    match.play(first)
    assert (
        match.undo_refusal()
        == "A card laid face down cannot be taken back until both cards are revealed."
    )
    second = next(a for a in RULES.legal_actions(match.state) if a["player"] != first["player"])
    match.play(second)
    assert match.undo_refusal() == (
        "Both cards are revealed: a card laid down is played and cannot be taken back."
    )
