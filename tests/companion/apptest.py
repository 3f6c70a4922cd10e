"""Driving the companion headless, as every page's tests do: the app opened in a new browser
session with the URL a device holds, and a tap that must not raise."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest

from companion.screens.keys import KEY, QUERY

APP = Path(__file__).resolve().parents[2] / "companion" / "app.py"

# Every new AppTest scans the metadata of every installed package for Streamlit components (a
# sixth of a second with this project's dependencies, paid hundreds of times by the suite); what
# is installed does not change while the tests run, so the scan is made once per process.
manifest_scanner.scan_component_manifests = cache(manifest_scanner.scan_component_manifests)


def open_app(gid: str | None = None, key: str | None = None, **params: str | None) -> AppTest:
    """The app in a fresh session at `?game=gid&key=key` plus any other URL `params`."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    for name, value in ((QUERY, gid), (KEY, key), *params.items()):
        if value is not None:
            at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def tap(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def double_tap(at: AppTest, first: str, second: str) -> AppTest:
    """`first` and `second` tapped in one run, as a double tap lands: the second after the
    first one is played."""
    at.button(key=first).click()
    at.button(key=second).click()
    at.run()
    assert not at.exception
    return at


def seeded_tables(monkeypatch, seed: int) -> None:
    """Games a test starts through the chooser follow `seed`, as seeded games did before the
    secrets, so the test knows the deal; a real table's game never does (`Chance.fresh`)."""
    from companion.engine.chance import Chance

    monkeypatch.setattr(Chance, "fresh", classmethod(lambda cls: cls(seed)))
