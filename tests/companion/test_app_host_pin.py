"""The host PIN on the chooser (issue 16, item 5; issue "Secrets that hold", items 2 and 4): a
device lists, exports and deletes only the games opened on it, PIN or not, until the host's PIN
is entered there. The first PIN is set on the host machine itself, or elsewhere with the one-time
setup code the server prints in its console; wrong PINs and codes meet the server's limiter.

Under AppTest a session has no address (`host.peer()` gives None: unknown, never the host
machine); the host machine is simulated by giving `peer` a loopback address."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.screens import host, session
from companion.store import GameStore, seat_key
from companion.store.guard import NOT_THE_CODE
from companion.store.host import ENVIRONMENT
from companion.store.limiter import PER_ADDRESS

from .apptest import open_app, tap

CODE = re.compile(r"\b[2-9A-Z]{5}-[2-9A-Z]{5}\b")


@pytest.fixture
def db(tmp_path, monkeypatch) -> Iterator[Path]:
    path = tmp_path / "games.sqlite"
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(path))
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    streamlit.cache_resource.clear()  # the store (and its PIN) is cached per process
    yield path  # the guard (tries, setup code) is per location: a new one for each test
    streamlit.cache_resource.clear()


@pytest.fixture
def on_the_host(monkeypatch) -> None:
    """The browser runs on the host machine: its socket's peer is loopback."""
    monkeypatch.setattr(host, "peer", lambda: "127.0.0.1")


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


def inputs(at: AppTest) -> set[str]:
    return {t.key for t in at.text_input if t.key}


def submit(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at


def enter_pin(at: AppTest, pin: str) -> AppTest:
    at.text_input(key="host_pin_try").input(pin)
    return submit(at, "Show all saved games")


def set_first_pin(at: AppTest, pin: str, again: str | None = None, code: str = "") -> AppTest:
    if code:
        at.text_input(key="host_setup_code").input(code)
    at.text_input(key="host_pin_new").input(pin)
    at.text_input(key="host_pin_again").input(pin if again is None else again)
    return submit(at, "Set PIN")


def printed_codes(capsys) -> list[str]:
    return CODE.findall(capsys.readouterr().err)


def test_without_a_pin_other_devices_games_are_hidden_and_a_setup_code_printed(db, capsys):
    gid = saved_elsewhere(db)
    at = open_app()
    assert not {f"open_{gid}", f"delete_{gid}"} & buttons(at)
    assert not at.get("download_button")  # no Export either
    assert "Other tablet" not in shown(at)
    assert "1 saved game of other devices hidden" in shown(at)
    assert "No host PIN yet" in shown(at)
    assert len(printed_codes(capsys)) == 1
    open_app()
    assert printed_codes(capsys) == []  # once per server process, not per visit


def test_with_a_pin_another_devices_games_are_hidden(db: Path, capsys):
    gid = saved_elsewhere(db)
    set_pin(db)
    at = open_app()
    assert not {f"open_{gid}", f"delete_{gid}"} & buttons(at)
    assert not at.get("download_button")
    assert "Other tablet" not in shown(at)
    assert "1 saved game of other devices hidden" in shown(at)
    assert printed_codes(capsys) == []  # a PIN is set: no code to print


@pytest.mark.parametrize("pin", [True, False])
def test_a_game_opened_here_stays_listed_without_the_pin(db: Path, pin: bool):
    other = saved_elsewhere(db)
    if pin:
        set_pin(db)
    at = tap(open_app(), "new_moonlighter")
    mine = at.session_state[session.GID]
    at = tap(at, "ml_back")
    keys = buttons(at)
    assert {f"open_{mine}", f"delete_{mine}"} <= keys  # its own game
    assert f"open_{other}" not in keys


@pytest.mark.parametrize("pin", [False, True])
def test_a_players_phone_that_goes_back_to_the_games_cannot_become_the_table(db: Path, pin: bool):
    """A seat's link opens the game on a phone; "Back to games" there lists nothing of it, so
    no Continue (which would make a new table key and so every seat's link) and no Delete."""
    if pin:
        set_pin(db)
    table = tap(open_app(), "new_moonlighter")
    gid, key = table.session_state[session.GID], table.query_params[session.KEY]
    phone = open_app(gid, seat_key(key, gid, 0))
    assert phone.session_state[session.ACCESS].seat == 0
    phone = tap(phone, "ml_back")
    assert session.QUERY not in phone.query_params and session.KEY not in phone.query_params
    assert not {f"open_{gid}", f"delete_{gid}"} & buttons(phone)
    assert not phone.get("download_button")
    assert "1 saved game of other devices hidden" in shown(phone)
    with GameStore(db) as store:
        assert store.access(gid, key).table  # the table's key still holds: no new one was made
        assert store.access(gid, seat_key(key, gid, 0)).seat == 0  # and the links made from it


def test_the_right_pin_shows_every_game_and_a_wrong_one_says_so(db: Path):
    gid = saved_elsewhere(db)
    set_pin(db)
    at = enter_pin(open_app(), "1111")
    assert "That is not the host PIN." in shown(at)
    assert f"open_{gid}" not in buttons(at)
    at = enter_pin(at, "2468")
    assert f"open_{gid}" in buttons(at) and f"delete_{gid}" in buttons(at)
    tap(at, "host_lock")
    assert f"open_{gid}" not in buttons(at)


def test_wrong_pins_lock_out_every_session_of_the_address_with_a_line_saying_until_when(db):
    """The pause is the server's, not the browser session's: a fresh session (a reload, or a
    second tab) waits just the same, and even the right PIN is not checked meanwhile."""
    gid = saved_elsewhere(db)
    set_pin(db)
    for n in range(PER_ADDRESS.tries):
        at = enter_pin(open_app(), f"{1000 + n}")  # each in a new session
        assert [e.value for e in at.error] == ["That is not the host PIN."]
    at = enter_pin(open_app(), "2468")
    (said,) = [e.value for e in at.error]
    assert re.fullmatch(r"Too many wrong tries: try again at \d\d:\d\d:\d\d \(in 60 s\)\.", said)
    assert f"open_{gid}" not in buttons(at)


def test_the_pin_from_the_environment_guards_the_same(db: Path, monkeypatch, capsys):
    gid = saved_elsewhere(db)
    monkeypatch.setenv(ENVIRONMENT, "97531")
    streamlit.cache_resource.clear()
    at = open_app()
    assert f"open_{gid}" not in buttons(at)
    assert "set when the server was started" in at.text_input(key="host_pin_try").label
    assert "host_pin_new" not in inputs(at)
    assert printed_codes(capsys) == []
    at = enter_pin(at, "97531")
    assert f"open_{gid}" in buttons(at)


def test_a_tablet_sets_the_first_pin_with_the_setup_code(db: Path, capsys):
    gid = saved_elsewhere(db)
    at = open_app()
    (code,) = printed_codes(capsys)
    assert "host_setup_code" in inputs(at)  # an unknown address is not the host machine
    at = set_first_pin(at, "2468", code="ABCDE-FGHJK")
    assert f"Not set: {NOT_THE_CODE}." in shown(at)
    at = set_first_pin(at, "2468", again="2469", code=code)
    assert "The two PINs differ" in shown(at)
    at = set_first_pin(at, "2468", code=code)
    assert "Host PIN set" in shown(at)
    assert f"open_{gid}" in buttons(at)  # the host's own session is unlocked
    with GameStore(db) as store:
        assert store.host.matches("2468")
    other = open_app()
    assert f"open_{gid}" not in buttons(other)  # a new device sees only its own
    assert "host_setup_code" not in inputs(other) and "host_pin_try" in inputs(other)


def test_the_host_machine_sets_the_first_pin_without_a_code(db: Path, on_the_host):
    gid = saved_elsewhere(db)
    at = open_app()
    assert f"open_{gid}" not in buttons(at)  # the host machine too lists only its own
    assert "host_setup_code" not in inputs(at)
    at = set_first_pin(at, "2468")
    assert "Host PIN set" in shown(at)
    assert f"open_{gid}" in buttons(at)
    with GameStore(db) as store:
        assert store.host.matches("2468")


def test_after_a_reset_a_new_code_is_printed_and_the_old_one_is_spent(db: Path, capsys):
    at = open_app()
    (first,) = printed_codes(capsys)
    set_first_pin(at, "2468", code=first)
    with GameStore(db) as store:
        assert store.host.clear()  # what `companion-host reset` does
    at = open_app()
    (second,) = printed_codes(capsys)
    assert second != first
    at = set_first_pin(at, "1357", code=first)
    assert f"Not set: {NOT_THE_CODE}." in shown(at)
    at = set_first_pin(at, "1357", code=second)
    assert "Host PIN set" in shown(at)
