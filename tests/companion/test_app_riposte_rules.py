"""Riposte's rulebook at a tap: every ruling its engine (and its page) cites exists, the links of
clarifications.csv name its cards and words, and on the page a card, an ability, an outcome, a
character and a refusal each open the rulebook's own words and the rulings on them.

The ruling ids are read from the source as `test_rulings_cited` reads them (`ruled(text, "id")`),
so a ruling renamed or removed in clarifications.csv fails here before a player taps a dead link.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from companion.engine import IllegalAction, Match
from companion.games.riposte import RiposteRules
from companion.games.riposte.checks import CHECKS, check_swap
from companion.games.riposte.clash import fits
from companion.games.riposte.seats import REVEALED
from companion.games.rulings import rulebook, ruling_of, why
from companion.store import seat_key

from . import card_game_pages as pages
from .card_game_pages import P1, P2, SEED, keys, save, screen, tap, text
from .ruling_links import linked_rulings
from .test_app_riposte import P1_START, P2_START, ROW, after_first_clash
from .test_app_rules_at_a_tap import explains, says_entry

GAME = "riposte"
BOOK = rulebook(GAME)
RULES = RiposteRules()
NOFIT = "Left Jab has no attack in position 3, which Scissor Cut's follow-up bar asks for."


home = pages.home


# --- every ruling links its cards -----------------------------------------------------------------


def test_every_link_of_a_ruling_names_a_word_or_card_of_riposte():
    assert linked_rulings(BOOK) >= 2 * len(BOOK.rulings) // 3


def test_every_word_card_and_character_explains_itself():
    for set_id, found in BOOK.game.keywords.items():
        for word in found:
            entry = BOOK.keyword(set_id, word)
            assert entry.lines[0][1], word
    for ability in ("press", "lunge", "guard", "riposte", "flow", "footwork", "disarm"):
        assert BOOK.keyword("ability", ability).rulings, ability
        assert BOOK.keyword("ability", ability).kind == "Card ability"  # not "Card abilitie"
    for outcome in ("strike", "block", "perfect_block"):
        assert BOOK.keyword("outcome", outcome).rulings, outcome
    for character in BOOK.game.cards["character"]:
        entry = BOOK.card(character.id)
        assert entry.kind == "Character" and entry.rulings, character.id
    liese = BOOK.card("liese")
    assert liese.rulings[0].id == "liese-ignore"  # headed with her first ability: first
    assert ("First ability", "Once per round, you may ignore your follow-up bar without taking "
            "damage.") in liese.lines  # fmt: skip


# --- the engine's refusals name their rulings ----------------------------------------------------


def test_a_card_that_does_not_fit_the_bar_cites_the_no_legal_play_ruling():
    match = after_first_clash()
    action = {"type": "play", "player": P1, "card": "left_jab.1"}
    assert why(RULES.check, match.state, action) == (NOFIT, "no-legal-play")
    with pytest.raises(IllegalAction) as refused:
        match.play(action)
    assert ruling_of(refused.value.reason) == "no-legal-play"  # what the page's flash gets
    match.play({"type": "play", "player": P1, "card": "center_thrust.1"})
    again = RULES.check(match.state, {"type": "play", "player": P1, "card": "left_jab.1"})
    assert ruling_of(again) == "simultaneous-choice"


def test_liese_cites_her_ruling_when_her_ignore_is_spent_or_needless():
    state = after_first_clash().state.clone()
    state.characters = ("liese", "cato")
    state.unlocked = (1, 0)
    fits = RULES.check(state, {"type": "play", "player": P1, "card": "center_thrust.1",
                               "ignore": True})  # fmt: skip
    assert ruling_of(fits) == "liese-ignore" and "nothing to ignore" in fits
    assert RULES.check(state, {"type": "play", "player": P1, "card": "left_jab.1",
                               "ignore": True}) is None  # fmt: skip
    state.spent = (True, False)
    spent = RULES.check(state, {"type": "play", "player": P1, "card": "left_jab.1",
                                "ignore": True})  # fmt: skip
    assert ruling_of(spent) == "liese-ignore" and "once a round" in spent


@pytest.mark.parametrize(
    ("action", "ruling"),
    [
        ({"type": "draw", "player": P2}, "draft-order"),
        ({"type": "take", "player": P1, "slot": 7}, "draft-row"),
        ({"type": "swap", "player": P2, "slot": 0}, "rook-swap"),
    ],
    ids=["out-of-turn", "no-such-slot", "not-rook"],
)
def test_draft_refusals_cite_their_rulings(action, ruling):
    match = Match.start(RULES, {"characters": False, "cards": "app"}, seed=SEED)
    match.play({"type": "deal", "hands": [P1_START, P2_START], "row": ROW, "offensive": P1})
    check = check_swap if action["type"] == "swap" else CHECKS[action["type"]]
    assert ruling_of(check(RULES.data, match.state, action)) == ruling


def test_random_play_only_ever_cites_rulings_that_exist():
    ids = set(BOOK.rulings)
    for seed in range(3):
        rng = random.Random(seed)
        state = RULES.new_state({"seed": seed, "characters": True, "cards": "app"})
        for _ in range(200):
            legal = RULES.legal_actions(state)
            if not legal:
                break
            for kind in {a["type"] for a in legal} | {"play", "take", "keep", "brace", "swap"}:
                for base in legal[:6]:
                    for extra in ({}, {"ignore": True}, {"player": 1 - base.get("player", 0)}):
                        probe = {**base, "type": kind, **extra}
                        cited = ruling_of(RULES.check(state, probe))
                        assert cited is None or cited in ids, (probe, cited)
            state = RULES.apply(state, rng.choice(legal), rng).state


# --- on the page ---------------------------------------------------------------------------------


def with_characters() -> Match:
    """Liese (Player 1) against Cato, dealt and drafted: the first clash to lay."""
    match = Match.start(RULES, {"characters": True, "cards": "app"}, seed=SEED)
    match.play({"type": "cast", "offered": [["liese", "rook"], ["cato", "sela"]]})
    match.play({"type": "character", "player": P1, "character": "liese"})
    match.play({"type": "character", "player": P2, "character": "cato"})
    match.play({"type": "deal", "hands": [P1_START, P2_START], "row": ROW, "offensive": P1})
    while match.state.phase != "clash":
        match.play(next(a for a in match.legal_actions() if a["type"] in ("draw", "take")))
    return match


def test_each_card_in_sight_and_its_ability_open_their_rules(home: SimpleNamespace):
    saved = save(home, after_first_clash())
    at = screen(home, saved, saved.key)  # the shared tablet, covered: only the table in sight
    shown = keys(at, "rule_rp_card_")
    assert shown[:3] == ["rule_rp_card_slant", "rule_rp_card_bind", "rule_rp_card_feint"]
    assert "rule_rp_card_left_jab" not in shown  # Player 1's hand: behind the cover
    title, said = explains(at, "rule_rp_card_feint")
    assert title == "Feint"
    says_entry(said, BOOK.card("feint"))
    assert BOOK.keyword("ability", "press").lines[0][1] in said  # Press, printed on it
    title, said = explains(at, "rule_rp_kw_press")
    assert title == "Press"
    says_entry(said, BOOK.keyword("ability", "press"))
    assert BOOK.ruling("next-card").decision in said
    at = tap(at, "rp_cover")  # Player 1's own screen: their hand is in sight too
    assert "rule_rp_card_left_jab" in keys(at, "rule_rp_card_")


def test_every_glossary_word_opens_its_text_and_the_outcome_of_the_last_clash(home):
    saved = save(home, after_first_clash())
    at = screen(home, saved, saved.key)
    words = keys(at, "rule_rp_word_")
    assert len(words) == sum(len(w) for w in BOOK.game.keywords.values())
    title, said = explains(at, "rule_rp_word_ability_lunge")
    assert title == "Lunge"
    says_entry(said, BOOK.keyword("ability", "lunge"))
    title, said = explains(at, "rule_rp_word_outcome_perfect_block")
    assert title == "Perfect block" and BOOK.ruling("perfect-block-first").decision in said
    title, said = explains(at, "rule_rp_outcome")
    assert title in ("Strike", "Block", "Perfect block")
    assert at.button(key="rule_rp_outcome").label == f"Last clash: {title}"


def test_a_character_opens_its_abilities_and_the_rulings_on_them(home):
    saved = save(home, with_characters())
    at = screen(home, saved, saved.key)
    assert sorted(keys(at, "rule_rp_char_")) == ["rule_rp_char_0", "rule_rp_char_1"]
    assert at.button(key="rule_rp_char_0").label == "Liese the Dancer: abilities"
    title, said = explains(at, "rule_rp_char_0")
    assert title == "Liese the Dancer"
    says_entry(said, BOOK.card("liese"))
    assert said.index(BOOK.ruling("liese-ignore").decision) < said.index(
        BOOK.ruling("adjacent").decision
    )


def test_cards_that_do_not_fit_show_the_engines_reasons_and_the_ruling(home):
    saved = save(home, after_first_clash())
    at = tap(screen(home, saved, saved.key), "rp_cover")
    boxes = [h.value for h in at.html if h.value.startswith('<div class="rules-why">')]
    assert boxes and NOFIT in text(at)
    assert keys(at, "rule_why_") == ["rule_why_undo", "rule_why_nofit_left_jab-1"]
    decision = BOOK.ruling("no-legal-play").decision
    pages.assert_refusal_cited(at, "rp", "left_jab-1", "No legal play", NOFIT, decision)


def liese_spent() -> tuple[Match, int]:
    """A duel played by seeded random taps (Liese kept whenever offered) until Liese, her first
    ability unlocked and spent this round, has to lay a card and holds cards that do not fit."""
    for seed in range(50):
        match = Match.start(RULES, {"characters": True, "cards": "app"}, seed=seed)
        rng = random.Random(seed)
        while match.state.phase != "over" and len(match.log) < 400:
            state = match.state
            for p in (0, 1):
                ready = state.phase == "clash" and not state.chosen[p] and state.spent[p]
                if ready and state.characters[p] == "liese" and state.unlocked[p] >= 1:
                    fitting = [fits(RULES.data, state, p, c) for c in state.hands[p]]
                    if any(fitting) and not all(fitting):
                        return match, p
            legal = match.legal_actions()
            kept = [a for a in legal if a.get("character") == "liese"]
            match.play(kept[0] if kept else rng.choice(legal))
    raise AssertionError("no such duel in 50 seeds")


def test_liese_spent_ignore_stays_on_her_screen_disabled_with_its_ruling(home):
    match, p = liese_spent()
    saved = save(home, match)
    at = screen(home, saved, seat_key(saved.key, saved.gid, p))  # Liese's own device
    assert at.button(key="no_liese_ignore").disabled
    assert "cannot ignore the follow-up bar now (Liese, once a round)" in text(at)
    assert at.button(key="rule_why_liese_ignore").label == "Rule: Liese's first ability"
    title, said = explains(at, "rule_why_liese_ignore")
    assert title == "Liese's first ability" and BOOK.ruling("liese-ignore").decision in said


def test_an_undo_refused_for_cards_revealed_cites_the_ruling(home):
    saved = save(home, after_first_clash())
    at = screen(home, saved, saved.key)
    assert at.button(key="rp_undo").disabled and REVEALED in text(at)
    title, said = explains(at, "rule_why_undo")
    assert title == "Choosing cards" and REVEALED in said
    assert BOOK.ruling("simultaneous-choice").decision in said
