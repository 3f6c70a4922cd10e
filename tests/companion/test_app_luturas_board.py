"""Luturas's board as players see it (issue 31): the cards in play drawn as the print kit prints
them, and every word on the board a tap to its rule. Hidden information on the board is held by
the twin tests of test_app_luturas.py (another hand, a face-down Strategy)."""

from __future__ import annotations

import re

from companion.games.rulings import rulebook
from companion.store import seat_key

from . import card_game_pages as pages
from .card_game_pages import P1, P2, keys, save, screen, text
from .test_app_luturas import HAND_A, deployed, set_face_down
from .test_app_rules_at_a_tap import explains

home = pages.home
BOOK = rulebook("luturas")

# What each kind of piece opens, by its key's start: a ruling's id, a keyword, or a card.
RULINGS = {
    "rule_lt_stamina_": "combat-and-stamina",
    "rule_lt_stats_": "combat-and-stamina",
    "rule_lt_wins_": "match-best-of-three",
    "rule_lt_turn_": "turn-order-free",
    "rule_lt_first_": "who-starts",
    "rule_lt_space_": "lutura-spaces",
    "rule_lt_gears_": "upgrade-stack",
    "rule_lt_crystal_limit_": "crystal-limit",
    "rule_lt_tool_rule_": "tools-one",
    "rule_lt_strategy_rule_": "strategy-once",
    "rule_lt_facedown_": "strategy-facedown",
    "rule_lt_count_deck_": "win-deck-out",
    "rule_lt_count_crystal_deck_": "fast-mode-draws",
    "rule_lt_count_hand_": "no-hand-limit",
    "rule_lt_count_workshop_": "workshop",
    "rule_lt_count_portal_": "portal",
}
CARDS = ("rule_lt_soldier_", "rule_lt_lutura_", "rule_lt_tool_", "rule_lt_strategy_")
ELSEWHERE = ("rule_lt_hand_", "rule_lt_word_", "rule_lt_panel", "rule_why_")  # not the board's


def pictures(page: str) -> list[str]:
    return re.findall(r'<img src="data:image/webp;base64,[^"]+" alt="([^"]+)"', page)


def kind(key: str) -> str:
    """The longest known start of `key` (a Strategy's rule before a Strategy card's)."""
    starts = [s for s in (*RULINGS, *CARDS, "rule_lt_crystal_") if key.startswith(s)]
    assert starts, f"{key}: a piece of the board whose rule this test does not know"
    return max(starts, key=len)


def test_every_word_on_the_board_opens_its_rule(home):
    """Each kind of piece on both sides opens what explains it: the ruling on that word, the
    Crystal type's keyword, or the card with its printed text."""
    saved = save(home, deployed())
    at = screen(home, saved, seat_key(saved.key, saved.gid, P1))
    board = [k for k in keys(at, "rule_") if not k.startswith(ELSEWHERE)]
    firsts: dict[str, str] = {}
    for key in board:
        firsts.setdefault(kind(key), key)
    assert {"rule_lt_soldier_", "rule_lt_stamina_", "rule_lt_lutura_", "rule_lt_stats_",
            "rule_lt_space_", "rule_lt_crystal_limit_", "rule_lt_crystal_", "rule_lt_count_deck_",
            "rule_lt_count_hand_", "rule_lt_count_workshop_", "rule_lt_tool_rule_",
            "rule_lt_strategy_rule_", "rule_lt_turn_", "rule_lt_wins_"} <= set(firsts)  # fmt: skip
    for start, key in firsts.items():
        title, said = explains(at, key)
        if start in RULINGS:
            ruling = BOOK.ruling(RULINGS[start])
            assert (title, ruling.decision in said) == (ruling.topic, True), key
        elif start == "rule_lt_crystal_":
            crystal = key.removeprefix(start).rsplit("_", 1)[0]
            assert title == BOOK.keyword("crystal", crystal).name, key
        else:
            assert title in {c.name for cards in BOOK.game.cards.values() for c in cards}, key
            assert "tb-large" in said or "<img" in said, f"{key}: the card large in its rules"


def test_the_luturas_in_play_are_their_printed_cards(home):
    """Both Luturas in play appear as printed, each with its words as the picture's text, its
    name a tap to its card, and its Combat and Stamina left beside it."""
    saved = save(home, deployed())
    at = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    board = pictures(text(at))[:4]  # Player 1's side on top on Player 2's phone, then their own
    assert [board[0], board[2]] == ["Warden Osk", "Engineer Talia Brisk"]
    assert board[1].startswith("Tidepup Gear 1 (Aquatic") and board[3].startswith("Isotusk Gear 1")
    assert at.button(key=f"rule_lt_lutura_{P1}_0").label == "Tidepup Gear 1"
    assert at.button(key=f"rule_lt_stats_{P1}_0").label == "Combat **2** · Stamina **4**/4"
    assert at.button(key=f"rule_lt_space_{P1}_1").label == "Space 2 · empty"
    title, _ = explains(at, f"rule_lt_lutura_{P2}_1")
    assert title == "Isotusk"


def test_a_face_down_strategy_is_a_picture_only_to_its_owner(home):
    """Its owner sees the card as printed, said to be seen by them alone; the other player sees
    a tap to the rule on face-down Strategies, and no picture of it."""
    saved = save(home, set_face_down(HAND_A, "fortify.1"))
    mine = screen(home, saved, seat_key(saved.key, saved.gid, P1))
    assert any(w.startswith("Fortify") for w in pictures(text(mine)))
    assert (
        mine.button(key=f"rule_lt_strategy_{P1}_0").label == "Fortify face down (only you see it)"
    )
    theirs = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert not any(w.startswith("Fortify") for w in pictures(text(theirs)))
    assert theirs.button(key=f"rule_lt_facedown_{P1}").label == "a Strategy lies face down"
    title, said = explains(theirs, f"rule_lt_facedown_{P1}")
    assert title == BOOK.ruling("strategy-facedown").topic and "Fortify" not in said
