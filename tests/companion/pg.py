"""A throwaway PostgreSQL cluster for tests and benchmarks: Debian's initdb and pg_ctl, a folder
under /tmp (one per cluster, so each pytest worker has its own), a free port on 127.0.0.1 only
(picked as `tests.ports` says), a random password; stopped and removed afterwards.

PostgreSQL refuses to run as root, so when we are root (CI, the team's containers) the cluster
belongs to the `postgres` system user that Debian's package creates. Each caller gets a schema of
its own (`Cluster.url(schema)`), which is much cheaper than a database per test.
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tests import ports
from tests.ports import free_port  # noqa: F401  (callers' name for it)

INSTALL = "install it with `make system-deps` (Debian package `postgresql`)"


class Unavailable(Exception):
    """PostgreSQL could not be found or started; the message says why and what to do."""


def bin_dir() -> Path:
    """The newest installed server's programs (/usr/lib/postgresql/<version>/bin)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    if not found:
        raise Unavailable(f"no PostgreSQL server under /usr/lib/postgresql; {INSTALL}")
    return found[-1].parent


@dataclass(frozen=True)
class Cluster:
    port: int
    password: str
    user: str = "postgres"

    def url(self, schema: str | None = None) -> str:
        """The URL of database `postgres`, with `schema` first on the search path when given."""
        base = f"postgresql://{self.user}:{quote(self.password)}@127.0.0.1:{self.port}/postgres"
        return base + (f"?options={quote(f'-csearch_path={schema}')}" if schema else "")

    def new_schema(self, name: str) -> str:
        """A fresh, empty schema `name`; the URL that works in it."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
            conn.execute(f'CREATE SCHEMA "{name}"')
        return self.url(name)


def _owner() -> dict[str, Any]:
    """subprocess arguments that run the server's programs as a user PostgreSQL accepts (it
    refuses root): none when we are not root, else those of the `postgres` user."""
    if os.geteuid() != 0:
        return {}
    try:
        entry = pwd.getpwnam("postgres")
    except KeyError:
        raise Unavailable(f"we run as root and there is no `postgres` user; {INSTALL}") from None
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _run(args: list[str], as_user: dict[str, Any], what: str) -> None:
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "HOME": "/tmp"}
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120, **as_user)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise Unavailable(f"{what} failed: {' / '.join(tail)}")


def _start(programs: Path, folder: Path, as_user: dict[str, Any]) -> int:
    """Start the server in `folder` on a port of its own (`tests.ports`: safe beside other
    pytest workers starting servers), again on another port if that one was taken after all."""
    log, failed = folder / "log", Unavailable("pg_ctl start was not tried")
    for _ in range(ports.TRIES):
        with ports.claimed_port() as port:
            try:
                _run([str(programs / "pg_ctl"), "-D", str(folder / "data"), "-l", str(log), "-w",
                      "-t", "60", "-o", f"-p {port}", "start"], as_user, "pg_ctl start")  # fmt: skip
                return port
            except Unavailable as exc:
                said = log.read_text(errors="replace") if log.exists() else ""
                tail = said.strip().splitlines()[-3:]
                failed = Unavailable(f"{exc} (server log: {' / '.join(tail)})")
                if "could not create any TCP/IP sockets" not in said:
                    break
    raise failed


@contextmanager
def cluster() -> Iterator[Cluster]:
    """A running cluster; raises Unavailable (with the reason) if it cannot be made."""
    programs = bin_dir()
    as_user = _owner()
    folder = Path(tempfile.mkdtemp(prefix="cardgen-pg-"))
    data = folder / "data"
    started = False
    try:
        if as_user:
            os.chown(folder, as_user["user"], as_user["group"])
        password = secrets.token_urlsafe(16)
        (folder / "pw").write_text(password)
        if as_user:
            os.chown(folder / "pw", as_user["user"], as_user["group"])
        _run([str(programs / "initdb"), "-D", str(data), "-U", "postgres", "-E", "UTF8",
              "--locale=C", "--auth=scram-sha-256", f"--pwfile={folder / 'pw'}", "--no-sync"],
             as_user, "initdb")  # fmt: skip
        with (data / "postgresql.conf").open("a") as conf:
            conf.write(
                "\nlisten_addresses = '127.0.0.1'\n"
                "unix_socket_directories = ''\nfsync = off\nsynchronous_commit = off\n"
                "full_page_writes = off\nmax_connections = 200\n"
            )
        port = _start(programs, folder, as_user)
        started = True
        yield Cluster(port, password)
    finally:
        if started:
            with suppress(Unavailable):  # nothing more to do: the folder goes anyway
                _run([str(programs / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                     as_user, "pg_ctl stop")  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)
