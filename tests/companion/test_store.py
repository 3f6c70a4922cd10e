"""The game store on both databases: SQLite (a file) and PostgreSQL (a throwaway cluster).

Every test that takes `store` or `location` runs twice, once per database. PostgreSQL comes from
Debian's package (`make system-deps`); when it cannot be started the PostgreSQL half fails with
the reason instead of being skipped, since CI must run it.
"""

from __future__ import annotations

import json

import pytest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.store import (
    SavedGame,
    StaleVersion,
    StoreError,
    replay,
)
from companion.store.rows import KEEP_SNAPSHOTS, SNAPSHOT_EVERY

from .stored import ACTIONS, change, extend, played, rows, same, snapshot_lengths

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
