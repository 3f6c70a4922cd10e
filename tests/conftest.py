"""Shared fixtures: a small synthetic game that uses every field type and deck rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.data.database import Game, load_game

MANIFEST = {
    "id": "testgame",
    "name": "Test Game",
    "players": {"min": 1, "max": 2},
    "default_size": "poker",
    "keywords": {
        "sheet": "keywords",
        "sets": {"power": {"name": "Powers"}, "gem": {"name": "Gems"}},
    },
    "types": [
        {
            "id": "unit",
            "sheet": "units",
            "kind": "card",
            "back": {
                "style": "by_field",
                "field": "colour",
                "faces": {
                    "red": {"label": "Red", "color": "#D55E00", "mark": "triangle"},
                    "blue": {"label": "Blue", "color": "#0072B2", "mark": "square"},
                },
            },
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "name", "type": "text", "required": True, "max": 30},
                {"name": "cost", "type": "int", "required": True, "min": 0, "max": 5},
                {"name": "speed", "type": "number", "min": 0},
                {"name": "rare", "type": "bool"},
                {"name": "colour", "type": "choice", "values": ["red", "blue"], "required": True},
                {"name": "tags", "type": "choices", "values": ["beast", "hero", "wild"]},
                {"name": "power", "type": "keyword", "set": "power"},
                {"name": "powers", "type": "keywords", "set": "power"},
                {"name": "needs", "type": "keyword_counts", "set": "gem"},
                {"name": "partner", "type": "ref", "to": ["unit"]},
                {"name": "positions", "type": "ints", "min": 1, "max": 5},
                {"name": "serial", "type": "text", "unique": True},
                {"name": "text", "type": "text"},
                {"name": "art", "type": "image"},
                {"name": "quantity", "type": "int", "min": 0, "default": 1},
            ],
        },
        {
            "id": "gem",
            "sheet": "gems",
            "kind": "token",
            "size": "token",
            "back": {"style": "fixed", "label": "Gem", "color": "#009E73", "mark": "G"},
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "name", "type": "text", "required": True},
                {"name": "kind", "type": "keyword", "set": "gem", "required": True},
                {"name": "quantity", "type": "int", "min": 0, "default": 1},
            ],
        },
        {
            "id": "deck",
            "sheet": "decks",
            "kind": "decklist",
            "default_format": "std",
            "fields": [
                {"name": "deck", "type": "text", "required": True},
                {"name": "card", "type": "ref", "to": "*", "required": True},
                {"name": "count", "type": "int", "min": 1, "required": True},
            ],
        },
    ],
    "deck_formats": {
        "std": {
            "min_cards": 3,
            "max_cards": 6,
            "allowed_types": ["unit", "gem"],
            "copy_limit": {
                "max": 2,
                "field": "rare",
                "by_value": {"true": 1},
                "exempt_types": ["gem"],
            },
            "counts": [
                {"types": ["unit"], "where": {"colour": "red"}, "min": 1, "rule": "red units"}
            ],
        }
    },
}

KEYWORDS_CSV = """set,id,name,summary,icon
power,fly,Fly,Moves over others.,fly
power,swim,Swim,Crosses water.,swim
gem,ruby,Ruby,A red gem.,ruby
gem,any,Any gem,Counts as any gem.,any
"""

UNITS_CSV = """id,name,cost,speed,rare,colour,tags,power,powers,needs,partner,positions,serial,text,art,quantity
wolf,Wolf,3,1.5,no,red,beast;wild,Fly,fly;swim,ruby:2; any:1,owl,1;3,S-1,"Howls
at night, loudly.",,2
owl,Owl,2,,yes,blue,,swim,,,,,S-2,"Says ""who"".",,1
"""

GEMS_CSV = """id,name,kind,quantity
ruby_gem,Ruby gem,ruby,6
"""

DECKS_CSV = """deck,card,count
starter,wolf,2
starter,owl,1
starter,ruby_gem,3
"""

SHEETS = {
    "keywords.csv": KEYWORDS_CSV,
    "units.csv": UNITS_CSV,
    "gems.csv": GEMS_CSV,
    "decks.csv": DECKS_CSV,
}


def write_game(folder: Path, sheets: dict[str, str | bytes] | None = None, manifest=None) -> Path:
    """A game folder with the fixture's sheets, any of them replaced by `sheets` (None deletes)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(manifest or MANIFEST), encoding="utf-8")
    merged: dict[str, str | bytes | None] = {**SHEETS, **(sheets or {})}
    for name, content in merged.items():
        if content is None:
            continue
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content, encoding="utf-8", newline="")
    return folder


def load_clean(folder: Path) -> Game:
    game, problems = load_game(folder)
    errors = [str(p) for p in problems if p.is_error]
    assert game is not None and not errors, errors
    return game


def error_lines(folder: Path) -> list[str]:
    _, problems = load_game(folder)
    return [str(p) for p in problems if p.is_error]


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    return write_game(tmp_path / "testgame")


@pytest.fixture(autouse=True)
def _cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run each test from its tmp folder, so error paths are short and predictable."""
    monkeypatch.chdir(tmp_path)
