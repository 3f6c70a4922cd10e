"""A loaded game: its manifest and its typed records, and the questions every tool asks of them.

Kept apart from `database` (which loads it) so that the checks, the print kit and the engines can
take a `Game` without depending on how it was read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from cardgen.data.numbers import RuleNumbers
from cardgen.data.records import Card
from cardgen.data.spec import GameSpec
from cardgen.data.table import TableSpec


@dataclass
class Game:
    """A game's records, by card type, plus its keywords by set and its rule numbers."""

    spec: GameSpec
    cards: dict[str, list[Card]] = field(default_factory=dict)
    keywords: dict[str, dict[str, Card]] = field(default_factory=dict)
    formats: dict[str, str] = field(default_factory=dict)  # sheet -> format it was read from
    numbers: RuleNumbers = field(default_factory=RuleNumbers)  # id -> value, and each row
    table: TableSpec | None = None  # the table the manifest declares, for the companion

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name

    def records(self) -> Iterator[Card]:
        for cards in self.cards.values():
            yield from cards

    def by_id(self, card_id: str) -> Card | None:
        return next((c for c in self.records() if c.id == card_id), None)

    def quantity(self, card: Card) -> int:
        qfield = self.spec.type(card.type).quantity_field
        return int(card.get(qfield) or 0) if qfield else 1

    def copies(self, type_id: str) -> list[Card]:
        """Every physical copy of a type, in sheet order: what the print kit lays out."""
        return [c for c in self.cards.get(type_id, []) for _ in range(self.quantity(c))]

    def count(self, type_id: str) -> int:
        return sum(self.quantity(c) for c in self.cards.get(type_id, []))

    def keyword(self, set_id: str, keyword_id: str) -> Card | None:
        return self.keywords.get(set_id, {}).get(keyword_id)
