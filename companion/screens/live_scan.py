"""Live scanning: the camera's video in the page, read a few times a second, and a card filled
in as soon as its code is read, without a tap on a photo button.

A Streamlit component (components v2, inline: no build step) opens the camera with
`getUserMedia` and, a few times a second, sends a frame to the server as a JPEG (at most one
every `EVERY_MS`, and never while the last one is still being handled: the server echoes the id
of the frame it handled in the component's data). The server reads it with the same zxing-cpp
path as a photo (`companion.scan.photo`): a frame holding no code is silent; a frame holding a
code goes to the page's own photo handler, exactly as a photo would, and the page is redrawn.

Card codes are Micro QR, which the browsers' `BarcodeDetector` does not list among its formats
(qr_code, data_matrix ...): the component uses it to send only frames holding a code when the
browser offers a Micro QR format (`FORMATS`), and otherwise sends every frame, as it does on
every browser today.

A card held still after it was taken must not be entered twice: a read is ignored while it is
the same as the last one and was seen less than `HOLD_SECONDS` ago, whatever the page's moment
(taking a card moves the page on, and the card is still in front of the camera); each sighting
renews it, so a card is read again only once it has been out of sight for a moment. A refusal is
said once, not every frame, for the same reason.

If the browser gives no video (no camera, the camera refused, not a secure context), the
component says why in one line and reports it: the control (`scanner.control`) then shows the
photo button instead, with that line.
"""

from __future__ import annotations

import base64
import binascii
import time
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from companion.scan.photo import PhotoError, codes_in
from companion.screens.keys import FLASH

PHOTO = "scan_photo"  # why this session takes photos instead of scanning live ("": chosen)
REDRAW = "scan_live_redraw"  # a frame was taken (or said something): redraw the whole page
HOLD_SECONDS = 2.5  # a read seen again this soon after is the same card, still held up
EVERY_MS = 400  # at most one frame sent this often
FORMATS = ("micro_qr_code",)  # a BarcodeDetector format that would read a card's code
UNREADABLE = "A frame from the camera could not be read as a picture: scanning goes on."
NO_VIDEO = "The camera cannot be shown live here: take a photo instead."
WATCHING = "Hold a card's code up to the camera: it is read as soon as it is seen."

Handler = Callable[[bytes], None]

HTML = """<div class="live-scan">
  <video playsinline muted autoplay></video>
  <p class="say" role="status"></p>
</div>"""

CSS = """
.live-scan { display: flex; flex-direction: column; gap: 0.4rem; }
.live-scan video { width: 100%; max-height: 60vh; border-radius: 12px; background: #222;
  object-fit: contain; }
.live-scan .say { margin: 0; font-size: 1rem; color: var(--st-text-color); }
"""

JS = """
const WAIT_MS = 8000;  // a frame not handled by then is given up on, and the next one sent
const QUALITY = 0.85;
const REFUSED = {
  NotAllowedError: "The camera was not allowed in this browser: take a photo instead.",
  SecurityError: "The camera was not allowed in this browser: take a photo instead.",
  NotFoundError: "No camera was found: take a photo instead.",
  OverconstrainedError: "No camera was found: take a photo instead.",
  NotReadableError: "The camera is in use by another app: take a photo instead.",
};

const isShown = (root) => (root.host || root).isConnected;

function start(root, data) {
  const video = root.querySelector("video");
  const say = root.querySelector(".say");
  const canvas = document.createElement("canvas");
  const scan = { data, send: null, stream: null, timer: null, stopped: false, busy: false,
                 detector: null, waiting: null, sentAt: 0, count: 0,
                 mount: Math.random().toString(36).slice(2) };
  const fail = (why) => {
    say.textContent = why;
    if (!scan.stopped && scan.send) scan.send("failed", why);
  };
  scan.stop = () => {
    scan.stopped = true;
    clearInterval(scan.timer);
    if (scan.stream) scan.stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
    delete root.__liveScan;
  };
  const tick = async () => {
    if (!isShown(root)) { scan.stop(); return; }  // taken off the page: the camera is let go
    if (scan.busy || scan.stopped || video.readyState < 2 || !video.videoWidth) return;
    const now = Date.now();
    if (now - scan.sentAt < scan.data.every_ms) return;
    if (scan.waiting && scan.data.handled !== scan.waiting && now - scan.sentAt < WAIT_MS) return;
    scan.busy = true;
    try {
      if (scan.detector && !(await scan.detector.detect(video)).length) return;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d").drawImage(video, 0, 0);
      const url = canvas.toDataURL("image/jpeg", QUALITY);
      scan.count += 1;
      scan.waiting = `${scan.mount}-${scan.count}`;
      scan.sentAt = Date.now();
      scan.send("frame", { id: scan.waiting, jpeg: url.slice(url.indexOf(",") + 1) });
    } catch (error) {
      scan.sentAt = Date.now();  // a frame that could not be drawn: try the next one
    } finally {
      scan.busy = false;
    }
  };
  if ("BarcodeDetector" in window) {
    window.BarcodeDetector.getSupportedFormats().then((formats) => {
      const wanted = scan.data.formats.filter((f) => formats.includes(f));
      if (wanted.length) scan.detector = new window.BarcodeDetector({ formats: wanted });
    }).catch(() => {});
  }
  const media = navigator.mediaDevices;
  if (!media || !media.getUserMedia) {
    setTimeout(() => fail(scan.data.no_video), 0);
    return scan;
  }
  media.getUserMedia({ audio: false, video: { facingMode: "environment",
                       width: { ideal: 1920 }, height: { ideal: 1080 } } })
    .then((stream) => {
      if (scan.stopped) { stream.getTracks().forEach((track) => track.stop()); return; }
      scan.stream = stream;
      video.srcObject = stream;
      video.play().catch(() => {});
      say.textContent = scan.data.watching;
      scan.timer = setInterval(tick, 100);
    })
    .catch((error) => fail(REFUSED[error && error.name] || scan.data.no_video));
  return scan;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const scan = parentElement.__liveScan || (parentElement.__liveScan = start(parentElement, data));
  scan.data = data;
  scan.send = setTriggerValue;
  // Streamlit may call a superseded run's cleanup while the component is still on the page:
  // the camera is stopped only once the component has left it.
  return () => setTimeout(() => { if (!isShown(parentElement)) scan.stop(); }, 0);
}
"""

_component = st.components.v2.component("companion_live_scan", html=HTML, css=CSS, js=JS)


def show(name: str, on_photo: Handler) -> None:
    """The live camera of the scan control `name` (its component keyed `<name>_live`)."""
    _live(name, on_photo)


@st.fragment
def _live(name: str, on_photo: Handler) -> None:
    """A fragment: a frame with no code reruns only this, not the page; a frame that was taken
    (or said something) reruns the whole page, which shows the card entered or the reason."""
    if st.session_state.pop(REDRAW, False) and _fragment_run():
        st.rerun(scope="app")
    key = f"{name}_live"
    data = {"handled": st.session_state.get(_handled(name)), "every_ms": EVERY_MS,
            "formats": list(FORMATS), "no_video": NO_VIDEO, "watching": WATCHING}  # fmt: skip
    _component(key=key, data=data, height="content",
               on_frame_change=lambda: _frame(key, name, on_photo),
               on_failed_change=lambda: _failed(key))  # fmt: skip


def _fragment_run() -> bool:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    context = get_script_run_ctx()
    return bool(context and context.fragment_ids_this_run)


def _handled(name: str) -> str:
    return f"{name}_live_handled"


def _event(key: str, event: str) -> Any:
    """What the component keyed `key` sent as `event` (its result, in the session state)."""
    value = st.session_state.get(key)
    return value.get(event) if isinstance(value, Mapping) else None


def _frame(key: str, name: str, on_photo: Handler) -> None:
    """Callback: a frame the component sent."""
    frame = _event(key, "frame")
    if isinstance(frame, dict):
        st.session_state[_handled(name)] = frame.get("id")
        handle(name, frame.get("jpeg"), on_photo)


def _failed(key: str) -> None:
    """Callback: the browser gave no video; the control shows the photo button instead."""
    why = _event(key, "failed")
    st.session_state[PHOTO] = why if isinstance(why, str) and why else NO_VIDEO
    st.session_state[REDRAW] = True


def handle(name: str, jpeg: object, on_photo: Handler, now: float | None = None) -> None:
    """One frame of the scan control `name`, as base64 JPEG text (`now`: when it was seen, on
    the monotonic clock): silent when it holds no code or only the card just read; otherwise
    handed to `on_photo`."""
    photo = _decoded(jpeg)
    try:
        found = codes_in(photo) if photo is not None else None
    except PhotoError:
        found = None
    if photo is None or found is None:
        _say(UNREADABLE)
        return
    if not found:
        return
    read = tuple(sorted(f.text for f in found))
    if is_repeat(name, read, now):
        return
    on_photo(photo)
    st.session_state[REDRAW] = True


def is_repeat(name: str, read: tuple[str, ...], now: float | None = None) -> bool:
    """Whether `read` (the codes of a frame) is the last read of `name`, seen again within
    HOLD_SECONDS of its last sighting. Notes it as seen either way."""
    now = time.monotonic() if now is None else now
    key = f"{name}_live_read"
    last = st.session_state.get(key)
    st.session_state[key] = (read, now)
    return last is not None and last[0] == read and now - last[1] < HOLD_SECONDS


def _decoded(jpeg: object) -> bytes | None:
    if not isinstance(jpeg, str) or not jpeg:
        return None
    try:
        return base64.b64decode(jpeg, validate=True)
    except (binascii.Error, ValueError):
        return None


def _say(line: str) -> None:
    st.session_state[FLASH] = line
    st.session_state[REDRAW] = True


def take_photos() -> None:
    """Callback of "Take a photo instead": photos from now on, in this session."""
    st.session_state[PHOTO] = ""


def scan_live() -> None:
    """Callback of "Back to live scanning"."""
    st.session_state.pop(PHOTO, None)
