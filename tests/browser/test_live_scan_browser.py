"""Live scanning in a real browser: chromium's fake camera plays a video of a printed Riposte card
(made here from the card's rendered face, as a .y4m file), a tap on Scan, and the card is
entered in the draft row with no further tap, at tablet size; closing the camera stops it.

Linux chromium has no `BarcodeDetector` (and no browser's lists Micro QR, the cards' code), so
what this exercises is the path every browser takes today: the component sends frames as JPEGs
and the server reads them with zxing-cpp.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.codes.shipped import faces

from .conftest import CHROMIUM, CHROMIUM_ARGS, shoot, small_buttons, wait_for_app
from .pages import settle
from .test_riposte_browser import start_game
from .test_scan_browser import _frame, write_y4m

pytestmark = pytest.mark.slow


def camera(playwright, video: Path):
    """A chromium of its own whose camera plays `video` (the session's browser has no camera),
    and a tablet-sized page in it with the camera allowed."""
    args = [*CHROMIUM_ARGS, "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"]  # fmt: skip
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True,
                                  permissions=["camera"])  # fmt: skip
    return browser, context.new_page()


def test_a_card_held_up_is_entered_without_a_tap(server, playwright, tmp_path: Path) -> None:
    face = faces("riposte", "combat_card")["scissor_cut"]
    video = write_y4m(tmp_path / "card.y4m",
                      [_frame(face, turn) for turn in np.linspace(-3, 3, 4)])  # fmt: skip
    browser, page = camera(playwright, video)
    try:
        start_game(page, server.url, "Learning duel", "Enter each card")
        assert "The draft row turned up (0 of 3)" in settle(page)
        page.locator("[class*='st-key-rp_scan_row_'][class*='_open'] button").tap()
        page.wait_for_function(  # the live camera's video is playing in the component
            "() => [...document.querySelectorAll('[data-testid^=stBidiComponent]')]"
            ".some(c => { const v = (c.shadowRoot || c).querySelector('video');"
            " return v && v.readyState >= 2 && v.videoWidth > 0; })",
            timeout=60_000,
        )
        assert page.get_by_role("button", name="Take Photo").count() == 0  # no photo button
        page.wait_for_function(  # no tap: the frames are read until the card is found
            "() => document.body.innerText.includes('The draft row turned up (1 of 3)')",
            timeout=60_000,
        )
        text = settle(page)
        assert "The draft row turned up (1 of 3): Scissor Cut" in text
        page.wait_for_timeout(3_000)  # the card is still held up: it is not entered again
        text = settle(page)
        assert "The draft row turned up (1 of 3): Scissor Cut" in text, text
        assert "Scissor Cut, Scissor Cut" not in text
        assert not small_buttons(page)
        shoot(page, "riposte-live-scan")
        page.evaluate(  # the camera's stream, kept to see it stopped once the camera is closed
            "() => { window.liveStream = [...document.querySelectorAll("
            "'[data-testid^=stBidiComponent]')].map(c => (c.shadowRoot || c)"
            ".querySelector('video')).find(v => v && v.srcObject).srcObject; }"
        )
        page.get_by_role("button", name="Close the camera").tap()
        page.wait_for_function(
            "() => window.liveStream.getTracks().every(t => t.readyState === 'ended')",
            timeout=30_000,
        )
    finally:
        browser.close()


def test_without_a_camera_the_photo_button_is_shown(server, browser) -> None:
    """The session's browser has no camera: the component says so and the photo button comes."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    try:
        start_game(page, server.url, "Learning duel", "Enter each card")
        page.locator("[class*='st-key-rp_scan_row_'][class*='_open'] button").tap()
        wait_for_app(page)
        page.get_by_role("button", name="Back to live scanning").wait_for(timeout=60_000)
        text = settle(page)
        assert "take a photo instead" in text.lower(), text
        assert page.get_by_test_id("stCameraInput").count() == 1
    finally:
        context.close()
