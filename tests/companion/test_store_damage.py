"""The game store on SQLite and on PostgreSQL: damaged rows, a newer format, and saves from the
first layout, which open as they were."""

from __future__ import annotations

import json
import secrets
import sqlite3

import pytest

from companion.engine import Match
from companion.games.vita_luna import VitaLunaRules
from companion.store import (
    GameStore,
    StoreError,
)
from companion.store.backend import open_database

from .stored import FORMAT1_SCHEMA, change, extend, one_line, played, rows, same, snapshot_lengths

# --- damage ------------------------------------------------------------------------------------


def test_a_damaged_snapshot_falls_back_to_a_checked_replay_and_is_mended(store, caplog):
    match = played(140)
    gid = store.create(match)
    change(store, "UPDATE snapshots SET state = ? WHERE gid = ?", ('{"map": "torn"', gid))
    _, loaded = store.load_match(gid)
    assert same(loaded, match) and loaded.saved_upto == 140
    assert "replaying it" in caplog.text
    assert json.loads(rows(store, "SELECT state FROM snapshots WHERE gid = ?", (gid,))[0][0])
    caplog.clear()
    assert same(store.load_match(gid)[1], match)
    assert caplog.text == ""  # mended: no replay the second time


def test_damaged_events_fall_back_too(store):
    match = played(70)
    gid = store.create(match)
    change(store, "UPDATE actions SET events = ? WHERE gid = ? AND idx = 3", ("{oops", gid))
    assert same(store.load_match(gid)[1], match)


def test_a_damaged_action_is_one_line_naming_the_game_and_nothing_changes(store):
    match = played(70)
    gid = store.create(match, "Kitchen table")
    change(store, "UPDATE actions SET action = ? WHERE gid = ? AND idx = 7", ("{oops", gid))
    with pytest.raises(StoreError) as caught:
        store.load_match(gid)
    assert one_line(caught) == (
        f"saved game 'Kitchen table' ({gid}): action 8 of its log is damaged; it was left as it is"
    )
    assert rows(store, "SELECT action FROM actions WHERE gid = ? AND idx = 7", (gid,)) == [
        ("{oops",)
    ]


def test_a_snapshot_and_an_action_the_rules_refuse_give_up_with_the_reason(store):
    match = played(70)
    gid = store.create(match, "Attic")
    change(store, "UPDATE snapshots SET state = ? WHERE gid = ?", ("{}", gid))
    change(
        store, "UPDATE actions SET action = ? WHERE gid = ? AND idx = 0", ('{"type": "fly"}', gid)
    )
    with pytest.raises(StoreError) as caught:
        store.load_match(gid)
    text = one_line(caught)
    assert text.startswith(
        f"saved game 'Attic' ({gid}): its stored state is damaged and its log does not replay"
    )
    assert "entry 1 of the log" in text


def test_a_missing_action_or_damaged_record_names_the_game(store):
    gid = store.create(played(10), "Porch")
    change(store, "DELETE FROM actions WHERE gid = ? AND idx = 4", (gid,))
    with pytest.raises(
        StoreError, match=r"'Porch' .*its log is incomplete \(9 of 10 actions stored\)"
    ):
        store.load_match(gid)
    other = store.create(played(3), "Garden")
    change(store, "UPDATE games SET options = ? WHERE id = ?", ("[1,", other))
    with pytest.raises(StoreError, match=r"saved game 'Garden' .*its record is damaged"):
        store.get(other)
    third = store.create(played(3), "Shed")
    change(store, "UPDATE games SET game = ? WHERE id = ?", ("chess", third))
    with pytest.raises(StoreError, match=r"'Shed' .*'chess', which this companion cannot play"):
        store.load_match(third)


def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(StoreError) as caught:
        GameStore(path)
    assert "the saved-games file is damaged or not a database" in one_line(caught)
    assert path.read_bytes() == b"these are my notes, not a database" * 100


def test_a_newer_format_is_refused(location):
    GameStore(location).close()
    db = open_database(location)
    with db.transaction(write=True) as tx:
        tx.run("UPDATE store_meta SET value = ? WHERE name = ?", ("3", "format"))
    db.close()
    with pytest.raises(StoreError, match="in format 3, which this companion does not know"):
        GameStore(location)


# --- the first layout --------------------------------------------------------------------------


def format1_row(gid: str, match: Match, name: str, version: int = 1) -> tuple:
    """A row as the first store wrote it (`json.dumps` of options and log)."""
    return (gid, match.rules.game_id, name, 1700000000.5, 1700000100.25, version, match.seed,
            json.dumps(match.options), json.dumps(match.log))  # fmt: skip


def test_a_file_from_the_first_store_opens_with_every_game_and_keeps_the_old_table(
    tmp_path, caplog
):
    path = tmp_path / "games.sqlite"
    long_one = played(300)
    duel = Match.start(VitaLunaRules(), {"mode": "advanced"}, seed=4)
    extend(duel, 40)
    broken = played(5).to_json() | {"log": [{"type": "roll_tile", "value": 42}]}
    with sqlite3.connect(path) as old:
        old.execute(FORMAT1_SCHEMA)
        old.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            format1_row("aaaaaaaa", long_one, "Long one", version=57),
            format1_row("bbbbbbbb", duel, "Duel"),
            ("cccccccc", "moonlighter", "Broken", 1.0, 2.0, 3, broken["seed"], "{}", json.dumps(broken["log"])),
            ("dddddddd", "moonlighter", "Torn", 1.0, 2.0, 3, 1, "{}", "[{"),
        ])  # fmt: skip
    old.close()
    store = GameStore(path)
    assert len(store.problems) == 2
    assert store.problems[0].startswith("saved game 'Broken' (cccccccc) was not carried over")
    assert "entry 1 of the log: The tile die shows 0 to 9; 42" in store.problems[0]
    assert store.problems[1].endswith("it is kept in table games_format1")
    assert "not carried over" in caplog.text
    saved, loaded = store.load_match("aaaaaaaa")
    assert (saved.name, saved.version, saved.created, saved.updated) == (
        "Long one",
        57,
        1700000000.5,
        1700000100.25,
    )
    assert same(loaded, long_one)
    assert snapshot_lengths(store, "aaaaaaaa") == [256]
    assert same(store.load_match("bbbbbbbb")[1], duel)
    assert {g.id for g in store.list()} == {"aaaaaaaa", "bbbbbbbb"}
    extend(loaded, 1)
    assert store.save("aaaaaaaa", loaded, 57) == 58
    store.close()
    with sqlite3.connect(path) as kept:
        assert kept.execute("SELECT id FROM games_format1 ORDER BY id").fetchall() == [
            ("aaaaaaaa",), ("bbbbbbbb",), ("cccccccc",), ("dddddddd",)
        ]  # fmt: skip
    kept.close()
    again = GameStore(path)  # converted once: opening again changes nothing
    assert again.problems == []
    assert same(again.load_match("aaaaaaaa")[1], loaded)


def test_the_first_layout_converts_on_postgresql_too(pg_cluster):
    url = pg_cluster.new_schema(f"t_{secrets.token_hex(6)}")
    match = played(100)
    db = open_database(url)
    with db.transaction(write=True) as tx:
        tx.run(FORMAT1_SCHEMA)
        tx.run(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            format1_row("aaaaaaaa", match, "Old"),
        )
    store = GameStore(url)
    assert store.problems == []
    assert same(store.load_match("aaaaaaaa")[1], match)
    with db.transaction() as tx:
        assert tx.all("SELECT id FROM games_format1") == [("aaaaaaaa",)]
    db.close()
    store.close()
