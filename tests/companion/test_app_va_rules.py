"""VA Card Game's rulebook at a tap: every ruling its engine (and its page) cites exists, the links
of clarifications.csv name its cards, and on the page a hero, a piece of equipment, attack, block,
life and a refusal each open the rulebook's own words and the rulings on them.

The ruling ids are read from the source as `test_rulings_cited` reads them (`ruled(text, "id")`),
so a ruling renamed or removed in clarifications.csv fails here before a player taps a dead link.
"""

from __future__ import annotations

import random

import pytest

from companion.engine import IllegalAction
from companion.games.rulings import rulebook, ruling_of, why
from companion.games.va_card_game.checks import cited_gear_refusal

from . import card_game_pages as pages
from .card_game_pages import P1, keys, save, screen, tap
from .test_app_rules_at_a_tap import explains, explains_ruling, says_entry
from .test_app_va_card_game import DATA, RULES, dealt, declared, opened, text

GAME = "va_card_game"
BOOK = rulebook(GAME)
DECLARED_SEALED = "A declaration made face down cannot be taken back."
SHIELDED = {"p1_heroes": ["stone_sentinel", "iron_monk", "ember_witch"],
            "p1_gear": ["tower_shield", "tower_shield", "broadsword"]}  # fmt: skip


home = pages.home


# --- every ruling links its cards -----------------------------------------------------------------


def test_every_link_of_a_ruling_names_a_card_of_va_card_game():
    cards = {c.id for c in BOOK.game.records()}
    linked = 0
    for ruling in BOOK.rulings.values():
        assert set(ruling.concerns) <= cards, ruling.id
        linked += bool(ruling.concerns)
    assert linked >= len(BOOK.rulings) // 2


def test_every_hero_and_piece_explains_itself_with_its_rulings():
    for kind in ("hero", "equipment", "life_tracker"):
        for record in BOOK.game.cards[kind]:
            entry = BOOK.card(record.id)
            assert entry.lines and entry.rulings, record.id
    war_paint = [r.id for r in BOOK.card("war_paint").rulings]
    assert war_paint[0] == "hp-lowering-gear" and "equipment-limit" in war_paint
    assert BOOK.card("tower_shield").rulings[0].id == "ad-lowering-gear"
    assert "hero-falls-at-zero" in [r.id for r in BOOK.card("life_tracker").rulings]


# --- the engine's refusals name their rulings ----------------------------------------------------


def test_the_equipment_floors_and_limit_cite_their_rulings():
    assert cited_gear_refusal(DATA, "dune_nomad.1", (), ["war_paint.1"]) is None
    wounded = cited_gear_refusal(DATA, "dune_nomad.1", (), ["war_paint.1"], hp_lost=2)
    assert ruling_of(wounded) == "hp-lowering-gear" and "0 HP" in wounded
    blunt = cited_gear_refusal(DATA, "stone_sentinel.1", ["tower_shield.1"], ["tower_shield.2"])
    assert ruling_of(blunt) == "ad-lowering-gear" and "AD 0" in blunt
    full = cited_gear_refusal(DATA, "stone_sentinel.1", ["broadsword.1", "chain_mail.1",
                                                         "plumed_helm.1"], ["life_amulet.1"])  # fmt: skip
    assert ruling_of(full) == "equipment-limit"


def test_an_opening_the_rules_refuse_cites_the_ruling_through_the_whole_engine():
    match = dealt(**SHIELDED)
    action = {"type": "prepare", "player": P1, "hero": "stone_sentinel.1",
              "equipment": ["tower_shield.1", "tower_shield.2"]}  # fmt: skip
    reason, ruling = why(RULES.check, match.state, action)
    assert ruling == "ad-lowering-gear" and reason and "AD 0" in reason
    with pytest.raises(IllegalAction) as refused:
        match.play(action)
    assert ruling_of(refused.value.reason) == "ad-lowering-gear"


def test_a_living_hero_stays_and_a_declaration_is_final():
    match = declared(opened(**SHIELDED), "block", "block")
    match.play({"type": "draw", "heroes": ["frost_archer.1", "tide_keeper.1"],
                "equipment": ["chain_mail.1", "war_paint.1"]})  # fmt: skip
    p = match.state.equipping
    swap = RULES.check(match.state, {"type": "bring_in", "player": p,
                                     "card": match.state.hero_hands[p][0]})  # fmt: skip
    assert ruling_of(swap) == "living-hero-stays"
    other = RULES.check(match.state, {"type": "done", "player": 1 - p})
    assert ruling_of(other) == "draw-and-equip"
    again = declared(opened(), "attack")
    twice = RULES.check(again.state, {"type": "declare", "player": P1, "stance": "block"})
    assert ruling_of(twice) == "declaration-order"


def test_random_play_only_ever_cites_rulings_that_exist():
    ids = set(BOOK.rulings)
    for seed in range(3):
        rng = random.Random(seed)
        state = RULES.new_state({"seed": seed, "cards": "app"})
        for _ in range(200):
            legal = RULES.legal_actions(state)
            if not legal:
                break
            kinds = {a["type"] for a in legal} | {"equip", "bring_in", "draw_hero", "declare"}
            for kind in kinds:
                for base in legal[:6]:
                    for extra in ({}, {"player": 1 - base.get("player", 0)}):
                        probe = {**base, "type": kind, **extra}
                        cited = ruling_of(RULES.check(state, probe))
                        assert cited is None or cited in ids, (probe, cited)
            state = RULES.apply(state, rng.choice(legal), rng).state


# --- on the page ---------------------------------------------------------------------------------


def test_the_heroes_and_equipment_in_play_open_their_rules(home):
    saved = save(home, opened(("stone_sentinel", ["tower_shield"]), **SHIELDED))
    at = screen(home, saved, saved.key)  # covered: only the table in sight
    assert keys(at, "rule_va_card_") == ["rule_va_card_bastion_knight",
                                         "rule_va_card_stone_sentinel",
                                         "rule_va_card_tower_shield"]  # fmt: skip
    title, said = explains(at, "rule_va_card_stone_sentinel")
    assert title == "Stone Sentinel"
    says_entry(said, BOOK.card("stone_sentinel"))
    assert BOOK.ruling("hero-totals").decision in said
    title, said = explains(at, "rule_va_card_tower_shield")
    assert title == "Tower Shield"
    says_entry(said, BOOK.card("tower_shield"))
    assert said.index(BOOK.ruling("ad-lowering-gear").decision) < said.index(
        BOOK.ruling("equipment-limit").decision
    )
    at = tap(at, "va_cover")  # Player 1's own screen: their hand is in sight too
    assert "rule_va_card_broadsword" in keys(at, "rule_va_card_")


def test_attack_block_and_life_open_their_rulings(home):
    saved = save(home, opened())
    at = screen(home, saved, saved.key)
    explains_ruling(at, "rule_va_attack", BOOK.ruling("simultaneous-strikes"))
    explains_ruling(at, "rule_va_block", BOOK.ruling("block-damage"))
    title, said = explains(at, "rule_va_life")
    assert title == "Life Tracker"
    says_entry(said, BOOK.card("life_tracker"))
    assert BOOK.ruling("both-lives-zero").decision in said


def test_a_piece_that_may_not_be_attached_shows_its_reason_and_ruling(home):
    match = opened(("stone_sentinel", ["tower_shield"]), **SHIELDED)
    declared(match, "block", "block")
    match.play({"type": "draw", "heroes": ["frost_archer.1", "tide_keeper.1"],
                "equipment": ["chain_mail.1", "war_paint.1"]})  # fmt: skip
    saved = save(home, match)
    at = tap(screen(home, saved, saved.key), "va_cover")
    reason = RULES.check(match.state, {"type": "equip", "player": P1, "card": "tower_shield.2"})
    assert reason and reason in text(at)  # before any tap
    decision = BOOK.ruling("ad-lowering-gear").decision
    title = "Equipment that lowers AD"
    pages.assert_refusal_cited(at, "va", "tower_shield-2", title, reason, decision)


def test_an_opening_hero_that_may_not_be_placed_shows_its_reason_and_ruling(home):
    saved = save(home, dealt(**SHIELDED))
    at = tap(screen(home, saved, saved.key), "va_cover")
    at = tap(at, "va_hero_stone_sentinel-1")
    assert "rule_why_va_place" not in keys(at, "rule_")
    at = tap(tap(at, "va_gear_tower_shield-1"), "va_gear_tower_shield-2")
    title, said = explains(at, "rule_why_va_place")
    assert title == "Equipment that lowers AD" and "would leave Stone Sentinel with AD 0" in said


def test_an_undo_refused_for_a_declaration_cites_the_ruling(home):
    saved = save(home, declared(opened(), "attack"))
    at = screen(home, saved, saved.key)
    assert at.button(key="va_undo").disabled and DECLARED_SEALED in text(at)
    title, said = explains(at, "rule_why_undo")
    assert title == "Declaring" and DECLARED_SEALED in said
    assert BOOK.ruling("declaration-order").decision in said
