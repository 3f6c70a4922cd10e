"""The host PIN's guard, one per server process: the one-time setup code, the limit on guesses,
and which address is the host machine itself.

Setting the first PIN is what makes a device the host, so it is not left to whoever opens the
chooser first: a store with no PIN gets a setup code printed once in the server's console, and
only a device that types it (or the host machine itself, over loopback) may set the PIN. Every
try of a setup code or a PIN goes through one `Limiter` before anything is hashed, so parallel
sessions share the same few tries a minute. A forgotten PIN is cleared on the host machine with
`python -m companion.host_pin reset`.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import secrets
import sys
import threading
from collections.abc import Callable

from companion.store.errors import StoreError
from companion.store.host import ENVIRONMENT, HostLock, check_pin_shape
from companion.store.limiter import Limiter

UNKNOWN = "unknown"  # the limiter's name for every address that cannot be told
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 signs: no 0/O or 1/I to mistake
CODE_LENGTH = 10  # 50 bits: with the limiter's few tries a minute, never guessed
NOT_THE_CODE = "that is not the setup code printed in the server's console"
NO_CODE = "type the setup code printed in the server's console"
_TYPED = re.compile(r"[^0-9A-Z]")


def _ip(address: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """`address` as an IP address (its %zone dropped), or None when it is not one."""
    if not isinstance(address, str):
        return None
    try:
        return ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return None


def is_loopback(address: str | None) -> bool:
    """Whether `address` is this machine itself (127.0.0.0/8, ::1, or ::ffff:127.x.x.x).

    None means the address is not known (no client, or a Streamlit that does not say): that is
    never the host machine, since on a real server it could be anyone."""
    ip = _ip(address)
    if ip is None:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return bool(ip.is_loopback or (mapped is not None and mapped.is_loopback))


def address_key(address: str | None) -> str:
    """What the limiter counts tries by: the IPv4 address, or the IPv6 /64 network (one device
    may use every address of its /64), or UNKNOWN for all that cannot be told."""
    ip = _ip(address)
    if ip is None:
        return UNKNOWN
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _to_console(code: str) -> None:
    print(f"Table companion: no host PIN is set. To set it from a device on the network, type "
          f"this one-time setup code on the chooser: {code} (on this machine itself, no code is "
          f"needed; or run `python -m companion.host_pin set` here).", file=sys.stderr,
          flush=True)  # fmt: skip


class SetupCode:
    """The one-time code that lets a device other than the host machine set the first PIN.

    Kept in this process's memory only, and only as a keyed hash (a key made for this process):
    the code is meant for whoever reads this server's console now, so it should not outlive the
    process or travel with the database (kept in `store_meta` it would stay valid after a
    restart, for every server sharing a PostgreSQL store, and in any copy of the file). A new
    process prints a new code; setting the PIN spends it. Thread-safe: two sessions asking at
    once print one code."""

    def __init__(self, announce: Callable[[str], None] = _to_console) -> None:
        self._announce = announce
        self._key = secrets.token_bytes(32)
        self._digest: bytes | None = None
        self._lock = threading.Lock()

    @property
    def active(self) -> bool:
        return self._digest is not None

    def issue(self) -> bool:
        """Make and announce a code unless one is active; True if one was made now."""
        with self._lock:
            if self._digest is not None:
                return False
            letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            code = f"{letters[:5]}-{letters[5:]}"
            self._digest = self._sealed(letters)
        self._announce(code)
        return True

    def matches(self, typed: str) -> bool:
        """Whether `typed` is the active code (any case, dashes and spaces ignored)."""
        digest = self._digest
        letters = _TYPED.sub("", typed.upper())
        return digest is not None and hmac.compare_digest(self._sealed(letters), digest)

    def spend(self) -> None:
        with self._lock:
            self._digest = None

    def _sealed(self, letters: str) -> bytes:
        return hashlib.blake2b(letters.encode(), key=self._key, digest_size=32).digest()


class HostGuard:
    """What the chooser asks about the host PIN, with one limiter and one setup code for the
    whole server process. `lock` is the store's `HostLock`, passed in on every call since the
    store may be opened again (the guard may not: its counts must outlive any cache)."""

    def __init__(self, limiter: Limiter | None = None, setup: SetupCode | None = None) -> None:
        self.limiter = limiter or Limiter()
        self.setup = setup or SetupCode()

    def needs_code(self, address: str | None) -> bool:
        """Whether setting the first PIN from `address` asks for the setup code."""
        return not is_loopback(address)

    def try_pin(self, lock: HostLock, address: str | None, pin: str) -> bool:
        """Whether `pin` is the host PIN; TooManyTries when `address` (or the server) has had
        its tries. A PIN of the wrong shape cannot be right: refused without a try or a hash."""
        try:
            pin = check_pin_shape(pin)
        except StoreError:
            return False
        key = address_key(address)
        self.limiter.attempt(key)  # before the hash: refused tries cost no scrypt
        if not lock.matches(pin):
            return False
        self.limiter.forgive(key)
        return True

    def set_pin(self, lock: HostLock, address: str | None, pin: str, code: str = "") -> None:
        """Set the first PIN: from the host machine as it is, from any other address with the
        setup code. StoreError says why not (TooManyTries when out of tries)."""
        pin = check_pin_shape(pin)
        if lock.from_environment:
            raise StoreError(f"the host PIN is set by {ENVIRONMENT} when the server starts")
        if self.needs_code(address):
            if not code.strip():
                raise StoreError(NO_CODE)
            key = address_key(address)
            self.limiter.attempt(key)
            if not self.setup.matches(code):
                raise StoreError(NOT_THE_CODE)
            self.limiter.forgive(key)
        lock.set(pin)
        self.setup.spend()
