"""VA Card Game's battlefields, piece by piece (issue 31), driven headless with AppTest: the cards
in play drawn as the printed cards for both seats, each game term on a battlefield a tap to the
row of the rulebook that says what it means, the hero and each piece in play a tap to their card's
rules with the card large, and nothing a seat may not see ever drawn or changing its page.

The other taps of the page (the rules row, attack, block, life, refusals) are tested in
`test_app_va_rules.py`; the hand's printed cards in `test_printed_faces.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.rulings import rulebook
from companion.screens.va_card_game.words import card_words

from . import card_game_pages as pages
from .card_game_pages import P1, P2, SEED, keys, save, screen, seat, tap
from .test_app_rules_at_a_tap import dialog, explains, explains_ruling, says_entry
from .test_app_va_card_game import (
    DATA,
    P1_GEAR,
    P1_HEROES,
    P2_GEAR,
    P2_HEROES,
    RULES,
    copies,
    declared,
    place,
)
from .test_printed_faces import pictures

home, twin_home = pages.home, pages.twin_home
read = pages.read  # what the page says, markup gone


def drawn(at: AppTest) -> list[str]:
    """The words of every printed card on the page."""
    return pictures(pages.text(at))


BOOK = rulebook("va_card_game")
OTHER_HAND = (["glass_fencer", "bastion_knight", "night_prowler"],
              ["plumed_helm", "tower_shield", "chain_mail"])  # fmt: skip
TERMS = ("active", "hearts", "hp", "ad", "def", "equipment", "hand", "decks", "grave")
RULINGS = {  # the row of clarifications.csv each term opens
    "active": "draw-and-equip",
    "hp": "track-damage",
    "ad": "hero-totals",
    "def": "block-damage",
    "equipment": "equipment-limit",
    "hand": "hand-size",
    "decks": "empty-deck",
    "grave": "hero-falls-at-zero",
}


def dealt(p2_hand: tuple[Sequence[str], Sequence[str]] = (P2_HEROES, P2_GEAR)) -> Match:
    """Player 1 won the coin flip; Player 2's opening cards are `p2_hand` (heroes, equipment)."""
    match = Match.start(RULES, {"cards": "app"}, seed=SEED)
    match.play({"type": "toss", "first": P1})
    match.play({"type": "deal", "heroes": [copies(P1_HEROES), copies(p2_hand[0])],
                "equipment": [copies(P1_GEAR), copies(p2_hand[1])]})  # fmt: skip
    return match


def fought(p2_hand: tuple[Sequence[str], Sequence[str]] = (P2_HEROES, P2_GEAR)) -> Match:
    """Turn 2, Player 2 to declare first: Player 1's Iron Monk with a Broadsword has 3 HP of 8
    left; Player 2's Glass Fencer fell to it (their graveyard) and Bastion Knight came in, with a
    Plumed Helm."""
    match = place(place(dealt(p2_hand), P1, "iron_monk", ["broadsword"]), P2, "glass_fencer")
    declared(match, "attack", "attack")
    match.play({"type": "draw"})
    match.play({"type": "done", "player": P1})
    match.play({"type": "bring_in", "player": P2, "card": "bastion_knight.1"})
    match.play({"type": "equip", "player": P2, "card": "plumed_helm.1"})
    match.play({"type": "done", "player": P2})
    return match


def term_keys(at: AppTest, seat_shown: int) -> list[str]:
    """The keys of the terms on `seat_shown`'s battlefield, in the page's order."""
    return [k for k in keys(at, "rule_va_") if k.split("_")[2] in TERMS
            and k.endswith(f"_{seat_shown}")]  # fmt: skip


def large_picture(said: str) -> tuple[str, int]:
    """The card drawn large in a rules dialog: (its words, its width)."""
    found = re.search(r'<div class="tb-large">.*?<img src="data:image/webp;base64,[^"]+"'
                      r' alt="([^"]+)" title="[^"]*" width="(\d+)"', said, re.DOTALL)  # fmt: skip
    assert found is not None, "no card drawn large"
    return found[1], int(found[2])


# --- every term opens its rule -------------------------------------------------------------------


def test_each_term_on_a_battlefield_is_labelled_as_it_reads(home):
    """The buttons say what the battlefield says, numbers in bold: both seats' HP of their
    totals, AD, DEF, hearts, the equipment carried of the most, hand and decks counted, the
    graveyard listed; the ACTIVE badge only on the active player's."""
    match = fought()
    state = match.state
    at = screen(home, save(home, match), None)  # a watcher: what lies open, nothing else
    assert term_keys(at, P1) == [f"rule_va_{k}_0" for k in TERMS if k != "active"]
    assert term_keys(at, P2) == [f"rule_va_{k}_1" for k in TERMS]
    label = {k: b.label for b in at.button if (k := b.key or "").startswith("rule_va_")}
    assert label["rule_va_active_1"] == "⚑ ACTIVE"
    assert label["rule_va_hearts_0"] == "♥♥♥♥♥ **5**/5 life"
    assert label["rule_va_hearts_1"] == "♥♥♥♥♡ **4**/5 life"
    assert label["rule_va_hp_0"] == "HP **3**/8"  # 8 + 0 (Broadsword), 5 lost to the Fencer
    assert label["rule_va_ad_0"] == "AD **4**"
    assert label["rule_va_def_0"] == "DEF **1**/1"
    assert label["rule_va_hp_1"] == "HP **10**/10"  # 8 + 2 (Plumed Helm)
    assert label["rule_va_def_1"] == "DEF **5**/5"
    assert label["rule_va_equipment_0"] == "Equipment 1 of 3"
    heroes, gear = len(state.hero_hands[P1]), len(state.gear_hands[P1])
    assert label["rule_va_hand_0"] == f"Hand **{heroes}** heroes · **{gear}** equipment"
    decks = f"Decks **{len(state.hero_decks[P2])}** heroes · **{len(state.gear_decks[P2])}**"
    assert label["rule_va_decks_1"] == f"{decks} equipment"
    assert label["rule_va_grave_0"] == "Graveyard (0): empty"
    assert label["rule_va_grave_1"] == "Graveyard (1): Glass Fencer"
    said = read(at)  # the page itself reads as before, under the buttons
    for words in ("HP 3/8", "AD 4", "DEF 1/1", "4/5 life", "Equipment 1 of 3",
                  "Graveyard (1): Glass Fencer", "Broadsword +1 AD, +1 DEF"):  # fmt: skip
        assert words in said, words


@pytest.mark.parametrize("player", [P1, P2])
def test_each_term_opens_the_rulebooks_row_for_it(home, player):
    """Each term's dialog is the rulebook's row for it, word for word: the rulings on what
    HP and DEF left, AD, the equipment limit, the hand, the decks, the graveyard and the active
    player mean, and the life tracker's card for the hearts."""
    at = screen(home, save(home, fought()), None)
    for term in TERMS:
        key = f"rule_va_{term}_{player}"
        if term == "active" and player == P1:
            assert key not in keys(at)  # Player 2 is the active player
            continue
        if term == "hearts":
            title, said = explains(at, key)
            assert title == "Life Tracker"
            says_entry(said, BOOK.card("life_tracker"))
            continue
        explains_ruling(at, key, BOOK.ruling(RULINGS[term]))


def test_a_term_is_a_tap_to_its_rule_and_plays_nothing(home):
    """On the table's own tablet, where the buttons could play: each term opens a dialog and
    the game stays as it was."""
    match = fought()
    saved = save(home, match)
    at = screen(home, saved, saved.key)
    shown = term_keys(at, P1) + term_keys(at, P2)
    assert len(shown) == 2 * len(TERMS) - 1
    for key in shown:
        tap(at, key)
        assert dialog(at)[0], key
        tap(at, "rule_close")
    assert pages.match_of(at).log == match.log == pages.stored_log(saved)


def test_the_hero_and_each_piece_in_play_open_their_cards_rules_with_the_card_large(home):
    """A hero in play is tapped by its name, a piece by its name and bonuses (the words under
    its picture): each opens the card's rulebook entry and its rulings, the card drawn large
    above them, as a card in the hand does."""
    at = screen(home, save(home, fought()), None)
    assert at.button(key="rule_va_hero_0").label == "Iron Monk"
    assert at.button(key="rule_va_gear_0_0").label == "**Broadsword** +1 AD, +1 DEF"
    assert at.button(key="rule_va_gear_1_0").label == "**Plumed Helm** +2 HP, +1 DEF"
    for key, card in (("rule_va_hero_0", "iron_monk"), ("rule_va_hero_1", "bastion_knight"),
                      ("rule_va_gear_0_0", "broadsword"), ("rule_va_gear_1_0", "plumed_helm")):  # fmt: skip
        title, said = explains(at, key)
        entry = BOOK.card(card)
        assert title == entry.name
        says_entry(said, entry)
        words, width = large_picture(said)
        assert words == entry.name and width > 200, key


# --- the cards in play as printed ----------------------------------------------------------------


IN_PLAY = [card_words(DATA, c) for c in ("iron_monk.1", "broadsword.1", "bastion_knight.1",
                                         "plumed_helm.1", "glass_fencer.1")]  # fmt: skip


@pytest.mark.parametrize("player", [P1, P2, None])
def test_the_cards_in_play_are_printed_cards_on_every_screen(home, player):
    """Both heroes in play and their equipment, and the graveyard's top card, are pictures
    whose text is the card's words, on each player's device and on the shared tablet; the hero
    large enough to read, its equipment smaller."""
    saved = save(home, fought())
    at = screen(home, saved, saved.key) if player is None else seat(home, saved, player)
    shown = drawn(at)
    for words in IN_PLAY:
        assert words in shown, words
    said = pages.said(at)
    assert _width(said, "Iron Monk: HP 8") >= 100
    assert _width(said, "Broadsword: +1 AD") < _width(said, "Iron Monk: HP 8")
    assert _width(said, "Glass Fencer: HP 3") < _width(said, "Broadsword: +1 AD")


def _width(said: str, words: str) -> int:
    """The width of the first picture whose text starts with `words`."""
    found = re.search(rf'alt="{re.escape(words)}[^"]*" title="[^"]*" width="(\d+)"', said)
    assert found is not None, words
    return int(found[1])


def test_a_hero_face_down_is_drawn_only_for_its_owner(home):
    """Player 1's Iron Monk with a Broadsword lies face down: Player 1's own device shows them
    as printed, saying only they see it; Player 2's device and the table show a card back and
    no picture of either."""
    saved = save(home, place(dealt(), P1, "iron_monk", ["broadsword"]))
    own = seat(home, saved, P1)
    assert {"Iron Monk: HP 8, AD 3, DEF 0", "Broadsword: +1 AD, +1 DEF"} <= set(drawn(own))
    assert "face down: only you see it" in read(own)
    for at in (seat(home, saved, P2), screen(home, saved, saved.key)):
        shown = drawn(at)
        assert not [w for w in shown if w.startswith(("Iron Monk", "Broadsword"))], shown
        assert "Hero face down, 1 piece of equipment under it" in read(at)
        assert "rule_va_hero_0" not in keys(at) and "rule_va_gear_0_0" not in keys(at)


# --- what a seat may not see never changes its page ----------------------------------------------


def test_the_other_players_hand_leaves_player_1s_page_as_it_was(twin_home):
    """Player 2 dealt other cards beside the same heroes in play: Player 1's device and the
    shared tablet draw the very same page, pictures and all, and no picture of Player 2's
    hand."""
    pair = pages.twins(twin_home, fought(), fought(OTHER_HAND))
    one = pages.assert_same(twin_home, pair, P1)
    shown = drawn(one)
    assert set(IN_PLAY) <= set(shown)
    state = pages.match_of(one).state
    hand = {card_words(DATA, c) for c in (*state.hero_hands[P1], *state.gear_hands[P1])}
    assert set(shown) <= set(IN_PLAY) | hand  # Player 1's own hand, and what lies open
    pages.assert_same(twin_home, pair, None)


def test_a_declaration_face_down_leaves_player_1s_page_as_it_was(twin_home):
    """Player 2 (active) declared attack, or block, face down: the same page on Player 1's
    device (and their choice), and on the shared tablet."""
    pair = pages.twins(twin_home, declared(fought(), "attack"), declared(fought(), "block"))
    one = pages.assert_same(twin_home, pair, P1, "va_stance_block")
    assert set(IN_PLAY) <= set(drawn(one))
    assert "rule_va_hp_1" in keys(one) and "rule_va_active_1" in keys(one)
    pages.assert_same(twin_home, pair, None, "va_cover")
