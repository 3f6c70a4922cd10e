"""Moonlighter's numbers, read once from card_data/moonlighter/: designers tune them in sheets.

The engine never spells a count, a heart total or a die face as a Python literal: the dungeon
table, the tile supply, the pawns and their loot faces, the enemies' hearts, each die face's usual
outcome and the tile die's exceptions (the face that opens the boss room, the face the purple pawn
bends, the faces that change once the pool is laid: dice.csv) all come from here. Every number
the rules state outside those sheets (the chest-room limit, with and without the yellow pawn, the
pink pawn's hearts and a doubled blow) is a row of rule_numbers.csv (`cardgen.data.numbers`), read
here by its id (`NUMBERS`): a folder that lacks one is refused as it loads, naming it. What stays
in Python is the rules' logic (which face bends under which condition), because that is what the
rulebook's text describes.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from companion.games import shipped

if TYPE_CHECKING:
    from collections.abc import Mapping

    from cardgen.data.database import Game

GAME_ID = "moonlighter"
# The rule numbers the engine plays with, by their ids in rule_numbers.csv.
NUMBERS = (
    "chest_limit",  # chest rooms on the board in one dungeon (ruling tile_die_faces)
    "yellow_chest_limit",  # the same while you are the yellow pawn (ruling power_yellow)
    "pink_bonus",  # hearts and maximum hearts the pink pawn adds (ruling power_pink)
    "doubled_blow",  # hearts of a blow a pawn doubles (rulings power_red, power_blue)
)


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
    boss_face: int  # the tile die face that opens the boss room once enough rooms are green
    purple_rooms: Mapping[int, str]  # tile die face -> its room while you are the purple pawn
    after_pool: Mapping[int, str]  # tile die face -> its room once this dungeon's pool is laid
    chest_limit: int  # chest rooms allowed on the board in one dungeon
    yellow_chest_limit: int  # the same while you are the yellow pawn
    pink_bonus: int  # hearts (and maximum hearts) the pink pawn adds
    doubled_blow: int  # hearts of a doubled blow (red pawn on the boss, blue pawn either way)

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
    """Read the rules' sheets and numbers from a loaded game (any folder with Moonlighter's
    schema); a DataError naming the number when its rule_numbers sheet lacks one the rules need."""
    numbers = game.numbers.require(NUMBERS)
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
    tile_die = [face for face in game.cards["die_face"] if face["die"] == "tile"]
    boss = [face["face"] for face in tile_die if face["opens_boss"]]
    if len(boss) != 1:
        raise ValueError(
            f"dice.csv: {len(boss)} tile die faces say opens_boss; exactly one opens the boss room"
        )
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
        boss_face=boss[0],
        purple_rooms=_frozen({f["face"]: f["purple_pawn"] for f in tile_die if f["purple_pawn"]}),
        after_pool=_frozen({f["face"]: f["after_pool"] for f in tile_die if f["after_pool"]}),
        chest_limit=numbers["chest_limit"],
        yellow_chest_limit=numbers["yellow_chest_limit"],
        pink_bonus=numbers["pink_bonus"],
        doubled_blow=numbers["doubled_blow"],
    )


data_folder = shipped.folder_of(GAME_ID)
default_data = shipped.loader(GAME_ID, data_from_game)  # the shipped data, loaded once
