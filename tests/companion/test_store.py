"""The game store on both databases: SQLite (a file) and PostgreSQL (a throwaway cluster).

Every test that takes `store` or `location` runs twice, once per database. PostgreSQL comes from
Debian's package (`make system-deps`); when it cannot be started the PostgreSQL half fails with
the reason instead of being skipped, since CI must run it.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.games.vita_luna import VitaLunaRules
from companion.store import (
    Access,
    GameStore,
    SavedGame,
    StaleVersion,
    StoreError,
    default_path,
    replay,
    seat_key,
)
from companion.store.backend import open_database
from companion.store.games import _location
from companion.store.rows import KEEP_SNAPSHOTS, SNAPSHOT_EVERY

from . import pg

# The first store's table, exactly as companion/store.py wrote it up to 2026-11-24 (format 1).
FORMAT1_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    log TEXT NOT NULL
)
"""


ACTIONS = "SELECT idx, action, events FROM actions WHERE gid = ? ORDER BY idx"


# --- the two databases -------------------------------------------------------------------------


@pytest.fixture
def store(location) -> Iterator[GameStore]:
    opened = GameStore(location)
    yield opened
    opened.close()


def rows(store: GameStore, sql: str, params: tuple = ()) -> list[tuple]:
    with store.db.transaction() as tx:
        return tx.all(sql, params)


def change(store: GameStore, sql: str, params: tuple = ()) -> None:
    """Write behind the store's back, as a damaged disk or a careless hand would."""
    with store.db.transaction(write=True) as tx:
        tx.run(sql, params)


# --- games to store ----------------------------------------------------------------------------


def played(actions: int, seed: int = 3) -> Match:
    """A Moonlighter match `actions` deep, random legal play."""
    match = Match.start(MoonlighterRules(), seed=seed)
    extend(match, actions, seed)
    return match


def extend(match: Match, actions: int, seed: int = 5) -> Match:
    rng = random.Random(seed * 7919 + len(match.log))
    for _ in range(actions):
        match.play(rng.choice(match.legal_actions()))
    return match


def same(a: Match, b: Match) -> bool:
    return (
        a.log == b.log
        and a.events == b.events
        and a.rules.to_json(a.state) == b.rules.to_json(b.state)
    )


def snapshot_lengths(store: GameStore, gid: str) -> list[int]:
    found = rows(store, "SELECT length FROM snapshots WHERE gid = ? ORDER BY length", (gid,))
    return [r[0] for r in found]


# --- saving and loading ------------------------------------------------------------------------


def test_a_created_game_loads_as_it_was(store):
    match = played(150)
    gid = store.create(match, "Evening")
    assert match.saved_upto == 150
    saved, loaded = store.load_match(gid)
    assert isinstance(saved, SavedGame)
    assert (saved.id, saved.game, saved.name, saved.version) == (gid, "moonlighter", "Evening", 1)
    assert (saved.seed, saved.options, saved.log, saved.length) == (
        match.seed,
        match.options,
        match.log,
        150,
    )
    assert same(loaded, match)
    assert loaded.saved_upto == 150
    assert snapshot_lengths(store, gid) == [128]
    assert store.get(gid) == saved
    assert store.get("nope") is None


def test_a_reload_starts_from_the_snapshot_and_has_the_events_without_replaying(store, monkeypatch):
    match = played(200)
    gid = store.create(match)
    replayed = []
    monkeypatch.setattr(Match, "replay", classmethod(lambda *a: replayed.append(a)))
    rules = MoonlighterRules
    steps = []
    original = rules.apply_unchecked
    monkeypatch.setattr(
        rules, "apply_unchecked", lambda self, *a: steps.append(1) or original(self, *a)
    )
    _, loaded = store.load_match(gid)
    assert replayed == [] and len(steps) == 200 - 192
    assert loaded.events == match.events


def test_a_save_writes_only_the_new_actions(store):
    match = played(70)
    gid = store.create(match)
    _, loaded = store.load_match(gid)
    first = json.dumps(loaded.log[0], indent=1)  # the same action, spelled so a rewrite shows
    change(store, "UPDATE actions SET action = ? WHERE gid = ? AND idx = 0", (first, gid))
    extend(loaded, 3)
    assert store.save(gid, loaded, 1) == 2
    assert loaded.saved_upto == 73
    assert rows(store, "SELECT action FROM actions WHERE gid = ? AND idx = 0", (gid,)) == [(first,)]
    assert rows(store, "SELECT COUNT(*), MAX(idx) FROM actions WHERE gid = ?", (gid,)) == [(73, 72)]
    saved, again = store.load_match(gid)
    assert (saved.version, saved.length) == (2, 73) and same(again, loaded)


def test_undo_then_a_new_action_replaces_the_stale_rows(store):
    match = played(130)
    gid = store.create(match)
    _, loaded = store.load_match(gid)
    assert snapshot_lengths(store, gid) == [128]
    loaded.rewind(100)  # as far back as several undos go
    assert loaded.saved_upto == 100
    version = store.save(gid, loaded, 1)
    assert snapshot_lengths(store, gid) == []  # the one at 128 was for actions now gone
    assert rows(store, "SELECT COUNT(*) FROM actions WHERE gid = ?", (gid,)) == [(100,)]
    extend(loaded, 40, seed=99)  # a different line of play past the old snapshot
    version = store.save(gid, loaded, version)
    assert snapshot_lengths(store, gid) == [128]
    saved, again = store.load_match(gid)
    assert saved.version == version == 3
    assert same(again, loaded)
    assert same(again, replay("moonlighter", loaded.options, loaded.seed, loaded.log))


def test_one_undo_and_save(store):
    match = played(10)
    gid = store.create(match)
    match.undo()
    assert store.save(gid, match, 1) == 2
    saved, again = store.load_match(gid)
    assert saved.length == 9 and same(again, match)


def test_snapshots_come_every_64_actions_and_only_the_last_few_are_kept(store):
    match = played(1)
    gid = store.create(match)
    version = 1
    for _ in range(6 * SNAPSHOT_EVERY + 4):
        extend(match, 1)
        version = store.save(gid, match, version)
    newest = 6 * SNAPSHOT_EVERY
    kept = [newest - SNAPSHOT_EVERY * k for k in reversed(range(KEEP_SNAPSHOTS))]
    assert snapshot_lengths(store, gid) == kept
    assert same(store.load_match(gid)[1], match)


def test_a_stale_save_is_refused_and_writes_nothing(store):
    match = played(20)
    gid = store.create(match)
    extend(match, 2)
    store.save(gid, match, 1)
    before = rows(store, ACTIONS, (gid,))
    extend(match, 2)
    with pytest.raises(StaleVersion, match="the game changed on another device"):
        store.save(gid, match, 1)
    assert match.saved_upto == 22
    assert rows(store, ACTIONS, (gid,)) == before
    assert store.version(gid) == 2 and store.get(gid).length == 22


def test_saving_a_game_that_was_deleted_says_so(store):
    match = played(3)
    gid = store.create(match)
    store.delete(gid)
    extend(match, 1)
    with pytest.raises(StoreError, match="no saved game") as caught:
        store.save(gid, match, 1)
    assert not isinstance(caught.value, StaleVersion)


def test_a_match_from_elsewhere_is_saved_whole(store):
    match = played(30)
    gid = store.create(played(10, seed=8))
    fresh = replay("moonlighter", match.options, match.seed, match.log)
    assert fresh.saved_upto == 0  # built by checked play: nothing of it is stored yet
    store.save(gid, fresh, 1)
    assert same(store.load_match(gid)[1], match)
    longer = extend(replay("moonlighter", match.options, match.seed, match.log), 10)
    longer.saved_upto = 40  # claims all is stored, but the game holds only its first 30 actions
    store.save(gid, longer, 2)
    assert same(store.load_match(gid)[1], longer)


def test_list_rename_delete_and_export_import(store):
    first, second = store.create(played(5), "one"), store.create(played(9, seed=4), "two")
    store.rename(second, "  Tuesday  ")
    listed = store.list()
    assert [(g.id, g.name, len(g.log), g.length) for g in listed] == [
        (second, "Tuesday", 9, 9), (first, "one", 5, 5)
    ]  # fmt: skip
    assert [(g.log, g.length) for g in store.list(with_logs=False)] == [([], 9), ([], 5)]
    copy = store.import_json(store.export_json(second).encode())
    assert same(store.load_match(copy)[1], store.load_match(second)[1])
    assert store.get(copy).name == "Tuesday"
    store.delete(second)
    assert store.get(second) is None
    for table in ("actions", "snapshots", "access_keys"):
        assert rows(store, f"SELECT COUNT(*) FROM {table} WHERE gid = ?", (second,)) == [(0,)]
    assert {g.id for g in store.list()} == {first, copy}


def test_an_import_is_replayed_with_checks_and_a_bad_one_adds_nothing(store):
    gid = store.create(played(5))
    good = json.loads(store.export_json(gid))
    bad = good | {"log": [{"type": "roll_tile", "value": 42}]}
    with pytest.raises(StoreError, match="entry 1 of the log: The tile die shows 0 to 9; 42"):
        store.import_json(json.dumps(bad))
    with pytest.raises(StoreError, match="seed is not a whole number in range"):
        store.import_json(json.dumps(good | {"seed": 2**80}))
    with pytest.raises(StoreError, match=r"not a saved game \(not JSON\)"):
        store.import_json(b"[" * 100_000)
    with pytest.raises(StoreError, match="which this companion cannot play"):
        store.import_json(json.dumps(good | {"game": "chess"}))
    assert [g.id for g in store.list()] == [gid]


# --- damage ------------------------------------------------------------------------------------


def one_line(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert "\n" not in text and "Traceback" not in text
    return text


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


# --- seats and keys ----------------------------------------------------------------------------


def duel_match() -> Match:
    match = Match.start(VitaLunaRules(), {"mode": "basic"}, seed=12)
    return extend(match, 10)


def test_seat_keys_derive_from_the_table_key():
    table = secrets.token_urlsafe(24)
    key = seat_key(table, "game1", 0)
    assert key == seat_key(table, "game1", 0)  # the table screen can always show it again
    assert len({key, seat_key(table, "game1", 1), seat_key(table, "game2", 0),
                seat_key(secrets.token_urlsafe(24), "game1", 0)}) == 4  # fmt: skip
    assert len(key) >= 22 and set(key) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )  # url-safe, at least 128 bits


def test_grant_and_access(store):
    duel = duel_match()
    gid = store.create(duel)
    table = store.grant(gid, duel)
    assert len(table) >= 32
    assert store.access(gid, table) == Access(table=True)
    assert store.access(gid, table).may_act_for(1)
    zero = store.access(gid, seat_key(table, gid, 0))
    assert zero == Access(seat=0) and zero.may_act_for(0) and not zero.may_act_for(1)
    assert store.access(gid, seat_key(table, gid, 1)).seat == 1
    for nobody in (None, ""):
        watching = store.access(gid, nobody)
        assert watching.public and not watching.may_act_for(0)
    stored = rows(store, "SELECT hash, seat FROM access_keys WHERE gid = ? ORDER BY seat", (gid,))
    assert len(stored) == 3 and {s for _, s in stored} == {None, 0, 1}
    assert not any(table in h or seat_key(table, gid, 0) in h for h, _ in stored)  # hashes only


def test_a_key_from_elsewhere_is_refused(store):
    first, second = store.create(duel_match()), store.create(duel_match())
    table = store.grant(first)  # reads the seats from the stored game
    store.grant(second)
    for wrong in (seat_key(table, second, 0), "made-up", seat_key(table, first, 7)):
        with pytest.raises(StoreError, match="this link is not valid for this game"):
            store.access(second, wrong)
    with pytest.raises(StoreError, match="this link is not valid for this game"):
        store.access(second, table)
    newer = store.grant(first)  # granting again shuts out the old links
    with pytest.raises(StoreError, match="this link is not valid for this game"):
        store.access(first, seat_key(table, first, 0))
    assert store.access(first, seat_key(newer, first, 0)).seat == 0
    with pytest.raises(StoreError, match="no saved game"):
        store.access("nope", newer)
    with pytest.raises(StoreError, match="no saved game"):
        store.grant("nope", duel_match())


# --- several devices ---------------------------------------------------------------------------


def test_two_devices_on_one_game(location):
    setup = GameStore(location)
    gid = setup.create(played(40))
    device_a, device_b = GameStore(location), GameStore(location)
    saved_a, match_a = device_a.load_match(gid)
    saved_b, match_b = device_b.load_match(gid)
    seen_by_b = device_b.version(gid)
    extend(match_a, 1, seed=1)
    version_a = device_a.save(gid, match_a, saved_a.version)
    extend(match_b, 1, seed=2)
    with pytest.raises(StaleVersion):
        device_b.save(gid, match_b, saved_b.version)
    assert device_b.version(gid) == version_a != seen_by_b  # the poll tells B to redraw
    assert same(setup.load_match(gid)[1], match_a)  # nothing of B's was written
    saved_b, match_b = device_b.load_match(gid)
    assert saved_b.version == version_a and same(match_b, match_a)
    extend(match_b, 1, seed=3)
    assert device_b.save(gid, match_b, saved_b.version) == version_a + 1
    for store in (setup, device_a, device_b):
        store.close()


def test_two_saves_at_once_one_wins(location):
    gid = GameStore(location).create(played(10))
    matches = [GameStore(location).load_match(gid)[1] for _ in range(2)]
    stores = [GameStore(location) for _ in range(2)]
    barrier, outcomes = threading.Barrier(2), []

    def tap(i: int) -> None:
        extend(matches[i], 1, seed=10 + i)
        barrier.wait()
        try:
            outcomes.append((i, stores[i].save(gid, matches[i], 1)))
        except StaleVersion:
            outcomes.append((i, "stale"))

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(o[1] for o in outcomes if o[1] != "stale") == [2]
    winner = next(i for i, o in outcomes if o == 2)
    assert same(stores[0].load_match(gid)[1], matches[winner])


# --- where the store lives ---------------------------------------------------------------------


def test_a_postgresql_url_survives_the_pages_path_round_trip(monkeypatch, pg_cluster):
    url = pg_cluster.url()
    monkeypatch.setenv("CARDGEN_COMPANION_DB", url)
    assert _location(Path(str(default_path()))) == url
    assert _location(None) == url
    monkeypatch.setenv("CARDGEN_COMPANION_DB", "postgresql:///games")
    assert _location(Path(str(default_path()))) == "postgresql:///games"
    monkeypatch.delenv("CARDGEN_COMPANION_DB")
    assert _location(Path("postgresql://u@h:5/db")) == "postgresql://u@h:5/db"
    assert _location(Path("/tmp/x.sqlite")) == Path("/tmp/x.sqlite")


def test_a_wrong_postgresql_address_is_one_line_without_the_password(pg_cluster):
    url = f"postgresql://postgres:sekret@127.0.0.1:{pg.free_port()}/postgres?connect_timeout=2"
    with pytest.raises(StoreError) as caught:
        GameStore(url)
    text = one_line(caught)
    assert text.startswith("PostgreSQL postgres on 127.0.0.1:") and "sekret" not in text
