"""The tables, one set of statements for SQLite and PostgreSQL, and the move from the first layout.

Format 1 (the first store) kept one `games` row per game with the whole log as JSON: every save
rewrote it and every load replayed it. Format 2 keeps a game's own row in `games` (with its log's
`length`), one row per action in `actions` (with the events it produced, so a reloaded match has
its table log without replaying), a state every SNAPSHOT_EVERY actions in `snapshots`, and the
hashes of its table and seat keys in `access_keys`. `store_meta` says which format a database is
in, so a newer layout can be recognised rather than misread. `chance` holds each game's secret
(`companion.engine.chance`); it was added to format 2 without changing it: a game with no row is a
save from before it, whose past keeps its seed and which gets a secret when it is next loaded.

A format-1 file is converted when a store first opens it: each game goes through a checked replay
into the new tables, and the old table is kept, renamed, never dropped; a game the rules refuse
stays there and is reported, and all of it happens in one transaction, so a crash half-way leaves
the file as it was.
"""

from __future__ import annotations

import json

from companion.store import rows
from companion.store.backend import Database, Tx
from companion.store.checked import replay
from companion.store.errors import StoreError

FORMAT = 2

META = """
CREATE TABLE IF NOT EXISTS store_meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
"""
TABLES = (
    # The primary key is named, so it cannot clash with the key of a renamed format-1 table.
    """
    CREATE TABLE IF NOT EXISTS games (
        id TEXT CONSTRAINT games_format2_pkey PRIMARY KEY,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        version BIGINT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        length INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS actions (
        gid TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        PRIMARY KEY (gid, idx)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS snapshots (
        gid TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        length INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (gid, length)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS access_keys (
        gid TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        seat INTEGER,
        PRIMARY KEY (gid, hash)
    )
    """,
)
CHANCE = """
CREATE TABLE IF NOT EXISTS chance (
    gid TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    secret TEXT,
    since INTEGER NOT NULL,
    known TEXT NOT NULL
)
"""
FORMAT1_COLUMNS = "id, game, name, created, updated, version, seed, options, log"


def ensure(db: Database) -> list[str]:
    """Make `db` a format-2 store, converting a format-1 one; one line per game not carried over.

    Runs in one write transaction, which also makes a second process opening the same database
    wait until the first has set it up.
    """
    with db.transaction(write=True) as tx:
        if tx.dialect.lock_setup:
            tx.run(tx.dialect.lock_setup)
        tx.run(META)
        row = tx.one("SELECT value FROM store_meta WHERE name = ?", ("format",))
        if row is not None:
            if row[0] != str(FORMAT):
                raise StoreError(
                    f"{db.where}: the saved games are in format {row[0]}, which this companion "
                    "does not know (a newer version wrote them); they were left as they are"
                )
            tx.run(CHANCE)  # a format-2 store from before the secrets: the table is new
            return []
        old = None
        columns = tx.columns("games")
        if "log" in columns:
            old = _free_name(tx)
            tx.run(f"ALTER TABLE games RENAME TO {old}")
        elif columns:
            raise StoreError(
                f"{db.where}: holds a 'games' table this companion did not write; "
                "it was left as it is"
            )
        for ddl in (*TABLES, CHANCE):
            tx.run(ddl)
        problems = _carry_over(tx, old) if old else []
        tx.run("INSERT INTO store_meta (name, value) VALUES (?, ?)", ("format", str(FORMAT)))
    return problems


def _free_name(tx: Tx) -> str:
    name, n = "games_format1", 1
    while tx.columns(name):
        n += 1
        name = f"games_format1_{n}"
    return name


def _carry_over(tx: Tx, old: str) -> list[str]:
    problems = []
    for row in tx.all(f"SELECT {FORMAT1_COLUMNS} FROM {old} ORDER BY created"):
        try:
            head, pending = _convert(row)
        except StoreError as exc:
            problems.append(
                f"saved game {row[2]!r} ({row[0]}) was not carried over from the old layout: "
                f"{exc}; it is kept in table {old}"
            )
            continue
        rows.insert(tx, head, pending)
    return problems


def _convert(row: tuple) -> tuple[rows.Head, rows.Pending]:
    gid, game, name, created, updated, version, seed, options_json, log_json = row
    try:
        options, log = json.loads(options_json), json.loads(log_json)
    except (TypeError, ValueError, RecursionError):
        raise StoreError("its record is not JSON") from None
    if not isinstance(options, dict) or not isinstance(log, list):
        raise StoreError("its options or log are missing")
    if not rows.valid_seed(seed):
        raise StoreError("its seed is missing or out of range")
    match = replay(game, options, seed, log)
    head = rows.Head(str(gid), str(game), str(name), float(created), float(updated),
                     int(version), seed, options, len(log))  # fmt: skip
    return head, rows.pending(match, 0)
