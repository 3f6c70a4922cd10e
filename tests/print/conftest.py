"""A small game built for real: cards with a shared back and shared art, double-sided tiles."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.data.database import load_game_or_raise
from cardgen.kit import build_kit
from cardgen.printkit.build import BuildOptions

from .made_games import DECK_BACK, ID, NAME, QUANTITY, TEXT, kind, manifest, write_game

MANIFEST = manifest(
    "ptest", "Print Test",
    kind("card", "cards", "card", ID, NAME, TEXT, {"name": "art", "type": "image"}, QUANTITY,
         back=DECK_BACK),
    kind("duo", "duos", "card", ID, {"name": "other", "type": "text"},
         back={"style": "double_sided", "field": "other"}),
)  # fmt: skip

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
    rows = ["id,name,text,art,quantity"]
    for i in range(cards):
        rows.append(
            f'c{i},Card {i:02d},"Text with <b>tags</b> & :star: icon.",{"art/a.png" if art else ""},1'
        )
    duos = ["id,other"] + [f"d{i},x" for i in range(7)]
    game = write_game(root, MANIFEST, {"cards": rows, "duos": duos},
                      {"card": CARD_LAYOUT, "duo": DUO_LAYOUT})  # fmt: skip
    (game / "art").mkdir()
    Image.new("RGB", (600, 400), "#CC79A7").save(game / "art" / "a.png")
    return game


def build(root: Path, **options) -> tuple[Path, object]:
    game = load_game_or_raise(root / "card_data" / "ptest")
    report = build_kit(game, root / "output", BuildOptions(**options))
    return root / "output" / "ptest", report


@pytest.fixture
def print_root(tmp_path: Path) -> Path:
    make_print_game(tmp_path)
    return tmp_path
