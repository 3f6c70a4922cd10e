"""The host PIN: who may see, export and delete the saved games of other devices.

The companion listens on the whole local network (a tablet must reach it), so anyone who opens
its address would otherwise see every saved game with Continue, Export and Delete. A device
lists only the games opened on it until the host's PIN is entered there; the host sets the PIN at
first start (or the server is started with one in `COMPANION_HOST_PIN`).

Only a salted scrypt hash of the PIN is stored (in `store_meta`), so a copied database file does
not give the PIN away; checks compare in constant time. A PIN is 4 to 12 digits: typed on a
tablet's number pad, and scrypt makes each guess cost tens of milliseconds. How many guesses the
server hears, and the setup code that lets a tablet set the first PIN, are in `guard`; the host
clears or replaces a forgotten PIN on the host machine (`python -m companion.host_pin`).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from concurrent.futures import ThreadPoolExecutor

from companion.store.backend import Database
from companion.store.errors import StoreError

ENVIRONMENT = "COMPANION_HOST_PIN"
_NAME = "host_pin"
_PIN = re.compile(r"^[0-9]{4,12}$")
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}  # 128 * r * n = 16 MB of memory per hash

# Every scrypt of the process runs on this one thread, one at a time: sixteen sessions hashing
# at once need 16 MB each, and the C library keeps a freed block in the arena of the thread that
# used it, so a server guessed at from 16 sessions grew by 260 MB it never gave back. A lock
# alone does not help (measured: the same 256 MB kept, one block per thread); on one thread the
# same 16 MB serve every hash. Callers wait their turn, and the limiter in `guard` lets only a
# few tries a minute get this far.
_HASHER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="host-pin-scrypt")


def _scrypt(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, dklen=32, **_SCRYPT).hex()


def _hash(pin: str, salt: bytes) -> str:
    return _HASHER.submit(_scrypt, pin, salt).result()


def _sealed(pin: str) -> str:
    salt = secrets.token_bytes(16)
    return f"scrypt${salt.hex()}${_hash(pin, salt)}"


def check_pin_shape(pin: str) -> str:
    """The PIN as typed, stripped, or StoreError saying what a PIN must be."""
    pin = pin.strip()
    if not _PIN.match(pin):
        raise StoreError("a host PIN is 4 to 12 digits")
    return pin


class HostLock:
    """The PIN of one store: from the environment when set there, otherwise from the database."""

    def __init__(self, db: Database, environment: dict[str, str] | None = None) -> None:
        self.db = db
        env = os.environ if environment is None else environment
        given = env.get(ENVIRONMENT, "").strip()
        self.from_environment = bool(given)
        if given:
            check_pin_shape(given)  # a malformed variable stops the server with a clear line
        self._given = given

    def is_set(self) -> bool:
        return self.from_environment or self._stored() is not None

    def set(self, pin: str) -> None:
        """Set the PIN once; StoreError when one is set already (here or in the environment)."""
        pin = check_pin_shape(pin)
        if self.from_environment:
            raise StoreError(f"the host PIN is set by {ENVIRONMENT} when the server starts")
        sealed = _sealed(pin)  # hashed before the write lock is taken, not while holding it
        with self.db.transaction(write=True) as tx:
            if tx.one("SELECT value FROM store_meta WHERE name = ?", (_NAME,)) is not None:
                raise StoreError("a host PIN is set already")
            tx.run("INSERT INTO store_meta (name, value) VALUES (?, ?)", (_NAME, sealed))

    def replace(self, pin: str) -> None:
        """Set the stored PIN, whether one was set or not (the host's command, on the host)."""
        pin = check_pin_shape(pin)
        sealed = _sealed(pin)
        with self.db.transaction(write=True) as tx:
            tx.run("DELETE FROM store_meta WHERE name = ?", (_NAME,))
            tx.run("INSERT INTO store_meta (name, value) VALUES (?, ?)", (_NAME, sealed))

    def clear(self) -> bool:
        """Forget the stored PIN (the host's command, on the host); False if none was stored."""
        with self.db.transaction(write=True) as tx:
            found = tx.one("SELECT value FROM store_meta WHERE name = ?", (_NAME,)) is not None
            tx.run("DELETE FROM store_meta WHERE name = ?", (_NAME,))
        return found

    def matches(self, pin: str) -> bool:
        pin = pin.strip()
        if self.from_environment:
            typed, given = (hashlib.sha256(t.encode()).digest() for t in (pin, self._given))
            return hmac.compare_digest(typed, given)  # equal lengths: the time says nothing
        stored = self._stored()
        if stored is None or not _PIN.match(pin):
            return False
        try:
            kind, salt, digest = stored.split("$")
            expected = _hash(pin, bytes.fromhex(salt))
        except ValueError:
            return False  # a damaged row unlocks nothing
        return kind == "scrypt" and hmac.compare_digest(expected, digest)

    def _stored(self) -> str | None:
        with self.db.transaction() as tx:
            row = tx.one("SELECT value FROM store_meta WHERE name = ?", (_NAME,))
        return None if row is None else str(row[0])
