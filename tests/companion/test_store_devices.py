"""The game store on SQLite and on PostgreSQL: seat keys, several devices on one game, and
where the store lives."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

import pytest

from companion.engine import Match
from companion.games.vita_luna import VitaLunaRules
from companion.store import (
    Access,
    GameStore,
    Revoked,
    StaleVersion,
    StoreError,
    default_path,
    seat_key,
)
from companion.store.games import _location

from . import pg
from .stored import extend, one_line, played, rows, same

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


def test_a_save_with_a_replaced_key_writes_nothing(store):
    """The key is checked under the save's own write lock: a tap that reached the server just
    as the table made new codes is refused, with nothing written (no window between the last
    look and the save)."""
    gid = store.create(duel_match())
    old = store.grant(gid)
    saved, match = store.load_match(gid)
    extend(match, 2)
    newer = store.grant(gid)
    with pytest.raises(Revoked, match="this link is not valid for this game"):
        store.save(gid, match, saved.version, seat_key(old, gid, 0))
    assert store.load_match(gid)[0].length == saved.length
    version = store.save(gid, match, saved.version, seat_key(newer, gid, 0))
    assert store.load_match(gid)[0].length == len(match.log) and version == saved.version + 1


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
