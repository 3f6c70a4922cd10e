"""The chooser's taps when the saved games fail them (issue "Secrets that hold", item 6): with the
database held by another program (an `sqlite3` shell in `BEGIN EXCLUSIVE`, a PostgreSQL session
holding the games table) or a file of garbage where the database was, New game, Continue, Delete
and Import each end in exactly one line saying what was not done and why, with no traceback, no
server path and nothing written half-way. SQLite's waits are made short here (0.2 s, three times),
PostgreSQL's lock wait too; the real ones are about 7 s.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.screens import chooser, host, session
from companion.store import GameStore
from companion.store import backend as backend_module
from companion.store.backend import PostgresDatabase, SqliteDatabase

from .apptest import APP


def serving(location: Path | str, monkeypatch) -> Iterator[Path | str]:
    """The app's store at `location`, with short waits."""
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(location))
    monkeypatch.setattr(SqliteDatabase, "timeout", 0.2)
    monkeypatch.setattr(backend_module, "PAUSE", 0.1)
    monkeypatch.setattr(PostgresDatabase, "lock_wait", 0.3)
    streamlit.cache_resource.clear()  # the store is cached per process, across AppTests
    yield location
    streamlit.cache_resource.clear()


@pytest.fixture
def where(location, monkeypatch) -> Iterator[Path | str]:
    """On SQLite and on PostgreSQL."""
    yield from serving(location, monkeypatch)


@pytest.fixture
def sqlite_file(tmp_path, monkeypatch) -> Iterator[Path | str]:
    """A file of garbage is SQLite's case."""
    yield from serving(tmp_path / "games.sqlite", monkeypatch)


@contextmanager
def held(where: Path | str) -> Iterator[None]:
    """Another program holding the write lock: readers still read, writers wait."""
    if isinstance(where, Path):
        conn = sqlite3.connect(where, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            conn.execute("ROLLBACK")
            conn.close()
        return
    import psycopg

    with psycopg.connect(where, autocommit=True) as conn:
        conn.execute("BEGIN")
        conn.execute("LOCK TABLE games IN EXCLUSIVE MODE")  # as a writer's lock: reads go on
        try:
            yield
        finally:
            conn.execute("ROLLBACK")


def saved_game(where: Path | str) -> str:
    with GameStore(where) as store:
        gid = store.create(Match.start(MoonlighterRules(), {}, seed=3), "Cellar")
        store.grant(gid)
        return gid


def contents(where: Path | str) -> tuple:
    """Everything a tap could have written: the games, their actions and keys."""
    with GameStore(where) as store, store.db.transaction() as tx:
        return tuple(
            sorted(map(tuple, tx.all(f"SELECT * FROM {table}")))
            for table in ("games", "actions", "access_keys")
        )


def chooser_app(*mine: str) -> AppTest:
    """The chooser on a device that opened `mine` (listed to it without the host's PIN)."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.session_state[host.MINE] = set(mine)
    at.run()
    assert not at.exception, at.exception
    return at


def one_line(at: AppTest, where: Path | str, starts: str) -> str:
    """The one error on the screen, which says what was not done; no traceback, no path."""
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1, errors
    line = errors[0]
    assert line.startswith(starts) and "\n" not in line, line
    place = Path(where).parent if isinstance(where, Path) else "postgresql://"
    for shown in (line, *(t.value for t in at.toast)):
        assert str(place) not in shown and "Traceback" not in shown, shown
    assert session.QUERY not in at.query_params  # no game was opened
    return line


def upload(at: AppTest, data: bytes) -> AppTest:
    at.file_uploader(key="import_file").set_value(("save.json", data, "text/json")).run()
    return at


# --- another program holds the database -------------------------------------------------------


@pytest.mark.parametrize(
    ("button", "says"),
    [("new_moonlighter", "Not started: "), ("open_", "Not opened: "), ("delete_", "Not deleted: ")],
)
def test_a_tap_on_a_held_database_says_it_is_busy_in_one_line(where, button, says):
    gid = saved_game(where)
    at = chooser_app(gid)
    before = contents(where)
    key = button + gid if button.endswith("_") else button
    with held(where):
        at.button(key=key).click().run()
        line = one_line(at, where, says)
    assert "the saved games are busy" in line and "try again in a moment" in line
    assert contents(where) == before
    assert f"open_{gid}" in {b.key for b in at.button}  # the list itself still reads


def test_an_import_on_a_held_database_says_it_is_busy_and_adds_nothing(where):
    gid = saved_game(where)
    with GameStore(where) as store:
        exported = store.export_json(gid).encode()
    at = upload(chooser_app(gid), exported)
    before = contents(where)
    with held(where):
        at.button(key="import_go").click().run()
        line = one_line(at, where, "Not imported: ")
    assert "the saved games are busy" in line
    assert contents(where) == before
    at = at.button(key="import_go").click().run()  # once the other program let go, it imports
    assert not at.exception and at.session_state[session.GID] != gid


# --- a file of garbage where the database was ------------------------------------------------


GARBAGE = b"these are my notes, not a database" * 100


def damage(path: Path) -> None:
    """The file replaced by garbage behind the running server's back (its pool closed first, as
    a restart would)."""
    streamlit.cache_resource.clear()
    for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        extra.unlink(missing_ok=True)
    path.write_bytes(GARBAGE)


def test_the_chooser_on_a_damaged_file_says_so_once(sqlite_file):
    sqlite_file.write_bytes(GARBAGE)
    at = chooser_app()
    line = one_line(at, sqlite_file, "the saved-games file is damaged or not a database")
    at.button(key="new_moonlighter").click().run()
    line = one_line(at, sqlite_file, "Not started: the saved-games file is damaged")
    assert "it was left as it is" in line
    assert sqlite_file.read_bytes() == GARBAGE


@pytest.mark.parametrize(
    ("button", "says"), [("open_", "Not opened: "), ("delete_", "Not deleted: ")]
)
def test_continue_and_delete_on_a_damaged_file_say_so_once(sqlite_file, button, says):
    gid = saved_game(sqlite_file)
    at = chooser_app(gid)
    damage(sqlite_file)
    at.button(key=button + gid).click().run()  # the button of the screen drawn before
    line = one_line(at, sqlite_file, says)
    assert "damaged or not a database" in line
    assert sqlite_file.read_bytes() == GARBAGE


def test_an_import_into_a_damaged_file_says_so_once(sqlite_file):
    gid = saved_game(sqlite_file)
    with GameStore(sqlite_file) as store:
        exported = store.export_json(gid).encode()
    at = upload(chooser_app(gid), exported)
    damage(sqlite_file)
    at.button(key="import_go").click().run()
    one_line(at, sqlite_file, "Not imported: the saved-games file is damaged")
    assert sqlite_file.read_bytes() == GARBAGE


def test_a_file_that_is_no_saved_game_still_says_why_in_the_import_box(where):
    at = upload(chooser_app(), json.dumps({"format": 1}).encode())
    at.button(key="import_go").click().run()
    one_line(at, where, "Not imported: this saved game is damaged")
    assert chooser.REFUSED not in at.session_state


# --- inside a game ------------------------------------------------------------------------------


def test_a_move_on_a_held_database_is_taken_back_and_said_in_one_line(where):
    at = chooser_app()
    at.button(key="new_moonlighter").click().run()
    gid = at.session_state[session.GID]
    with held(where):
        at.button(key="act_roll_tile_v4").click().run()
        assert not at.exception, at.exception
        lines = [w.value for w in at.warning]
    assert len(lines) == 1 and lines[0].startswith("Not saved, so not played: the saved games are")
    if isinstance(where, Path):
        assert str(where.parent) not in lines[0]
    assert at.session_state[session.MATCH].log == []
    with GameStore(where) as store:
        assert store.get(gid).length == 0  # type: ignore[union-attr]
