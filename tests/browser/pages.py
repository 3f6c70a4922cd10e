"""Driving a game's page in the real browser, as the browser tests of every card game do: start a
game at the chooser, find a button by its key, tap it and wait until the page has changed, and
check and shoot a screen (no touch target under 44 px, no sideways scroll)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

from .conftest import shoot, small_buttons, tablet, wait_for_app


@contextmanager
def on_tablet(browser, orientation: str) -> Iterator:
    """A new page at the tablet size of `orientation`, in a browser context of its own that is
    closed however the test ends."""
    context, page = tablet(browser, orientation)
    try:
        yield page
    finally:
        context.close()


def start_game(gid: str, page, url: str, *choices: str) -> None:
    """A new game of `gid` from the chooser at `url`, with the option buttons named `choices`
    (a game's tests bind `gid`: `start_game = partial(pages.start_game, "riposte")`)."""
    page.goto(url)
    wait_for_app(page)
    for choice in choices:  # the game's options on its card in the chooser
        options = page.locator(f"[class*='st-key-opt_{gid}_']")  # other games offer the same
        options.get_by_role("radio", name=choice).tap()
        wait_for_app(page)
    page.locator(f".st-key-new_{gid} button").tap()
    page.wait_for_url("**/?game=*", timeout=30_000)
    wait_for_app(page)


def open_saved(page, url: str, db, match) -> None:
    """`match` saved in the server's database `db` and opened at `url` as the table's device."""
    from companion import links
    from companion.store import GameStore

    store = GameStore(db)
    gid = store.create(match)
    page.goto(f"{url}/?{links.GAME}={gid}&{links.KEY}={store.grant(gid)}")
    wait_for_app(page)


def keyed(page, prefix: str, suffix: str = ""):
    """The buttons keyed `prefix...` (and containing `suffix`)."""
    return page.locator(
        f"[class*='st-key-{prefix}']{f'[class*={suffix!r}]' if suffix else ''} button"
    )


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


def steady_tap(page, find: Callable[[], Locator], what: str) -> None:
    """Tap what `find()` locates. On a loaded machine a button may be redrawn under the finger
    (detached from the page between scrolling and tapping), or still disabled while the last
    tap's rerun finishes: it is found again until it takes the tap (at most 30 s)."""
    deadline = time.time() + 30
    while time.time() < deadline:
        target = find()
        try:
            target.scroll_into_view_if_needed(timeout=5_000)
            target.tap(timeout=5_000)
            return
        except PlaywrightError:
            settle(page)
    raise AssertionError(f"{what} could not be tapped in 30 s")


def press(page, prefix: str, index: int = 0) -> None:
    """Tap the button keyed `prefix...` and wait until the page has changed and settled."""
    before = settle(page)
    steady_tap(page, lambda: keyed(page, prefix).nth(index), prefix)
    deadline = time.time() + 30
    while time.time() < deadline:
        if settle(page) != before:
            return
        page.wait_for_timeout(150)
    raise AssertionError(f"tapping {prefix} changed nothing")


def press_all(page, *prefixes: str) -> None:
    """Tap the buttons keyed `prefixes`, one after the other, each when the last has settled."""
    for prefix in prefixes:
        press(page, prefix)


def check_layout(page) -> None:
    """No visible touch target under 44 px, and no sideways scroll."""
    settle(page)
    found = small_buttons(page)
    if found:  # a page caught mid-redraw can show a button half drawn: look once it settles
        settle(page)
        found = small_buttons(page)
    assert found == [], f"buttons under 44 px: {found}"
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, "sideways scroll"


def top(page) -> None:
    """Scroll back to the top of the page, for the screenshot."""
    page.evaluate(
        "document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; });"
        "window.scrollTo(0, 0);"
    )
    page.wait_for_timeout(150)


def snap(game: str, page, name: str) -> None:
    """The layout checked, then output/screenshots/<game>-<name>.png from the top of the page."""
    check_layout(page)
    top(page)
    shoot(page, f"{game}-{name}")


def step(page, flow: tuple[str, ...], avoid: tuple[str, ...] = ()) -> str:
    """One tap of the shared tablet's flow: the first kind of button in `flow` on the page (and
    not in `avoid`); the kind tapped."""
    for prefix in flow:
        if prefix not in avoid and has(page, prefix):
            press(page, prefix)
            return prefix
    raise AssertionError("nothing to tap: " + page.inner_text("body")[:400])
