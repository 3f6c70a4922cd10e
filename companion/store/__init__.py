"""Saved games, in one embedded SQLite file (nothing to start) or a shared PostgreSQL database.

`games` holds the store itself, `schema` the tables (and the move from the first layout), `rows`
how a match becomes rows, `keys` the table and seat keys, `backend` the two databases, and
`checked` the replay every log from outside goes through.
"""

from companion.store.checked import replay
from companion.store.errors import Busy, Revoked, StaleVersion, StoreError
from companion.store.files import MAX_IMPORT_BYTES, SAVE_FORMAT
from companion.store.games import GameStore, SavedGame, default_location, default_path
from companion.store.keys import Access, seat_key

__all__ = [
    "MAX_IMPORT_BYTES",
    "SAVE_FORMAT",
    "Access",
    "Busy",
    "GameStore",
    "Revoked",
    "SavedGame",
    "StaleVersion",
    "StoreError",
    "default_location",
    "default_path",
    "replay",
    "seat_key",
]
