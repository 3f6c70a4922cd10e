"""Table and seat keys: who may act for whom when every player has a device of their own.

The table (one shared tablet, or the host) gets a random key when the store grants access; each
seat's key is derived from it with HMAC-SHA256, so the table screen can show every seat's QR code
again at any time from the one key it holds, while the store keeps nothing but SHA-256 hashes
(a stolen database lets nobody in). Keys carry 192 random bits, so a plain hash is enough: there
is nothing for a slow password hash to protect against.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from companion.engine.seats import Seat

KEY_BYTES = 24  # 192 bits: 32 URL-safe characters, a QR code that still reads across a table


def new_table_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def seat_key(table_key: str, gid: str, seat: int) -> str:
    """The key of `seat` in game `gid`, as the holder of `table_key` can always work it out again.

    The game's id is part of the message, so one table key never opens another game's seats.
    """
    message = f"cardgen-companion seat\0{gid}\0{seat}".encode()
    digest = hmac.new(table_key.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:KEY_BYTES]).decode("ascii").rstrip("=")


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True)
class Access:
    """What a device may do in one game: act for every seat (`table`), for one (`seat`), or only
    watch (neither: the public, read-only view a bare game link opens)."""

    table: bool = False
    seat: Seat | None = None

    @property
    def public(self) -> bool:
        return not self.table and self.seat is None

    def may_act_for(self, seat: Seat) -> bool:
        return self.table or (self.seat is not None and self.seat == seat)


TABLE = Access(table=True)
PUBLIC = Access()


def recognise(key: str, stored: Iterable[tuple[str, int | None]]) -> Access | None:
    """The access `key` gives among the stored (hash, seat) rows (seat None: the table key), or
    None. Every row is compared in constant time and none is skipped, so the time taken says
    nothing about which hash came close."""
    digest = key_hash(key).encode()
    found: Access | None = None
    for stored_hash, seat in stored:
        if hmac.compare_digest(digest, str(stored_hash).encode()):
            found = TABLE if seat is None else Access(seat=seat)
    return found
