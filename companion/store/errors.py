"""The two ways a store refuses: the message is shown to the player as it is, so it is one line."""

from __future__ import annotations


class StoreError(Exception):
    """A save that cannot be read, written or accepted; the message is shown as it is."""


class StaleVersion(StoreError):
    """Someone else saved first: reload and try again."""


class Busy(StoreError):
    """Another program holds the database's lock (a second companion, a backup tool, a
    `sqlite3` shell): nothing is wrong with the saves, and trying again later may well work."""
