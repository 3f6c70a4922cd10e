"""A card anatomy diagram: a printed card with its parts named beside it.

Declared in `templates/<game>/diagrams/<name>.toml` with `card = "<id>"` and one `[[callouts]]`
per part: `label` (the words printed beside the card), `element` (the id of the layout element
it points at, `repeat.member` for a repeat's members, or a list of ids: their box together) and
`side` (`left` or `right`, default right). `:::diagram <name>` draws it: the card exactly as
the print kit prints it (never smaller, so its smallest text stays at the 6 pt floor), each
named part outlined and joined to its label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.data.suggest import did_you_mean
from cardgen.printkit.anatomy import CardParts
from cardgen.printkit.layout.collisions import Box, union

SIDES = ("left", "right")


@dataclass(frozen=True)
class Callout:
    label: str
    box: Box  # the part on the card, mm from its top-left
    side: str


@dataclass(frozen=True)
class AnatomyDrawing:
    width: float  # the card's
    height: float
    ops: list
    callouts: tuple[Callout, ...]


def callouts(declared: dict[str, Any], card: CardParts, where: str) -> AnatomyDrawing:
    """The drawing `declared` asks for on `card`; a callout naming no part of the card, or
    with no label, is refused (ValueError) naming `where` and the callout."""
    found = []
    for number, item in enumerate(declared.get("callouts", []), start=1):
        label = str(item.get("label", "")).strip()
        named = item.get("element", "")
        elements = [str(e) for e in named] if isinstance(named, list) else [str(named)]
        side = str(item.get("side", "right"))
        here = f"{where} callout {number}"
        if not label:
            raise ValueError(f"{here}: no label")
        for element in elements:
            if element not in card.parts:
                hint = did_you_mean(element, sorted(card.parts))
                raise ValueError(f"{here}: the card draws no element {element!r}{hint}")
        if side not in SIDES:
            raise ValueError(f"{here}: side {side!r} is not left or right")
        box = union([card.parts[e] for e in elements])
        assert box is not None  # at least one element, each with a box
        found.append(Callout(label, box, side))
    if not found:
        raise ValueError(f"{where}: no callouts")
    face = card.face
    return AnatomyDrawing(face.width, face.height, face.ops, tuple(found))
