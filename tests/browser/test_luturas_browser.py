"""Luturas in a real browser at both tablet sizes: the coin, the opening hands behind their
covers, a turn with its hand and its disabled cards saying why, a Lutura deployed, an attack
worked out in words and answered; against the app in portrait. No sideways scroll and no touch
target under 44 px on any screen shot."""

from __future__ import annotations

from functools import partial

import pytest

from . import pages
from .conftest import TABLETS, wait_for_app
from .pages import has, on_tablet, press, press_all

pytestmark = pytest.mark.slow

FLOW = ("lt_cover", "act_pick_", "act_keep_", "act_pass_", "act_attack_", "act_deploy_",
        "act_crystal_", "act_end_", "act_draw_", "act_choose_", "act_deal", "act_toss")  # fmt: skip


start_game = partial(pages.start_game, "luturas")
snap = partial(pages.snap, "luturas")


def step(page, avoid: tuple[str, ...] = ()) -> str:
    """One tap of the shared tablet's flow: the first kind of button in FLOW on the page."""
    return pages.step(page, FLOW, avoid)


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_a_match_at_tablet_size(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        start_game(page, server.url)
        assert "Luturas · round 1, setting up" in page.inner_text("body")
        press_all(page, "act_toss", "act_choose_", "act_deal")
        assert "Pass the tablet to" in page.inner_text("body")
        snap(page, f"cover-{orientation}")
        press(page, "lt_cover")
        assert "keeps this hand" in page.inner_text("body")
        snap(page, f"hand-{orientation}")
        for _ in range(6):  # the other hand, the first draw, the first turn's cover
            if has(page, "act_end_"):
                break
            step(page)
        text = page.inner_text("body")
        assert "YOUR HAND (6)" in text.upper() and "Nobody attacks" not in text
        assert page.locator("[class*='st-key-no_lt_no_'] button").count() > 0  # cards that can't
        snap(page, f"turn-{orientation}")
        for _ in range(80):  # turns go on until a Lutura may attack
            if has(page, "act_attack_"):
                break
            step(page, avoid=("act_attack_",))
        text = page.inner_text("body")
        assert "attacks with" in text and "Stamina" in text  # the attack worked out in words
        snap(page, f"attack-{orientation}")
        press(page, "act_attack_")
        assert "attacks" in page.inner_text("body")
        snap(page, f"attacked-{orientation}")
        page.reload()
        wait_for_app(page)
        assert "Luturas · round" in page.inner_text("body")


def test_against_the_app_portrait(server, browser):
    """The app plays Rival's seat; nobody needs to look away; its plays are told in words."""
    with on_tablet(browser, "portrait") as page:
        start_game(page, server.url, "Against the app", "Easy")
        for _ in range(40):
            assert not has(page, "lt_cover")
            if "Rival deploys" in page.inner_text("body") or "Rival places" in page.inner_text(
                "body"
            ):
                break
            step(page)
        assert "Rival" in page.inner_text("body")
        snap(page, "app-portrait")


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_an_attack_answered_at_tablet_size(server, browser, orientation):
    """A saved match where Player 2's attack waits for Player 1's answer: the cover, then the
    answers with what the attack would do, then the answer given."""
    from tests.companion.test_app_luturas import attacked

    with on_tablet(browser, orientation) as page:
        pages.open_saved(page, server.url, server.db, attacked())
        assert "Player 1 may answer the attack." in page.inner_text("body")
        press(page, "lt_cover")
        assert "If let through:" in page.inner_text("body")
        snap(page, f"answer-{orientation}")
        press(page, "act_ability_0")
        assert "uses the ability" in page.inner_text("body")
