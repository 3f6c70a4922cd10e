"""One look for every card game (issue 31): Riposte, VA Card Game and Luturas opened at both tablet
sizes at a moment with action buttons, and measured in the page. The action buttons are as tall,
as large and as heavy in every game (within 1 px); no visible words are under 12 px; no heading
is cut short; the rules chips wrap in rows rather than one to a row; the app's seat is called
"Rival (the app)". A screenshot of each page: output/screenshots/one-look-<game>-<orientation>.

The measures come from one pass inside the page (Streamlit may redraw between two questions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion import registry
from companion.engine import Match

from . import pages
from .conftest import TABLETS
from .pages import has, on_tablet, press

pytestmark = pytest.mark.slow

AGAINST_THE_APP = {"opponent": "app", "strength": "easy"}
APP = "Rival (the app)"


def against_the_app(gid: str, chosen: dict[str, Any]) -> dict[str, Any]:
    """The options a game is started with when `chosen` at the chooser, against the app."""
    game = registry.entry(gid)
    assert game is not None and game.setup is not None
    return game.setup(chosen | AGAINST_THE_APP)


def riposte() -> Match:
    """Against the app, the draft done: the app lays its card, Player 1 lays theirs."""
    from tests.companion import test_app_riposte as rp

    return rp.drafted(options=against_the_app("riposte", rp.LEARNING))


def luturas() -> Match:
    """Against the app, Player 1's first turn, a hand to play from."""
    from tests.companion import test_app_luturas as lt

    return lt.dealt(options=against_the_app("luturas", {}))


def va_card_game() -> Match:
    """Two players, the opening heroes revealed: Player 1 declares, behind their cover."""
    from tests.companion import test_app_va_card_game as va

    return va.opened()


# game: (its CSS prefix, the match, the cover to pass, the key of an action button it offers)
GAMES: dict[str, tuple[str, Callable[[], Match], str | None, str]] = {
    "riposte": ("rp", riposte, None, "act_play_"),
    "va": ("va", va_card_game, "va_cover", "va_stance_"),
    "luturas": ("lt", luturas, None, "act_crystal_"),
}

MEASURE = """prefix => {
  const shown = e => e.checkVisibility({visibilityProperty: true})
                     && e.getBoundingClientRect().width > 0;
  const chip = b => b.closest("[class*='st-key-rule_']");
  const controls = document.querySelector(`.st-key-${prefix}_right`);
  const buttons = Array.from(controls.querySelectorAll("div[data-testid='stButton'] button"))
    .filter(b => shown(b) && !b.disabled && !chip(b))
    .map(b => { const words = getComputedStyle(b.querySelector('p') || b);
                return {label: b.innerText.trim().slice(0, 40),
                        height: b.getBoundingClientRect().height,
                        size: parseFloat(words.fontSize), weight: Number(words.fontWeight)}; });
  const small = Array.from(document.querySelectorAll('body *'))
    .filter(e => shown(e) && Array.from(e.childNodes)
                   .some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
    .filter(e => parseFloat(getComputedStyle(e).fontSize) < 12)
    .map(e => [e.textContent.trim().slice(0, 40), getComputedStyle(e).fontSize]);
  const headings = "h1, h2, h3, h4, h5, h6, [class*='-title'], [class*='-section'], .rules-kind";
  const clipped = Array.from(document.querySelectorAll(headings))
    .filter(e => shown(e) && e.scrollWidth > e.clientWidth + 1)
    .map(e => [e.innerText.trim().slice(0, 40), e.scrollWidth, e.clientWidth]);
  const rows = new Map();  // each row of chips: its box, and its chips' boxes
  for (const b of document.querySelectorAll("[class*='st-key-rule_'] button")) {
    if (!shown(b)) continue;
    const box = chip(b).parentElement;
    if (!rows.has(box)) rows.set(box, []);
    rows.get(box).push(b.getBoundingClientRect());
  }
  const stacked = [];
  for (const [box, chips] of rows) {
    if (chips.length < 2) continue;
    const lines = new Set(chips.map(r => Math.round(r.top / 4))).size;
    const widths = chips.map(r => r.width).sort((a, b) => a - b);
    if (widths[0] + widths[1] + 8 <= box.clientWidth && lines === chips.length)
      stacked.push([chips.length, box.clientWidth]);
  }
  return {buttons, small, clipped, stacked, text: document.body.innerText};
}"""


def measured(page, server, game: str, orientation: str) -> dict[str, Any]:
    """`game` opened at a moment with action buttons, checked and shot, and measured."""
    prefix, match, cover, action = GAMES[game]
    pages.open_saved(page, server.url, server.db, match())
    if cover is not None:
        press(page, cover)
    pages.settle(page)
    assert has(page, action), page.inner_text("body")[:400]
    pages.snap("one-look", page, f"{game}-{orientation}")
    return page.evaluate(MEASURE, prefix)


def same(values: list[float], within: float = 1.0) -> bool:
    return max(values) - min(values) <= within


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_the_card_games_share_one_look(server, browser, orientation):
    seen: dict[str, dict[str, Any]] = {}
    for game in GAMES:
        with on_tablet(browser, orientation) as page:
            seen[game] = found = measured(page, server, game, orientation)
        assert found["buttons"], f"{game}: no action buttons"
        assert found["small"] == [], f"{game}: words under 12 px"
        assert found["clipped"] == [], f"{game}: headings cut short"
        assert found["stacked"] == [], f"{game}: rules chips one to a row, though two fit"
    for game in ("riposte", "luturas"):  # against the app
        assert APP in seen[game]["text"], f"{game} does not call the app {APP!r}"
    buttons = [b for game in GAMES for b in seen[game]["buttons"]]
    for measure in ("height", "size", "weight"):
        values = {game: sorted({b[measure] for b in seen[game]["buttons"]}) for game in GAMES}
        print(f"{orientation}: action buttons' {measure} {values}")  # shown with -s
        assert same([b[measure] for b in buttons]), f"action buttons' {measure}: {values}"
