"""Saved games in one embedded SQLite file: nothing to start, survives reloads and restarts.

A game is stored as its seed, options and action log (the state is rebuilt by replaying it), with
a version that each save must name: a tap from a second device that saw an older version is
refused rather than overwriting newer play. Imports are replayed through the rules before they
are accepted, so a corrupt or foreign save is refused with a reason and nothing else is touched.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import IllegalAction, Match
from companion.registry import entry

SAVE_FORMAT = 1
SCHEMA = """
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
MAX_IMPORT_BYTES = 5 * 1024 * 1024


class StoreError(Exception):
    """A save that cannot be read, written or accepted; the message is shown as it is."""


class StaleVersion(StoreError):
    """Someone else saved first: reload and try again."""


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


def default_path() -> Path:
    env = os.environ.get("CARDGEN_COMPANION_DB")
    if env:
        return Path(env)
    from cardgen.data.project import REPO_ROOT

    return REPO_ROOT / ".companion" / "games.sqlite"


class GameStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute(SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, timeout=5)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot open the saved games ({exc})") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            yield db
            db.commit()
        except sqlite3.DatabaseError as exc:
            db.rollback()
            raise StoreError(
                f"{self.path}: the saved-games file is damaged or not a database ({exc}); "
                "it was left as it is"
            ) from None
        finally:
            db.close()

    # reading ------------------------------------------------------------------------------
    def _row(self, row: tuple) -> SavedGame:
        gid, game, name, created, updated, version, seed, options, log = row
        try:
            return SavedGame(gid, game, name, created, updated, version, seed,
                             json.loads(options), json.loads(log))  # fmt: skip
        except (TypeError, ValueError):
            raise StoreError(f"saved game {gid}: its record is damaged") from None

    def get(self, gid: str) -> SavedGame | None:
        with self._connect() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        return self._row(row) if row else None

    def list(self) -> list[SavedGame]:
        with self._connect() as db:
            rows = db.execute("SELECT * FROM games ORDER BY updated DESC").fetchall()
        return [self._row(r) for r in rows]

    def load_match(self, gid: str) -> tuple[SavedGame, Match]:
        """The saved game and its match, rebuilt by replaying the log through the rules."""
        saved = self.get(gid)
        if saved is None:
            raise StoreError(f"no saved game {gid!r}")
        return saved, replay(saved.game, saved.options, saved.seed, saved.log)

    # writing ------------------------------------------------------------------------------
    def create(self, match: Match, name: str = "") -> str:
        gid = secrets.token_urlsafe(6)
        now = time.time()
        with self._connect() as db:
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, match.rules.game_id, name or match.rules.title, now, now, 1, match.seed,
                 json.dumps(match.options), json.dumps(match.log)),
            )  # fmt: skip
        return gid

    def save(self, gid: str, match: Match, expected_version: int) -> int:
        """Store the match's log if nobody saved since `expected_version`; the new version."""
        with self._connect() as db:
            cursor = db.execute(
                "UPDATE games SET log = ?, updated = ?, version = version + 1 "
                "WHERE id = ? AND version = ?",
                (json.dumps(match.log), time.time(), gid, expected_version),
            )
            if cursor.rowcount != 1:
                raise StaleVersion("the game changed on another device; it has been reloaded")
        return expected_version + 1

    def rename(self, gid: str, name: str) -> None:
        with self._connect() as db:
            db.execute("UPDATE games SET name = ? WHERE id = ?", (name.strip()[:60], gid))

    def delete(self, gid: str) -> None:
        with self._connect() as db:
            db.execute("DELETE FROM games WHERE id = ?", (gid,))

    # files --------------------------------------------------------------------------------
    def export_json(self, gid: str) -> str:
        saved = self.get(gid)
        if saved is None:
            raise StoreError(f"no saved game {gid!r}")
        return json.dumps(
            {"format": SAVE_FORMAT, "game": saved.game, "name": saved.name, "seed": saved.seed,
             "options": saved.options, "log": saved.log},
            indent=1, ensure_ascii=False,
        )  # fmt: skip

    def import_json(self, data: bytes | str) -> str:
        """A new saved game from an exported file, after replaying it; its id."""
        if isinstance(data, bytes):
            if len(data) > MAX_IMPORT_BYTES:
                raise StoreError("this file is too large to be a saved game")
            try:
                data = data.decode("utf-8")
            except UnicodeDecodeError:
                raise StoreError("this is not a saved game (not text)") from None
        try:
            content = json.loads(data)
        except ValueError:
            raise StoreError("this is not a saved game (not JSON)") from None
        if not isinstance(content, dict) or content.get("format") != SAVE_FORMAT:
            raise StoreError("this is not a saved game of this companion (unknown format)")
        game, seed = content.get("game"), content.get("seed")
        options, log = content.get("options", {}), content.get("log")
        if not isinstance(seed, int) or not isinstance(options, dict) or not isinstance(log, list):
            raise StoreError("this saved game is damaged (seed, options or log missing)")
        match = replay(game, options, seed, log)
        name = str(content.get("name") or match.rules.title)[:60]
        return self.create(match, name)


def replay(game: Any, options: dict[str, Any], seed: int, log: list[dict[str, Any]]) -> Match:
    known = entry(game) if isinstance(game, str) else None
    if known is None or not known.playable:
        raise StoreError(f"this saved game is for {game!r}, which this companion cannot play")
    try:
        return Match.replay(known.rules(), options, seed, log)
    except IllegalAction as exc:
        raise StoreError(f"this saved game is damaged: {exc.reason}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise StoreError(f"this saved game is damaged ({type(exc).__name__})") from None
