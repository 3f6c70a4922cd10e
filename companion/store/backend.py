"""The two databases a store runs on, behind one small interface: SQLite (a file, the default:
nothing to start) and PostgreSQL (a server that several machines can share).

The store speaks one set of SQL statements, written with `?` placeholders; the few things the two
really do differently (how a transaction begins, how a table's columns are listed, how two
processes setting up the same database wait for each other) live in a `Dialect`, and the
placeholder is converted in one place (`Tx.run`). Connections are kept in a small pool, so a page
polling the version every second does not pay for a new connection each time (a PostgreSQL
connection costs milliseconds), and each is used by one thread at a time (Streamlit runs every
session in its own thread).
"""

from __future__ import annotations

import functools
import queue
import re
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.store.errors import Busy, StoreError

POOL_SIZE = 4  # idle connections kept; more threads at once simply open and close their own
ATTEMPTS = 3  # a database busy at the start of a transaction is tried this often in all
PAUSE = 0.25  # seconds before the second attempt; doubled before each further one
URL = re.compile(r"^postgres(ql)?:", re.IGNORECASE)


@dataclass(frozen=True)
class Dialect:
    """What differs between the databases; everything else is the same SQL."""

    name: str
    placeholder: str
    begin_read: str  # a read sees one consistent moment, even across several statements
    begin_write: str  # a write takes the lock at once, so two saves queue instead of deadlocking
    lock_setup: str | None  # makes a second process wait while the first creates the tables
    columns: str  # the column names of table `?`, empty when there is no such table


SQLITE = Dialect(
    name="SQLite",
    placeholder="?",
    begin_read="BEGIN",
    begin_write="BEGIN IMMEDIATE",
    lock_setup=None,  # BEGIN IMMEDIATE already does
    columns="SELECT name FROM pragma_table_info(?)",
)
POSTGRES = Dialect(
    name="PostgreSQL",
    placeholder="%s",
    begin_read="BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    begin_write="BEGIN",  # read committed: an UPDATE waits for a concurrent one, then re-checks
    lock_setup="SELECT pg_advisory_xact_lock(7041977)",
    columns="SELECT column_name FROM information_schema.columns "
    "WHERE table_schema = current_schema() AND table_name = ?",
)


@functools.lru_cache(maxsize=256)
def _sql(sql: str, placeholder: str) -> str:
    return sql if placeholder == "?" else sql.replace("?", placeholder)


class Tx:
    """One transaction's statements, written once for both databases."""

    def __init__(self, conn: Any, dialect: Dialect) -> None:
        self._conn = conn
        self.dialect = dialect

    def run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._conn.execute(_sql(sql, self.dialect.placeholder), tuple(params))

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self._conn.cursor().executemany(_sql(sql, self.dialect.placeholder), rows)

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        return self.run(sql, params).fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return list(self.run(sql, params).fetchall())

    def columns(self, table: str) -> set[str]:
        return {row[0] for row in self.all(self.dialect.columns, (table,))}


class Database:
    """A pool of connections to one database, handing out transactions.

    Subclasses say how to connect and how their errors read; a connection that raised a database
    error is closed rather than reused.
    """

    dialect: Dialect
    where: str  # names the database in messages (never with a password)
    errors: tuple[type[BaseException], ...]

    def __init__(self) -> None:
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue()

    def _connect(self) -> Any:
        raise NotImplementedError

    def _error(self, exc: BaseException) -> StoreError:
        raise NotImplementedError

    def _take(self) -> Any:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            return _retrying(self._connect)

    def _begin(self, conn: Any, write: bool) -> None:
        """Open a transaction, waiting out a lock another program holds: the first statement
        is where one shows, and nothing has happened yet that a new attempt would repeat."""

        def begin() -> None:
            try:
                conn.execute(self.dialect.begin_write if write else self.dialect.begin_read)
            except self.errors as exc:
                _rollback(conn)
                raise self._error(exc) from None

        _retrying(begin)

    def _give(self, conn: Any, healthy: bool) -> None:
        if healthy and self._idle.qsize() < POOL_SIZE:
            self._idle.put(conn)
        else:
            _close(conn)

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Tx]:
        """A transaction: committed when the block ends, rolled back if it raises. A database
        error becomes one StoreError line naming the database."""
        conn = self._take()
        healthy = False
        try:
            try:
                self._begin(conn, write)
                yield Tx(conn, self.dialect)
                conn.execute("COMMIT")
                healthy = True
            except self.errors as exc:
                _rollback(conn)
                raise self._error(exc) from None
            except BaseException:
                healthy = _rollback(conn)
                raise
        finally:
            self._give(conn, healthy)

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """One value from one statement, outside any transaction: the cheapest read there is
        (a page asks for a game's version every second)."""
        found = self.rows(sql, params, first=True)
        return found[0][0] if found else None

    def rows(self, sql: str, params: Sequence[Any] = (), first: bool = False) -> list[tuple]:
        """The rows of one statement (only the `first` if asked), outside any transaction: one
        statement reads one moment on both databases, so this is a consistent read."""
        conn = self._take()
        healthy = False

        def read() -> list[tuple]:
            try:
                cursor = conn.execute(_sql(sql, self.dialect.placeholder), tuple(params))
                if first:
                    row = cursor.fetchone()
                    return [] if row is None else [tuple(row)]
                return [tuple(row) for row in cursor.fetchall()]
            except self.errors as exc:
                raise self._error(exc) from None

        try:
            found = _retrying(read)
            healthy = True
        finally:
            self._give(conn, healthy)
        return found

    def close(self) -> None:
        while True:
            try:
                _close(self._idle.get_nowait())
            except queue.Empty:
                return

    def __del__(self) -> None:  # a store dropped without close() (a cleared Streamlit cache)
        with suppress(Exception):
            self.close()


def _retrying(step: Any) -> Any:
    """`step()`, tried again after a pause while it finds the database Busy (ATTEMPTS in all);
    the last attempt's Busy is raised, saying the database is busy, never that it is damaged."""
    for attempt in range(ATTEMPTS):
        try:
            return step()
        except Busy:
            if attempt == ATTEMPTS - 1:
                raise
            time.sleep(PAUSE * 2**attempt)
    raise AssertionError("unreachable")


def _rollback(conn: Any) -> bool:
    """Roll back if anything is open; False when the connection is no longer usable."""
    try:
        conn.execute("ROLLBACK")
    except Exception:
        return False
    return True


def _close(conn: Any) -> None:
    with suppress(Exception):
        conn.close()


# SQLite's result codes (the low byte of `sqlite_errorcode`) by what they mean for the player.
SQLITE_BUSY = {5, 6, 15}  # BUSY, LOCKED, PROTOCOL: another connection holds a lock
SQLITE_CANNOT = {3, 8, 10, 13, 14, 23}  # PERM, READONLY, IOERR, FULL, CANTOPEN, AUTH


class SqliteDatabase(Database):
    """A SQLite file in WAL mode: readers never wait for a writer, writers queue for 2 s at a
    time (ATTEMPTS times over when the lock is held at the start of a transaction)."""

    dialect = SQLITE
    errors = (sqlite3.Error,)
    timeout = 2.0  # seconds SQLite itself waits for a lock before reporting the file busy

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.where = str(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{path}: cannot open the saved games ({exc.strerror})") from None

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot open the saved games ({exc})") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            conn.close()
            raise self._error(exc) from None
        return conn

    def _error(self, exc: BaseException) -> StoreError:
        text = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        code = getattr(exc, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        if primary in SQLITE_BUSY or (primary is None and ("locked" in text or "busy" in text)):
            return Busy(
                f"{self.path}: the saved games are busy: another program is using them "
                f"({text}); try again in a moment"
            )
        if primary in SQLITE_CANNOT:
            return StoreError(f"{self.path}: cannot read or write the saved games ({text})")
        return StoreError(
            f"{self.path}: the saved-games file is damaged or not a database ({text}); "
            "it was left as it is"
        )


class PostgresDatabase(Database):
    """A PostgreSQL database given by URL (psycopg 3; imported only when one is used).

    A statement waits at most `lock_wait` seconds for a lock another session holds (a backup, a
    `psql` shell with a transaction left open), as long as SQLite waits at each attempt, and is
    then reported busy: without it a tap would wait for as long as the other session holds on."""

    dialect = POSTGRES
    lock_wait = 2.0  # seconds

    def __init__(self, url: str) -> None:
        super().__init__()
        import psycopg

        self._psycopg = psycopg
        self.errors = (psycopg.Error,)
        self.url = url
        self.where = _postgres_where(url)

    def _connect(self) -> Any:
        try:
            conn = self._psycopg.connect(
                self.url, autocommit=True, connect_timeout=5, application_name="cardgen-companion"
            )
        except self._psycopg.Error as exc:
            raise StoreError(f"{self.where}: cannot reach the saved games ({_line(exc)})") from None
        try:
            conn.execute(f"SET lock_timeout = {round(self.lock_wait * 1000)}")
        except self._psycopg.Error as exc:
            _close(conn)
            raise self._error(exc) from None
        return conn

    def _error(self, exc: BaseException) -> StoreError:
        errors = self._psycopg.errors
        if isinstance(exc, errors.LockNotAvailable | errors.DeadlockDetected):
            return Busy(
                f"{self.where}: the saved games are busy: another program is using them "
                f"({_line(exc)}); try again in a moment"
            )
        if isinstance(exc, self._psycopg.OperationalError):
            return StoreError(f"{self.where}: lost the saved games' connection ({_line(exc)})")
        return StoreError(f"{self.where}: the saved games refused the change ({_line(exc)})")


def _line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _postgres_where(url: str) -> str:
    """A PostgreSQL URL as messages name it: the database and its host, never the password."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        raise StoreError("the game database's address is not a valid PostgreSQL URL") from None
    host = info.get("host") or "localhost"
    port = f":{info['port']}" if info.get("port") else ""
    return f"PostgreSQL {info.get('dbname') or info.get('user') or ''} on {host}{port}"


def where(location: Path | str) -> str:
    """How the database at `location` names itself in its messages, known without opening it
    (a screen leaves it out of what it shows a player: it is the server's business)."""
    if isinstance(location, str) and URL.match(location):
        try:
            return _postgres_where(location)
        except StoreError:
            return location
    return str(Path(location))


def open_database(location: Path | str) -> Database:
    """The database at `location`: a `postgresql://` URL, or else a SQLite file's path."""
    if isinstance(location, str) and URL.match(location):
        return PostgresDatabase(location)
    return SqliteDatabase(Path(location))
