"""What a game's manifest declares, as plain immutable values: the game, its card types with their
fields and backs, keyword sets and deck formats. Reading and checking a manifest is
`cardgen.data.manifest`'s; everything else reads these.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any

from cardgen.data.effects import Vocabulary
from cardgen.data.fields import FieldSpec
from cardgen.data.fonts import FontFamily
from cardgen.data.units import Size


@dataclass(frozen=True)
class BackFace:
    label: str
    color: str
    mark: str  # a letter or shape name, so backs differ without colour


@dataclass(frozen=True)
class BackSpec:
    style: str
    face: BackFace | None = None  # style fixed
    field: str = ""  # by_field / double_sided: the field that decides; by_deck: the decks' field
    faces: dict[str, BackFace] = dc_field(default_factory=dict)  # value of `field` -> face
    plain: BackFace | None = None  # double_sided: the back of items whose field is empty


@dataclass(frozen=True)
class TypeSpec:
    id: str
    name: str
    plural: str
    sheet: str
    kind: str
    size: Size | None
    back: BackSpec
    fields: tuple[FieldSpec, ...]
    description: str = ""
    quantity_field: str = ""
    default_format: str = ""  # decklists: the deck format when a row names none
    # The decklist type whose decks each print their own copies of this type's cards (a copy
    # knows its deck: layouts read `deck`, a `by_deck` back picks its face by a deck field).
    print_by_deck: str = ""
    # An http(s) address the sheet is fetched from (cardgen.data.remote); `sheet` then names
    # the cached copy and the sheet in messages.
    url: str = ""

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def field_names(self) -> list[str]:
        return [f.name for f in self.fields]


@dataclass(frozen=True)
class KeywordSet:
    id: str
    name: str
    description: str = ""


@dataclass(frozen=True)
class CopyLimit:
    """How many copies of one card a deck may hold: a fixed number, or one read off a field."""

    max: int | None = None
    field: str = ""
    by_value: dict[str, int] = dc_field(default_factory=dict)
    exempt_types: tuple[str, ...] = ()
    rule: str = ""  # the rule in words, shown with a violation


@dataclass(frozen=True)
class CountRule:
    """Between min and max cards of the given types (and field values) in every deck."""

    types: tuple[str, ...] = ()
    where: dict[str, Any] = dc_field(default_factory=dict)
    min: int | None = None
    max: int | None = None
    rule: str = ""


@dataclass(frozen=True)
class DeckFormat:
    id: str
    description: str = ""
    min_cards: int | None = None
    max_cards: int | None = None
    allowed_types: tuple[str, ...] = ()
    copy_limit: CopyLimit | None = None
    counts: tuple[CountRule, ...] = ()
    # Numbers the manifest wrote as rule-number citations, by where they sit ("min_cards",
    # "copy_limit.by_value.2", "counts[0].max"): set once the game's numbers are read.
    cited: dict[str, str] = dc_field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """What rulebook and reference templates read of the format (`deck_formats.<id>`)."""
        return {
            "description": self.description,
            "min_cards": self.min_cards,
            "max_cards": self.max_cards,
            "allowed_types": list(self.allowed_types),
            "copy_limit": dict(self.copy_limit.__dict__) if self.copy_limit else {},
        }


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    folder: Path
    summary: str
    players_min: int
    players_max: int
    default_size: Size
    types: tuple[TypeSpec, ...]
    keyword_type: TypeSpec | None
    keyword_sets: dict[str, KeywordSet]
    deck_formats: dict[str, DeckFormat]
    info: dict[str, Any]  # free metadata: designers, play time, age …
    raw: dict[str, Any]  # the manifest as written, for export
    effects: Vocabulary | None = None  # the words effect fields may use ("effects" section)
    numbers_type: TypeSpec | None = None  # the rule-number sheet ("rule_numbers" section)
    fonts: dict[str, FontFamily] = dc_field(default_factory=dict)  # "fonts": cardgen.data.fonts

    def type(self, type_id: str) -> TypeSpec:
        return next(t for t in self.types if t.id == type_id)

    def has_type(self, type_id: str) -> bool:
        return any(t.id == type_id for t in self.types)

    @property
    def card_types(self) -> list[TypeSpec]:
        return [t for t in self.types if t.kind != "decklist"]
