"""VA Card Game's cards and numbers, read once from card_data/va_card_game/: designers tune the
sheets, not the code.

Each player owns one hero deck and one equipment deck (decklists.csv: the first hero deck and the
first equipment deck are player 1's, the second ones player 2's). Every physical card gets a copy
id ("broadsword.1", "broadsword.2") so the engine can say where each card is at every moment; two
copies of one piece are alike in every rule, and the two players' sets never mix, so both players
may hold a "broadsword.1".

Every number the rules state (the life points, the cards drawn from each deck at setup and the
equipment a hero may carry) is a row of rule_numbers.csv (`cardgen.data.numbers`), read here by
its id (`NUMBERS`): a folder that lacks one is refused as it loads, naming it. The life tracker's
`max_value` cites the life points, so the sheet is the one place they are set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING

from companion.games import shipped

if TYPE_CHECKING:
    from collections.abc import Mapping

    from cardgen.data.database import Game

GAME_ID = "va_card_game"
# The rule numbers the engine plays with, by their ids in rule_numbers.csv.
NUMBERS = (
    "life",  # life points each player starts with (the life tracker's top step)
    "opening",  # cards drawn from each of a player's two decks at setup
    "max_gear",  # equipment cards a hero carries at most (ruling equipment-limit)
)
HERO_FORMAT, GEAR_FORMAT = "hero_deck", "equipment_deck"


@dataclass(frozen=True, slots=True)
class Hero:
    """One hero design (a row of heroes.csv): its printed HP, AD and DEF."""

    id: str
    name: str
    hp: int
    ad: int
    df: int  # DEF ("def" is a Python keyword)


@dataclass(frozen=True, slots=True)
class Gear:
    """One equipment design (a row of equipment.csv): what it adds to its hero while attached."""

    id: str
    name: str
    hp: int
    ad: int
    df: int
    super: bool


@dataclass(frozen=True)
class VaCardGameData:
    """Everything the rules read from the card data, as plain immutable values."""

    heroes: Mapping[str, Hero]  # copy id ("storm_lancer.1") -> its hero
    gear: Mapping[str, Gear]  # copy id ("broadsword.2") -> its equipment
    hero_decks: tuple[tuple[str, ...], tuple[str, ...]]  # each player's hero deck, copy ids
    gear_decks: tuple[tuple[str, ...], tuple[str, ...]]  # each player's equipment deck
    life: int  # life points each player starts with (rule number life)
    opening: int  # cards drawn from each deck at setup (rule number opening)
    max_gear: int  # equipment a hero carries at most (rule number max_gear)

    def name(self, card: str) -> str:
        found = self.heroes.get(card) or self.gear[card]
        return found.name

    def is_hero(self, card: str) -> bool:
        return card in self.heroes

    @cached_property
    def hero_points(self) -> Mapping[str, int]:
        """HP + AD + DEF of every hero by copy id, worked out once: the easy player's measure
        of a hero adds these up, thousands of times a search move."""
        return {copy: h.hp + h.ad + h.df for copy, h in self.heroes.items()}

    @cached_property
    def gear_points(self) -> Mapping[str, int]:
        """HP + AD + DEF bonuses of every piece of equipment by copy id (as `hero_points`)."""
        return {copy: g.hp + g.ad + g.df for copy, g in self.gear.items()}


def design(card: str) -> str:
    """The design id of a copy id: "broadsword.2" -> "broadsword"."""
    return card.rsplit(".", 1)[0]


def data_from_game(game: Game) -> VaCardGameData:
    """Read the rules' cards and numbers from a loaded game (any folder with VA Card Game's
    schema); a DataError naming the number when its rule_numbers sheet lacks one the rules need."""
    numbers = game.numbers.require(NUMBERS)
    heroes = {
        row["id"]: Hero(row["id"], row["name"], row["hp"], row["ad"], row["def"])
        for row in game.cards["hero"]
    }
    gear = {
        row["id"]: Gear(
            row["id"],
            row["name"],
            row["hp_bonus"],
            row["ad_bonus"],
            row["def_bonus"],
            bool(row["super"]),
        )
        for row in game.cards["equipment"]
    }
    decks: dict[str, list[str]] = {}
    formats: dict[str, str] = {}
    for row in game.cards["decklist"]:
        copies = decks.setdefault(row["deck"], [])
        copies += [f"{row['card']}.{n}" for n in range(1, row["count"] + 1)]
        formats[row["deck"]] = row["format"] or HERO_FORMAT
    hero_decks = [tuple(decks[d]) for d in decks if formats[d] == HERO_FORMAT]
    gear_decks = [tuple(decks[d]) for d in decks if formats[d] == GEAR_FORMAT]
    if len(hero_decks) != 2 or len(gear_decks) != 2:
        raise ValueError(
            "decklists.csv: the companion needs two hero decks and two equipment decks"
        )
    for deck, known, kind in ((hero_decks, heroes, "hero"), (gear_decks, gear, "equipment")):
        strays = sorted({design(c) for d in deck for c in d} - set(known))
        if strays:
            raise ValueError(f"decklists.csv: {', '.join(strays)} in a {kind} deck is no {kind}")
    lives = {row["max_value"] for row in game.cards["life_tracker"]}
    if lives != {numbers["life"]}:
        raise ValueError(
            f"life_trackers.csv: the trackers' max_value must be the life points, "
            f"{numbers['life']} (cite the rule number: {{life}})"
        )
    return VaCardGameData(
        heroes=MappingProxyType({c: heroes[design(c)] for d in hero_decks for c in d}),
        gear=MappingProxyType({c: gear[design(c)] for d in gear_decks for c in d}),
        hero_decks=(hero_decks[0], hero_decks[1]),
        gear_decks=(gear_decks[0], gear_decks[1]),
        life=numbers["life"],
        opening=numbers["opening"],
        max_gear=numbers["max_gear"],
    )


data_folder = shipped.folder_of(GAME_ID)
default_data = shipped.loader(GAME_ID, data_from_game)  # the shipped data, loaded once
