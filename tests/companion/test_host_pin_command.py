"""The host's command for a forgotten PIN (issue "Secrets that hold", item 2): `python -m
companion.host_pin status | reset | set` on the store the server uses, one line out, and an
error in one line with no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import GameStore
from companion.store.host import ENVIRONMENT

REPO = Path(__file__).resolve().parents[2]


def command(*args: str, db: Path | None = None, typed: str = "", **env: str):
    environment = {k: v for k, v in os.environ.items() if k != ENVIRONMENT} | env
    if db is not None:
        environment["CARDGEN_COMPANION_DB"] = str(db)
    return subprocess.run([sys.executable, "-m", "companion.host_pin", *args], cwd=REPO,
                          env=environment, input=typed, capture_output=True, text=True,
                          timeout=120)  # fmt: skip


def one_line(text: str) -> str:
    assert text.endswith("\n") and text.count("\n") == 1, text
    return text.strip()


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "games.sqlite"
    with GameStore(path) as store:
        store.host.set("2468")
    return path


def test_reset_clears_the_pin_of_the_servers_store(db: Path):
    done = command("reset", db=db)
    assert done.returncode == 0 and done.stderr == ""
    assert one_line(done.stdout).startswith(f"host PIN cleared in {db}: a setup code shows")
    with GameStore(db) as store:
        assert not store.host.is_set()
    again = command("reset", db=db)
    assert one_line(again.stdout) == f"no host PIN was stored; nothing to clear in {db}"


def test_set_replaces_the_pin_read_from_standard_input(db: Path):
    done = command("set", db=db, typed="97531\n")
    assert done.returncode == 0 and done.stderr == ""
    assert one_line(done.stdout) == f"host PIN set in {db}"
    with GameStore(db) as store:
        assert store.host.matches("97531") and not store.host.matches("2468")
    status = command("status", db=db)
    assert one_line(status.stdout) == f"a host PIN is stored in {db}"


def test_the_store_may_be_named(db: Path, tmp_path: Path):
    done = command("status", "--store", str(db), db=tmp_path / "elsewhere.sqlite")
    assert one_line(done.stdout) == f"a host PIN is stored in {db}"


def test_a_pin_given_to_the_server_is_mentioned(db: Path):
    done = command("status", db=db, **{ENVIRONMENT: "1357"})
    assert one_line(done.stdout).endswith(f"({ENVIRONMENT} is set here: a server started with "
                                          "it uses that PIN instead)")  # fmt: skip


@pytest.mark.parametrize(("args", "typed", "said"), [
    (("set",), "12ab\n", "companion-host: a host PIN is 4 to 12 digits"),
    (("set",), "", "companion-host: a host PIN is 4 to 12 digits"),
    (("status", "--store", "/nonexistent/games.sqlite"), "",
     "companion-host: no store at /nonexistent/games.sqlite (name the server's with --store or "
     "CARDGEN_COMPANION_DB)"),
    (("unlock",), "", "companion-host: argument action: invalid choice: 'unlock' (choose from "
     "'status', 'reset', 'set') (see --help)"),
])  # fmt: skip
def test_errors_are_one_line_without_a_traceback(db: Path, args, typed: str, said: str):
    done = command(*args, db=db, typed=typed)
    assert done.returncode != 0 and done.stdout == ""
    assert one_line(done.stderr) == said
    with GameStore(db) as store:
        assert store.host.matches("2468")  # nothing changed


@pytest.mark.parametrize(("location", "printed"), [
    ("postgresql://host:secret@db.local/games", "postgresql://db.local/games"),
    ("postgresql:///games", "postgresql:///games"),
    ("/srv/companion/games.sqlite", "/srv/companion/games.sqlite"),
])  # fmt: skip
def test_a_stores_password_is_not_printed(location: str, printed: str):
    from companion.host_pin import _shown

    assert _shown(location) == printed
