"""The two ways a store refuses: the message is shown to the player as it is, so it is one line."""

from __future__ import annotations


class StoreError(Exception):
    """A save that cannot be read, written or accepted; the message is shown as it is."""


class StaleVersion(StoreError):
    """Someone else saved first: reload and try again."""


class Revoked(StoreError):
    """The device's key no longer opens the game: the table made new codes since it was read."""


class Busy(StoreError):
    """Another program holds the database's lock (a second companion, a backup tool, a
    `sqlite3` shell): nothing is wrong with the saves, and trying again later may well work."""


def for_players(message: str, *places: str) -> str:
    """A store's message as a player's screen shows it: one line, and none of the server's own
    `places` in it (the saved games' file path, which the server's log keeps)."""
    line = " ".join(message.split())
    for place in sorted({p for p in places if p}, key=len, reverse=True):
        line = line.replace(f"{place}: ", "").replace(place, "the saved games")
    return line
