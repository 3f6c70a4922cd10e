"""Riposte under seeded random play: the conformance checks on every state, the invariants
(damage never decreases, hands never exceed five, every card in exactly one place), replay and
the JSON round trip; and the rule constants agree with the rulebook."""

from __future__ import annotations

import json
import random
from collections import Counter

from companion.engine import Match
from companion.games.riposte import RiposteRules
from companion.games.riposte.state import every_card

from .rule_number_copies import assert_played_as_the_sheet_says
from .test_conformance import check_end, check_state

RULES = RiposteRules()
HAND, ROW, START_CARDS = RULES.data.hand, RULES.data.row, RULES.data.start_cards
GAMES = 40


def test_random_games_keep_the_protocol_and_the_invariants():
    """reshuffle, draft-order, starting-hands: long random games (every fourth a learning duel)
    draw through the deck and reshuffle; every state passes the conformance checks; between
    them the games visit Rook's look, swap and relief and Liese's declared ignore, and unlock
    every ability of every character."""
    reshuffles = 0
    phases: set[str] = set()
    unlocked: set[tuple[str, int]] = set()
    for seed in range(GAMES):
        options = {"characters": seed % 4 != 3}
        match = Match.start(RULES, options, seed=seed)
        rng = random.Random(seed)
        damage = (0, 0)
        step = None
        while True:
            state = match.state
            legal = check_state(RULES, state, rng, deep=len(match.log) % 4 == 0)
            assert Counter(every_card(state)) == Counter(RULES.data.deck)
            assert all(len(hand) <= HAND for hand in state.hands)
            healed = [b - a for a, b in zip(state.damage, damage, strict=True) if a < b]
            assert not healed or (healed == [1] and "(Sela)" in " ".join(step.events))
            damage = state.damage
            if not legal:
                break
            step = match.play(rng.choice(legal))
            reshuffles += any("shuffled into a new deck" in e for e in step.events)
            phases.add(state.phase)
            phases |= {"ignore"} if step.action.get("ignore") else set()
        assert match.outcome().over and match.outcome().winner in (0, 1)
        assert max(match.state.damage) >= RULES.data.limit
        check_end(match, random.Random(seed))
        again = Match.replay(RULES, options, seed, json.loads(json.dumps(match.log)))
        assert RULES.to_json(again.state) == RULES.to_json(match.state)
        final = match.state
        unlocked |= {(final.characters[p], n) for p in (0, 1) for n in range(final.unlocked[p])}
    assert reshuffles > 0
    assert {"look", "swap", "brace", "ignore"} <= phases
    assert unlocked == {(c, n) for c in RULES.data.characters for n in range(3)}


def test_starting_hands_and_first_draft():
    """starting-hands, first-offensive, draft-order: 2 cards each, the offensive player picks
    first, then the players alternate until both hold 5."""
    state = RULES.new_state({"characters": False})
    step = RULES.apply(state, {"type": "deal"}, random.Random(3))
    state = step.state
    assert [len(h) for h in state.hands] == [START_CARDS, START_CARDS] and len(state.row) == ROW
    first = state.offensive
    order = []
    rng = random.Random(1)
    while state.phase == "draft":
        order.append(state.active)
        action = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, action, rng).state
    assert order == [first, 1 - first] * (HAND - START_CARDS)
    assert [len(h) for h in state.hands] == [HAND, HAND] and state.phase == "clash"


def test_draft_row_is_renewed_at_the_end_of_a_round():
    """draft-row: the row goes to the discard pile at the end of a round and 3 new cards are
    turned up before the draft."""
    match = Match.start(RULES, {}, seed=5)
    rng = random.Random(5)
    while match.state.phase != "turn_up":
        match.play(rng.choice(RULES.legal_actions(match.state)))
    assert match.state.row == ()
    match.play({"type": "turn_up"})
    assert len(match.state.row) == ROW and match.state.phase == "draft"


def test_open_information_in_views():
    """open-information, characters: the characters dealt to the other player stay secret, and
    the one kept until both are revealed; the other hand's size is open, its cards and the
    deck's are not."""
    match = Match.start(RULES, {}, seed=2)
    match.play({"type": "cast"})
    offered = match.state.offered
    assert RULES.view(match.state, 0)["offered"] == [list(offered[0]), ["hidden"] * 2]
    match.play({"type": "character", "player": 0, "character": offered[0][1]})
    assert RULES.view(match.state, 1)["characters"] == ["hidden", ""]
    assert RULES.view(match.state, 0)["characters"] == [offered[0][1], ""]
    assert RULES.sealed(match.state) is not None
    match.play({"type": "character", "player": 1, "character": offered[1][0]})
    assert RULES.view(match.state, None)["characters"] == [offered[0][1], offered[1][0]]
    assert RULES.view(match.state, None)["offered"] == [[], []]
    match.play({"type": "deal"})
    seen = RULES.view(match.state, 0)
    assert seen["hands"][1] == ["hidden"] * START_CARDS
    assert seen["hands"][0] == list(match.state.hands[0]) and seen["deck"] == len(match.state.deck)


def test_rule_numbers_are_the_sheets_and_the_rulebook_writes_none():
    """The engine plays with rule_numbers.csv's numbers, and the rule templates set none of
    their own: each reads `numbers.<id>` from the same sheet."""
    sheet = RULES.data
    played = {"damage_to_win": sheet.limit, "hand": sheet.hand, "start_cards": sheet.start_cards,
              "draft_row": sheet.row, "characters_dealt": sheet.offered}  # fmt: skip
    assert_played_as_the_sheet_says("riposte", played)
