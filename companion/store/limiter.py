"""How many guesses at a secret the server listens to: a few a minute from one address and from
all addresses together, then a lock-out that doubles with each one, in tables of bounded size.

Pure: no Streamlit and no sleeping; the clock is a parameter, so tests move time by hand. One
`Limiter` serves every session of a server process (`companion.store.guard`), and a try is
counted when it is asked for, before the secret is hashed: sessions asking at the same moment
share the same few tries. A refused try costs nothing (no hash) and does not lengthen the wait.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.store.errors import StoreError

Clock = Callable[[], float]


@dataclass(frozen=True)
class Allowance:
    """`tries` within `window` seconds; the next try locks out for `first_lockout` seconds,
    each later lock-out for twice the one before (at most `longest_lockout`), until a quiet
    `forget_after` seconds (no try, no lock-out) start the doubling afresh."""

    tries: int
    window: float = 60.0
    first_lockout: float = 60.0
    longest_lockout: float = 3600.0
    forget_after: float = 3600.0

    def lockout(self, count: int) -> float:
        """The length of the `count`-th lock-out in a row (the first is 1)."""
        return min(self.first_lockout * 2 ** min(count - 1, 32), self.longest_lockout)


PER_ADDRESS = Allowance(tries=5)  # a host mistyping twice never waits
PER_SERVER = Allowance(tries=20)  # many addresses together (an attacker may have many)
MOST_ADDRESSES = 256  # tracked at once; the least recently seen is forgotten first


def spoken(seconds: float) -> str:
    """A wait as a person reads it, rounded up: `45 s`, `2 min`, `1 h`, `1 h 4 min`."""
    whole = max(1, math.ceil(seconds))
    if whole < 90:
        return f"{whole} s"
    minutes = math.ceil(whole / 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest} min" if rest else f"{hours} h"


class TooManyTries(StoreError):
    """A try refused before it was checked; `wait` says in how many seconds to try again."""

    def __init__(self, wait: float) -> None:
        self.wait = wait
        super().__init__(f"too many wrong tries; try again in {spoken(wait)}")


@dataclass
class _Record:
    """One address's (or the whole server's) recent tries and lock-outs."""

    tries: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0
    lockouts: int = 0
    last: float = 0.0


class Limiter:
    """Tries per address and per server, thread-safe. `attempt` counts a try or raises
    TooManyTries; `forgive` clears an address once it has given the right secret."""

    def __init__(
        self,
        per_address: Allowance = PER_ADDRESS,
        per_server: Allowance = PER_SERVER,
        most_addresses: int = MOST_ADDRESSES,
        clock: Clock = time.monotonic,
    ) -> None:
        self.per_address, self.per_server = per_address, per_server
        self.most_addresses = most_addresses
        self.clock = clock
        self._server = _Record(deque(maxlen=per_server.tries))
        self._addresses: OrderedDict[str, _Record] = OrderedDict()
        self._lock = threading.Lock()

    def attempt(self, address: str) -> None:
        """Count one try from `address`, or raise TooManyTries (counting nothing)."""
        with self._lock:
            now = self.clock()
            mine = self._record(address)
            pairs = ((mine, self.per_address), (self._server, self.per_server))
            wait = max(_waiting(record, allowance, now) for record, allowance in pairs)
            if wait > 0:
                raise TooManyTries(wait)
            full = [(r, a) for r, a in pairs if len(r.tries) >= a.tries]
            if full:
                raise TooManyTries(max(_lock_out(r, a, now) for r, a in full))
            for record, _ in pairs:
                record.tries.append(now)
                record.last = now

    def wait(self, address: str) -> float:
        """Seconds until `address` may try again (0: now), counting nothing."""
        with self._lock:
            now = self.clock()
            mine = self._addresses.get(address, _Record())
            return max(_waiting(mine, self.per_address, now),
                       _waiting(self._server, self.per_server, now))  # fmt: skip

    def forgive(self, address: str) -> None:
        """`address` gave the right secret: its tries and lock-outs are forgotten (the
        server's count stays, since other addresses' tries are in it)."""
        with self._lock:
            self._addresses.pop(address, None)

    @property
    def tracked(self) -> int:
        """How many addresses are remembered (at most `most_addresses`)."""
        return len(self._addresses)

    def _record(self, address: str) -> _Record:
        record = self._addresses.get(address)
        if record is not None:
            self._addresses.move_to_end(address)
            return record
        while len(self._addresses) >= self.most_addresses:
            self._addresses.popitem(last=False)  # the server's count still holds the tries
        record = self._addresses[address] = _Record(deque(maxlen=self.per_address.tries))
        return record


def _waiting(record: _Record, allowance: Allowance, now: float) -> float:
    """Seconds left of `record`'s lock-out; also drops tries older than the window and, after
    a quiet spell, the count of lock-outs."""
    if now < record.locked_until:
        return record.locked_until - now
    while record.tries and record.tries[0] <= now - allowance.window:
        record.tries.popleft()
    if record.lockouts and now - max(record.last, record.locked_until) >= allowance.forget_after:
        record.lockouts = 0
    return 0.0


def _lock_out(record: _Record, allowance: Allowance, now: float) -> float:
    record.lockouts += 1
    length = allowance.lockout(record.lockouts)
    record.locked_until, record.last = now + length, now
    record.tries.clear()
    return length
