"""VA Card Game's seed, rule by rule: the setup (coin flip, three cards from each deck, heroes and
equipment face down and revealed together), the three resolutions exact for every pair of heroes,
the turn passing, and the rulebook's worked examples played by the engine."""

from __future__ import annotations

import random

import pytest

from cardgen.data.database import load_game_or_raise
from companion.engine import HIDDEN
from companion.engine.examples import problems
from companion.games.va_card_game import data_from_game, examples
from companion.games.va_card_game.data import design
from companion.games.va_card_game.scenarios import copies, duel_start
from companion.games.va_card_game.state import ATTACK, BLOCK, DEAL, DECLARE, PREPARE, TOSS
from companion.games.va_card_game.stats import left

from .edited_games import edited
from .engine_checks import assert_refused
from .va_rulings import ANA, BEN, DATA, RULES, apply, duel, finish_turn

OPENING = DATA.opening

HEROES = sorted({design(c) for c in DATA.hero_decks[0]})


# --- setup ---------------------------------------------------------------------------------------


def test_the_coin_decides_who_starts():
    """The coin flip goes to whoever the real coin (or the app) says; its winner takes turn 1."""
    state = RULES.new_state({"names": ["Ana", "Ben"]})
    assert state.phase == TOSS and state.life == (DATA.life, DATA.life)
    tossed, events = apply(state, {"type": "toss", "first": BEN})
    assert (tossed.first, tossed.phase) == (BEN, DEAL)
    assert events == ["Ben wins the coin flip and will take the first turn."]
    assert assert_refused(RULES, state, {"type": "toss", "first": 2})
    winners = {RULES.apply(state, {"type": "toss"}, random.Random(s)).state.first for s in range(8)}
    assert winners == {ANA, BEN}


def test_each_player_draws_three_from_each_deck_and_keeps_them_hidden():
    state, _ = apply(RULES.new_state({}), {"type": "toss", "first": ANA})
    state, _ = apply(state, {"type": "deal"})
    assert state.phase == PREPARE
    for p in (ANA, BEN):
        assert len(state.hero_hands[p]) == len(state.gear_hands[p]) == OPENING
        assert all(c in DATA.heroes for c in state.hero_hands[p])
        assert all(c in DATA.gear for c in state.gear_hands[p])
        assert len(state.hero_decks[p]) == len(DATA.hero_decks[p]) - OPENING
    seen = RULES.view(state, ANA)
    assert seen["hero_hands"][BEN] == [HIDDEN] * OPENING
    assert seen["gear_hands"][ANA] == list(state.gear_hands[ANA])
    assert seen["hero_decks"] == [len(d) for d in state.hero_decks]


def test_cards_typed_in_from_the_decks_are_checked():
    state, _ = apply(RULES.new_state({}), {"type": "toss", "first": ANA})
    heroes = [copies(state.hero_decks[p], [], OPENING) for p in (0, 1)]
    assert assert_refused(RULES, state, {"type": "deal", "heroes": [heroes[0][:2], heroes[1]]}) == (
        "Each player draws 3 hero cards."
    )
    wrong = [[*heroes[0][:2], "broadsword.1"], heroes[1]]
    assert assert_refused(RULES, state, {"type": "deal", "heroes": wrong}) == (
        "Player 1: 'broadsword.1' is not in the hero deck."
    )
    state, _ = apply(state, {"type": "deal", "heroes": heroes})
    assert state.hero_hands == (tuple(heroes[0]), tuple(heroes[1]))


def test_heroes_and_equipment_go_down_face_down_and_are_revealed_together():
    """The first player ready hides hero and equipment from the other and the table (the number
    of pieces shows); it cannot be taken back; the second reveals both, and the coin's winner
    starts."""
    state, _ = apply(RULES.new_state({"names": ["Ana", "Ben"]}), {"type": "toss", "first": BEN})
    state, _ = apply(state, {"type": "deal"})
    hero, kit = state.hero_hands[ANA][0], list(state.gear_hands[ANA][:2])
    place = {"type": "prepare", "player": ANA, "hero": hero, "equipment": kit}
    placed, events = apply(state, place)
    assert events == ["Ana places a hero face down with 2 pieces of equipment and is ready."]
    for seat in (BEN, None):
        seen = RULES.view(placed, seat)
        assert seen["heroes"][ANA] == HIDDEN and seen["gear"][ANA] == [HIDDEN, HIDDEN]
        assert RULES.redact(state, place, seat)["hero"] == HIDDEN
    assert RULES.view(placed, ANA)["heroes"][ANA] == hero
    assert RULES.sealed(placed) == "A hero placed face down cannot be taken back."
    assert assert_refused(RULES, placed, place) == "Ana has already placed a hero and said ready."
    assert {a["player"] for a in RULES.legal_actions(placed)} == {BEN}
    other = {"type": "prepare", "player": BEN, "hero": placed.hero_hands[BEN][0], "equipment": []}
    revealed, events = apply(placed, other)
    assert events[1].startswith("Ben reveals ") and events[2].startswith("Ana reveals ")
    assert events[-1] == "Turn 1: Ben is the active player and declares first."
    assert (revealed.phase, revealed.active, revealed.turn) == (DECLARE, BEN, 1)
    assert RULES.view(revealed, None)["heroes"] == [hero, other["hero"]]
    assert RULES.redact(placed, other, ANA) == other


def test_only_a_hero_in_hand_with_equipment_in_hand_may_be_placed():
    state, _ = apply(RULES.new_state({"names": ["Ana", "Ben"]}), {"type": "toss", "first": ANA})
    state, _ = apply(state, {"type": "deal"})
    hero = state.hero_hands[ANA][0]
    wrong = [
        ({"hero": state.hero_decks[ANA][0], "equipment": []}, "Ana has no such hero in hand."),
        (
            {"hero": hero, "equipment": [state.gear_decks[ANA][0]]},
            "Ana has no such equipment in hand.",
        ),
        (
            {"hero": hero, "equipment": [state.gear_hands[ANA][0]] * 2},
            "Name each piece of equipment once.",
        ),
    ]
    for action, reason in wrong:
        assert assert_refused(RULES, state, {"type": "prepare", "player": ANA} | action) == reason
    # each hero with every set of up to three of the pieces it may carry
    assert len([a for a in RULES.legal_actions(state) if a["player"] == ANA]) <= OPENING * 8


# --- the three resolutions, exact ----------------------------------------------------------------


def stats(hero: str) -> tuple[int, int, int]:
    card = DATA.heroes[f"{hero}.1"]
    return card.hp, card.ad, card.df


def remains(state, player) -> tuple[int, int] | None:
    """What `player`'s hero has left after a duel (HP, DEF), or None if it fell."""
    if not state.heroes[player]:
        return None
    now = left(DATA, state, player)
    return now.hp, now.df


def expected(hp: int, df: int, hp_loss: int, df_loss: int = 0) -> tuple[int, int] | None:
    return (hp - hp_loss, df - df_loss) if hp - hp_loss > 0 else None


@pytest.mark.parametrize("ana", HEROES)
def test_the_three_resolutions_exact_for_every_pair(ana):
    """Against every hero: both attack (each loses HP equal to the other's AD); one attacks and
    the other blocks, either way round (the AD comes off DEF first and the rest off HP, the
    attacker loses nothing); both block (nothing). A hero on 0 HP or less has fallen and cost
    its owner a life point."""
    for ben in HEROES:
        start = duel_start(RULES, (ana, []), (ben, []))
        (a_hp, a_ad, a_df), (b_hp, b_ad, b_df) = stats(ana), stats(ben)
        cases = {
            (ATTACK, ATTACK): (expected(a_hp, a_df, b_ad), expected(b_hp, b_df, a_ad)),
            (ATTACK, BLOCK): (
                (a_hp, a_df),
                expected(b_hp, b_df, a_ad - min(a_ad, b_df), min(a_ad, b_df)),
            ),
            (BLOCK, ATTACK): (
                expected(a_hp, a_df, b_ad - min(b_ad, a_df), min(b_ad, a_df)),
                (b_hp, b_df),
            ),
            (BLOCK, BLOCK): ((a_hp, a_df), (b_hp, b_df)),
        }
        for (said_a, said_b), want in cases.items():
            after, _ = duel(start, said_a, said_b)
            assert (remains(after, ANA), remains(after, BEN)) == want, (ana, ben, said_a, said_b)
            lost = tuple(DATA.life - (w is None) for w in want)
            assert after.life == lost


def test_the_turn_passes_to_the_other_player():
    state = duel_start(RULES, ("stone_sentinel", []), ("bastion_knight", []), first=BEN)
    actives = []
    for _ in range(4):
        actives.append(state.active)
        state, _ = duel(state, BLOCK, BLOCK)
        state, _ = finish_turn(state)
    assert actives == [BEN, ANA, BEN, ANA] and state.turn == 5


# --- the rulebook's worked examples --------------------------------------------------------------


def test_the_worked_examples_hold_on_the_shipped_cards():
    worked = examples.worked_examples()
    assert set(worked) == {"attack_attack", "attack_block", "block_block"}
    assert problems(worked) == []
    clash = worked["attack_attack"]
    assert (clash.lancer_left, clash.witch_left, clash.sam_life) == (1, 0, DATA.life - 1)
    blocked = worked["attack_block"]
    assert (blocked.absorbed, blocked.through, blocked.hp_after, blocked.def_after) == (5, 1, 6, 0)
    assert (blocked.hp_mailed, blocked.def_mailed) == (7, 2)
    assert worked["block_block"].fencer_def_if_attacked == 1


def test_a_tougher_witch_breaks_the_attack_example_by_name(tmp_path):
    folder = edited(tmp_path, "va_card_game", "heroes", "ember_witch", "hp", "6")
    found = problems(examples.worked_examples(data_from_game(load_game_or_raise(folder))))
    assert found == [
        "rulebook example 'attack against attack' no longer holds: the Ember Witch falls",
        "rulebook example 'attack against attack' no longer holds: "
        "the Ember Witch goes to Sam's graveyard",
        "rulebook example 'attack against attack' no longer holds: "
        "Sam's life tracker goes down one step",
    ]


def test_the_examples_start_from_the_cards_the_rulebook_names():
    """The example positions hold the heroes and pieces the rulebook prints, no more."""
    start = duel_start(
        RULES,
        ("night_prowler", ["broadsword"]),
        ("shield_maiden", ["plumed_helm"]),
        names=("Alex", "Sam"),
    )
    assert [DATA.name(c) for c in (start.heroes[ANA], *start.gear[ANA])] == [
        "Night Prowler",
        "Broadsword",
    ]
    assert left(DATA, start, BEN).words() == "HP 7, AD 3, DEF 5"
