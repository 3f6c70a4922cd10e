"""Riposte's board as players see it (issue 31): every piece that shows a game term (the role
badges, the damage track, the hand counted, a card laid face down, the last card and its bar,
the clash, the draft row, the deck and discard pile) opens its rule; the row's cards are
printed. Hidden information on the board is held by the twin tests of test_app_riposte.py."""

from __future__ import annotations

import re

from companion.games.rulings import rulebook

from . import card_game_pages as pages
from .card_game_pages import P1, P2, keys, save, screen, text
from .test_app_riposte import after_first_clash
from .test_app_riposte_rules import with_characters
from .test_app_rules_at_a_tap import explains

home = pages.home
BOOK = rulebook("riposte")

# What each kind of piece opens, by its key's start: a ruling's id, a glossary word, or a card.
RULINGS = {
    "rule_rp_held_": "open-information",
    "rule_rp_damage_": "life-and-damage",
    "rule_rp_laid_": "simultaneous-choice",
    "rule_rp_row_rule": "draft-row",
    "rule_rp_deck": "reshuffle",
    "rule_rp_discard": "open-information",
    "rule_rp_hands": "round-end",
}
WORDS = {
    "rule_rp_next_": "follow_up_bar",
    "rule_rp_clash": "strike",
    "rule_rp_clash_outcome": "strike",
}
CARDS = (
    "rule_rp_previous_",
    "rule_rp_row_",
    "rule_rp_met_",
    "rule_rp_fighter_",
    "rule_rp_unlocked_",
)
ELSEWHERE = ("rule_rp_card_", "rule_rp_kw_", "rule_rp_char_", "rule_rp_outcome", "rule_rp_word_",
             "rule_rp_panel", "rule_rp_hand_", "rule_why_")  # fmt: skip


def kind(key: str) -> str:
    starts = [s for s in (*RULINGS, *WORDS, *CARDS, "rule_rp_role_") if key.startswith(s)]
    assert starts, f"{key}: a piece of the board whose rule this test does not know"
    return max(starts, key=len)


def opens(at, key: str, start: str) -> None:
    title, said = explains(at, key)
    if start in RULINGS:
        ruling = BOOK.ruling(RULINGS[start])
        assert (title, ruling.decision in said) == (ruling.topic, True), key
    elif start in WORDS:
        word = BOOK.keyword(
            *(("term",) if start == "rule_rp_next_" else ("outcome",)), WORDS[start]
        )
        assert title == word.name, key
    elif start == "rule_rp_role_":
        assert title in {"Offensive player", "Defending player"}, key
    else:
        assert "<img" in said or start in ("rule_rp_fighter_", "rule_rp_unlocked_"), key


def test_every_word_on_the_board_opens_its_rule(home):
    """After the first clash (a strike), each kind of piece opens what explains it."""
    saved = save(home, after_first_clash())
    at = screen(home, saved, saved.key)  # the shared tablet, covered: the table alone
    firsts: dict[str, str] = {}
    for key in keys(at, "rule_"):
        if not key.startswith(ELSEWHERE):
            firsts.setdefault(kind(key), key)
    assert set(firsts) >= {*RULINGS, *WORDS, "rule_rp_role_", "rule_rp_previous_",
                           "rule_rp_row_", "rule_rp_met_"} - {"rule_rp_laid_"}  # fmt: skip
    for start, key in firsts.items():
        opens(at, key, start)
    assert at.button(key=f"rule_rp_role_{P1}").label == "offensive"
    assert at.button(key=f"rule_rp_next_{P1}").label == "Next card: 3"  # Scissor Cut's bar


def test_the_characters_and_their_abilities_open_the_character(home):
    saved = save(home, with_characters())
    at = screen(home, saved, saved.key)
    for p, name in ((P1, "Liese"), (P2, "Cato")):
        title, _ = explains(at, f"rule_rp_fighter_{p}")
        assert title.startswith(name)
        assert explains(at, f"rule_rp_unlocked_{p}")[0] == title
        assert at.button(key=f"rule_rp_unlocked_{p}").label.startswith(
            f"{title}'s abilities: 1 (at "
        )


def test_the_draft_row_is_printed(home):
    match = after_first_clash()
    saved = save(home, match)
    at = screen(home, saved, saved.key)
    data = match.rules.data
    shown = re.findall(r'<img src="data:image/webp;base64,[^"]+" alt="([^"]+)"', text(at))
    row = [data.cards[c] for c in match.state.row]
    assert shown == [f"{m.name}: attacks " + ", ".join(map(str, sorted(m.attacks)))
                     + "; follow-up bar " + ", ".join(map(str, sorted(m.follow_up)))
                     for m in row]  # fmt: skip
    assert [at.button(key=f"rule_rp_row_{i}").label for i in range(3)] == [
        f"{i + 1}: {m.name}" for i, m in enumerate(row)
    ]
