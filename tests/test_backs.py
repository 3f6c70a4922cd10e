"""Backs: each is told apart by colour and mark; double-sided items name their other face."""

from __future__ import annotations

import copy
from pathlib import Path

from .conftest import MANIFEST, error_lines, load_clean, write_game


def tile_manifest(back: dict) -> dict:
    manifest = copy.deepcopy(MANIFEST)
    manifest["types"].append(
        {
            "id": "tile",
            "sheet": "tiles",
            "kind": "tile",
            "size": "tile",
            "back": back,
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "colour", "type": "choice", "values": ["white", "orange", "green"]},
                {"name": "back_colour", "type": "choice", "values": ["white", "orange", "green"]},
                {"name": "quantity", "type": "int", "default": 1},
            ],
        }
    )
    return manifest


TILES = "id,colour,back_colour,quantity\nplain,white,,50\nroom,orange,green,50\n"
GREEN = {"label": "Cleared", "color": "#009E73", "mark": "check"}
PLAIN = {"label": "Room", "color": "#999999", "mark": "M"}


def double_sided(faces: dict, plain: dict | None = None) -> dict:
    """A back read from each tile's back_colour; `plain` is for tiles that leave it empty."""
    back = {"style": "double_sided", "field": "back_colour", "faces": faces}
    if plain is not None:
        back["plain"] = plain
    return back


def write_tiles(folder: Path, back: dict) -> Path:
    """The fixture game with TILES as a tile type whose back is `back`."""
    return write_game(folder, {"tiles.csv": TILES}, tile_manifest(back))


def test_double_sided_with_faces_and_plain_back(tmp_path):
    game = load_clean(write_tiles(tmp_path / "g", double_sided({"green": GREEN}, PLAIN)))
    spec = game.spec.type("tile").back
    assert spec.faces["green"].mark == "check" and spec.plain.label == "Room"
    assert game.count("tile") == 100


def test_double_sided_value_without_face(tmp_path):
    lines = error_lines(write_tiles(tmp_path / "g", double_sided({"white": PLAIN}, PLAIN)))
    assert lines == [
        "g/tiles.csv:3:C: back_colour: no card back is declared for 'green' (backs: white)"
    ]


def test_double_sided_empty_needs_plain_back(tmp_path):
    lines = error_lines(write_tiles(tmp_path / "g", double_sided({"green": GREEN})))
    assert lines[0].startswith(
        "g/tiles.csv:2:C: back_colour: empty, and the manifest declares no plain back"
    )


def test_back_face_needs_a_mark_besides_colour(tmp_path):
    manifest = copy.deepcopy(MANIFEST)
    manifest["types"][1]["back"]["mark"] = " "
    lines = error_lines(write_game(tmp_path / "g", manifest=manifest))
    assert any("must name a letter or shape" in line for line in lines), lines
