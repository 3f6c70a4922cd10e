"""Saved games: create, save, reload, list, export and import, and who may act in them.

Each save names the version it was based on: a tap from a second device that saw an older
version is refused (StaleVersion) rather than overwriting newer play. A save writes only the
actions since the last one (`Match.saved_upto`), so it costs what the last few actions cost; a
reload starts from the newest stored snapshot and replays at most SNAPSHOT_EVERY actions, trusted
because they were checked when played. Whatever comes from outside (an imported file, a save in
the first layout) goes through a checked replay instead.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import Match
from companion.engine.chance import Chance
from companion.store import files, names, rows, schema
from companion.store.backend import URL, Tx, open_database
from companion.store.checked import replay, rules_for
from companion.store.errors import Revoked, StaleVersion, StoreError
from companion.store.files import SAVE_FORMAT
from companion.store.host import HostLock
from companion.store.keys import PUBLIC, Access, key_hash, new_table_key, recognise, seat_key

MAX_NAME = 60  # characters of a saved game's name
ALL_ACTIONS = "SELECT gid, action FROM actions ORDER BY gid, idx"
HEAD = "SELECT id, game, name, created, updated, version, seed, options, length FROM games"
CHANCE = "SELECT secret, since, known FROM chance"
STALE = "the game changed on another device; it has been reloaded"
NOT_VALID = (
    "this link is not valid for this game (it belongs to another game, or new links were made "
    "since); ask the table for a new one"
)

log = logging.getLogger(__name__)
Actions = list[dict[str, Any]]  # spelled once here: inside GameStore, `list` is a method
Texts = list[str]


@dataclass(frozen=True)
class SavedGame:
    id: str
    game: str
    name: str
    created: float
    updated: float
    version: int
    seed: int
    options: dict[str, Any]
    log: list[dict[str, Any]]
    length: int = 0  # actions in the log, also when the log itself was not read (`list`)


def default_path() -> Path:
    """Where the pages' store lives: $CARDGEN_COMPANION_DB, else .companion/games.sqlite.

    A `postgresql://` URL in the variable comes back as a Path too (the pages pass it through
    `Path`); `GameStore` recognises it. `default_location` gives it unchanged."""
    return Path(default_location())


def default_location() -> str:
    env = os.environ.get("CARDGEN_COMPANION_DB")
    if env:
        return env
    from cardgen.data.project import REPO_ROOT

    return str(REPO_ROOT / ".companion" / "games.sqlite")


def _location(path: Path | str | None) -> Path | str:
    """A SQLite path, or a PostgreSQL URL as libpq wants it.

    `Path` folds the `//` of a URL; the environment's URL is preferred when that is where the
    folded one came from, since folding loses an empty host (`postgresql:///db`)."""
    if path is None:
        path = default_location()
    text = str(path)
    env = os.environ.get("CARDGEN_COMPANION_DB", "")
    if URL.match(env) and text in (env, str(Path(env))):
        return env
    if URL.match(text):
        return re.sub(r"^(postgres(?:ql)?):/*", r"\1://", text, flags=re.IGNORECASE)
    return Path(path)


def _label(gid: str, name: str) -> str:
    return f"saved game {name[:MAX_NAME]!r} ({gid})"


def clean_name(name: str) -> str:
    """A saved game's name as it is stored: one line of at most MAX_NAME characters (pages show
    it as plain text; see `companion.screens.parts.plain`)."""
    return " ".join("".join(" " if not c.isprintable() else c for c in name).split())[:MAX_NAME]


class GameStore:
    """Saved games in SQLite (a file, the default) or PostgreSQL (a `postgresql://` URL).

    Safe to share between threads (each call takes a pooled connection of its own). `problems`
    lists the games an older file held that could not be carried over (they stay in the file).
    """

    def __init__(self, path: Path | str | None = None) -> None:
        location = _location(path)
        self.path = location
        self.db = open_database(location)
        self.problems = schema.ensure(self.db)
        for problem in self.problems:
            log.warning("%s", problem)
        self.host = HostLock(self.db)  # the host PIN: see companion/store/host.py

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # reading ------------------------------------------------------------------------------
    def get(self, gid: str) -> SavedGame | None:
        with self.db.transaction() as tx:
            row = tx.one(HEAD + " WHERE id = ?", (gid,))
            if row is None:
                return None
            texts = tx.all(
                "SELECT action FROM actions WHERE gid = ? AND idx < ? ORDER BY idx", (gid, row[8])
            )
        head = _head(row)
        return _saved(head, _log(head, [t[0] for t in texts]))

    def list(self, with_logs: bool = True) -> list[SavedGame]:
        """Every saved game, the latest played first; without their logs (`log` empty, `length`
        still right) when `with_logs` is False, which reads no action at all."""
        with self.db.transaction() as tx:
            found = tx.all(HEAD + " ORDER BY updated DESC")
            actions = tx.all(ALL_ACTIONS) if with_logs else []
        texts: dict[str, Texts] = {}
        for gid, text in actions:
            texts.setdefault(gid, []).append(text)
        heads = [_head(row) for row in found]
        if not with_logs:
            return [_saved(head, []) for head in heads]
        return [_saved(h, _log(h, texts.get(h.id, [])[: h.length])) for h in heads]

    def version(self, gid: str) -> int:
        """The stored version alone, in one cheap query: pages poll it to see another device act."""
        found = self.db.scalar("SELECT version FROM games WHERE id = ?", (gid,))
        if found is None:
            raise StoreError(f"no saved game {gid!r}")
        return int(found)

    def load_match(self, gid: str) -> tuple[SavedGame, Match]:
        """The saved game and its match: the newest snapshot plus the actions after it, unchecked.

        A damaged snapshot or events row (or rules that no longer read the stored state) is not
        the end: the match is rebuilt by a full checked replay of the stored actions, and the
        derived rows are written afresh. Only when that fails too, or an action itself is
        damaged, does it raise: one StoreError line naming the game, with nothing changed.
        """
        with self.db.transaction() as tx:
            row = tx.one(HEAD + " WHERE id = ?", (gid,))
            if row is None:
                raise StoreError(f"no saved game {gid!r}")
            snapshot = tx.one(
                "SELECT length, state FROM snapshots WHERE gid = ? AND length <= ? "
                "ORDER BY length DESC LIMIT 1",
                (gid, row[8]),
            )
            stored = tx.all(
                "SELECT action, events FROM actions WHERE gid = ? AND idx < ? ORDER BY idx",
                (gid, row[8]),
            )
            chance_row = tx.one(CHANCE + " WHERE gid = ?", (gid,))
        head = _head(row)
        texts = [s[0] for s in stored]
        saved = _saved(head, _log(head, texts))
        rules = _rules(head)
        chance = rows.read_chance(chance_row, head.seed, _label(head.id, head.name))
        if chance is None:
            chance = self._secure(head)
        try:
            events = rows.decode_all([s[1] for s in stored], list)
            kept = None if snapshot is None else (int(snapshot[0]), json.loads(snapshot[1]))
            match = Match.resume(rules, head.options, head.seed, saved.log, events, kept, chance)
        except Exception as exc:  # whatever the rules make of a damaged state, replay instead
            match = self._rebuild(head, saved.log, texts, exc, chance)
        return saved, match

    def _secure(self, head: rows.Head) -> Chance:
        """A save from before the secrets: its past keeps its seed, every later entry gets a
        fresh secret, stored now (if two devices load it at once, the first secret stored wins)."""
        with self.db.transaction(write=True) as tx:
            rows.insert_chance(tx, head.id, Chance(head.seed).secured_from(head.length))
            chance = rows.read_chance(
                tx.one(CHANCE + " WHERE gid = ?", (head.id,)), head.seed, head.id
            )
        if chance is None:
            raise StoreError(f"no saved game {head.id!r} (deleted on another device?)")
        return chance

    def _rebuild(
        self, head: rows.Head, actions: Actions, texts: Texts, why: Exception, chance: Chance
    ) -> Match:
        label = _label(head.id, head.name)
        log.warning("%s: stored state unreadable (%s); replaying it", label, type(why).__name__)
        try:
            match = replay(head.game, head.options, head.seed, actions, chance)
        except StoreError as exc:
            raise StoreError(
                f"{label}: its stored state is damaged and its log does not replay ({exc}); "
                "it was left as it is"
            ) from None
        self._repair(head, match, texts)
        match.saved_upto = len(match.log)
        return match

    def _repair(self, head: rows.Head, match: Match, texts: Texts) -> None:
        """Write a rebuilt game's events and snapshot afresh (its actions stay exactly as they
        were), unless someone saved since it was read; a failure only means the next load
        replays again."""
        pending = rows.pending(match, 0)
        pending = dataclasses.replace(
            pending, actions=[(i, texts[i], events) for i, _, events in pending.actions]
        )
        try:
            with self.db.transaction(write=True) as tx:
                locked = tx.run(
                    "UPDATE games SET length = length WHERE id = ? AND version = ?",
                    (head.id, head.version),
                )
                if locked.rowcount != 1:
                    return
                tx.run("DELETE FROM snapshots WHERE gid = ?", (head.id,))
                tx.run("DELETE FROM actions WHERE gid = ?", (head.id,))
                rows.write(tx, head.id, pending, 0)
        except StoreError as exc:
            log.warning("%s: not repaired: %s", _label(head.id, head.name), exc)

    # writing ------------------------------------------------------------------------------
    def create(self, match: Match, name: str = "") -> str:
        """A new saved game holding `match` as it is; its id. The match counts as saved."""
        if not rows.valid_seed(match.seed):
            raise StoreError(f"this game's seed {match.seed} cannot be saved (out of range)")
        gid = secrets.token_urlsafe(6)
        now = time.time()
        head = rows.Head(gid, match.rules.game_id, clean_name(name) or match.rules.title, now,
                         now, 1, match.seed, match.options, len(match.log))  # fmt: skip
        pending = rows.pending(match, 0)
        with self.db.transaction(write=True) as tx:
            rows.insert(tx, head, pending)
            rows.insert_chance(tx, gid, match.chance)
        match.saved_upto = len(match.log)
        return gid

    def save(self, gid: str, match: Match, expected_version: int, key: str | None = None) -> int:
        """Store the match's new actions if nobody saved since `expected_version`; the new version.

        One transaction: the key check (Revoked, with nothing written, when `key` is given and the
        table has made new codes since: checked under the write lock, so a tap cannot slip in
        between a device's last look and new codes), the version check (StaleVersion, with
        nothing written, if another device saved first), the stored actions from
        `match.saved_upto` on replaced by the match's, a snapshot when one is due.
        `match.saved_upto` then moves to the end of its log.
        """
        pending = rows.pending(match, match.saved_upto)
        with self.db.transaction(write=True) as tx:
            if key is not None:
                granted = tx.all("SELECT hash, seat FROM access_keys WHERE gid = ?", (gid,))
                if recognise(key, granted) is None:
                    raise Revoked(NOT_VALID)
            bumped = tx.run(
                "UPDATE games SET version = version + 1, updated = ?, length = ? "
                "WHERE id = ? AND version = ?",
                (time.time(), len(match.log), gid, expected_version),
            )
            if bumped.rowcount != 1:
                if tx.one("SELECT 1 FROM games WHERE id = ?", (gid,)) is None:
                    raise StoreError(f"no saved game {gid!r} (deleted on another device?)")
                raise StaleVersion(STALE)
            stored = _stored_length(tx, gid)
            if stored < pending.start:  # the match was not read from here: write all it lacks
                pending = rows.pending(match, stored)
            rows.write(tx, gid, pending, stored)
        match.saved_upto = len(match.log)
        return expected_version + 1

    def rename(self, gid: str, name: str) -> None:
        with self.db.transaction(write=True) as tx:
            tx.run("UPDATE games SET name = ? WHERE id = ?", (clean_name(name), gid))

    def delete(self, gid: str) -> None:
        with self.db.transaction(write=True) as tx:
            for table in ("access_keys", "chance", "snapshots", "actions"):
                tx.run(f"DELETE FROM {table} WHERE gid = ?", (gid,))
            tx.run("DELETE FROM games WHERE id = ?", (gid,))

    # seats --------------------------------------------------------------------------------
    def grant(self, gid: str, match: Match | None = None) -> str:
        """A new table key for game `gid` (its seats read from `match`, or from the store); only
        its hash and its seats' keys' hashes are kept. Replaces the keys granted before, so
        granting again is how the table shuts out links it handed out."""
        if match is None:
            match = self.load_match(gid)[1]
        table_key = new_table_key()
        keys: list[tuple[str, str, int | None]] = [(gid, key_hash(table_key), None)]
        for seat in match.rules.seats(match.state):
            keys.append((gid, key_hash(seat_key(table_key, gid, seat)), seat))
        with self.db.transaction(write=True) as tx:
            if tx.one("SELECT 1 FROM games WHERE id = ?", (gid,)) is None:
                raise StoreError(f"no saved game {gid!r}")
            tx.run("DELETE FROM access_keys WHERE gid = ?", (gid,))
            tx.many("INSERT INTO access_keys (gid, hash, seat) VALUES (?, ?, ?)", keys)
        return table_key

    def access(self, gid: str, key: str | None) -> Access:
        """What the holder of `key` may do in game `gid`: act for every seat (the table key),
        for one seat (a seat key), or only watch (no key, or an empty one). A key that is not
        this game's raises StoreError."""
        with self.db.transaction() as tx:
            if tx.one("SELECT 1 FROM games WHERE id = ?", (gid,)) is None:
                raise StoreError(f"no saved game {gid!r}")
            stored = tx.all("SELECT hash, seat FROM access_keys WHERE gid = ?", (gid,))
        if not key:
            return PUBLIC
        found = recognise(key, stored)
        if found is None:
            raise StoreError(NOT_VALID)
        return found

    # files --------------------------------------------------------------------------------
    def export_json(self, gid: str) -> str:
        """The saved game as a file: its log, and the keys its played entries' chance came from
        (`Chance.past`), never the game's secret, so the file tells nothing of what comes next."""
        saved = self.get(gid)
        if saved is None:
            raise StoreError(f"no saved game {gid!r}")
        with self.db.transaction() as tx:
            found = tx.one(CHANCE + " WHERE gid = ?", (gid,))
        chance = rows.read_chance(found, saved.seed, _label(gid, saved.name)) or Chance(saved.seed)
        since, keys = chance.past(saved.length)
        content = {"format": SAVE_FORMAT, "game": saved.game, "name": saved.name,
                   "seed": saved.seed, "options": saved.options, "log": saved.log}  # fmt: skip
        if keys:
            content["chance"] = {"since": since, "keys": [key.hex() for key in keys]}
        return json.dumps(content, indent=1, ensure_ascii=False)

    def import_json(self, data: bytes | str) -> str:
        """A new saved game from an exported file, after a checked replay; its id. Its played
        entries keep the chance the file names; every entry after them gets a fresh secret."""
        content = names.checked_save(files.read_file(data))  # its names, checked: one line if not
        game, seed = content.get("game"), content.get("seed")
        options, actions = content.get("options", {}), content.get("log")
        if not isinstance(options, dict) or not isinstance(actions, list) or seed is None:
            raise StoreError("this saved game is damaged (seed, options or log missing)")
        if not rows.valid_seed(seed):
            raise StoreError("this saved game is damaged (its seed is not a whole number in range)")
        chance = files.imported_chance(content.get("chance"), seed, len(actions))
        match = replay(game, options, seed, actions, chance)
        name = content.get("name")
        return self.create(match, name if isinstance(name, str) else "")


def _stored_length(tx: Tx, gid: str) -> int:
    return int(tx.one("SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE gid = ?", (gid,))[0])  # type: ignore[index]


def _head(row: tuple) -> rows.Head:
    gid, game, name, created, updated, version, seed, options, length = row
    label = _label(str(gid), str(name))
    damaged = StoreError(f"{label}: its record is damaged; it was left as it is")
    try:
        parsed = json.loads(options)
        head = rows.Head(str(gid), str(game), str(name), float(created), float(updated),
                         int(version), int(seed), parsed, int(length))  # fmt: skip
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise damaged from None
    if not isinstance(parsed, dict) or not rows.valid_seed(head.seed) or head.length < 0:
        raise damaged
    return head


def _log(head: rows.Head, texts: Texts) -> Actions:
    label = _label(head.id, head.name)
    if len(texts) != head.length:
        raise StoreError(
            f"{label}: its log is incomplete ({len(texts)} of {head.length} actions stored); "
            "it was left as it is"
        )
    try:
        return rows.decode_all(texts, dict)
    except rows.Damaged as bad:
        raise StoreError(
            f"{label}: action {bad.index + 1} of its log is damaged; it was left as it is"
        ) from None


def _saved(head: rows.Head, actions: Actions) -> SavedGame:
    return SavedGame(head.id, head.game, head.name, head.created, head.updated, head.version,
                     head.seed, head.options, actions, head.length)  # fmt: skip


def _rules(head: rows.Head) -> Any:
    try:
        return rules_for(head.game)
    except StoreError as exc:
        raise StoreError(f"{_label(head.id, head.name)}: {exc}") from None
