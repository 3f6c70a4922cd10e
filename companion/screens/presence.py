"""The tablet as a presence at the table: the screen kept awake while a game is open, and short
sounds for dice and hits when the players turn them on.

Sounds are off by default (a table may not want them) and made here, not shipped: a few hundred
milliseconds of 16-bit mono WAV generated once per process. Each plays once, on the run right
after the action that caused it, through an ordinary audio player (it can be replayed, and a
screen reader announces it), with the same event in words beside it for a player who cannot hear
it. The wake lock is the browser's Screen Wake Lock API from a small script on the page; a
browser that refuses it (an older one, or a page opened over plain http on the local network,
which is not a secure context) gets a note saying how to keep the tablet awake by hand.
"""

from __future__ import annotations

import io
import math
import random
import struct
import wave
from functools import cache

import streamlit as st

RATE = 22_050  # samples a second: plenty for a click and a thump, and a small file
DICE, HIT = "dice", "hit"
SAID = {DICE: "Sound: the dice rolled.", HIT: "Sound: a hit."}  # the sound in words, beside it


# --- the sounds ----------------------------------------------------------------------------------


def _wav(samples: list[float]) -> bytes:
    """`samples` in [-1, 1] as a mono 16-bit WAV file."""
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(b"".join(struct.pack("<h", round(s * 32_000)) for s in samples))
    return out.getvalue()


@cache
def sound(kind: str) -> bytes:
    """The WAV for `kind`: dice are five short clicks of noise, as a die rattles and settles; a
    hit is a low thump that falls in pitch and fades. Seeded, so the file is the same each time."""
    if kind == DICE:
        noise = random.Random(6)
        samples = [0.0] * int(RATE * 0.42)
        for start in (0.0, 0.07, 0.15, 0.24, 0.33):
            at = int(start * RATE)
            for i in range(int(RATE * 0.035)):
                samples[at + i] = noise.uniform(-1, 1) * 0.7 * math.exp(-i / (RATE * 0.006))
        return _wav(samples)
    if kind == HIT:
        length = int(RATE * 0.3)
        phase, samples = 0.0, []
        for i in range(length):
            t = i / RATE
            phase += 2 * math.pi * (140 - 220 * t) / RATE
            samples.append(math.sin(phase) * 0.9 * math.exp(-t / 0.08))
        return _wav(samples)
    raise ValueError(f"no sound called {kind!r}: there are {DICE!r} and {HIT!r}")


def play(events: frozenset[str]) -> None:
    """Each of `events` played once (the caller draws this on one run only), its words beside
    it."""
    if not events:
        return
    with st.container(key="sounds_now", horizontal=True, gap="small"):
        for kind in sorted(events):
            st.audio(sound(kind), format="audio/wav", autoplay=True, width=160)
            st.caption(SAID[kind])


# --- the screen kept awake -----------------------------------------------------------------------

WAKE_NOTE = (
    "This browser would not keep the screen awake (it needs a recent browser and a secure page: "
    "https, or the tablet the server runs on). Set the tablet's auto-lock to Never while you play."
)

# Asks for a screen wake lock once per page load (a lock is released when the tab is hidden, so
# it asks again when the tab comes back), and says on the page whether it holds one: the box's
# data-wake is "held" or "refused", and a refusal shows the note.
WAKE_JS = """
<div class="wake-lock" data-wake="asking" role="status"><span></span></div>
<script>
(() => {
  const box = () => document.querySelector('.wake-lock');
  const say = (state) => {
    window.companionWake.state = state;
    const el = box();
    if (!el) return;
    el.dataset.wake = state;
    el.querySelector('span').textContent = state === 'refused' ? NOTE : '';
  };
  const ask = async () => {
    if (!('wakeLock' in navigator) || !window.isSecureContext) { say('refused'); return; }
    try {
      const lock = await navigator.wakeLock.request('screen');
      window.companionWake.lock = lock;
      lock.addEventListener('release', () => {
        if (document.visibilityState !== 'visible') say('released');
      });
      say('held');
    } catch (e) { say('refused'); }
  };
  if (!window.companionWake) {
    window.companionWake = {state: 'asking', lock: null};
    document.addEventListener('visibilitychange', () => {
      const lock = window.companionWake.lock;
      if (document.visibilityState === 'visible' && (!lock || lock.released)) ask();
    });
    ask();
  } else {
    say(window.companionWake.state);  // a rerun drew the box again: show what is known
  }
})();
</script>
"""

WAKE_CSS = """
<style>
  .wake-lock[data-wake="refused"] { font-size: 1rem; color: #4A2F00; background: #FFF4D6;
    border-left: 6px solid #A86A00; border-radius: 8px; padding: 6px 10px; }
  .wake-lock:not([data-wake="refused"]) { display: none; }
</style>
"""


def keep_awake() -> None:
    """The wake-lock script, drawn on every run while a game is open."""
    script = WAKE_JS.replace("NOTE", _js_string(WAKE_NOTE))
    st.html(WAKE_CSS + script, unsafe_allow_javascript=True)


def _js_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
