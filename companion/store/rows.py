"""How a match becomes rows and rows become a log again: one row per action, a state now and then.

A save writes only what changed since the last one (`Match.saved_upto`): the actions from there
on, with the events each produced, and a snapshot of the state when the log crosses a multiple of
SNAPSHOT_EVERY. Everything a save writes is prepared before its transaction opens, so the
transaction holds the lock only for the statements themselves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.engine import Match
from companion.engine.chance import STEP_KEY_BYTES, Chance
from companion.store.backend import Tx
from companion.store.errors import StoreError

SNAPSHOT_EVERY = 64  # a reload replays at most this many actions after the newest snapshot
KEEP_SNAPSHOTS = 4  # older ones only help after a long undo, so a few are enough
MAX_SEED = (1 << 63) - 1  # both databases keep 64-bit signed integers

INSERT_ACTION = "INSERT INTO actions (gid, idx, action, events) VALUES (?, ?, ?, ?)"
INSERT_SNAPSHOT = "INSERT INTO snapshots (gid, length, state) VALUES (?, ?, ?)"
INSERT_GAME = (
    "INSERT INTO games (id, game, name, created, updated, version, seed, options, length) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def valid_seed(seed: Any) -> bool:
    in_range = isinstance(seed, int) and -MAX_SEED - 1 <= seed <= MAX_SEED
    return in_range and not isinstance(seed, bool)


def encode(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Damaged(Exception):
    """Row `index` of a column did not hold what it should."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


def decode_all(texts: list[str], kind: type) -> list[Any]:
    """Every text parsed as JSON of type `kind`, or Damaged naming the first row that is not.

    One `json.loads` over the joined texts parses a 3,000-action log several times faster than
    one call per row; only when that fails are the rows parsed one by one to find the bad one.
    """
    try:
        values = json.loads("[" + ",".join(texts) + "]")
    except (TypeError, ValueError, RecursionError):
        values = None
    if (
        isinstance(values, list)
        and len(values) == len(texts)
        and all(isinstance(v, kind) for v in values)
    ):
        return values
    for index, text in enumerate(texts):
        try:
            value = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise Damaged(index) from None
        if not isinstance(value, kind):
            raise Damaged(index)
    raise Damaged(0)  # each row parses alone but not joined: a row holds more than one value


@dataclass(frozen=True)
class Pending:
    """What a save of `match` from log index `start` on writes."""

    start: int
    length: int
    actions: list[tuple[int, str, str]]  # index, action JSON, events JSON
    snapshot: tuple[int, str] | None  # log length, state JSON


def pending(match: Match, start: int) -> Pending:
    """The rows for the actions from `start` on, and the snapshot now due, if one is: the newest
    multiple of SNAPSHOT_EVERY, when it lies past `start` (earlier ones are stored already)."""
    length = len(match.log)
    actions = [
        (index, encode(match.log[index]), encode(match.events[index]))
        for index in range(start, length)
    ]
    at = length - length % SNAPSHOT_EVERY
    snapshot = None
    if at > start:
        state = match.snapshots.get(at)
        if state is None:
            state = match.state_at(at)
        snapshot = (at, encode(match.rules.to_json(state)))
    return Pending(start, length, actions, snapshot)


def write(tx: Tx, gid: str, rows: Pending, stored: int) -> None:
    """Replace the stored actions from `rows.start` on (`stored` of them are stored now)."""
    if stored > rows.start:  # an undo: later actions, and any snapshot past them, are stale
        tx.run("DELETE FROM actions WHERE gid = ? AND idx >= ?", (gid, rows.start))
        tx.run("DELETE FROM snapshots WHERE gid = ? AND length > ?", (gid, rows.start))
    tx.many(INSERT_ACTION, [(gid, *row) for row in rows.actions])
    if rows.snapshot is not None:
        at, state = rows.snapshot
        tx.run(INSERT_SNAPSHOT, (gid, at, state))
        oldest = at - (KEEP_SNAPSHOTS - 1) * SNAPSHOT_EVERY
        tx.run("DELETE FROM snapshots WHERE gid = ? AND length < ?", (gid, oldest))


@dataclass(frozen=True)
class Head:
    """A game's own row, as stored."""

    id: str
    game: str
    name: str
    created: float
    updated: float
    version: int
    seed: int
    options: dict[str, Any]
    length: int


def insert(tx: Tx, head: Head, rows: Pending) -> None:
    """A new game's rows: its head, every action so far (`pending(match, 0)`), and a snapshot if
    the log is long."""
    tx.run(
        INSERT_GAME,
        (head.id, head.game, head.name, head.created, head.updated, head.version, head.seed,
         encode(head.options), rows.length),
    )  # fmt: skip
    write(tx, head.id, rows, 0)


INSERT_CHANCE = (
    "INSERT INTO chance (gid, secret, since, known) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (gid) DO NOTHING"
)


def insert_chance(tx: Tx, gid: str, chance: Chance) -> None:
    """A game's chance row (kept, if the game has one already: a secret is never replaced)."""
    secret = None if chance.secret is None else chance.secret.hex()
    known = encode([key.hex() for key in chance.known])
    tx.run(INSERT_CHANCE, (gid, secret, chance.since, known))


def read_chance(row: tuple | None, seed: int, label: str) -> Chance | None:
    """The stored chance of a game (seeded with `seed`), None when it has no row yet."""
    if row is None:
        return None
    secret, since, known = row
    try:
        keys = tuple(bytes.fromhex(k) for k in json.loads(known))
        chance = Chance(seed, None if secret is None else bytes.fromhex(secret), int(since), keys)
    except (TypeError, ValueError, RecursionError):
        raise StoreError(f"{label}: its chance record is damaged; it was left as it is") from None
    if chance.since < 0 or any(len(k) != STEP_KEY_BYTES for k in keys):
        raise StoreError(f"{label}: its chance record is damaged; it was left as it is")
    return chance
