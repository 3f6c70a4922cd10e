"""Vita Luna in a real browser at both tablet sizes: place, attack one hit at a time, reload;
the secret bids; and a game against the app."""

from __future__ import annotations

import re
import time
from functools import partial

import pytest
from playwright.sync_api import expect

from . import pages
from .conftest import TABLETS, shoot, wait_for_app
from .pages import check_layout, keyed, on_tablet, steady_tap

pytestmark = pytest.mark.slow


start_game = partial(pages.start_game, "vita_luna")


def newest_log_line(page) -> str:
    match = re.search(r"^\s*(\d+)\.\s+(.+)$", page.inner_text("body"), re.MULTILINE)
    return f"{match[1]}. {match[2]}" if match else ""


def press(page, locator) -> None:
    """Tap a button that plays an action or moves the walk-through on, and wait for the page
    to show it (the log or the URL changes)."""
    before = (page.url, newest_log_line(page))
    steady_tap(page, lambda: locator, "the button")
    deadline = time.time() + 20
    while time.time() < deadline:
        wait_for_app(page)
        if (page.url, newest_log_line(page)) != before:
            return
        page.wait_for_timeout(150)
    raise AssertionError("the tap changed nothing")


def button(page, name: str):
    return page.get_by_role("button", name=name).first


def uncover(page) -> None:
    keyed(page, "vl_cover").tap()
    keyed(page, "vl_pick_").first.wait_for()
    wait_for_app(page)


def place(page, count: int) -> None:
    """Tap a card from the hand, then a free white position (or any), `count` times."""
    for _ in range(count):
        steady_tap(page, lambda: keyed(page, "vl_pick_").first, "a card in the hand")
        keyed(page, "act_place_").first.wait_for()
        wait_for_app(page)
        spots = keyed(page, "act_place_", "_white")
        press(page, spots.first if spots.count() else keyed(page, "act_place_").first)


def dealt(page, url: str) -> None:
    """A new game at `url`, the starting cards dealt and Player 1 attacking first: Player 1
    places next, behind the cover."""
    start_game(page, url)
    press(page, button(page, "Deal the starting cards"))
    press(page, button(page, "Player 1 attacks first"))


def walk_text(page) -> str:
    return page.locator(".vl-walk").inner_text()


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_a_battle_at_tablet_size(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        dealt(page, server.url)
        assert "Pass the tablet to Player 1." in page.inner_text("body")
        uncover(page)
        place(page, 2)
        steady_tap(page, lambda: keyed(page, "vl_pick_").first, "a card")  # positions offered
        keyed(page, "act_place_").first.wait_for()
        wait_for_app(page)
        check_layout(page)
        shoot(page, f"vita-luna-placing-{orientation}")
        place(page, 2)
        press(page, button(page, "Done placing"))
        uncover(page)
        place(page, 4)
        press(page, button(page, "Done placing"))
        text = page.inner_text("body")
        for words in ("Battle 1", "ATTACKER", "DEFENDER", "Player 1's turn", "Burn", "Log"):
            assert words in text
        check_layout(page)
        shoot(page, f"vita-luna-turn-{orientation}")
        press(page, button(page, "End moves / Attack"))
        first = walk_text(page)
        assert "PLAYER 1 ATTACKS · 1 OF" in first.upper()
        check_layout(page)
        shoot(page, f"vita-luna-attack-{orientation}")
        page.reload()
        wait_for_app(page)
        # the same hit is still on the screen, once restyled (a busy machine may show the
        # text before its stylesheet's capitals)
        expect(page.locator(".vl-walk")).to_have_text(first, use_inner_text=True)
        press(page, keyed(page, "vl_next"))
        assert walk_text(page) != first


def test_secret_bids_in_the_advanced_game(server, browser):
    with on_tablet(browser, "landscape") as page:
        start_game(page, server.url, "Advanced (bidding)")
        press(page, button(page, "Player 1 opens the bidding"))
        assert "Pass the tablet to Player 1." in page.inner_text("body")  # a sealed bid's pad
        keyed(page, "vl_cover").tap()
        keyed(page, "vl_bid_plus").wait_for()
        wait_for_app(page)
        for _ in range(4):
            keyed(page, "vl_bid_plus").tap()
            wait_for_app(page)
        page.locator(".st-key-act_bid_4_0").wait_for()
        press(page, button(page, "Confirm my bid of 4"))
        text = page.inner_text("body")
        assert "Pass the tablet to Player 2." in text and "bid of 4" not in text
        check_layout(page)
        shoot(page, "vita-luna-bid-covered")
        keyed(page, "vl_cover").tap()
        button(page, "Confirm my bid of 0").wait_for()
        press(page, button(page, "Confirm my bid of 0"))
        text = page.inner_text("body")
        assert "Player 1 bid\n4" in text and "Player 2 bid\n0" in text
        shoot(page, "vita-luna-bids-revealed")


def test_against_the_app_portrait(server, browser):
    with on_tablet(browser, "portrait") as page:
        start_game(page, server.url, "Against the app")
        press(page, button(page, "Deal the starting cards"))
        press(page, button(page, "Luna attacks first"))
        assert "LUNA (THE APP) PLACES ITS CREATURES" in walk_text(page).upper()
        shoot(page, "vita-luna-app-placed")
        press(page, keyed(page, "vl_next"))
        place(page, 6)
        for _ in range(8):  # the app may play a Singular card or move before its attack
            said = walk_text(page).upper()
            if "LUNA ATTACKS · 1 OF" in said:
                break
            assert "LUNA (THE APP)" in said, said
            press(page, keyed(page, "vl_next"))
        assert "LUNA ATTACKS · 1 OF" in walk_text(page).upper()
        check_layout(page)
        shoot(page, "vita-luna-app-attacks")
