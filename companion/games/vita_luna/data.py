"""Vita Luna's numbers, read once from card_data/vita_luna/: designers tune them in the sheets.

Creatures (attack, health, epics, deck and copies), the four Singular cards and the board all come
from here. Every physical card gets a copy id, "wolf.1" to "wolf.4", so the engine can
say where each card is at every moment; two copies of one creature are alike in every rule.

Every number the rules state (the hand a basic game deals, black and blue, the quiet turns that end
a battle, the hearts, the white and grey positions, the wins that reach the enemy heart and the
bidding markers) is a row of rule_numbers.csv (`cardgen.data.numbers`), read here by its id
(`NUMBERS`): a folder that lacks one is refused as it loads, naming it. The board's cells and the
markers' counts cite them, and the manifest keeps the board equal to them, so the sheet is the one
place each is set. What stays in Python is a
rule, not a number: the advanced game's auction turns up twice each hand, one for each player, so
that both end it with full hands (`auction`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from companion.games import shipped

if TYPE_CHECKING:
    from collections.abc import Mapping

    from cardgen.data.database import Game

GAME_ID = "vita_luna"
DECKS = ("black", "blue", "red")
# The rule numbers the engine plays with, by their ids in rule_numbers.csv.
NUMBERS = (
    "hand_black",  # black cards dealt in the basic game (rulings full_quota, markers_spent)
    "hand_blue",  # blue cards dealt in the basic game
    "quiet_turns",  # quiet turns in a row that end a battle (ruling quiet_turns)
    "hearts",  # each player's hearts in every battle (ruling fresh_battle)
    "white_positions",  # white positions per side (rulings battle_size, attack_order)
    "grey_positions",  # grey positions per side (ruling battle_size)
    "steps_basic",  # wins as attacker that reach the enemy heart (ruling track_steps)
    "steps_extended",  # the same in the extended game
    "bid_markers",  # each player's bidding markers in the advanced game
)
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
    hand: Mapping[str, int]  # deck colour -> cards of it in a full hand: black, then blue
    quiet_turns: int  # turns in a row with no heart, health or armour lost that end a battle

    @property
    def auction(self) -> tuple[tuple[str, int], ...]:
        """The advanced game's lots, in order: each hand's colour, twice its count."""
        return tuple((colour, 2 * count) for colour, count in self.hand.items())

    @property
    def auction_lots(self) -> int:
        return sum(count for _, count in self.auction)

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
    """Read the rules' sheets and numbers from a loaded game (any folder with Vita Luna's
    schema); a DataError naming the number when its rule_numbers sheet lacks one the rules need."""
    numbers = game.numbers.require(NUMBERS)
    creatures = {row["id"]: _creature(row) for row in game.cards["creature"]}
    cards: dict[str, Creature] = {}
    decks: dict[str, list[str]] = {deck: [] for deck in DECKS}
    for row in game.cards["creature"]:
        for n in range(1, row["quantity"] + 1):
            copy = f"{row['id']}.{n}"
            cards[copy] = creatures[row["id"]]
            decks[row["deck"]].append(copy)
    board = game.cards["board"][0]
    return VitaLunaData(
        creatures=MappingProxyType(creatures),
        cards=MappingProxyType(cards),
        decks=MappingProxyType({deck: tuple(copies) for deck, copies in decks.items()}),
        singulars=MappingProxyType({row["id"]: row["name"] for row in game.cards["singular"]}),
        white=numbers["white_positions"],
        grey=numbers["grey_positions"],
        max_cards=board["max_cards_per_side"],  # one per position: the manifest keeps it so
        steps_basic=numbers["steps_basic"],
        steps_extended=numbers["steps_extended"],
        hearts=numbers["hearts"],
        markers=numbers["bid_markers"],
        hand=MappingProxyType({"black": numbers["hand_black"], "blue": numbers["hand_blue"]}),
        quiet_turns=numbers["quiet_turns"],
    )


data_folder = shipped.folder_of(GAME_ID)
default_data = shipped.loader(GAME_ID, data_from_game)  # the shipped data, loaded once
