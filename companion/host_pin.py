"""The host's own command for the host PIN, run on the host machine (`companion-host`, or
`python -m companion.host_pin`):

    companion-host status          is a PIN stored?
    companion-host reset           forget the stored PIN (a forgotten PIN, a lost tablet)
    companion-host set             store a new PIN: asked twice, or one line on standard input

It works on the store the server uses (`$CARDGEN_COMPANION_DB`, else .companion/games.sqlite;
`--store` names another). Whoever can run it can read the database file anyway, so it asks for no
code. A running server notices at once: after `reset` its console prints a new setup code when
the chooser is next opened. Every outcome is one line; an error is one line on stderr, exit 1.
"""

from __future__ import annotations

import argparse
import getpass
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from companion.store import GameStore, StoreError, default_location
from companion.store.backend import URL
from companion.store.host import ENVIRONMENT, HostLock


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="companion-host", description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("action", choices=["status", "reset", "set"])
    parser.add_argument("--store", help="the server's store: an SQLite file or postgresql:// URL")
    return parser


def _open(location: str) -> GameStore:
    if not URL.match(location) and not Path(location).is_file():
        raise StoreError(f"no store at {location} (name the server's with --store or "
                         "CARDGEN_COMPANION_DB)")  # fmt: skip
    return GameStore(location)


def _shown(location: str) -> str:
    """The store's name as printed: a URL without its user and password."""
    return re.sub(r"://[^@/]*@", "://", location)


def _new_pin() -> str:
    if not sys.stdin.isatty():
        return sys.stdin.readline().strip()
    pin = getpass.getpass("New host PIN (4 to 12 digits): ")
    if getpass.getpass("The same PIN again: ").strip() != pin.strip():
        raise StoreError("the two PINs differ; nothing changed")
    return pin


def run(action: str, location: str) -> str:
    """Do `action` on the store at `location`; the line to print. StoreError says why not."""
    after = ""
    with _open(location) as store:
        lock = HostLock(store.db, environment={})  # the stored PIN, whatever this shell says
        if action == "status":
            said = "a host PIN is stored" if lock.is_set() else "no host PIN is stored"
        elif action == "reset":
            said = "no host PIN was stored; nothing to clear"
            if lock.clear():
                said, after = "host PIN cleared", ": a setup code shows in the server's console"
        else:
            lock.replace(_new_pin())
            said = "host PIN set"
    line = f"{said} in {_shown(location)}{after}"
    if os.environ.get(ENVIRONMENT, "").strip():
        line += f" ({ENVIRONMENT} is set here: a server started with it uses that PIN instead)"
    return line


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    location = args.store or default_location()
    try:
        print(run(args.action, location))
    except (Exception, KeyboardInterrupt) as exc:  # the host gets one line, never a traceback
        print(f"companion-host: {' '.join(str(exc).split()) or type(exc).__name__}",
              file=sys.stderr)  # fmt: skip
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
