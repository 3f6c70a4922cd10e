"""Moonlighter's numbers, read once from card_data/moonlighter/: designers tune them in sheets.

The engine never spells a count, a heart total or a die face's colour as a Python literal: the
dungeon table, the tile supply, the pawns and their loot faces, the enemies' hearts and each die
face's usual outcome all come from here. What stays in Python is the rules' logic (which face bends
under which condition), because that is what the rulebook's text describes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from cardgen.data.database import Game

GAME_ID = "moonlighter"


@dataclass(frozen=True)
class Dungeon:
    """One row of the progression table (dungeons.csv)."""

    number: int
    max_hearts: int
    pool: int
    boss_hearts: int
    greens_for_boss: int
    enemies: int


@dataclass(frozen=True)
class Pawn:
    """One standee (pawns.csv); `loot_face` is None for the starting pawn no chest offers."""

    colour: str
    name: str
    loot_face: int | None
    effect: str


@dataclass(frozen=True)
class MoonlighterData:
    """Everything the rules read from the card data, as plain immutable values."""

    dungeons: tuple[Dungeon, ...]
    supply: Mapping[str, int]  # tile colour -> tiles of that kind in the box
    cleared_face: Mapping[str, str]  # enemy tile colour -> the colour of its other side
    pawns: Mapping[str, Pawn]  # pawn colour -> pawn
    loot: Mapping[int, str]  # loot die face -> pawn colour
    tile_faces: Mapping[int, str]  # tile die face -> usual room colour
    attack_faces: Mapping[int, str]  # attack die face -> none/player_hits/enemy_hits/both_hit
    enemy_hearts: int  # each ordinary enemy's hearts when a fight starts
    start_pawn: str  # the pawn no chest offers: everyone starts as it
    faces: Mapping[str, range]  # die -> the faces it shows, for rolls and typed-in values

    def dungeon(self, number: int) -> Dungeon:
        return self.dungeons[number - 1]

    @property
    def last_dungeon(self) -> int:
        return len(self.dungeons)


def _faces(table: Mapping[int, str]) -> range:
    return range(min(table), max(table) + 1)


def _frozen(mapping: dict) -> Mapping:
    return MappingProxyType(mapping)


def data_from_game(game: Game) -> MoonlighterData:
    """Read the rules' constants from a loaded game (any folder with Moonlighter's schema)."""
    dungeons = tuple(
        Dungeon(
            number=row["number"],
            max_hearts=row["player_max_health"],
            pool=row["pool_total"],
            boss_hearts=row["boss_health"],
            greens_for_boss=row["cleared_rooms_before_boss"],
            enemies=row["enemies_per_room"],
        )
        for row in sorted(game.cards["dungeon"], key=lambda r: r["number"])
    )
    supply: dict[str, int] = {}
    cleared: dict[str, str] = {}
    for tile in game.cards["tile"]:
        supply[tile["colour"]] = supply.get(tile["colour"], 0) + tile["quantity"]
        if tile["back_colour"]:
            cleared[tile["colour"]] = tile["back_colour"]
    pawns = {
        p["colour"]: Pawn(p["colour"], p["name"], p["loot_face"], p["effect"])
        for p in game.cards["pawn"]
    }
    faces: dict[str, dict[int, str]] = {"tile": {}, "attack": {}}
    for face in game.cards["die_face"]:
        if face["die"] in faces:
            faces[face["die"]][face["face"]] = face["result"]
    enemy = next(c for c in game.cards["counter"] if c["colour"] == "orange")
    loot = {p.loot_face: p.colour for p in pawns.values() if p.loot_face}
    return MoonlighterData(
        dungeons=dungeons,
        supply=_frozen(supply),
        cleared_face=_frozen(cleared),
        pawns=_frozen(pawns),
        loot=_frozen(loot),
        tile_faces=_frozen(faces["tile"]),
        attack_faces=_frozen(faces["attack"]),
        enemy_hearts=enemy["start_value"],
        start_pawn=next(p.colour for p in pawns.values() if not p.loot_face),
        faces=_frozen(
            {
                "tile": _faces(faces["tile"]),
                "attack": _faces(faces["attack"]),
                "loot": _faces(loot),
            }
        ),
    )


def data_folder() -> Path:
    from cardgen.data.project import REPO_ROOT

    return REPO_ROOT / "card_data" / GAME_ID


@cache
def default_data() -> MoonlighterData:
    """The shipped game's data, loaded and validated once per process."""
    from cardgen.data.database import load_game_or_raise

    return data_from_game(load_game_or_raise(data_folder()))
