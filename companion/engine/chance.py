"""Where a match's chance comes from: a secret only the server holds, or (for tests, simulators
and saves older than the secret) a plain number.

A table's shuffles and deals must be exact on replay, undo and reload, so each action's random
source is a function of the game and the action's place in the log. When that function is a
fast mixer of a small seed (the SplitMix64 `StepRandom`), a player who sees their own hand can
search the seeds offline and learn the other hand. So a game started at the table gets 256 random
bits from `secrets`, and the random source of log entry `i` is a BLAKE2b stream keyed with a key
derived from the secret and `i` (a pseudo-random function: seeing any number of outcomes says
nothing of the others without the secret). The app opponent's choices come from a second key
derived from the same secret, so what it decides tells nothing of the decks.

Exports carry the per-entry keys of the entries already played, never the secret: the past
replays exactly (Luturas' effects draw from the stream and the log does not record every pick),
and nothing about the next entry follows from them. An old save with only a seed keeps that seed
for the entries it already has and gets a secret for every entry after them (`since`).
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from dataclasses import dataclass
from typing import Any

MASK64 = (1 << 64) - 1
SECRET_BYTES = 32  # 256 bits from the operating system's CSPRNG
STEP_KEY_BYTES = 32
APP_SALT = 0x5EED  # seeded games: the app's choices from the seed's own second stream
_CHANCE = b"cardgen-chance"  # BLAKE2b personalisation (at most 16 bytes): one purpose, one key
_APP = b"cardgen-app-key"
_WORDS = struct.Struct("<8Q")


class _WordRandom(random.Random):
    """Python's Random on top of a stream of 64-bit words (`_next`): randint, choice, shuffle and
    sample are built on `getrandbits` and `random`, so every game draws from the stream without
    knowing which kind it is."""

    def _next(self) -> int:
        raise NotImplementedError

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        bits, value = 0, 0
        while bits < k:
            value = (value << 64) | self._next()
            bits += 64
        return value >> (bits - k)


class StepRandom(_WordRandom):
    """A seeded game's random source for the action at `index`: same seed and index, same dice.

    SplitMix64 (Steele, Lea and Flood 2014): starting one costs next to nothing, where seeding a
    Mersenne Twister costs more than most actions; and its sequence does not depend on the Python
    version. Predictable by design: simulators, tests and worked examples replay a seed; a table
    never uses it for new play.
    """

    def __init__(self, seed: int, index: int) -> None:
        self._mix = (seed * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9 + 1) & MASK64
        super().__init__(self._mix)

    def seed(self, a: Any = None, version: int = 2) -> None:  # called by Random.__init__
        self._mix = hash(a) & MASK64 if not isinstance(a, int) else a & MASK64

    def _next(self) -> int:
        self._mix = (self._mix + 0x9E3779B97F4A7C15) & MASK64
        z = self._mix
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def getstate(self) -> Any:
        return self._mix

    def setstate(self, state: Any) -> None:
        self._mix = state


class KeyedRandom(_WordRandom):
    """A random source no one can predict without its key: BLAKE2b in counter mode.

    Block `n` is BLAKE2b-512 of `n` keyed with the step's key; its eight 64-bit words are handed
    out in order.
    """

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._words: list[int] = []
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:  # called by Random.__init__
        """The key is the whole seed; Random's own seeding is not used."""

    def _next(self) -> int:
        if not self._words:
            block = hashlib.blake2b(self._block.to_bytes(8, "little"), key=self._key).digest()
            self._block += 1
            self._words = list(reversed(_WORDS.unpack(block)))
        return self._words.pop()

    def getstate(self) -> Any:
        return (self._block, tuple(self._words))

    def setstate(self, state: Any) -> None:
        self._block, words = state
        self._words = list(words)


def step_key(secret: bytes, index: int) -> bytes:
    """The key of log entry `index`'s random source, derived from the game's secret."""
    return hashlib.blake2b(
        index.to_bytes(8, "big"), key=secret, person=_CHANCE, digest_size=STEP_KEY_BYTES
    ).digest()


def app_secret(secret: bytes) -> bytes:
    """The app opponent's own secret: its choices never share a stream with the decks."""
    return hashlib.blake2b(b"app opponent", key=secret, person=_APP).digest()[:SECRET_BYTES]


@dataclass(frozen=True)
class Chance:
    """A match's chance: entries before `since` from `seed` (a seeded game, or an old save's
    past), entries from `since` on from `known` keys (an imported game's past, in order) and
    then from `secret`. Without a secret every entry comes from the seed."""

    seed: int = 0
    secret: bytes | None = None
    since: int = 0
    known: tuple[bytes, ...] = ()

    @classmethod
    def fresh(cls) -> Chance:
        """A new table game's chance: a secret from the operating system, nothing seeded."""
        return cls(0, secrets.token_bytes(SECRET_BYTES), 0, ())

    @property
    def is_secret(self) -> bool:
        return self.secret is not None

    def step(self, index: int) -> random.Random:
        """The random source of log entry `index`."""
        if self.secret is None or index < self.since:
            return StepRandom(self.seed, index)
        offset = index - self.since
        if offset < len(self.known):
            return KeyedRandom(self.known[offset])
        return KeyedRandom(step_key(self.secret, index))

    def app(self, index: int) -> random.Random:
        """The app opponent's random source when it chooses at log length `index`."""
        if self.secret is None:
            return StepRandom(self.seed ^ APP_SALT, index)
        return KeyedRandom(step_key(app_secret(self.secret), index))

    def secured_from(self, length: int) -> Chance:
        """This chance with a fresh secret for every entry from `length` on: an old save or an
        imported file keeps its past exactly and gets a future nobody holds. A chance that has a
        secret already is kept as it is."""
        if self.secret is not None:
            return self
        return Chance(self.seed, secrets.token_bytes(SECRET_BYTES), length, ())

    def past(self, length: int) -> tuple[int, list[bytes]]:
        """What an export of the first `length` entries carries: from which entry on keys are
        needed, and each of those entries' keys. Never the secret: nothing after `length`
        follows from them."""
        if self.secret is None or self.since >= length:
            return length, []
        keys = []
        for index in range(self.since, length):
            offset = index - self.since
            keys.append(
                self.known[offset] if offset < len(self.known) else step_key(self.secret, index)
            )
        return self.since, keys
