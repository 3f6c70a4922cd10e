"""Moonlighter in a real browser at tablet sizes: play, reload, and a server killed mid-game."""

from __future__ import annotations

import re

import pytest

from .conftest import TABLETS, shoot, small_buttons, wait_for_app
from .pages import on_tablet

pytestmark = pytest.mark.slow

PLAYABLE = re.compile(r"for me|Place|Keep your|Next dungeon|Start again")  # map walks left out


def start_game(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    page.get_by_role("button", name="New game").first.tap()
    page.wait_for_url("**/?game=*", timeout=30_000)
    wait_for_app(page)


def play(page, taps: int) -> None:
    for _ in range(taps):
        page.get_by_role("button", name=PLAYABLE).first.tap()
        wait_for_app(page)


def newest_log_line(page) -> str:
    text = page.inner_text("body")
    match = re.search(r"^\s*(\d+)\.\s+(.+)$", text, re.MULTILINE)
    assert match, "no numbered log entry on the page"
    return f"{match[1]}. {match[2]}"


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_play_several_turns_at_tablet_size(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        start_game(page, server.url)
        play(page, 14)
        text = page.inner_text("body")
        for label in ("HEARTS", "POOL", "PAWN", "Dungeon 1 of 5", "Log"):
            assert label.lower() in text.lower()
        assert small_buttons(page) == []
        width = page.viewport_size["width"]
        overflow = page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= width + 1, "the page scrolls sideways"
        shoot(page, f"moonlighter-{orientation}")
        before = newest_log_line(page)
        page.reload()
        wait_for_app(page)
        assert newest_log_line(page) == before


def test_killing_the_server_mid_game_loses_nothing(server, browser):
    with on_tablet(browser, "landscape") as page:
        start_game(page, server.url)
        play(page, 8)
        before = newest_log_line(page)
        game_url = page.url
        server.kill()
        server.start()
        page.goto(game_url)
        wait_for_app(page)
        assert newest_log_line(page) == before
        play(page, 2)
        assert newest_log_line(page) != before
        shoot(page, "moonlighter-after-restart")
