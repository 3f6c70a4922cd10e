"""The chooser in a real browser at both tablet sizes: every game listed, big targets, new game."""

from __future__ import annotations

import pytest

from .conftest import TABLETS, shoot, small_buttons, wait_for_app
from .pages import on_tablet

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_chooser_lists_every_game_with_finger_sized_buttons(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        page.goto(server.url)
        wait_for_app(page)
        # Under load the script can report "not running" while the buttons are still being
        # drawn: wait for the five buttons themselves before reading the page's text.
        page.wait_for_function(
            "() => [...document.querySelectorAll('button')]"
            ".filter(b => b.innerText.includes('New game')).length === 5",
            timeout=30_000,
        )
        text = page.inner_text("body")
        for title in ("Moonlighter", "Vita Luna", "VA Card Game", "Luturas", "Riposte"):
            assert title in text
        assert "Not playable yet" not in text  # all five games play on the tablet
        assert text.count("New game") == 5
        shoot(page, f"chooser-{orientation}")
        assert small_buttons(page) == []
        page.get_by_role("button", name="New game").first.tap()
        page.wait_for_url("**/?game=*", timeout=30_000)
        wait_for_app(page)
        assert "game=" in page.url
