"""Where each part of a printed card is: what a rulebook's card anatomy points at.

The card is laid out by the print kit exactly as it prints (`build_faces`, no bleed), while the
renderer reports what each layout element drew (`Renderer.watch`); each part is named by its
element's `id`, a repeat's members as `repeat.member` (every copy together), and its box is where
its ink lies (`collisions.op_box`: text by its glyphs, icons and panels by their boxes).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.data.database import Game
from cardgen.data.suggest import did_you_mean
from cardgen.printkit.draw import Face, Op
from cardgen.printkit.faces import build_faces, printed_type
from cardgen.printkit.layout.collisions import Box, op_box, union


@dataclass(frozen=True)
class CardParts:
    """A card's printed front and the box (mm, from its top-left) of each part it drew."""

    face: Face
    parts: dict[str, Box]


class NoSuchCard(ValueError):
    """No printed card by that id (the message says which, with a suggestion)."""


def card_parts(game: Game, card_id: str) -> CardParts:
    spec = printed_type(game, card_id)
    if spec is None:
        known = [c.id for c in game.records()]
        raise NoSuchCard(f"no printed card {card_id!r}{did_you_mean(card_id, known)}")
    parts: dict[str, Box] = {}

    def watch(name: str, ops: list[Op]) -> None:
        boxes = [box for op in ops if (box := op_box(op)) is not None]
        if name in parts:
            boxes.append(parts[name])
        whole = union(boxes)
        if whole is not None:
            parts[name] = whole

    faces = build_faces(game, spec, 0.0, ids={card_id}, watch=watch)
    return CardParts(faces.front(card_id), parts)
