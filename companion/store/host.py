"""The host PIN: who may see, export and delete the saved games of other devices.

The companion listens on the whole local network (a tablet must reach it), so anyone who opens
its address would otherwise see every saved game with Continue, Export and Delete. The host sets
a PIN at first start (or the server is started with one in `COMPANION_HOST_PIN`); from then on a
device lists only the games opened on it, until the PIN is entered there.

Only a salted scrypt hash of the PIN is stored (in `store_meta`), so a copied database file does
not give the PIN away; checks compare in constant time. A PIN is 4 to 12 digits: typed on a
tablet's number pad, and scrypt makes each guess cost tens of milliseconds.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets

from companion.store.backend import Database
from companion.store.errors import StoreError

ENVIRONMENT = "COMPANION_HOST_PIN"
_NAME = "host_pin"
_PIN = re.compile(r"^[0-9]{4,12}$")
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def _hash(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, dklen=32, **_SCRYPT).hex()


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
        with self.db.transaction(write=True) as tx:
            if tx.one("SELECT value FROM store_meta WHERE name = ?", (_NAME,)) is not None:
                raise StoreError("a host PIN is set already")
            tx.run("INSERT INTO store_meta (name, value) VALUES (?, ?)", (_NAME, _sealed(pin)))

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
