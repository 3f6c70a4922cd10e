"""What the store's tests share: games to store, and a look at the rows behind the store's back."""

from __future__ import annotations

import random

import pytest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.store import (
    GameStore,
)

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


def one_line(exc: pytest.ExceptionInfo) -> str:
    """A refusal's message, which must be one line with no traceback in it."""
    text = str(exc.value)
    assert "\n" not in text and "Traceback" not in text
    return text
