"""Live scanning, the server's side, driven headless (AppTest): the frames the camera component
sends (base64 JPEG text) are read with the photo's zxing-cpp path; a frame holding no code is
silent, a frame holding a card's code reaches the page's photo handler once (the same card held
still is not handed over again), and a corrupt frame is one line, never a traceback. And the
Scan control: live at first, with "Take a photo instead" leading to the photo button.

The component's JavaScript (the video, the frames it sends) runs only in a browser:
tests/browser/test_live_scan_browser.py drives it."""

from __future__ import annotations

import base64
import io

import numpy as np
from PIL import Image
from streamlit.testing.v1 import AppTest

from companion.screens import live_scan
from companion.screens.keys import FLASH

from .camera import photograph, shot
from .shipped import faces
from .test_scan_pages import TABLET


def _frames_script() -> None:
    """Hands each frame in `frames` (base64 text) to `live_scan.handle`, seen at the time
    given beside it; what reaches the handler is kept in `got`."""
    import streamlit as st

    from companion.screens import live_scan

    got = st.session_state.setdefault("got", [])
    for jpeg, now in st.session_state.pop("frames", []):
        live_scan.handle("t_scan", jpeg, got.append, now)


def _send(at: AppTest, *frames: tuple[str, float]) -> AppTest:
    at.session_state["frames"] = list(frames)
    at.run()
    assert not at.exception, at.exception
    return at


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _card_frame() -> bytes:
    face = faces("riposte", "combat_card")["scissor_cut"]
    rng = np.random.default_rng(7)
    take = shot(rng, TABLET)
    steady = {"card_share": 0.9, "blur": 0.4, "light": 0.9, "angle": 3.0, "mirrored": False}
    return photograph(face, type(take)(**{**take.__dict__, **steady}), rng)


def _empty_frame() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (640, 480), "#5A4C3E").save(out, "JPEG", quality=85)
    return out.getvalue()


def _app() -> AppTest:
    at = AppTest.from_function(_frames_script, default_timeout=60)
    at.run()
    return at


def _flash(at: AppTest) -> str | None:
    """The line the page would show (AppTest's session state has no `get`)."""
    try:
        return at.session_state[FLASH]
    except KeyError:
        return None


def test_a_frame_with_no_code_is_silent():
    at = _send(_app(), (_b64(_empty_frame()), 0.0))
    assert at.session_state["got"] == []
    assert _flash(at) is None
    assert live_scan.REDRAW not in at.session_state  # not even the page redrawn


def test_a_card_reaches_the_handler_once_while_it_is_held_up():
    card = _card_frame()
    at = _send(_app(), (_b64(card), 100.0))
    assert at.session_state["got"] == [card]  # the frame, handed over as a photo would be
    assert at.session_state[live_scan.REDRAW] is True
    at = _send(at, (_b64(card), 100.5), (_b64(card), 101.5), (_b64(card), 103.0))
    assert len(at.session_state["got"]) == 1  # held still: each sighting renews the hold
    at = _send(at, (_b64(_empty_frame()), 104.0))  # lowered: frames with no code say nothing
    at = _send(at, (_b64(card), 103.0 + live_scan.HOLD_SECONDS + 0.1))
    assert len(at.session_state["got"]) == 2  # out of sight long enough: read again


def test_a_corrupt_frame_is_one_line():
    assert "\n" not in live_scan.UNREADABLE
    for broken in ("not base64 at all!", _b64(b"\xff\xd8\xff garbage, no JPEG"), "", None):
        at = _send(_app(), (broken, 0.0))  # type: ignore[arg-type]
        assert _flash(at) == live_scan.UNREADABLE
        assert at.session_state["got"] == []


def _control_script() -> None:
    import streamlit as st

    from companion.screens import scanner

    scanner.control("t_scan", 4, "Scan the card", st.session_state.setdefault("got", []).append)


def test_the_scan_control_is_live_with_the_photo_button_kept():
    at = AppTest.from_function(_control_script, default_timeout=30)
    at.run()
    assert not at.camera_input  # the camera stays closed until Scan is tapped
    at.button(key="t_scan_open").click().run()
    assert not at.camera_input  # live: the component, no photo button
    assert [b.key for b in at.button] == ["t_scan_photo", "t_scan_close"]
    at.button(key="t_scan_photo").click().run()
    assert [c.key for c in at.camera_input] == ["t_scan_4"]
    assert [b.key for b in at.button] == ["t_scan_live_again", "t_scan_close"]
    at.button(key="t_scan_live_again").click().run()
    assert not at.camera_input
    assert not at.exception


def test_no_video_falls_back_to_the_photo_button_with_the_reason():
    """What the component's "failed" report leads to: the reason, then the photo button."""
    at = AppTest.from_function(_control_script, default_timeout=30)
    at.run()
    at.button(key="t_scan_open").click().run()
    at.session_state[live_scan.PHOTO] = "No camera was found: take a photo instead."
    at.run()
    assert [c.key for c in at.camera_input] == ["t_scan_4"]
    assert [c.value for c in at.caption] == ["No camera was found: take a photo instead."]
