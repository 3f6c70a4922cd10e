"""Ports for the servers the tests start (Streamlit, PostgreSQL), safe when several pytest workers,
or several people's runs on one machine, start servers at the same moment.

The kernel's "any free port" stays free only until the socket that asked is closed; until the
server binds it, another worker may be handed the same number, and then the two servers race for
it (and the loser's health check is answered by the winner). So a port is picked while holding
one lock for the whole machine, and the lock is held until the server is listening on it.
"""

from __future__ import annotations

import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock

LOCK = Path(tempfile.gettempdir()) / "cardgen-test-ports.lock"
TRIES = 3


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def claimed_port() -> Iterator[int]:
    """A free port that no other claimant is handed until the block ends: start the server and
    wait for it to listen inside the block."""
    with FileLock(LOCK):
        yield free_port()


def is_listening(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def start_listening(
    start: Callable[[int], subprocess.Popen], port: int | None = None, within: float = 60
) -> tuple[int, subprocess.Popen]:
    """A server listening on a port of its own: `start(port)` launches it; one that exits before
    it listens (the port taken after all) is started again on another port. Given `port` (a
    server started again where it was), that port or an error."""
    for _ in range(1 if port else TRIES):
        with FileLock(LOCK):
            chosen = port or free_port()
            process = start(chosen)
            deadline = time.time() + within
            while process.poll() is None and not is_listening(chosen):
                if time.time() > deadline:
                    process.kill()
                    process.wait(timeout=10)
                    raise RuntimeError(f"no server listened on port {chosen} within {within} s")
                time.sleep(0.1)
        if process.poll() is None:
            return chosen, process
    raise RuntimeError(f"the server exited before it listened (port {port or 'fresh each time'})")
