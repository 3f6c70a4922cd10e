"""Riposte's cards and numbers, read once from card_data/riposte/: designers tune the sheets.

Every physical combat card gets a copy id ("center_thrust.1", "center_thrust.2") so the engine can
say where each card is at every moment; two copies of one move are alike in every rule.

Every number the rules state (the damage to win, the starting and the full hand, the draft row,
the characters dealt, the damage of a strike, a perfect block and a missing legal play) is a row
of rule_numbers.csv (`cardgen.data.numbers`), read here by its id (`NUMBERS`): a folder that lacks
one is refused as it loads, naming it. The trackers' last box cites the damage to win, and the
manifest keeps every character threshold below it, so the sheet is the one place it is set.

Each character's three thresholds come from characters.csv; what an ability does is code
(abilities.py), keyed by the character's id, and loading refuses a character it does not know.
What stays here is the card's shape, not a number to tune: five attack positions, position p
facing 6 - p, and a round that ends with one card left in each hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from companion.games import shipped

if TYPE_CHECKING:
    from collections.abc import Mapping

    from cardgen.data.database import Game
    from cardgen.data.records import Card

GAME_ID = "riposte"
POSITIONS = (1, 2, 3, 4, 5)
# The rule numbers the engine plays with, by their ids in rule_numbers.csv.
NUMBERS = (
    "damage_to_win",  # ends the game (rulings game-end, double-knockout)
    "hand",  # both players draft up to this many before a round (ruling draft-order)
    "start_cards",  # dealt to each player at setup (ruling starting-hands)
    "draft_row",  # face-up cards in the draft row (ruling draft-row)
    "characters_dealt",  # characters dealt to each player, who keeps one (ruling characters)
    "strike_damage",  # a strike's base damage per attack (ruling modifiers)
    "perfect_block_damage",  # a perfect block's base damage to the offensive player
    "no_play_damage",  # for a card that does not fit the bar (ruling no-legal-play)
)
# The characters whose abilities abilities.py implements, by id; a sheet naming another is refused.
KNOWN_CHARACTERS = frozenset({"cato", "brunhild", "sela", "rook", "liese", "orsa"})


@dataclass(frozen=True, slots=True)
class Move:
    """One combat card design (a row of combat_cards.csv)."""

    id: str
    name: str
    attacks: frozenset[int]
    follow_up: frozenset[int]
    keyword: str  # "" for a plain move, else lunge, press, guard, riposte, flow, footwork, disarm


@dataclass(frozen=True, slots=True)
class Character:
    """One duelist (a row of characters.csv): the damage at which each ability unlocks, lowest
    first, and the abilities' printed words for the page."""

    id: str
    name: str
    thresholds: tuple[int, int, int]
    abilities: tuple[str, str, str]

    def unlocked_at(self, damage: int) -> int:
        """How many abilities a tracker at `damage` has reached."""
        return sum(damage >= t for t in self.thresholds)


@dataclass(frozen=True)
class RiposteData:
    """Everything the rules read from the card data, as plain immutable values."""

    moves: Mapping[str, Move]  # design id -> move
    cards: Mapping[str, Move]  # copy id ("left_jab.2") -> its move
    deck: tuple[str, ...]  # every copy id, in sheet order
    characters: Mapping[str, Character]  # id -> character
    limit: int  # damage that ends the game (damage_to_win, the tracker's last box)
    hand: int  # a full hand
    start_cards: int  # the starting hand
    row: int  # the draft row
    offered: int  # characters dealt to each player
    strike_damage: int  # per attack on the offensive card
    perfect_block_damage: int  # to the offensive player
    no_play_damage: int  # for a card that does not fit the bar

    def name(self, card: str) -> str:
        return self.cards[card].name


def possessive(name: str) -> str:
    """'Feint's', but 'Twin Fangs'' and 'Iron Gate's': the table log's English."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def data_from_game(game: Game) -> RiposteData:
    """Read the rules' cards and numbers from a loaded game (any folder with Riposte's schema);
    a DataError naming the number when its rule_numbers sheet lacks one the rules need."""
    numbers = game.numbers.require(NUMBERS)
    moves: dict[str, Move] = {}
    cards: dict[str, Move] = {}
    for row in game.cards["combat_card"]:
        move = Move(
            id=row["id"],
            name=row["name"],
            attacks=frozenset(row["attacks"]),
            follow_up=frozenset(row["follow_up"]),
            keyword=row["ability_keyword"] or "",
        )
        moves[move.id] = move
        for n in range(1, row["quantity"] + 1):
            cards[f"{move.id}.{n}"] = move
    characters = {c.id: c for c in map(character_from_row, game.cards["character"])}
    if 2 * numbers["characters_dealt"] > len(characters):
        raise ValueError(
            f"characters.csv: {len(characters)} characters cannot deal "
            f"{numbers['characters_dealt']} to each player (rule number characters_dealt)"
        )
    return RiposteData(
        moves=MappingProxyType(moves),
        cards=MappingProxyType(cards),
        deck=tuple(cards),
        characters=MappingProxyType(characters),
        limit=numbers["damage_to_win"],
        hand=numbers["hand"],
        start_cards=numbers["start_cards"],
        row=numbers["draft_row"],
        offered=numbers["characters_dealt"],
        strike_damage=numbers["strike_damage"],
        perfect_block_damage=numbers["perfect_block_damage"],
        no_play_damage=numbers["no_play_damage"],
    )


def character_from_row(row: Card) -> Character:
    """A character whose abilities the engine knows (companion/games/riposte/abilities.py),
    with thresholds that rise: the engine unlocks abilities in order."""
    thresholds = (row["threshold_1"], row["threshold_2"], row["threshold_3"])
    if row["id"] not in KNOWN_CHARACTERS:
        raise ValueError(
            f"characters.csv: the companion knows no abilities for character {row['id']!r}"
        )
    if not thresholds[0] < thresholds[1] < thresholds[2]:
        shown = ", ".join(map(str, thresholds))
        raise ValueError(f"characters.csv: {row['name']}'s thresholds must rise ({shown})")
    return Character(
        id=row["id"],
        name=row["name"],
        thresholds=thresholds,
        abilities=(row["ability_1"], row["ability_2"], row["ability_3"]),
    )


data_folder = shipped.folder_of(GAME_ID)
default_data = shipped.loader(GAME_ID, data_from_game)  # the shipped data, loaded once
