"""Riposte in a real browser at both tablet sizes: characters kept behind covers, the draft, the
first clash revealed; the table's cards entered with the picker; no sideways scroll and no touch
target under 44 px on any screen shot."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from .conftest import TABLETS, shoot, small_buttons, tablet, wait_for_app

pytestmark = pytest.mark.slow


def start_game(page, url: str, *choices: str) -> None:
    page.goto(url)
    wait_for_app(page)
    for choice in choices:  # the game's options on its card in the chooser
        page.locator("[class*='st-key-opt_riposte_']").get_by_role("radio", name=choice).tap()
        wait_for_app(page)
    page.locator(".st-key-new_riposte button").tap()
    page.wait_for_url("**/?game=*", timeout=30_000)
    wait_for_app(page)


def keyed(page, prefix: str):
    return page.locator(f"[class*='st-key-{prefix}'] button")


def has(page, prefix: str) -> bool:
    return keyed(page, prefix).count() > 0


def settle(page) -> str:
    """Wait until the script has run and the page's words hold still; return them."""
    said = ""
    for _ in range(40):
        wait_for_app(page)
        now = page.inner_text("body")
        if now == said:
            return now
        said = now
        page.wait_for_timeout(250)
    return said


def press(page, prefix: str, index: int = 0) -> None:
    """Tap the button keyed `prefix...` and wait until the page has changed and settled."""
    before = settle(page)
    for _ in range(3):
        button = keyed(page, prefix).nth(index)
        try:
            button.scroll_into_view_if_needed(timeout=5_000)
            button.tap(timeout=5_000)
            break
        except PlaywrightError:  # redrawn under the finger: find it again
            settle(page)
    deadline = time.time() + 20
    while time.time() < deadline:
        if settle(page) != before:
            return
        page.wait_for_timeout(150)
    raise AssertionError(f"tapping {prefix} changed nothing")


def check_layout(page) -> None:
    settle(page)
    assert small_buttons(page) == []
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, "sideways scroll"


def top(page) -> None:
    """Scroll back to the top of the page, for the screenshot."""
    page.evaluate(
        "document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; });"
        "window.scrollTo(0, 0);"
    )
    page.wait_for_timeout(150)


def snap(page, name: str) -> None:
    check_layout(page)
    top(page)
    shoot(page, f"riposte-{name}")


def step(page) -> None:
    """One tap of the shared tablet's flow: a cover, a card put away, or the first choice."""
    for prefix in ("rp_cover", "rp_taken", "act_character_", "act_take_", "act_draw_",
                   "act_play_"):  # fmt: skip
        if has(page, prefix):
            press(page, prefix)
            return
    raise AssertionError("nothing to tap: " + page.inner_text("body")[:400])


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_a_duel_at_tablet_size(server, browser, orientation):
    context, page = tablet(browser, orientation)
    try:
        start_game(page, server.url)
        assert "Riposte · setting up" in page.inner_text("body")
        press(page, "act_cast")
        assert "Pass the tablet to Player 1." in page.inner_text("body")
        press(page, "rp_cover")
        snap(page, f"choose-{orientation}")
        press(page, "act_character_")
        press(page, "rp_cover")
        press(page, "act_character_")
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
        wait_for_app(page)
        assert "Pass the tablet to" in page.inner_text("body")  # a reload keeps the covers down
    finally:
        context.close()


def test_the_tables_cards_are_entered_with_the_picker(server, browser):
    context, page = tablet(browser, "landscape")
    try:
        start_game(page, server.url, "Learning duel", "Enter each card")
        for design in ("slant", "bind", "feint"):
            press(page, f"rp_design_row_{design}")
        press(page, "rp_toss_0")
        snap(page, "entry-row")
        press(page, "rp_enter_done")
        press(page, "rp_cover")
        press(page, "rp_design_hand0_scissor_cut")
        snap(page, "entry-hand")
        press(page, "rp_design_hand0_twin_fangs")
        press(page, "rp_enter_done")
        press(page, "rp_cover")
        press(page, "rp_design_hand1_left_jab")
        press(page, "rp_design_hand1_crossguard")
        press(page, "rp_enter_done")
        press(page, "rp_cover")
        press(page, "rp_take_0")
        assert "Which card did you turn up to fill the gap?" in page.inner_text("body")
        snap(page, "entry-refill")
        press(page, "rp_card_whirlwind")
        assert "Whirlwind is turned up to fill the gap." in page.inner_text("body")
    finally:
        context.close()


def test_against_the_app_portrait(server, browser):
    """The app keeps its character and lays its card first; the table is told its cards."""
    context, page = tablet(browser, "portrait")
    try:
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
    finally:
        context.close()
