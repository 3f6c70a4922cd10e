"""Which physical copies of a type the kit prints, and which of them look alike.

Usually a card is printed as many times as its quantity says, every copy the same. A type whose
manifest names `print_by_deck` is printed deck by deck instead: each row of that decklist type
gives `count` copies of its card that know their deck, so a layout can mark the set a copy
belongs to (`deck` in its context) and a `by_deck` back can differ per set, while the card's id
stays the same. Copies that look alike share a face id: the card id, with the deck's name added
for a per-deck copy (`stone_sentinel--player-1-heroes`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardgen.data.game import Game
from cardgen.data.records import Card
from cardgen.data.spec import TypeSpec


@dataclass(frozen=True)
class Copy:
    face_id: str  # copies with the same face id are printed from the same faces
    card: Card
    deck: Mapping[str, Any] | None = None  # the decklist row this copy was printed for


def deck_slug(name: str) -> str:
    """A deck's name as part of a file name: `Player 1 heroes` -> `player-1-heroes`."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "deck"


def printed_copies(game: Game, spec: TypeSpec) -> tuple[list[Copy], list[str]]:
    """Every copy of `spec` in print order, and problems worth a warning.

    Per-deck types come deck by deck (so one set's cards share sheets and are cut together);
    copies the quantity asks for beyond what the decks hold follow without a deck, and a deck
    holding more than the quantity is named, since the box would then differ from the data.
    """
    cards = game.cards.get(spec.id, [])
    if not spec.print_by_deck:
        return [Copy(c.id, c) for c in cards for _ in range(game.quantity(c))], []
    by_id = {c.id: c for c in cards}
    copies: list[Copy] = []
    in_decks: dict[str, int] = {}
    for row in game.cards.get(spec.print_by_deck, []):
        card = by_id.get(str(row.get("card", "")))
        if card is None:
            continue
        deck = dict(row.values)
        face_id = f"{card.id}--{deck_slug(str(deck.get('deck', '')))}"
        count = int(row.get("count") or 1)
        copies += [Copy(face_id, card, deck)] * count
        in_decks[card.id] = in_decks.get(card.id, 0) + count
    problems = []
    for card in cards:
        extra = game.quantity(card) - in_decks.get(card.id, 0)
        if extra > 0:
            copies += [Copy(card.id, card)] * extra
        elif extra < 0:
            problems.append(
                f"{card.id}: the decks hold {in_decks[card.id]} copies but its quantity is "
                f"{game.quantity(card)}; the decks' copies are printed"
            )
    return copies, problems


def unique_faces(copies: list[Copy]) -> list[Copy]:
    """The first copy of each face id, in print order: what is laid out."""
    seen: dict[str, Copy] = {}
    for copy in copies:
        seen.setdefault(copy.face_id, copy)
    return list(seen.values())
