"""Fixtures the companion's tests share: the two databases a store can live in, and the one the
app under AppTest opens."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit

from companion.store import GameStore

from . import pg


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[pg.Cluster]:
    """One throwaway PostgreSQL server for the whole run; a missing one fails, never skips,
    since CI must run these tests."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg is not installed: `pip install -e .` (it is a dependency)")
    try:
        with pg.cluster() as running:
            yield running
    except pg.Unavailable as exc:
        pytest.fail(f"PostgreSQL is needed for the store's tests and did not start: {exc}")


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request, tmp_path) -> Path | str:
    """Where a store keeps its games: an SQLite file, or a schema of its own on the server."""
    if request.param == "sqlite":
        return tmp_path / "games.sqlite"
    return request.getfixturevalue("pg_cluster").new_schema(f"t_{secrets.token_hex(6)}")


@pytest.fixture
def store(location) -> Iterator[GameStore]:
    """A store in each of the two databases, closed afterwards."""
    opened = GameStore(location)
    yield opened
    opened.close()


@pytest.fixture
def db(tmp_path, monkeypatch) -> Iterator[Path]:
    """The SQLite file the app opens under AppTest; the store is cached per process, across
    AppTests, so the cache is cleared before and after."""
    path = tmp_path / "games.sqlite"
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(path))
    streamlit.cache_resource.clear()
    yield path
    streamlit.cache_resource.clear()
