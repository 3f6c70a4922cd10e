"""The host PIN in the store (issue 16, item 5), on SQLite and PostgreSQL: set once, kept only as
a salted hash, checked in constant time, or given by the environment when the server starts."""

from __future__ import annotations

import pytest

from companion.store import GameStore, StoreError
from companion.store.host import ENVIRONMENT, HostLock


def test_no_pin_until_the_host_sets_one(store: GameStore):
    assert not store.host.is_set()
    store.host.set("2468")
    assert store.host.is_set()
    assert store.host.matches("2468")
    assert store.host.matches(" 2468 ")  # as typed on a number pad, with a stray space
    assert not store.host.matches("2469")
    assert not store.host.matches("")


def test_the_pin_is_set_once(store: GameStore):
    store.host.set("2468")
    with pytest.raises(StoreError, match="set already"):
        store.host.set("1357")
    assert store.host.matches("2468") and not store.host.matches("1357")


@pytest.mark.parametrize("pin", ["123", "1234567890123", "12a4", "", "12 34", "١٢٣٤"])
def test_a_pin_is_four_to_twelve_digits(store: GameStore, pin: str):
    with pytest.raises(StoreError, match="4 to 12 digits"):
        store.host.set(pin)
    assert not store.host.is_set()


def test_only_a_salted_hash_is_stored(store: GameStore):
    store.host.set("24682468")
    with store.db.transaction() as tx:
        rows = tx.all("SELECT name, value FROM store_meta")
    stored = dict(rows)["host_pin"]
    assert "24682468" not in stored
    assert stored.startswith("scrypt$")
    other = GameStore(store.path)  # a second server process on the same database
    try:
        assert other.host.matches("24682468")
    finally:
        other.close()


def test_a_damaged_row_unlocks_nothing(store: GameStore):
    store.host.set("2468")
    with store.db.transaction(write=True) as tx:
        tx.run("UPDATE store_meta SET value = ? WHERE name = ?", ("scrypt$zz$00", "host_pin"))
    assert not store.host.matches("2468")


def test_the_environment_sets_the_pin(store: GameStore):
    lock = HostLock(store.db, {ENVIRONMENT: "97531"})
    assert lock.is_set() and lock.from_environment
    assert lock.matches("97531") and not lock.matches("97532")
    with pytest.raises(StoreError, match=ENVIRONMENT):
        lock.set("1111")


def test_a_malformed_environment_pin_is_one_line(store: GameStore):
    with pytest.raises(StoreError, match="4 to 12 digits"):
        HostLock(store.db, {ENVIRONMENT: "secret"})
