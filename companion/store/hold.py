"""A device's hold on a game, looked at again on every rerun and before every tap: the game's
version and what the device's key still opens, in one small query.

The table makes new codes (`GameStore.grant`) to shut out the links it handed out before; a phone
that opened the game with one of them still holds the match in its session, so the page asks
again before it draws a seat's cards or plays a tap for it. One statement reads the version and
the game's few key hashes together (both databases read one statement at one moment), and the key
is recognised among them in constant time, as `GameStore.access` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.store.backend import Database
from companion.store.errors import StoreError
from companion.store.keys import PUBLIC, Access, recognise

VERSION = "SELECT version FROM games WHERE id = ?"
VERSION_AND_KEYS = (
    "SELECT g.version, k.hash, k.seat FROM games g "
    "LEFT JOIN access_keys k ON k.gid = g.id WHERE g.id = ?"
)


@dataclass(frozen=True)
class Hold:
    """The stored version of a game, and what a device's key opens in it now."""

    version: int
    access: Access | None  # None: the key opens the game no more (new codes were made since)


def hold(db: Database, gid: str, key: str | None) -> Hold:
    """`key`'s hold on game `gid` (no key: a watcher's, which nothing takes away); StoreError if
    there is no such game or the database cannot say."""
    if not key:
        version = db.scalar(VERSION, (gid,))
        if version is None:
            raise StoreError(f"no saved game {gid!r}")
        return Hold(int(version), PUBLIC)
    found = db.rows(VERSION_AND_KEYS, (gid,))
    if not found:
        raise StoreError(f"no saved game {gid!r}")
    stored = [(digest, seat) for _, digest, seat in found if digest is not None]
    return Hold(int(found[0][0]), recognise(key, stored))
