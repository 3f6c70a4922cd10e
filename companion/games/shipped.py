"""Where each game's shipped card data lives, and loading it: the same two steps for every game.

cardgen is imported only when called, as each game's `data` module did before: importing a game's
rules loads no card database until a game is set up without data of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from cardgen.data.database import Game

T = TypeVar("T")


def data_folder(game_id: str) -> Path:
    """The folder the print kit builds the game's cards from: `card_data/<game_id>` for a
    shipped game, else the folder of the declared game of that id in reach (one made by
    `cardgen new` in the data root; `companion.games.declared.found`)."""
    from cardgen.data.project import REPO_ROOT

    shipped = REPO_ROOT / "card_data" / game_id
    if (shipped / "manifest.json").is_file():
        return shipped
    from companion.games.declared.found import folders

    declared = folders().get(game_id)
    return declared[0] if declared else shipped


def load(game_id: str, build: Callable[[Game], T]) -> T:
    """The game's shipped data: its folder loaded and validated (raising on a problem), then
    built into the game's own data by `build`."""
    from cardgen.data.database import load_game_or_raise

    return build(load_game_or_raise(data_folder(game_id)))


def folder_of(game_id: str) -> Callable[[], Path]:
    """A game's `data_folder()`: asked again at each call, since a game declared later (`cardgen
    new`) may be the one of that id."""
    return partial(data_folder, game_id)


def loader(game_id: str, build: Callable[[Game], T]) -> Callable[[], T]:
    """A game's `default_data()`: its shipped data, loaded and validated once per process."""

    @cache
    def default_data() -> T:
        return load(game_id, build)

    return default_data
