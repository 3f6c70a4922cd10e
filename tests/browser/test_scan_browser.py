"""The camera at the table, in a real browser: chromium's fake camera plays a video of a printed
Riposte card, a tap on Scan, on "Take a photo instead" (it scans live at first:
test_live_scan_browser.py) and on Take Photo, and the card is entered in the draft row.

The video (a .y4m file) is made from the card's rendered PNG face, held a little turned and
filling most of the frame, as a player holds a card up to a tablet's camera.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.codes.shipped import faces

from .conftest import CHROMIUM, CHROMIUM_ARGS, shoot, wait_for_app
from .pages import settle, steady_tap
from .test_riposte_browser import start_game

pytestmark = pytest.mark.slow

FRAME = (1280, 960)
FRAMES = 6


def _frame(face: Image.Image, turn: float) -> Image.Image:
    """The card on a dim table, filling most of the frame, turned by `turn` degrees."""
    frame = Image.new("RGB", FRAME, "#5A4C3E")
    height = int(FRAME[1] * 0.95)
    card = face.resize((height * face.width // face.height, height)).convert("RGBA")
    card = card.rotate(turn, expand=True, resample=Image.Resampling.BICUBIC)
    frame.paste(card, ((FRAME[0] - card.width) // 2, (FRAME[1] - card.height) // 2), card)
    return frame


def write_y4m(path: Path, frames: list[Image.Image]) -> Path:
    """Frames as a YUV4MPEG2 video (4:2:0), which chromium's fake camera plays in a loop."""
    width, height = frames[0].size
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            y, u, v = (np.asarray(band) for band in frame.convert("YCbCr").split())
            out.write(b"FRAME\n")
            out.write(y.tobytes())
            for chroma in (u, v):  # 4:2:0: one sample per 2 x 2 block, averaged
                quarter = chroma.reshape(height // 2, 2, width // 2, 2).mean(axis=(1, 3))
                out.write(quarter.round().astype(np.uint8).tobytes())
    return path


def test_a_card_held_up_to_the_camera_is_entered(server, playwright, tmp_path: Path) -> None:
    face = faces("riposte", "combat_card")["scissor_cut"]
    video = write_y4m(tmp_path / "card.y4m",
                      [_frame(face, turn) for turn in np.linspace(-4, 4, FRAMES)])  # fmt: skip
    args = [*CHROMIUM_ARGS, "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"]  # fmt: skip
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
    try:
        context = browser.new_context(viewport={"width": 1024, "height": 768},
                                      has_touch=True, permissions=["camera"])  # fmt: skip
        page = context.new_page()
        start_game(page, server.url, "Learning duel", "Enter each card")
        assert "The draft row turned up (0 of 3)" in settle(page)
        scan = "[class*='st-key-rp_scan_row_'][class*='_open'] button"
        steady_tap(page, lambda: page.locator(scan), "Scan")
        wait_for_app(page)
        take = page.get_by_role("button", name="Take Photo")
        instead = page.get_by_role("button", name="Take a photo instead")  # it scans live first
        for _ in range(4):  # a tap a rerun swallowed on a busy machine is made again
            if instead.count():
                steady_tap(page, lambda: instead.first, "Take a photo instead")
                wait_for_app(page)
            try:
                take.wait_for(timeout=20_000)  # the camera starts slowly on a busy machine
                break
            except PlaywrightTimeout:
                continue
        take.wait_for(timeout=20_000)
        page.wait_for_function(  # the fake camera's video is playing
            "() => { const v = document.querySelector('video');"
            " return v && v.readyState >= 2 && v.videoWidth > 0; }",
            timeout=60_000,
        )
        shoot(page, "riposte-scan-camera")
        # Live scanning ran from the Scan tap to "Take a photo instead", and on a busy machine
        # it may have read the card in that second: the photo then enters a second copy.
        entered = 1 if "The draft row turned up (1 of 3)" in settle(page) else 0
        take.click()
        want = f"The draft row turned up ({entered + 1} of 3)"
        page.wait_for_function(f"() => document.body.innerText.includes({want!r})", timeout=60_000)
        text = settle(page)
        assert f"{want}: {', '.join(['Scissor Cut'] * (entered + 1))}" in text, text[:400]
        shoot(page, "riposte-scan-entered")
    finally:
        browser.close()
