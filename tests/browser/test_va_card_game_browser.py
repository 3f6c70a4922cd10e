"""VA Card Game in a real browser at both tablet sizes: the coin, the deal, each opening hero placed
face down behind its cover and confirmed, the reveal, the first duel declared in secret and
explained, the equip step; the table's cards entered with the picker; no sideways scroll and no
touch target under 44 px on any screen shot."""

from __future__ import annotations

from functools import partial

import pytest

from . import pages
from .conftest import TABLETS
from .pages import has, on_tablet, press, press_all, settle

pytestmark = pytest.mark.slow


start_game = partial(pages.start_game, "va_card_game")
snap = partial(pages.snap, "va")


def place_opening(page) -> None:
    """Behind the cover: a hero, a piece of equipment, place it, confirm."""
    press_all(page, "va_cover", "va_hero_", "va_gear_", "va_place", "act_prepare_")


def declare(page, stance: str) -> None:
    press_all(page, "va_cover", f"va_stance_{stance}", "act_declare_")


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_the_opening_and_a_duel_at_tablet_size(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        start_game(page, server.url)
        assert "VA Card Game · setting up" in page.inner_text("body")
        press(page, "va_toss_0")
        assert "Player 1 wins the coin flip" in page.inner_text("body")
        press(page, "act_deal")
        assert "Pass the tablet to Player 1." in page.inner_text("body")
        snap(page, f"covered-{orientation}")
        press(page, "va_cover")
        assert "Your opening cards: take" in page.inner_text("body")
        press(page, "va_hero_")
        press(page, "va_gear_")
        snap(page, f"placing-{orientation}")
        press(page, "va_place")
        assert "cannot be taken back" in page.inner_text("body")
        snap(page, f"confirm-place-{orientation}")
        press(page, "act_prepare_")
        assert "Pass the tablet to Player 2." in page.inner_text("body")
        place_opening(page)
        text = page.inner_text("body")
        assert "Player 1 reveals" in text and "Player 2 reveals" in text
        assert "Turn 1: Player 1 declares first" in text
        press(page, "va_cover")
        press(page, "va_stance_attack")
        assert "Declare ATTACK, face down?" in page.inner_text("body")
        snap(page, f"declare-{orientation}")
        press(page, "act_declare_")
        assert "Player 1 has declared face down." in page.inner_text("body")
        declare(page, "block")
        text = page.inner_text("body")
        assert "DUEL JUST REVEALED" in text.upper() and "attacks for" in text
        snap(page, f"duel-{orientation}")
        press(page, "act_draw")
        press(page, "va_cover")
        assert "You drew " in page.inner_text("body") and has(page, "act_done_")
        snap(page, f"equip-{orientation}")
        press(page, "act_done_")
        page.reload()
        # the words once the reloaded page's first run has drawn them, not the page before it
        assert "Pass the tablet to Player 2." in settle(page)  # covers down


def test_the_tables_cards_are_entered_with_the_picker(server, browser):
    with on_tablet(browser, "landscape") as page:
        start_game(page, server.url, "Enter each card")
        press(page, "va_toss_1")
        assert "Pass the tablet to Player 2." in page.inner_text("body")
        press(page, "va_cover")
        for design in ("iron_monk", "storm_lancer", "ember_witch"):
            press(page, f"va_design_hero1_{design}")
        for design in ("broadsword", "broadsword", "war_paint"):
            press(page, f"va_design_gear1_{design}")
        snap(page, "entry-opening")
        press(page, "va_enter_done")
        press(page, "va_cover")
        for design in ("bastion_knight", "glass_fencer", "oak_warden"):
            press(page, f"va_design_hero0_{design}")
        for design in ("plumed_helm", "life_amulet", "hunting_spear"):
            press(page, f"va_design_gear0_{design}")
        press(page, "va_enter_done")
        text = page.inner_text("body")
        assert "Each player draws 3 hero cards and 3 equipment cards" in text
        press(page, "va_cover")
        assert "Iron Monk" in page.inner_text("body")  # Player 2's own hand, in private
        snap(page, "entry-placing")
