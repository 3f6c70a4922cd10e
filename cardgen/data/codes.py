"""Card codes: the short text a printed card's code holds, and how a scanner turns it back
into the card.

Scheme C1, eleven characters of 0-9 and A-Z: ``C1`` (the scheme), a 3-character tag of the game
id, and a 6-character tag of the card (game id, type id and card id). The tags are the first
digits, in base 36, of a SHA-256 of those ids. Why tags and not the ids themselves: an id may be
long and hold any letter, and spelling it out would need a full-size QR code with modules too
small for a tablet's camera frame; eleven upper-case characters fit a Micro QR of 15 x 15 modules
(M3, error level M: of L, M and Q the one that read best from photos, benchmarks/README.md).
A card keeps its code as long as its ids stay the same; a card removed from the data is
"unknown", never taken for another one, and two cards of one game whose tags collide are
refused when the game's code book is made.

This module is the one place both sides read: the print kit's `code` element writes a payload,
the companion's scanner parses it and looks the card up in the game's `CodeBook`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from cardgen.data.game import Game

SCHEME = "C1"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
GAME_TAG = 3
CARD_TAG = 6
LENGTH = len(SCHEME) + GAME_TAG + CARD_TAG
NOT_PRINTED = ("decklist", "reference")  # kinds of rows that are no printed component


def _tag(text: str, length: int) -> str:
    """`length` base-36 digits of the SHA-256 of `text`: stable across runs and machines."""
    number = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
    digits = []
    for _ in range(length):
        number, digit = divmod(number, len(ALPHABET))
        digits.append(ALPHABET[digit])
    return "".join(digits)


def game_tag(game_id: str) -> str:
    return _tag(game_id, GAME_TAG)


def card_tag(game_id: str, type_id: str, card_id: str) -> str:
    return _tag(f"{game_id}/{type_id}/{card_id}", CARD_TAG)


def payload(game_id: str, type_id: str, card_id: str) -> str:
    """The text a card's code holds."""
    return SCHEME + game_tag(game_id) + card_tag(game_id, type_id, card_id)


@dataclass(frozen=True)
class Code:
    """A payload read back: which game and which card, as tags."""

    game: str
    card: str


def parse(text: str) -> Code | None:
    """The tags in `text`, or None when it is not a card code of this scheme."""
    text = text.strip()
    if len(text) != LENGTH or not text.startswith(SCHEME):
        return None
    if any(ch not in ALPHABET for ch in text):
        return None
    body = text[len(SCHEME) :]
    return Code(body[:GAME_TAG], body[GAME_TAG:])


@dataclass(frozen=True)
class CardRef:
    """A card a code names: its game, type and id, and its printed name."""

    game: str
    type: str
    id: str
    name: str


class CodeCollision(ValueError):
    """Two cards of one game whose codes are the same: one must be renamed."""


class CodeBook:
    """Every card of one game by its card tag, made from the game's data."""

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        self.game_name = game.name
        self.tag = game_tag(game.id)
        self.cards: dict[str, CardRef] = {}
        self.type_names = {spec.id: spec.name.lower() for spec in game.spec.types}
        for spec in game.spec.types:
            if spec.kind in NOT_PRINTED:
                continue
            for card in game.cards.get(spec.id, []):
                type_id = spec.id
                tag = card_tag(game.id, type_id, card.id)
                ref = CardRef(game.id, type_id, card.id, str(card.get("name") or card.id))
                other = self.cards.get(tag)
                if other is not None:
                    raise CodeCollision(
                        f"{game.id}: {type_id} {card.id} and {other.type} {other.id} have the "
                        f"same card code {tag}; rename one of them"
                    )
                self.cards[tag] = ref

    def find(self, code: Code) -> CardRef | None:
        """The card `code` names, if it is this game's and the card is in the data."""
        if code.game != self.tag:
            return None
        return self.cards.get(code.card)
