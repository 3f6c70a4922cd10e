"""VA Card Game's seats: who acts, what each seat sees, the log as each seat sees it, states
drawn from a seat's view, sealed choices and the outcome."""

from __future__ import annotations

import random

from companion.engine import CHANCE, HIDDEN
from companion.games.va_card_game.scenarios import dealt, duel_start, held
from companion.games.va_card_game.state import ATTACK, DRAW, OVER, cards_of
from companion.games.va_card_game.stats import gear_refusal

from .va_rulings import ANA, BEN, DATA, RULES, apply, duel, marked


def test_chance_flips_and_draws_each_player_acts_for_themselves():
    state = duel_start(RULES, ("storm_lancer", []), ("ember_witch", []))
    assert RULES.actors(state, {"type": "draw"}) == frozenset({CHANCE})
    assert RULES.actors(state, {"type": "toss"}) == frozenset({CHANCE})
    assert RULES.actors(state, {"type": "declare", "player": BEN}) == frozenset({BEN})
    assert RULES.to_move(state) == frozenset({ANA})
    assert RULES.legal_actions_for(state, BEN) == []
    assert RULES.refuse_seat(state, {"type": "declare", "player": ANA, "stance": ATTACK}, BEN) == (
        "That is for Ana to do."
    )


def test_each_seat_sees_its_own_hand_and_the_table_sees_no_hand():
    state = duel_start(RULES, ("storm_lancer", []), ("ember_witch", []))
    for seat in (ANA, BEN, None):
        seen = RULES.view(state, seat)
        assert seen["hero_decks"] == [len(d) for d in state.hero_decks]
        assert seen["gear_decks"] == [len(d) for d in state.gear_decks]
        for p in (ANA, BEN):
            shown = list(state.hero_hands[p]) if p == seat else [HIDDEN] * len(state.hero_hands[p])
            assert seen["hero_hands"][p] == shown
            assert seen["heroes"][p] == state.heroes[p]  # face up once revealed


def test_the_log_hides_the_other_players_draws():
    state = duel_start(RULES, ("storm_lancer", []), ("ember_witch", []))
    state = marked(state, hero_decks=((), state.hero_decks[BEN]),
                   hero_hands=(state.hero_hands[ANA] + state.hero_decks[ANA], state.hero_hands[BEN]))  # fmt: skip
    state, _ = duel(state, ATTACK, ATTACK)
    assert state.phase == DRAW
    step = RULES.apply(state, {"type": "draw"}, random.Random(2))
    drawn = step.action
    assert drawn["heroes"][ANA] is None and drawn["heroes"][BEN] is not None
    assert RULES.redact(state, drawn, ANA) == drawn | {
        "heroes": [None, HIDDEN],
        "equipment": [drawn["equipment"][ANA], HIDDEN],
    }
    assert RULES.redact(state, drawn, None)["equipment"] == [HIDDEN, HIDDEN]
    assert not any(DATA.name(c) in " ".join(step.events) for c in drawn["equipment"])


def test_a_face_down_opening_drawn_from_a_view_is_one_the_rules_allow():
    """Ben placed the Stone Sentinel with a Broadsword and two Tower Shields (AD 1): every state
    drawn from Ana's view gives Ben a hidden hero and three pieces it may carry together, from
    Ben's own cards, and keeps Ana's cards where they are."""
    state = dealt(RULES, (["glass_fencer"], ["stone_sentinel"]),
                  ([], ["broadsword", "tower_shield", "tower_shield"]))  # fmt: skip
    kit = list(state.gear_hands[BEN])
    hero = held(state.hero_hands[BEN], "stone_sentinel")
    state, _ = apply(state, {"type": "prepare", "player": BEN, "hero": hero, "equipment": kit})
    seen = RULES.view(state, ANA)
    assert seen["heroes"][BEN] == HIDDEN and seen["gear"][BEN] == [HIDDEN] * 3
    rng = random.Random(5)
    for _ in range(40):
        other = RULES.resample(state, ANA, rng)
        assert RULES.view(other, ANA) == seen
        assert gear_refusal(DATA, other.heroes[BEN], (), other.gear[BEN]) is None
        assert sorted(cards_of(other, BEN)) == sorted(DATA.hero_decks[BEN] + DATA.gear_decks[BEN])
        assert RULES.to_json(other)["hero_hands"][ANA] == list(state.hero_hands[ANA])


def test_a_hidden_declaration_is_drawn_as_attack_or_block():
    state = duel_start(RULES, ("storm_lancer", []), ("ember_witch", []))
    state, _ = apply(state, {"type": "declare", "player": ANA, "stance": ATTACK})
    stances = {RULES.resample(state, BEN, random.Random(s)).declared[ANA] for s in range(12)}
    assert stances == {"attack", "block"}
    assert RULES.from_view(RULES.view(state, ANA), ANA, random.Random(0)).declared[ANA] == ATTACK


def test_outcome_names_the_winner_or_the_draw():
    state = duel_start(RULES, ("storm_lancer", ["hunting_spear"]), ("ember_witch", []))
    assert not RULES.outcome(state).over
    won, _ = duel(marked(state, life=(1, 1)), ATTACK, ATTACK)
    assert won.phase == OVER and RULES.outcome(won).text == "Ana won."
    assert RULES.outcome(won).scores == (1.0, -1.0)
    drawn = marked(won, winner=-1)
    assert RULES.outcome(drawn).winner is None and RULES.outcome(drawn).text == "A draw."
