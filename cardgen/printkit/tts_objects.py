"""Tabletop Simulator saved objects: decks, tiles and boards TTS loads ready to play.

A saved object is a JSON file TTS lists under Objects > Saved Objects once it sits in its
`Saves/Saved Objects` folder (README.md, "Tabletop Simulator", says where that is). Its
`ObjectStates` hold the objects; pictures are fetched by URL, which is why the sheets' URLs are
written in: `file:///` URIs of the kit's own sheets by default (this computer only), or the
address the sheets were uploaded to (`cardgen build --tts-url`), which every player at the table
can load.

This module only builds the JSON values (pure, tested without TTS); the sheets themselves are
drawn by `cardgen.printkit.backends.tts`.

A deck's cards name their picture by `CardID`: the sheet's number times 100 plus the card's
place on that sheet (0 is the top-left, counted row by row), and `CustomDeck` maps each sheet's
number to its face sheet, its back and its grid. TTS wants sheet numbers unique within a save,
so a kit numbers its sheets once across all its decks.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

SHEET_COLUMNS, SHEET_ROWS = 10, 7
PER_SHEET = SHEET_COLUMNS * SHEET_ROWS - 1  # the last slot holds the hidden-card face


@dataclass(frozen=True)
class Sheet:
    """One face sheet of a deck: its number in the kit and the URLs of its faces and back."""

    number: int
    face_url: str
    back_url: str


@dataclass(frozen=True)
class CardEntry:
    name: str
    description: str
    sheet: int  # the Sheet.number it is on
    index: int  # its place on that sheet


def guid(*parts: str) -> str:
    """A six-hex-digit GUID made from names, so the same kit writes the same file."""
    return hashlib.sha1("/".join(parts).encode("utf-8")).hexdigest()[:6]


def _transform(x: float = 0.0, z: float = 0.0, flipped: bool = False, scale=1.0) -> dict:
    return {
        "posX": x, "posY": 1.0, "posZ": z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    }  # fmt: skip


def _custom_deck(sheet: Sheet) -> dict[str, Any]:
    return {
        "FaceURL": sheet.face_url,
        "BackURL": sheet.back_url,
        "NumWidth": SHEET_COLUMNS,
        "NumHeight": SHEET_ROWS,
        "BackIsHidden": True,  # a card in another's hand shows its back
        "UniqueBack": False,
        "Type": 0,
    }


def card_id(entry: CardEntry) -> int:
    return entry.sheet * 100 + entry.index


def _card(entry: CardEntry, sheets: dict[int, Sheet], salt: str, n: int) -> dict[str, Any]:
    return {
        "GUID": guid(salt, "card", str(n)),
        "Name": "Card",
        "Transform": _transform(flipped=True),
        "Nickname": entry.name,
        "Description": entry.description,
        "CardID": card_id(entry),
        "CustomDeck": {str(entry.sheet): _custom_deck(sheets[entry.sheet])},
        "Hands": True,
        "SidewaysCard": False,
    }


def deck_object(name: str, cards: list[CardEntry], sheets: list[Sheet], salt: str) -> dict:
    """A face-down deck of `cards` in order (a single card when there is one)."""
    by_number = {s.number: s for s in sheets}
    contained = [_card(entry, by_number, salt, n) for n, entry in enumerate(cards)]
    if len(contained) == 1:
        return {**contained[0], "Nickname": cards[0].name}
    return {
        "GUID": guid(salt, "deck"),
        "Name": "DeckCustom",
        "Transform": _transform(flipped=True),
        "Nickname": name,
        "Description": f"{len(cards)} cards",
        "Hands": False,
        "SidewaysCard": False,
        "DeckIDs": [card_id(entry) for entry in cards],
        "CustomDeck": {str(s.number): _custom_deck(s) for s in sheets},
        "ContainedObjects": contained,
    }


TILE_SHAPES = {"box": 0, "hex": 1, "circle": 2, "rounded": 3}  # TTS's CustomTile "Type"
DICE = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}


def tile_object(name: str, description: str, front: str, back: str, scale: float, n: int,
                salt: str, shape: str = "box") -> dict[str, Any]:  # fmt: skip
    """A Custom_Tile: a flat piece (square, or a round token: `shape` "circle") with its front
    (and back) picture."""
    return {
        "GUID": guid(salt, "tile", str(n)),
        "Name": "Custom_Tile",
        "Transform": _transform(scale=scale),
        "Nickname": name,
        "Description": description,
        "CustomImage": {
            "ImageURL": front,
            "ImageSecondaryURL": back,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": TILE_SHAPES[shape],
                "Thickness": 0.1,
                "Stackable": True,
                "Stretch": True,
            },
        },
    }


def figurine_object(name: str, description: str, front: str, back: str, scale: float, n: int,
                    salt: str) -> dict[str, Any]:  # fmt: skip
    """A Figurine_Custom: a standee showing `front`, and `back` from behind (a pawn)."""
    return {
        "GUID": guid(salt, "figurine", str(n)),
        "Name": "Figurine_Custom",
        "Transform": _transform(scale=scale),
        "Nickname": name,
        "Description": description,
        "CustomImage": {"ImageURL": front, "ImageSecondaryURL": back or front, "WidthScale": 0.0},
    }


def die_object(name: str, description: str, sides: int, n: int, salt: str) -> dict[str, Any]:
    """One of TTS's own numbered dice (d4 to d20), its faces' meanings in the description."""
    return {
        "GUID": guid(salt, "die", str(n)),
        "Name": DICE[sides],
        "Transform": _transform(x=2.0 * n),
        "Nickname": name,
        "Description": description,
    }


def bag_object(name: str, contained: list[dict[str, Any]], salt: str) -> dict[str, Any]:
    return {
        "GUID": guid(salt, "bag"),
        "Name": "Bag",
        "Transform": _transform(),
        "Nickname": name,
        "Description": f"{len(contained)} pieces",
        "ContainedObjects": contained,
    }


def board_object(name: str, description: str, image: str, scale: float, salt: str) -> dict:
    """A Custom_Board: one picture laid flat as the table's board."""
    return {
        "GUID": guid(salt, "board"),
        "Name": "Custom_Board",
        "Transform": _transform(scale=scale),
        "Nickname": name,
        "Description": description,
        "CustomImage": {"ImageURL": image, "ImageSecondaryURL": "", "WidthScale": 0.0},
    }


def saved_object(name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The file TTS reads from its Saved Objects folder."""
    return {
        "SaveName": name,
        "GameMode": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
