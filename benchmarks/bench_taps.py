"""A tap on the companion, late in a game: in headless chromium (the time from the tap to the
updated page) and on the server (the time of one rerun of the page, against a bare Streamlit page
with as many widgets).

Two late-game states: Moonlighter 3,000 actions deep (the progress-seeking policy of
`bench_moonlighter`: a big map and a long log) and Vita Luna at the longest of 30 advanced,
extended games cut back to a turn late in it where the player may burn, steal, move and attack (a
Vita Luna game ends long before 3,000 actions: the longest here is about 300).

- Browser: a real `streamlit run` server and Debian's chromium driven by Playwright, as the
  browser tests do, at 1024 x 768 with touch. Each tap is a click dispatched in the page; it is
  timed in the page from the click until Streamlit has rerun the script, the page shows what the
  tap asked for (a dialog opened, a choice drawn) and a frame has been painted. A bare page of the
  same number of buttons is tapped the same way, for the floor a browser and Streamlit set.
  Each tap is split at the last websocket message it brought: before it, the server's run and
  the transfer; after it, the browser drawing the page.
- Server: Streamlit's AppTest reruns each page (the script alone, no browser), and a bare script
  with as many buttons (and nothing else) is rerun the same way: the ratio is what the page adds.

Targets (issue 19, part 6): the median tap under 150 ms in the browser; a rerun within 3x of the
bare page's. The server's reruns are pinned to one core; the browser part is not (a tablet
draws the page on its own processor).

    .venv/bin/python benchmarks/bench_taps.py [--actions 3000] [--repeat 15] [--no-browser]
                                              [--only moonlighter|vita_luna]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
APP = ROOT / "companion" / "app.py"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]  # fmt: skip
TAP_TARGET_MS = 150
RATIO_TARGET = 3.0

# Every message the page receives from the server over its websocket: (time, bytes), so a tap can
# be split into the server's part (its script run and the transfer, up to the last message the
# tap brought) and the browser's (drawing what came, after the last message).
MESSAGES_JS = """
(() => {
  window.__stMessages = [];
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => window.__stMessages.push(
        [performance.now(), event.data.byteLength || event.data.size || event.data.length || 0]));
    }
  };
})();
"""

# A click in the page, timed there: until the script has run after it (the app's state attribute
# went to running and back, or what the tap asks for appeared), what it asks for is on the page
# (`shown`: a CSS selector that must match, or with a leading "!" must not) and the next frame is
# painted. Resolves to [ms, ms to the last message received, bytes received, messages].
TAP_JS = """
async ([selector, shown]) => {
  const app = document.querySelector("[data-testid='stApp']");
  const target = document.querySelector(selector);
  if (!target) throw new Error('nothing to tap: ' + selector);
  const absent = shown.startsWith('!');
  const wanted = absent ? shown.slice(1) : shown;
  const showing = () => !wanted || (document.querySelector(wanted) !== null) !== absent;
  const before = showing();
  return await new Promise((resolve, reject) => {
    let ran = false, done = false;
    const start = performance.now();
    const seen = (window.__stMessages || []).length;
    const finish = () => {
      const end = performance.now();
      const came = (window.__stMessages || []).slice(seen).filter(([t]) => t <= end);
      const last = came.length ? came[came.length - 1][0] - start : 0;
      resolve([end - start, last, came.reduce((sum, [, n]) => sum + n, 0), came.length]);
    };
    const state = () => app.getAttribute('data-test-script-state');
    const check = records => {
      if (done) return;
      for (const r of records)  // a rerun may come and go between two looks: read the history
        if (r.target === app && r.attributeName === 'data-test-script-state'
            && (r.oldValue !== 'notRunning' || state() !== 'notRunning')) ran = true;
      // a quick rerun may never show as running: then what it drew is the sign it ran
      if ((ran || (wanted && !before)) && state() === 'notRunning' && showing()) {
        done = true;
        watcher.disconnect();
        requestAnimationFrame(() => setTimeout(finish, 0));
      }
    };
    const watcher = new MutationObserver(check);
    watcher.observe(document.body, {attributes: true, attributeOldValue: true, childList: true,
                                    subtree: true});
    target.click();
    setTimeout(() => { if (!done) { watcher.disconnect(); reject(new Error('no rerun')); } },
               15000);
  });
}
"""


@dataclass(frozen=True)
class Tap:
    """One tap to time: the widget key tapped, what must then be on the page (see TAP_JS), the
    tap that makes it possible (`before`: key and what it shows) and the one that puts the page
    back (`back`), both untimed, so that every repeat taps the same page."""

    name: str
    key: str
    shown: str = ""
    back: tuple[str, str] | None = None
    before: tuple[str, str] | None = None


# --- the late-game states ---------------------------------------------------------------------


def moonlighter_late(actions: int):
    """Moonlighter `actions` deep, played on to a moment with rooms to walk to."""
    sys.path.insert(0, str(HERE))
    from bench_companion import long_game
    from bench_moonlighter import choose

    match = long_game(actions)
    rng = random.Random(1)
    for _ in range(500):
        legal = match.legal_actions()
        if match.state.phase == "explore" and any(a["type"] == "move" for a in legal):
            return match
        match.play(choose(match.rules, match.state, rng))
    raise SystemExit("no walk on the map at this state: try another --actions")


def vita_luna_late():
    """The longest of 30 advanced, extended games (two players at the table), cut back to the
    last turn before its end where the player may burn, steal, move and attack."""
    sys.path.insert(0, str(HERE))
    from bench_vita_luna import longest_game

    from companion.engine import Match
    from companion.games.vita_luna import VitaLunaRules
    from companion.games.vita_luna.state import TURN

    rules = VitaLunaRules()
    options = {"mode": "advanced", "extended": True, "opponent": "two"}
    best_seed, longest = longest_game(options)
    for cut in range(len(longest) - 1, 0, -1):
        match = Match.replay(rules, options, best_seed, longest[:cut])
        kinds = {a["type"] for a in rules.legal_actions(match.state)}
        if match.state.phase == TURN and {"burn", "steal", "move", "attack"} <= kinds:
            return match
    raise SystemExit("no late turn with every kind of move in the longest game")


# --- the server: AppTest reruns ---------------------------------------------------------------


def opened(store, gid: str):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["game"] = gid
    at.query_params["key"] = store.grant(gid)
    at.run()
    if at.exception:
        raise SystemExit(f"the page failed: {at.exception[0].message}")
    return at


def widgets(at) -> int:
    """The page's widgets: buttons and the inputs a page may draw."""
    return sum(len(kind) for kind in (at.button, at.text_input, at.segmented_control,
                                      at.number_input, at.selectbox, at.checkbox,
                                      at.toggle))  # fmt: skip


def bare_script(count: int) -> str:
    """A page of `count` buttons (each with a callback, as the game's have) and a title; every
    tap turns a flag over, and a box keyed `odd` is drawn while it is up, so a browser sees each
    rerun's effect."""
    lines = ["import streamlit as st", "st.set_page_config(layout='wide')",
             "st.session_state.setdefault('odd', False)", "st.title('Bare page')",
             "def tap():", "    st.session_state.odd = not st.session_state.odd",
             "if st.session_state.odd:", "    st.container(key='odd').write('odd')"]  # fmt: skip
    lines += [f"st.button('Button {i}', key='b{i}', on_click=tap)" for i in range(count)]
    return "\n".join(lines) + "\n"


def reruns(at, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    return times


def server_ratio(name: str, at, repeat: int) -> dict[str, float]:
    from streamlit.testing.v1 import AppTest

    count = widgets(at)
    bare = AppTest.from_string(bare_script(count), default_timeout=60)
    bare.run()
    page_times, bare_times = reruns(at, repeat), reruns(bare, repeat)
    row = {"widgets": count, "page best": min(page_times) * 1000,
           "page median": statistics.median(page_times) * 1000,
           "bare best": min(bare_times) * 1000, "bare median": statistics.median(bare_times) * 1000}  # fmt: skip
    row["ratio"] = row["page median"] / row["bare median"]
    verdict = "met" if row["ratio"] <= RATIO_TARGET else "MISSED"
    print(f"server  {name}: {count} widgets; rerun best {row['page best']:.1f} ms, median "
          f"{row['page median']:.1f} ms; bare page best {row['bare best']:.1f} ms, median "
          f"{row['bare median']:.1f} ms; ratio of medians {row['ratio']:.1f}x "
          f"(target <= {RATIO_TARGET:.0f}x: {verdict})")  # fmt: skip
    return row


# --- the browser ------------------------------------------------------------------------------


@contextmanager
def serving(script: Path, db: Path) -> Iterator[str]:
    """`streamlit run script` on a free port, its games in `db`; yields its address."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "CARDGEN_COMPANION_DB": str(db)}
    command = [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
               "--server.port", str(port), "--server.address", "127.0.0.1",
               "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
               "--global.developmentMode", "false"]  # fmt: skip
    server = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.read().strip() == b"ok":
                        break
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("the Streamlit server did not start within 60 s") from None
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


def loaded(page, key: str) -> None:
    """Until the page has drawn the widget `key` and the script is done."""
    page.wait_for_selector(f".st-key-{key} button", timeout=120_000)
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']",
                           state="attached", timeout=60_000)  # fmt: skip
    page.wait_for_timeout(500)


class Timing(NamedTuple):
    """One timed tap: its whole time, the part up to the last message the server sent for it
    (the script's run and the transfer) and what that brought (bytes, messages)."""

    ms: float
    to_last: float
    size: int
    messages: int


def tap_times(page, taps: list[Tap], repeat: int) -> dict[str, list[Timing]]:
    """Each tap `repeat` times (and its way back, untimed), interleaved so that the page's
    once-a-second look at the store falls on every kind of tap alike."""
    times: dict[str, list[Timing]] = {tap.name: [] for tap in taps}
    for _ in range(repeat):
        for tap in taps:
            if tap.before:
                timed_tap(page, *tap.before)
                page.wait_for_timeout(250)
            times[tap.name].append(timed_tap(page, tap.key, tap.shown))
            if tap.back:
                timed_tap(page, *tap.back)
            page.wait_for_timeout(250)  # the page settled (a dialog's fade, a second rerun)
    return times


def timed_tap(page, key: str, shown: str) -> Timing:
    from playwright.sync_api import Error

    try:
        page.wait_for_selector(f".st-key-{key} button", timeout=20_000)
        return Timing(*page.evaluate(TAP_JS, [f".st-key-{key} button", shown]))
    except Error as exc:
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "bench_taps_failed.png"))
        raise SystemExit(f"tapping {key} (then {shown or 'a rerun'}): {exc.message}") from None


def report(label: str, times: dict[str, list[Timing]]) -> list[float]:
    """Each tap's times, and its median split: up to the last message (the server's run and the
    transfer), after it (the browser drawing the page), and what it sent."""
    every = [t.ms for ts in times.values() for t in ts]
    for name, ts in times.items():
        ms = [t.ms for t in ts]
        server = statistics.median(t.to_last for t in ts)
        browser = statistics.median(t.ms - t.to_last for t in ts)
        sent = statistics.median(t.size for t in ts) / 1000
        messages = statistics.median(t.messages for t in ts)
        print(f"browser {label} {name}: best {min(ms):.0f} ms, median {statistics.median(ms):.0f} "
              f"ms, worst {max(ms):.0f} ms; median split: {server:.0f} ms to the last message "
              f"(server and transfer), {browser:.0f} ms after it (drawing); {sent:.1f} kB in "
              f"{messages:.0f} messages")  # fmt: skip
    verdict = "met" if statistics.median(every) < TAP_TARGET_MS else "MISSED"
    print(f"browser {label} every tap: median {statistics.median(every):.0f} ms, mean "
          f"{statistics.mean(every):.0f} ms, worst {max(every):.0f} ms "
          f"(target median < {TAP_TARGET_MS} ms: {verdict})")  # fmt: skip
    return every


def in_browser(games: list[tuple[str, str, str, list[Tap]]], db: Path, bare_count: int,
               repeat: int) -> None:  # fmt: skip
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
        context.add_init_script(MESSAGES_JS)
        page = context.new_page()
        medians = {}
        with serving(APP, db) as url:
            for label, gid, key, taps in games:
                page.goto(f"{url}/?game={gid}&key={key}")
                loaded(page, taps[0].key)
                nodes = page.evaluate("document.getElementsByTagName('*').length")
                print(f"browser {label}: {nodes} elements in the page")
                medians[label] = statistics.median(report(label, tap_times(page, taps, repeat)))
        script = db.parent / "bare_page.py"
        script.write_text(bare_script(bare_count))
        with serving(script, db) as url:
            page.goto(url)
            loaded(page, "b0")
            taps = [Tap(f"button {i}", f"b{i}", ".st-key-odd", (f"b{i}", "!.st-key-odd"))
                    for i in (0, bare_count // 2, bare_count - 1)]  # fmt: skip
            bare = statistics.median(report(f"bare page ({bare_count} buttons)",
                                            tap_times(page, taps, repeat)))  # fmt: skip
        chromium.close()
    for label, median in medians.items():
        print(f"browser {label}: median tap {median / bare:.1f}x the bare page's")


# --- the taps ---------------------------------------------------------------------------------

DIALOG = "[role='dialog'] .st-key-rule_close button"  # the dialog open and drawn to its end
CLOSE = ("rule_close", "![role='dialog']")


def first(keys: list[str], prefix: str) -> str:
    found = [k for k in keys if k.startswith(prefix)]
    if not found:
        raise SystemExit(f"no widget keyed {prefix}... on the page at this state")
    return found[0]


def moonlighter_taps(keys: list[str]) -> list[Tap]:
    return [
        Tap("walk on the map (undone after)", first(keys, "act_move_"), "", ("ml_undo", "")),
        Tap("open a status card's rules", "rule_ml_card_pawn", DIALOG, CLOSE),
        Tap("open a die's rules", "rule_ml_die_tile", DIALOG, CLOSE),
        Tap("close the rules", "rule_close", CLOSE[1], before=("rule_ml_card_room", DIALOG)),
    ]


def vita_luna_taps(keys: list[str]) -> list[Tap]:
    sing, other = [k for k in keys if k.startswith("vl_sing_")][:2]
    return [
        Tap("open a creature's rules (the board)", first(keys, "rule_vl_at_"), DIALOG, CLOSE),
        Tap("open an epic's rules", first(keys, "rule_vl_epic_"), DIALOG, CLOSE),
        Tap("open a refusal's ruling", first(keys, "rule_why_"), DIALOG, CLOSE),
        Tap("choose a Singular card", sing, f".st-key-rule_{sing}",
            (other, f".st-key-rule_{other}")),
        Tap("choose a creature to move", first(keys, "vl_mover_"), ".st-key-vl_cancel",
            ("vl_cancel", "!.st-key-vl_cancel")),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--no-browser", action="store_true", help="the server's reruns only")
    parser.add_argument("--only", choices=("moonlighter", "vita_luna"), default=None,
                        help="one game's page only (the bare page is still measured)")  # fmt: skip
    args = parser.parse_args()
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") else None
    if cores:
        os.sched_setaffinity(0, {min(cores)})
    workdir = Path(tempfile.mkdtemp(prefix="cardgen-taps-bench-"))
    db = workdir / "games.sqlite"
    os.environ["CARDGEN_COMPANION_DB"] = str(db)
    sys.path.insert(0, str(ROOT))
    from companion.store import GameStore

    store = GameStore(db)
    games: list[tuple[str, str, str, list[Tap]]] = []
    most = 0
    plan: list[tuple[str, Callable, Callable[[list[str]], list[Tap]]]] = [
        ("Moonlighter", lambda: moonlighter_late(args.actions), moonlighter_taps),
        ("Vita Luna", vita_luna_late, vita_luna_taps),
    ]
    for label, late, taps in plan:
        if args.only and label.lower().replace(" ", "_") != args.only:
            continue
        match = late()
        gid = store.create(match)
        at = opened(store, gid)
        keys = [b.key for b in at.button]
        print(f"{label}: {len(match.log)} actions, {len(keys)} buttons on the page")
        most = max(most, int(server_ratio(label, at, args.repeat)["widgets"]))
        games.append((label, gid, store.grant(gid), taps(keys)))
    if cores:  # the server and the browser each on a core of its own, as a tablet would be
        os.sched_setaffinity(0, cores)
    if not args.no_browser:
        in_browser(games, db, most, args.repeat)


if __name__ == "__main__":
    main()
