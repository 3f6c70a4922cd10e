"""Hostile saved games (issue 16), on SQLite and on PostgreSQL: every file of the corpus in
`tests/hostile/saves.py` is refused in one line and adds nothing (a name that is no text, too
long or holding control, bidi or zero-width characters among them); names that are text are
stored as one line and shown as text; a database that another program holds is reported busy,
and waited for; rows damaged behind the store's back are refused in one line; uploads stop at the
store's limit.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import threading
import time
import tomllib
from pathlib import Path

import pytest
import streamlit

from companion.screens.host import MINE
from companion.screens.parts import plain
from companion.store import MAX_IMPORT_BYTES, GameStore, StoreError
from companion.store import backend as backend_module
from companion.store.backend import SqliteDatabase
from companion.store.errors import Busy
from companion.store.games import MAX_NAME

from ..hostile.saves import NAMES, SAVE_CASES, SaveCase
from .apptest import open_app
from .stored import change, played

ROOT = Path(__file__).resolve().parents[2]


def refused(store: GameStore, data: bytes | str) -> str:
    with pytest.raises(StoreError) as caught:
        store.import_json(data)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300, message[:400]
    return message


@pytest.fixture
def good(store: GameStore) -> dict:
    gid = store.create(played(8), "Good")
    return json.loads(store.export_json(gid))


def test_the_corpus_is_large():
    assert len(SAVE_CASES) + len(NAMES) >= 75


@pytest.mark.parametrize("case", SAVE_CASES, ids=[c.name for c in SAVE_CASES])
def test_a_hostile_file_is_refused_in_one_line_and_adds_nothing(store, good, case: SaveCase):
    before = [g.id for g in store.list(with_logs=False)]
    assert case.expect in refused(store, case.file(good))
    assert [g.id for g in store.list(with_logs=False)] == before


def test_the_good_file_itself_imports(store, good):
    gid = store.import_json(json.dumps(good).encode())
    assert store.get(gid).name == "Good"


@pytest.mark.parametrize("name", NAMES, ids=range(len(NAMES)))
def test_a_name_is_kept_as_one_plain_line(store, good, name: str):
    gid = store.import_json(json.dumps({**good, "name": name}))
    stored = store.get(gid).name
    assert stored.isprintable() and stored == stored.strip() and 0 < len(stored) <= MAX_NAME
    assert stored == " ".join(stored.split())
    assert stored == (" ".join(name.split()) or "Moonlighter")  # blank: the game's title
    store.rename(gid, name)
    assert store.get(gid).name.isprintable()
    other = store.create(played(2), name)
    assert store.get(other).name.isprintable()
    unescaped = re.sub(r"\\.", "", plain(stored))  # what is left once escapes are taken out
    assert not set(unescaped) & set("#$*<>[\\]_`|~")
    assert not re.search(r":\w|://|www\.|@\w", unescaped)  # icons, emoji, bare links: joined


def test_a_name_that_is_no_text_is_refused(store, good):
    assert refused(store, json.dumps({**good, "name": {"a": [1]}})) == (
        "the saved game's name is not text"
    )


# --- rows damaged behind the store's back ---------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("seed", "not a seed"),
        ("seed", 1e30),
        ("version", "x"),
        ("length", -1),
        ("options", "[" * 3000 + "]" * 3000),
        ("options", '{"a":' * 2000 + "1" + "}" * 2000),
    ],
)
def test_a_damaged_record_is_one_line(tmp_path: Path, column: str, value):
    store = GameStore(tmp_path / "games.sqlite")  # SQLite: PostgreSQL types refuse such rows
    gid = store.create(played(4), "Porch")
    change(store, f"UPDATE games SET {column} = ? WHERE id = ?", (value, gid))
    for read in (lambda: store.get(gid), lambda: store.list(), lambda: store.load_match(gid)):
        with pytest.raises(StoreError) as caught:
            read()
        assert str(caught.value) == (
            f"saved game 'Porch' ({gid}): its record is damaged; it was left as it is"
        )


def test_an_action_nested_deeply_in_the_database_is_one_line(tmp_path: Path):
    store = GameStore(tmp_path / "games.sqlite")
    gid = store.create(played(4), "Attic")
    deep = '{"type": ' + "[" * 3000 + "]" * 3000 + "}"
    change(store, "UPDATE actions SET action = ? WHERE gid = ? AND idx = 2", (deep, gid))
    with pytest.raises(StoreError, match=r"'Attic' .*action 3 of its log is damaged"):
        store.load_match(gid)


# --- a database another program holds -------------------------------------------------------------


def hold_lock(path: Path, seconds: float, ready: threading.Event) -> threading.Thread:
    """Another program's exclusive lock on the file, for `seconds`."""

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
        conn.close()

    thread = threading.Thread(target=hold)
    thread.start()
    return thread


@pytest.fixture
def quick(monkeypatch):
    """SQLite's own wait and the store's pause made short, so the test takes a second."""
    monkeypatch.setattr(SqliteDatabase, "timeout", 0.2)
    monkeypatch.setattr(backend_module, "PAUSE", 0.1)


def test_a_lock_held_for_a_moment_is_waited_out(tmp_path: Path, quick):
    path = tmp_path / "games.sqlite"
    store = GameStore(path)
    gid = store.create(played(3), "Hall")
    store.close()
    ready = threading.Event()
    holder = hold_lock(path, 0.4, ready)  # longer than one wait of 0.2 s, shorter than three
    ready.wait(5)
    again = GameStore(path)
    assert [g.id for g in again.list(with_logs=False)] == [gid]
    assert again.version(gid) == 1
    holder.join()


def test_a_lock_held_on_is_reported_busy_never_damaged(tmp_path: Path, quick):
    path = tmp_path / "games.sqlite"
    GameStore(path).close()
    ready = threading.Event()
    holder = hold_lock(path, 3.0, ready)
    ready.wait(5)
    started = time.monotonic()
    with pytest.raises(Busy) as caught:
        GameStore(path)
    message = str(caught.value)
    assert "busy" in message and "damaged" not in message and "\n" not in message
    assert time.monotonic() - started >= 0.2 + 0.1 + 0.2  # it tried again, after a pause
    holder.join()
    assert GameStore(path).list() == []


def test_a_file_that_is_no_database_is_still_called_damaged(tmp_path: Path):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"notes" * 1000)
    with pytest.raises(StoreError, match="damaged or not a database") as caught:
        GameStore(path)
    assert not isinstance(caught.value, Busy)


# --- uploads --------------------------------------------------------------------------------------


def test_the_server_refuses_an_upload_over_the_stores_limit():
    """Streamlit buffers an upload up to server.maxUploadSize (200 MB unless told) before the
    store sees it: the checkout's config sets it to the store's limit, in whole MB, and `make`
    starts the app from the checkout, where Streamlit reads that config."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == math.ceil(MAX_IMPORT_BYTES / 1024 / 1024)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "streamlit run companion/app.py" in makefile  # run where .streamlit/ is
    assert "maxUploadSize" not in makefile  # no flag overriding the config


@pytest.fixture
def app_store(tmp_path, monkeypatch):
    path = tmp_path / "games.sqlite"
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(path))
    streamlit.cache_resource.clear()
    yield GameStore(path)
    streamlit.cache_resource.clear()


def test_the_import_box_takes_no_more_than_the_store(app_store):
    chooser = open_app()
    (uploader,) = chooser.get("file_uploader")
    assert uploader.proto.max_upload_size_mb == math.ceil(MAX_IMPORT_BYTES / 1024 / 1024)


def test_a_saved_games_name_is_shown_as_text(app_store):
    gid = app_store.create(played(3), "![](http://example.com/t.png) **big** [x](http://e.com)")
    chooser = open_app()
    chooser.session_state[MINE] = {gid}  # opened on this device: listed without the host PIN
    chooser.run()
    (row,) = [m.value for m in chooser.markdown if "moves" in m.value]
    assert row.startswith(r"**!\[\](http:" + "\u2060" + r"//example.com/t.png) \*\*big\*\* \[x\]")
    assert "![" not in row and not re.search(r"(?<!\\)\]\(", row) and "http://" not in row
