"""The host PIN's first setting on a real server (issue "Secrets that hold", item 2): the server
listens on every address, prints one setup code in its console, and a browser on the machine
itself (127.0.0.1) sets the PIN without it while one on the network address needs it.

This is where `st.context.ip_address` meets a real socket: Streamlit gives None for loopback
(as for "unknown"), so the guard reads the connection's own peer address; under AppTest there is
no socket at all (see tests/companion/test_app_host_pin.py)."""

from __future__ import annotations

import os
import re
import signal
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardgen.data.project import REPO_ROOT
from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.store import GameStore

from .conftest import CHROMIUM, serve, tablet, wait_for_app

pytestmark = pytest.mark.slow

CODE = re.compile(r"\b[2-9A-Z]{5}-[2-9A-Z]{5}\b")
CODE_LABEL = "Setup code (printed in the server's console)"


def network_address() -> str:
    """This machine's address on its network (the route out), not loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks the route
        return probe.getsockname()[0]


@dataclass
class Served:
    port: int
    db: Path
    console: Path
    gid: str

    def url(self, host: str) -> str:
        return f"http://{host}:{self.port}"

    def codes(self) -> list[str]:
        return CODE.findall(self.console.read_text(encoding="utf-8"))


@pytest.fixture
def everywhere(tmp_path: Path) -> Iterator[Served]:
    """The companion listening on every address, its console (stderr) kept in a file, with a
    game saved by another device."""
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is not installed: run `make system-deps` (apt-get install chromium)")
    db, console = tmp_path / "games.sqlite", tmp_path / "console.txt"
    with GameStore(db) as store:
        gid = store.create(Match.start(MoonlighterRules(), {}, seed=3), "Other tablet's dungeon")
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_HOST_PIN"}
    with console.open("w", encoding="utf-8") as err:
        port, process = serve(REPO_ROOT / "companion" / "app.py",
                              {**env, "CARDGEN_COMPANION_DB": str(db)}, "0.0.0.0", err)  # fmt: skip
    try:
        yield Served(port, db, console, gid)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def open_form(browser, url: str):
    context, page = tablet(browser, "landscape")
    page.goto(url)
    wait_for_app(page)
    page.get_by_text("Set a host PIN").click()
    page.get_by_label("Host PIN (4 to 12 digits)").wait_for()
    return context, page


def set_pin(page, pin: str, code: str | None, answer: str) -> str:
    """Fill and send the form; the page's text once `answer` shows (the run the tap starts may
    not have begun when the tap returns, so the page is waited on for the answer itself)."""
    if code is not None:
        page.get_by_label(CODE_LABEL).fill(code)
    page.get_by_label("Host PIN (4 to 12 digits)").fill(pin)
    page.get_by_label("The same PIN again").fill(pin)
    page.get_by_role("button", name="Set PIN").click()
    page.get_by_text(answer).first.wait_for(timeout=30_000)
    wait_for_app(page)
    return page.inner_text("body")


def test_the_machine_itself_sets_the_pin_without_the_code(everywhere: Served, browser):
    context, page = open_form(browser, everywhere.url("127.0.0.1"))
    try:
        assert len(everywhere.codes()) == 1  # printed once the chooser was first opened
        assert page.get_by_label(CODE_LABEL).count() == 0
        assert "Other tablet" not in page.inner_text("body")  # listed to no one without the PIN
        text = set_pin(page, "2468", None, "Host PIN set")
        assert "Other tablet" in text
    finally:
        context.close()
    with GameStore(everywhere.db) as store:
        assert store.host.matches("2468")


def test_a_device_on_the_network_needs_the_code_from_the_console(everywhere: Served, browser):
    address = network_address()
    assert not address.startswith("127."), "this machine has no network address to test from"
    context, page = open_form(browser, everywhere.url(address))
    try:
        (code,) = everywhere.codes()
        assert "Other tablet" not in page.inner_text("body")
        set_pin(page, "2468", "ABCDE-FGHJK", "Not set: that is not the setup code printed")
        assert "Other tablet" not in page.inner_text("body")
        text = set_pin(page, "2468", code, "Host PIN set")
        assert "Other tablet" in text
    finally:
        context.close()
    assert everywhere.codes() == [code]  # one code per server start, however many visits
    with GameStore(everywhere.db) as store:
        assert store.host.matches("2468")
