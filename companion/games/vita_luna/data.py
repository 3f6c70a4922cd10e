"""Vita Luna's numbers, read once from card_data/vita_luna/: designers tune them in the sheets.

Creatures (attack, health, epics, deck and copies), the four Singular cards, the board (white and
grey positions, steps to the enemy heart) and the marker supply (hearts per battle, bidding markers)
all come from here. Every physical card gets a copy id, "wolf.1" to "wolf.4", so the engine can
say where each card is at every moment; two copies of one creature are alike in every rule.

What stays in Python is what the rules' text gives as a count with no sheet to hold it: the hand a
basic game deals (4 black, 2 blue; the advanced auction puts up twice that), in `rules.py`.
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

GAME_ID = "vita_luna"
DECKS = ("black", "blue", "red")
EPICS = (
    "move_anywhere",
    "poisonous",
    "resistant",
    "armour",
    "holds",
    "anchor",
    "retaliate",
    "pronged",
)


@dataclass(frozen=True, slots=True)
class Creature:
    """One creature kind (a row of creatures.csv), with its epics as flags for the hot path."""

    id: str
    name: str
    deck: str
    attack: int
    health: int
    epics: frozenset[str]
    move_anywhere: bool
    poisonous: bool
    resistant: bool
    armour: bool
    holds: bool
    anchor: bool
    retaliate: bool
    pronged: bool


@dataclass(frozen=True)
class VitaLunaData:
    """Everything the rules read from the card data, as plain immutable values."""

    creatures: Mapping[str, Creature]  # creature id -> creature
    cards: Mapping[str, Creature]  # copy id ("wolf.1") -> its creature
    decks: Mapping[str, tuple[str, ...]]  # deck colour -> its copy ids, in sheet order
    singulars: Mapping[str, str]  # singular id -> printed name, in sheet order
    white: int  # white (active) positions per side
    grey: int  # grey (reserve) positions per side
    max_cards: int  # creatures one player may bring to a battle
    steps_basic: int  # attacker wins from the start to the enemy heart, basic/advanced
    steps_extended: int  # the same in the extended game
    hearts: int  # each player's hearts in every battle
    markers: int  # each player's bidding markers in the advanced game

    def steps(self, extended: bool) -> int:
        return self.steps_extended if extended else self.steps_basic

    def name(self, card: str) -> str:
        return self.cards[card].name


def _creature(row) -> Creature:
    epics = frozenset(row["epics"])
    flags = {epic: epic in epics for epic in EPICS}
    return Creature(
        id=row["id"],
        name=row["name"],
        deck=row["deck"],
        attack=row["attack"],
        health=row["health"],
        epics=epics,
        **flags,
    )


def data_from_game(game: Game) -> VitaLunaData:
    """Read the rules' constants from a loaded game (any folder with Vita Luna's schema)."""
    creatures = {row["id"]: _creature(row) for row in game.cards["creature"]}
    cards: dict[str, Creature] = {}
    decks: dict[str, list[str]] = {deck: [] for deck in DECKS}
    for row in game.cards["creature"]:
        for n in range(1, row["quantity"] + 1):
            copy = f"{row['id']}.{n}"
            cards[copy] = creatures[row["id"]]
            decks[row["deck"]].append(copy)
    board = game.cards["board"][0]
    markers = {row["id"]: row["quantity"] for row in game.cards["marker"]}
    return VitaLunaData(
        creatures=MappingProxyType(creatures),
        cards=MappingProxyType(cards),
        decks=MappingProxyType({deck: tuple(copies) for deck, copies in decks.items()}),
        singulars=MappingProxyType({row["id"]: row["name"] for row in game.cards["singular"]}),
        white=board["white_positions"],
        grey=board["grey_positions"],
        max_cards=board["max_cards_per_side"],
        steps_basic=board["steps_basic"],
        steps_extended=board["steps_extended"],
        hearts=markers["heart_marker"] // 2,
        markers=markers["health_marker"] // 2,
    )


def data_folder() -> Path:
    from cardgen.data.project import REPO_ROOT

    return REPO_ROOT / "card_data" / GAME_ID


@cache
def default_data() -> VitaLunaData:
    """The shipped game's data, loaded and validated once per process."""
    from cardgen.data.database import load_game_or_raise

    return data_from_game(load_game_or_raise(data_folder()))
