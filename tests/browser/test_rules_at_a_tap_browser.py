"""The rulebook at a tap in a real browser, at both tablet sizes: tapping a card on the board, a
status card, a room on the map opens the rules; refusals stay on screen with their reason; names
and epic badges are never broken mid-word or cut; every text is WCAG AA readable (4.5:1, large
text 3:1), measured on the page; and the chooser's import bar is finger-sized.

Screenshots go to output/screenshots/rules-*.png.
"""

from __future__ import annotations

import pytest

from .conftest import TABLETS, shoot, small_buttons, wait_for_app
from .pages import check_layout, on_tablet, steady_tap, top
from .test_vita_luna_browser import button, dealt, place, press, uncover

pytestmark = pytest.mark.slow

# Each visible text's colour against the background it is drawn on (the first opaque one up the
# tree, blended), as WCAG 2.1 measures it; disabled controls are exempt (WCAG 1.4.3), and so is
# the SVG drawing, whose colours its own pure tests check.
CONTRAST_JS = """
() => {
  const parse = c => { const m = c.match(/[\\d.]+/g).map(Number);
                       return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = c => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  const over = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a),
                                 g: top.g * top.a + under.g * (1 - top.a),
                                 b: top.b * top.a + under.b * (1 - top.a), a: 1});
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg.a > 0) { layers.push(bg); if (bg.a >= 1) break; }
    }
    let colour = {r: 255, g: 255, b: 255, a: 1};
    for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
    return colour;
  };
  const found = [];
  const worst = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || el.closest('button:disabled') || el.closest('[aria-hidden="true"]'))
      continue;
    const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent)
                                     .join('').trim();
    if (!text) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === 'hidden') continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    if (opacity === 0) continue;
    const bg = background(el);
    const fg = over(parse(style.color), bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const needed = large ? 3 : 4.5;
    found.push(ratio);
    if (ratio < needed) worst.push(`${ratio.toFixed(2)} < ${needed}: ${text.slice(0, 40)}`);
  }
  return {count: found.length, lowest: Math.min(...found), failures: worst};
}
"""

# A word of a button's label laid out on two lines was broken in the middle ("Scorpi/on").
BROKEN_WORDS_JS = """
() => {
  const broken = [];
  const unseen = el => { for (let e = el; e; e = e.parentElement)
                           if (getComputedStyle(e).opacity === '0') return true; return false; };
  for (const p of document.querySelectorAll('button p, .vl-slot, .ml-card')) {
    if (!p.getClientRects().length || unseen(p)) continue;
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.ml-hearts')) continue;  // hearts wrap one by one
      const re = /\\S+/g; let m;
      while ((m = re.exec(node.textContent))) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}
"""

# Every epic badge's word fits its badge, and every creature's name fits its card.
CUT_BADGES_JS = """
() => {
  const cut = [];
  let badges = 0;
  for (const text of document.querySelectorAll('.vl-board text')) {
    const rect = text.previousElementSibling;
    if (rect && rect.tagName === 'rect' && rect.getAttribute('rx') === '6') {
      badges += 1;
      if (text.getComputedTextLength() > rect.width.baseVal.value - 2)
        cut.push(text.textContent);
    } else if (text.getAttribute('fill') === '#FFFFFF' && text.getAttribute('font-weight') === '800'
               && text.getComputedTextLength() > 144) {
      cut.push(text.textContent);
    }
  }
  return {badges, cut};
}
"""


def contrast(page) -> dict:
    return page.evaluate(CONTRAST_JS)


def assert_readable(page) -> dict:
    measured = contrast(page)
    assert measured["count"] > 20
    assert measured["failures"] == [], measured["failures"]
    return measured


def open_dialog(page, key: str) -> str:
    steady_tap(page, lambda: page.locator(f".st-key-{key} button").first, key)
    dialog = page.get_by_role("dialog")
    dialog.wait_for()
    wait_for_app(page)
    return dialog.inner_text()


def close_dialog(page) -> None:
    page.locator(".st-key-rule_close button").tap()  # the dialog's own Close (× closes too)
    page.get_by_role("dialog").wait_for(state="detached")
    wait_for_app(page)


def start_moonlighter(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    page.locator(".st-key-new_moonlighter button").tap()
    page.wait_for_url("**/?game=*", timeout=30_000)
    wait_for_app(page)


def tap_key(page, key: str) -> None:
    steady_tap(page, lambda: page.locator(f".st-key-{key} button").first, key)
    wait_for_app(page)


def play_key(page, key: str) -> None:
    """Tap an action's button and wait until it is gone: each of Moonlighter's walk-through
    actions is taken once, so its button leaves the page when the tap has been played. (Waiting
    only for the script to be idle can return before the tap's rerun has begun, and the next
    tap then lands on a page about to be redrawn; on a busy machine a full run lost a tap so.)"""
    tap_key(page, key)
    page.locator(f".st-key-{key}").first.wait_for(state="detached", timeout=30_000)
    wait_for_app(page)


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_moonlighter_rules_at_a_tap(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        start_moonlighter(page, server.url)
        for key in ("act_roll_tile_v9", "act_place_tile_x1_y0", "act_roll_loot_v1",
                    "act_take_pawn", "act_move_x0_y0", "act_roll_tile_v6"):  # fmt: skip
            play_key(page, key)
        for cell in page.locator("[class*='st-key-act_place_tile'] button").all():
            box = cell.bounding_box()
            assert box and min(box["width"], box["height"]) >= 44, box  # a finger's square
        tap_key(page, "act_place_tile_x-1_y0")  # the black room: locked in
        check_layout(page)  # looked at again once settled: a dialog mid-animation measured 14 px
        assert page.evaluate(BROKEN_WORDS_JS) == []
        assert page.locator(".st-key-no_leave_room button").is_disabled()
        assert "You are locked in" in page.locator(".rules-why").first.inner_text()
        measured = assert_readable(page)
        top(page)
        shoot(page, f"rules-moonlighter-{orientation}")
        text = open_dialog(page, "rule_ml_card_pawn")
        assert "Bossbreaker" in text and "Does the red pawn help against ordinary enemies?" in text
        assert_readable(page)
        shoot(page, f"rules-moonlighter-pawn-{orientation}")
        close_dialog(page)
        text = open_dialog(page, "rule_why_leave_room")
        assert "Walking out of a fight" in text and "locked in" in text
        close_dialog(page)
        text = open_dialog(page, "rule_ml_card_rules")
        page.get_by_role("dialog").locator("input").fill("pool")
        page.keyboard.press("Enter")
        wait_for_app(page)
        assert "Healing pool" in page.get_by_role("dialog").inner_text()
        shoot(page, f"rules-moonlighter-panel-{orientation}")
        close_dialog(page)
        print(f"moonlighter {orientation}: {measured['count']} texts, lowest contrast "
              f"{measured['lowest']:.2f}")  # fmt: skip


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_vita_luna_rules_at_a_tap(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        dealt(page, server.url)
        uncover(page)
        place(page, 4)
        press(page, button(page, "Done placing"))
        uncover(page)
        place(page, 4)
        press(page, button(page, "Done placing"))
        assert small_buttons(page) == []
        assert page.evaluate(BROKEN_WORDS_JS) == []
        badges = page.evaluate(CUT_BADGES_JS)
        assert badges["cut"] == []
        measured = assert_readable(page)
        top(page)
        shoot(page, f"rules-vita-luna-turn-{orientation}")
        creature = page.locator("[class*='st-key-rule_vl_at_0_white_'] button").first
        name = creature.get_attribute("aria-label") or creature.inner_text()
        key = creature.locator("xpath=..").get_attribute("class") or ""
        overlay = creature.bounding_box()
        assert overlay and overlay["width"] > 60 and overlay["height"] > 50  # a card-sized target
        creature.tap()
        dialog = page.get_by_role("dialog")
        dialog.wait_for()
        wait_for_app(page)
        text = dialog.inner_text()
        assert "CREATURE" in text.upper() and "Attack" in text and name.split(":")[0] in text
        assert_readable(page)
        shoot(page, f"rules-vita-luna-creature-{orientation}")
        close_dialog(page)
        epic = page.locator("[class*='st-key-rule_vl_epic_'] button").first
        if epic.count():
            epic.tap()
            page.get_by_role("dialog").wait_for()
            wait_for_app(page)
            assert "EPIC" in page.get_by_role("dialog").inner_text().upper()
            close_dialog(page)
        assert key  # the overlay sat in its keyed box
        print(f"vita luna {orientation}: {measured['count']} texts, lowest contrast "
              f"{measured['lowest']:.2f}, {badges['badges']} epic badges whole")  # fmt: skip


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_the_import_bar_is_finger_sized(server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        page.goto(server.url)
        wait_for_app(page)
        bar = page.get_by_text("Import a saved game (.json)")
        bar.scroll_into_view_if_needed()
        summary = page.locator("[data-testid='stExpander'] summary").last
        assert summary.bounding_box()["height"] >= 44
        bar.tap()
        browse = page.locator("[data-testid='stFileUploader'] button").first
        browse.wait_for()
        browse.scroll_into_view_if_needed()
        assert browse.bounding_box()["height"] >= 44
        shoot(page, f"rules-import-bar-{orientation}")
