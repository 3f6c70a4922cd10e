"""A small game built for real: cards with a shared back and shared art, double-sided tiles."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import build_kit
from cardgen.printkit.build import BuildOptions

MANIFEST = {
    "id": "ptest",
    "name": "Print Test",
    "players": {"min": 1, "max": 2},
    "types": [
        {
            "id": "card",
            "sheet": "cards",
            "kind": "card",
            "back": {"style": "fixed", "label": "Deck", "color": "#0072B2", "mark": "diamond"},
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "name", "type": "text", "required": True},
                {"name": "text", "type": "text"},
                {"name": "art", "type": "image"},
                {"name": "quantity", "type": "int", "default": 1},
            ],
        },
        {
            "id": "duo",
            "sheet": "duos",
            "kind": "card",
            "back": {"style": "double_sided", "field": "other"},
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "other", "type": "text"},
            ],
        },
    ],
}

CARD_LAYOUT = """
[[elements]]
id = "background"
type = "rect"
bleed = true
fill = "#E69F00"

[[elements]]
type = "image"
when = "{{ art }}"
x = "5mm"
y = "20mm"
w = "53mm"
h = "30mm"
src = "{{ art }}"

[[elements]]
type = "text"
x = "5mm"
y = "5mm"
w = "53mm"
h = "10mm"
text = "{{ name }}"
font = "bold"
size = 12

[[elements]]
type = "text"
x = "5mm"
y = "55mm"
w = "53mm"
h = "28mm"
text = "{{ text }}"
size = 9
"""

DUO_LAYOUT = """
[[elements]]
type = "rect"
bleed = true
fill = "{{ '#F0E442' if side == 'front' else '#56B4E9' }}"

[[elements]]
type = "text"
x = "4mm"
y = "38mm"
w = "55mm"
h = "12mm"
text = "{{ ('F-' if side == 'front' else 'B-') ~ id }}"
font = "bold"
size = 14
align = "center"
"""


def make_print_game(root: Path, cards: int = 12, art: bool = True) -> Path:
    game = root / "card_data" / "ptest"
    game.mkdir(parents=True)
    (game / "manifest.json").write_text(json.dumps(MANIFEST), encoding="utf-8")
    rows = ["id,name,text,art,quantity"]
    for i in range(cards):
        rows.append(
            f'c{i},Card {i:02d},"Text with <b>tags</b> & :star: icon.",{"art/a.png" if art else ""},1'
        )
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    duos = ["id,other"] + [f"d{i},x" for i in range(7)]
    (game / "duos.csv").write_text("\n".join(duos) + "\n", encoding="utf-8")
    (game / "art").mkdir()
    Image.new("RGB", (600, 400), "#CC79A7").save(game / "art" / "a.png")
    templates = root / "templates"
    shutil.copytree(REPO_ROOT / "templates" / "base", templates / "base")
    shutil.copy(REPO_ROOT / "templates" / "icons.json", templates / "icons.json")
    (templates / "ptest").mkdir()
    (templates / "ptest" / "card.toml").write_text(CARD_LAYOUT, encoding="utf-8")
    (templates / "ptest" / "duo.toml").write_text(DUO_LAYOUT, encoding="utf-8")
    return game


def build(root: Path, **options) -> tuple[Path, object]:
    game = load_game_or_raise(root / "card_data" / "ptest")
    report = build_kit(game, root / "output", BuildOptions(**options))
    return root / "output" / "ptest", report


@pytest.fixture
def print_root(tmp_path: Path) -> Path:
    make_print_game(tmp_path)
    return tmp_path
