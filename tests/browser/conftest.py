"""A real companion server and Debian's chromium driven by Playwright (no browser download)."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from cardgen.data.project import REPO_ROOT
from tests import ports

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
TABLETS = {"landscape": (1024, 768), "portrait": (768, 1024)}
SCREENSHOTS = REPO_ROOT / "output" / "screenshots"

pytestmark = pytest.mark.slow


def streamlit_command(script: Path, port: int, address: str = "127.0.0.1") -> list[str]:
    return [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
            "--server.port", str(port), "--server.address", address,
            "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
            "--global.developmentMode", "false"]  # fmt: skip


def wait_until_healthy(port: int, process: subprocess.Popen, within: float = 60) -> None:
    """Until the server on `port` (ours: see tests/ports.py) answers its health check."""
    health, deadline = f"http://127.0.0.1:{port}/_stcore/health", time.time() + within
    while time.time() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the Streamlit server on port {port} exited before it was healthy")
        try:
            with urllib.request.urlopen(health, timeout=2) as reply:
                if reply.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"the Streamlit server did not start within {within:.0f} s")


def serve(script: Path, env: dict[str, str], address: str = "127.0.0.1",
          stderr: int | IO[str] = subprocess.DEVNULL, port: int | None = None,
          ) -> tuple[int, subprocess.Popen]:  # fmt: skip
    """Streamlit serving `script` on a port of its own (safe beside other pytest workers; `port`
    to serve where it served before), in a session of its own (`os.killpg` ends it), healthy."""

    def start(port: int) -> subprocess.Popen:
        return subprocess.Popen(streamlit_command(script, port, address), env=env, cwd=REPO_ROOT,
                                stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)  # fmt: skip

    port, process = ports.start_listening(start, port)
    try:
        wait_until_healthy(port, process)
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        raise
    return port, process


@dataclass
class Server:
    db: Path | str  # an SQLite file, or a postgresql:// URL
    port: int | None = None  # chosen by the first `start`; a restart keeps it
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "CARDGEN_COMPANION_DB": str(self.db)}
        self.port, self.process = serve(REPO_ROOT / "companion" / "app.py", env, port=self.port)

    def kill(self) -> None:
        """Stop the server the hard way, as a crash or a pulled plug would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from _serving(tmp_path / "games.sqlite")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_server(request, tmp_path: Path) -> Iterator[Server]:
    """The companion on either database: an SQLite file, or a schema on a throwaway PostgreSQL."""
    if request.param == "sqlite":
        yield from _serving(tmp_path / "games.sqlite")
        return
    cluster = request.getfixturevalue("browser_pg")
    yield from _serving(cluster.new_schema(f"b_{secrets.token_hex(6)}"))


@pytest.fixture(scope="session")
def browser_pg():
    from tests.companion import pg

    try:
        with pg.cluster() as running:
            yield running
    except pg.Unavailable as exc:
        pytest.fail(f"PostgreSQL is needed for the two-database browser test: {exc}")


def _serving(db: Path | str) -> Iterator[Server]:
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is not installed: run `make system-deps` (apt-get install chromium)")
    srv = Server(db)
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


@pytest.fixture(scope="session")
def playwright():
    """One Playwright per run: a second sync_playwright() inside the first refuses to start."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


def wait_for_app(page, timeout: float = 30_000) -> None:
    """Until the script has run and nothing is still loading."""
    page.wait_for_selector("[data-testid='stApp']", timeout=timeout)
    page.wait_for_function(
        "() => { const a = document.querySelector(\"[data-testid='stApp']\");"
        " return a && a.getAttribute('data-test-script-state') === 'notRunning'; }",
        timeout=timeout,
    )
    page.wait_for_timeout(250)


def tablet(browser, orientation: str):
    width, height = TABLETS[orientation]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    return context, context.new_page()


def shoot(page, name: str) -> Path:
    """output/screenshots/<name>.png, replaced whole (another run in this checkout may be
    writing the same picture)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    partial = path.with_name(f".{name}.{os.getpid()}.png")
    partial.write_bytes(page.screenshot(full_page=False))
    partial.replace(path)
    return path


def small_buttons(page) -> list[tuple[str, float]]:
    """Visible, enabled buttons shorter than 44 px (the touch-target minimum).

    Measured in one pass inside the page: Streamlit may redraw between a count of the buttons
    and a look at the 47th, so asking for them one at a time can wait for one that is gone.
    Visible as Playwright's `:visible` means it: `checkVisibility` leaves out the content of a
    closed expander, which keeps its boxes in Chromium."""
    found = page.evaluate(
        """() => Array.from(document.querySelectorAll('button'))
            .filter(b => !b.disabled && b.checkVisibility({visibilityProperty: true}))
            .map(b => [b, b.getBoundingClientRect()])
            .filter(([b, r]) => r.width > 0 && r.height > 0 && r.height < 44)
            .map(([b, r]) => [((b.innerText || b.getAttribute('aria-label') || '?')
                               .trim()).slice(0, 30), r.height])"""
    )
    return [(label, height) for label, height in found]
