"""The host PIN on the chooser (issue 16, item 5): once the host has set one, a device lists,
exports and deletes only the games opened on it, until the PIN is entered there; before that,
everything is listed with a line saying so and a form to set the PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.screens import session
from companion.store import GameStore
from companion.store.host import ENVIRONMENT

from .apptest import open_app, tap


@pytest.fixture
def db(tmp_path, monkeypatch) -> Iterator[Path]:
    path = tmp_path / "games.sqlite"
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(path))
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    streamlit.cache_resource.clear()  # the store (and its PIN) is cached per process
    yield path
    streamlit.cache_resource.clear()


def saved_elsewhere(db: Path, name: str = "Other tablet's dungeon") -> str:
    with GameStore(db) as store:
        return store.create(Match.start(MoonlighterRules(), {}, seed=3), name)


def set_pin(db: Path, pin: str = "2468") -> None:
    with GameStore(db) as store:
        store.host.set(pin)


def shown(at: AppTest) -> str:
    return " ".join(str(e.value) for e in (*at.markdown, *at.caption, *at.error, *at.success))


def buttons(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key}


def submit(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at


def test_without_a_pin_every_game_is_listed_and_the_host_is_told(db: Path):
    gid = saved_elsewhere(db)
    at = open_app()
    assert f"open_{gid}" in buttons(at) and f"delete_{gid}" in buttons(at)
    assert len(at.get("download_button")) == 1
    assert "until the host sets a PIN" in shown(at)


def test_with_a_pin_another_devices_games_are_hidden(db: Path):
    gid = saved_elsewhere(db)
    set_pin(db)
    at = open_app()
    assert not {f"open_{gid}", f"delete_{gid}"} & buttons(at)
    assert not at.get("download_button")  # no Export either
    assert "Other tablet" not in shown(at)
    assert "1 saved game of other devices hidden" in shown(at)


def test_a_game_opened_here_stays_listed_without_the_pin(db: Path):
    other = saved_elsewhere(db)
    set_pin(db)
    at = tap(open_app(), "new_moonlighter")
    mine = at.session_state[session.GID]
    back = next(b for b in at.button if b.key and b.key.endswith("_back"))
    back.click().run()
    keys = buttons(at)
    assert {f"open_{mine}", f"delete_{mine}"} <= keys  # its own game
    assert f"open_{other}" not in keys


def test_the_right_pin_shows_every_game_and_a_wrong_one_says_so(db: Path):
    gid = saved_elsewhere(db)
    set_pin(db)
    at = open_app()
    at.text_input(key="host_pin_try").input("1111")
    submit(at, "Show all saved games")
    assert "That is not the host PIN." in shown(at)
    assert f"open_{gid}" not in buttons(at)
    at.text_input(key="host_pin_try").input("2468")
    submit(at, "Show all saved games")
    assert f"open_{gid}" in buttons(at) and f"delete_{gid}" in buttons(at)
    tap(at, "host_lock")
    assert f"open_{gid}" not in buttons(at)


def test_the_pin_from_the_environment_guards_the_same(db: Path, monkeypatch):
    gid = saved_elsewhere(db)
    monkeypatch.setenv(ENVIRONMENT, "97531")
    streamlit.cache_resource.clear()
    at = open_app()
    assert f"open_{gid}" not in buttons(at)
    assert "set when the server was started" in shown(at) or at.text_input(key="host_pin_try")
    at.text_input(key="host_pin_try").input("97531")
    submit(at, "Show all saved games")
    assert f"open_{gid}" in buttons(at)


def test_the_host_sets_the_pin_at_first_start(db: Path):
    gid = saved_elsewhere(db)
    at = open_app()
    at.text_input(key="host_pin_new").input("2468")
    at.text_input(key="host_pin_again").input("2469")
    submit(at, "Set PIN")
    assert "The two PINs differ" in shown(at)
    at.text_input(key="host_pin_new").input("2468")
    at.text_input(key="host_pin_again").input("2468")
    submit(at, "Set PIN")
    assert "Host PIN set" in shown(at)
    assert f"open_{gid}" in buttons(at)  # the host's own session stays unlocked
    with GameStore(db) as store:
        assert store.host.matches("2468")
    assert f"open_{gid}" not in buttons(open_app())  # a new device sees only its own
