"""Luturas's cards and numbers, read once from card_data/luturas/: designers tune the sheets.

Every card design is a `Design` (one row of soldiers, crystals, luturas, tools or strategies);
the deck format (35 to 50 cards, copies limited by stars, Crystals exempt, one Soldier) is read
from the manifest's `deck_formats`, and the two starter decks from decklists.csv. A deck is a list
of design ids; at the table each physical card gets a copy id ("tidepup_g1.2").

Every number the rules state (the opening hand and fast mode's split of it, the new hands allowed,
the rounds a match needs, the Crystal limit and the Lutura spaces) is a row of rule_numbers.csv
(`cardgen.data.numbers`), read here by its id (`NUMBERS`): a folder that lacks one is refused as
it loads, naming it. What stays in Python is the nature chart of fast mode (`STRONG`, which the
glossary's nature entries state in words; a test keeps them in agreement).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.games import shipped

if TYPE_CHECKING:
    from cardgen.data.database import Game
    from cardgen.data.records import Card

GAME_ID = "luturas"
# The rule numbers the engine plays with, by their ids in rule_numbers.csv.
NUMBERS = (
    "hand",  # cards in an opening hand (standard mode)
    "fast_hand_main",  # fast mode: from the main Deck (ruling fast-mode-draws)
    "fast_hand_crystals",  # fast mode: from the Crystal deck (ruling fast-mode-draws)
    "mulligans",  # new hands a player may take before the round (ruling mulligan)
    "rounds_to_win",  # ruling match-best-of-three
    "crystals_most",  # ruling crystal-limit; an effect may raise it
    "lutura_spaces",  # ruling lutura-limit: all there from the start
)
ANY = "any"  # the black Crystal type, and a requirement any Crystal meets
PRISMATIC = "prismatic"
# The fast-mode nature chart (seed, fast mode 2): each nature and the natures it is strong against.
STRONG: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "aquatic": frozenset({"flammable", PRISMATIC}),
        "flammable": frozenset({"botanical", PRISMATIC}),
        "botanical": frozenset({"nuclear", PRISMATIC}),
        "nuclear": frozenset({"terrestrial", PRISMATIC}),
        "terrestrial": frozenset({"plasmatic", PRISMATIC}),
        "plasmatic": frozenset({"aquatic", PRISMATIC}),
        PRISMATIC: frozenset(),
    }
)
KINDS = ("soldier", "crystal", "lutura", "tool", "strategy")
GEARS = ("1", "2", "3", "ultima")
DOES = "does"  # the column holding each card's effect declaration


@dataclass(frozen=True, slots=True)
class Design:
    """One card design. Fields a kind does not have keep their defaults."""

    id: str
    name: str
    kind: str  # soldier, crystal, lutura, tool or strategy
    stars: int
    text: str = ""  # the printed effect or ability
    effect: Any = None  # its parsed declaration (cardgen.data.effects), when the sheet has one
    stamina: int = 0  # Soldier and Lutura
    crystal: str = ""  # Crystal: its type ("any" for black)
    gear: str = ""  # Lutura: 1, 2, 3 or ultima
    nature: str = ""
    prismatic: bool = False
    combat: int = 0
    needs: Mapping[str, int] = field(default_factory=dict)  # crystal type -> how many
    evolves_from: str = ""
    timing: str = ""  # Strategy: your turn, either turn, opponent's turn
    in_line: bool = False  # Lutura: one Gear of a line (so its name is said with its Gear)

    @property
    def title(self) -> str:
        """The name as a player says it: "Tidepup Gear 2", "Brinefin", "Fortify"."""
        if not self.in_line:
            return self.name
        return f"{self.name} Gear {self.gear.capitalize()}"


@dataclass(frozen=True)
class DeckFormat:
    min_cards: int
    max_cards: int
    copies: Mapping[int, int]  # stars -> copies allowed
    exempt: frozenset[str]  # kinds the copy limit ignores
    rule: str


@dataclass(frozen=True)
class LuturasData:
    designs: Mapping[str, Design]
    starters: Mapping[str, tuple[str, ...]]  # starter deck name -> design ids, repeats included
    format: DeckFormat
    hand: int  # an opening hand (rule number hand)
    fast_hand: tuple[int, int]  # fast mode: from the main Deck, from the Crystal deck
    mulligans: int  # new hands allowed before a round
    rounds_to_win: int  # rounds won that take the match
    crystals_most: int  # the Crystal limit before effects raise it
    lutura_spaces: int  # Lutura spaces on each side
    vocabulary: Any = None  # cardgen.data.effects.Vocabulary: what each effect word means
    seen: dict[str, Design] = field(default_factory=dict, compare=False, repr=False)
    # A card's effects by trigger (declarations.with_trigger), remembered like `seen`.
    triggered: dict[tuple[str, tuple[str, ...]], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # A card's effects by trigger with a step of a verb (lasting.continuous), remembered too.
    by_verb: dict[tuple[str, str, str], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # Whether a design's Crystal needs are met by Crystals of these types and counts (sorted):
    # the bot's sampler asks for every Lutura in the hand at every step (sampling.py).
    needs_met: dict[tuple[str, tuple[tuple[str, int], ...]], bool] = field(
        default_factory=dict, compare=False, repr=False
    )

    # The Crystals in play's types, as a dict and as sorted pairs, by the Crystals (sampling.py).
    crystal_types: dict[tuple[str, ...], Any] = field(
        default_factory=dict, compare=False, repr=False
    )

    # Whether a Gear 1's Deploy: effects ask no choice (sampling.py lists its deploys as they are).
    plain_deploy: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    # declarations.needs_attack's answers (with the effect), by the id of the effect.
    attack_bound: dict[int, tuple[Any, bool]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def of(self, card: str) -> Design:
        """The design of a copy id or design id (remembered: the rules ask for it often)."""
        found = self.seen.get(card)
        if found is None:
            found = self.designs.get(card) or self.designs[card.rsplit(".", 1)[0]]
            self.seen[card] = found
        return found

    def title(self, card: str) -> str:
        return self.of(card).title


def copies(designs: Iterable[str]) -> tuple[str, ...]:
    """Copy ids for a deck list: the n-th copy of a design gets ".n". Remembered by the list:
    every new match asks, and a search's adapter starts a match for each of its thousands of
    simulations (the list of a deck is one of a few)."""
    return copies_of(tuple(designs))


@lru_cache(maxsize=256)
def copies_of(designs: tuple[str, ...]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    out = []
    for d in designs:
        n = seen[d] = seen.get(d, 0) + 1
        out.append(f"{d}.{n}")
    return tuple(out)


def deck_problems(data: LuturasData, deck: Iterable[str]) -> list[str]:
    """What keeps `deck` (design ids, repeats included) from being a legal deck, one line each;
    empty for a legal deck. Checked before play, for starter decks and decks built at the table."""
    cards = list(deck)
    unknown = sorted({c for c in cards if c not in data.designs})
    if unknown:
        return [f"no such card: {', '.join(unknown)}"]
    fmt, problems = data.format, []
    if not fmt.min_cards <= len(cards) <= fmt.max_cards:
        problems.append(
            f"the deck has {len(cards)} cards; a deck needs {fmt.min_cards} to {fmt.max_cards}"
        )
    soldiers = [c for c in cards if data.designs[c].kind == "soldier"]
    if len(soldiers) != 1:
        problems.append(f"the deck has {len(soldiers)} Soldiers; it needs exactly one")
    for card, count in sorted(Counter(cards).items()):
        design = data.designs[card]
        allowed = fmt.copies.get(design.stars)
        if design.kind not in fmt.exempt and allowed is not None and count > allowed:
            stars = f"{design.stars} stars allow" if design.stars > 1 else "1 star allows"
            problems.append(f"{count} copies of {design.title}; {stars} {allowed}")
    return problems


def design_from_row(kind: str, row: Card, parse: Any) -> Design:
    values = row.values
    text = values.get("ability" if kind == "soldier" else "effect") or ""
    base = {"id": row.id, "name": values["name"], "kind": kind, "stars": values["stars"]}
    base |= {"text": text, "effect": parse(kind, row)}
    if kind in ("soldier", "lutura"):
        base["stamina"] = values["stamina"]
    if kind == "crystal":
        base["crystal"] = values["crystal"]
    if kind == "lutura":
        base |= {
            "gear": str(values["gear"]),
            "nature": values["nature"],
            "prismatic": bool(values["prismatic"]),
            "combat": values["combat"],
            "needs": MappingProxyType(dict(values["crystals"])),
            "evolves_from": values.get("evolves_from") or "",
        }
    if kind == "strategy":
        base["timing"] = values["timing"]
    return Design(**base)


def declaration(kind: str, row: Card) -> tuple[Any, ...]:
    """The parsed effects of a row (its `does` column, read by cardgen.data.effects): empty for
    a card with no effect."""
    return tuple(row.values.get(DOES) or ())


def data_from_game(game: Game) -> LuturasData:
    """Read the rules' cards and numbers from a loaded game (any folder with Luturas's schema);
    a DataError naming the number when its rule_numbers sheet lacks one the rules need."""
    numbers = game.numbers.require(NUMBERS)
    designs = {
        row.id: design_from_row(kind, row, declaration)
        for kind in KINDS
        for row in game.cards[kind]
    }
    bases = {d.evolves_from for d in designs.values() if d.evolves_from}
    for key, d in list(designs.items()):
        if d.kind == "lutura" and (d.evolves_from or key in bases):
            designs[key] = replace(d, in_line=True)
    starters: dict[str, list[str]] = {}
    for row in game.cards["decklist"]:
        starters.setdefault(row["deck"], []).extend([row["card"]] * int(row["count"]))
    spec = game.spec.deck_formats["standard"]
    limit = spec.copy_limit
    assert limit is not None and spec.min_cards is not None and spec.max_cards is not None
    fmt = DeckFormat(
        min_cards=spec.min_cards,
        max_cards=spec.max_cards,
        copies=MappingProxyType({int(k): int(v) for k, v in limit.by_value.items()}),
        exempt=frozenset(limit.exempt_types),
        rule=limit.rule,
    )
    data = LuturasData(
        designs=MappingProxyType(designs),
        starters=MappingProxyType({k: tuple(v) for k, v in starters.items()}),
        format=fmt,
        hand=numbers["hand"],
        fast_hand=(numbers["fast_hand_main"], numbers["fast_hand_crystals"]),
        mulligans=numbers["mulligans"],
        rounds_to_win=numbers["rounds_to_win"],
        crystals_most=numbers["crystals_most"],
        lutura_spaces=numbers["lutura_spaces"],
        vocabulary=vocabulary_of(game),
    )
    for name, deck in data.starters.items():
        problems = deck_problems(data, deck)
        if problems:
            raise ValueError(f"decklists.csv: starter deck {name!r}: {problems[0]}")
    return data


def vocabulary_of(game: Game) -> Any:
    """The effect vocabulary declared in the manifest, or None for a game without one."""
    raw = game.spec.raw.get("effects")
    if raw is None:
        return None
    from cardgen.data.effects import load_vocabulary

    return load_vocabulary(raw)


data_folder = shipped.folder_of(GAME_ID)
default_data = shipped.loader(GAME_ID, data_from_game)  # the shipped data, loaded once
