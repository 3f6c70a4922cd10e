"""Riposte in a real browser at both tablet sizes: characters kept behind covers, the draft, the
first clash revealed; the table's cards entered with the picker; no sideways scroll and no touch
target under 44 px on any screen shot."""

from __future__ import annotations

from functools import partial

import pytest

from . import pages
from .conftest import TABLETS
from .pages import has, on_tablet, press, press_all, settle

pytestmark = pytest.mark.slow


start_game = partial(pages.start_game, "riposte")
snap = partial(pages.snap, "riposte")


FLOW = ("rp_cover", "rp_taken", "act_character_", "act_take_", "act_draw_", "act_play_")


def step(page) -> None:
    """One tap of the shared tablet's flow: a cover, a card put away, or the first choice."""
    pages.step(page, FLOW)


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_a_duel_at_tablet_size(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        start_game(page, server.url)
        assert "Riposte · setting up" in page.inner_text("body")
        press(page, "act_cast")
        assert "Pass the tablet to Player 1." in page.inner_text("body")
        press(page, "rp_cover")
        snap(page, f"choose-{orientation}")
        press_all(page, "act_character_", "rp_cover", "act_character_")
        assert "fights as" in page.inner_text("body")
        press(page, "act_deal")
        press(page, "rp_cover")
        assert "Your starting cards: take" in page.inner_text("body")
        snap(page, f"draft-{orientation}")
        for _ in range(40):  # the draft, each pick behind its player's cover
            if has(page, "act_play_"):
                break
            step(page)
        text = page.inner_text("body")
        assert "YOUR HAND, PLAYER" in text.upper() and "clash 1 of 4" in text
        snap(page, f"lay-{orientation}")
        press(page, "act_play_")
        assert "lays a card face down" in page.inner_text("body")
        snap(page, f"covered-{orientation}")
        press(page, "rp_cover")
        press(page, "act_play_")
        text = page.inner_text("body")
        assert "reveals" in text and "LAST CLASH" in text.upper()
        assert any(word in text for word in ("Strike", "Block", "Perfect block"))
        snap(page, f"clash-{orientation}")
        page.reload()
        # the words once the reloaded page's first run has drawn them, not the page before it
        assert "Pass the tablet to" in settle(page)  # a reload keeps the covers down


def test_the_tables_cards_are_entered_with_the_picker(server, browser):
    with on_tablet(browser, "landscape") as page:
        start_game(page, server.url, "Learning duel", "Enter each card")
        for design in ("slant", "bind", "feint"):
            press(page, f"rp_design_row_{design}")
        press(page, "rp_toss_0")
        snap(page, "entry-row")
        press_all(page, "rp_enter_done", "rp_cover", "rp_design_hand0_scissor_cut")
        snap(page, "entry-hand")
        press_all(
            page,
            "rp_design_hand0_twin_fangs",
            "rp_enter_done",
            "rp_cover",
            "rp_design_hand1_left_jab",
            "rp_design_hand1_crossguard",
            "rp_enter_done",
            "rp_cover",
            "rp_take_0",
        )
        assert "Which card did you turn up to fill the gap?" in page.inner_text("body")
        snap(page, "entry-refill")
        press(page, "rp_card_whirlwind")
        assert "Whirlwind is turned up to fill the gap." in page.inner_text("body")


def test_against_the_app_portrait(server, browser):
    """The app keeps its character and lays its card first; the table is told its cards."""
    with on_tablet(browser, "portrait") as page:
        start_game(page, server.url, "Learning duel", "Against the app", "Easy")
        press(page, "act_deal")
        assert not has(page, "rp_cover")  # against the app nobody needs to look away
        for _ in range(12):
            if has(page, "act_play_"):
                break
            press(page, "act_take_" if has(page, "act_take_") else "act_draw_")
        text = page.inner_text("body")
        assert "Rival (the app) has laid a card face down." in text
        snap(page, "app-portrait")
        press(page, "act_play_")
        assert "From the stock, lay" in page.inner_text("body")
        snap(page, "app-revealed-portrait")
