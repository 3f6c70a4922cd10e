"""No collisions: the build refuses a face whose texts or icons overlap, leave their panel or sit
on the art, in one line naming the game, card and the two elements
(`cardgen.printkit.layout.collisions`); every shipped game passes."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import build_kit
from cardgen.printkit.backends.fonts import PT_PER_MM, ink_bounds_mm
from cardgen.printkit.build import BuildOptions, printed_types
from cardgen.printkit.draw import IconOp, TextOp
from cardgen.printkit.faces import build_faces
from cardgen.printkit.layout.collisions import CollisionError, check_type

from .made_games import ID, NAME, TEXT, kind, manifest, write_game

SHIPPED = sorted(
    p.name for p in (REPO_ROOT / "card_data").iterdir() if (p / "manifest.json").exists()
)

HEAD = """
[[elements]]
id = "panel"
type = "rect"
x = 3
y = 3
w = 57
h = 20
fill = "#FBF6EA"
stroke = "#1A1A1A"
stroke_width = 0.8
"""


def text_box(element_id: str, y: int, field: str, size: int) -> str:
    """A text element 40 by 8 at (5, `y`) showing the card's `field`."""
    return f"""
[[elements]]
id = "{element_id}"
type = "text"
x = 5
y = {y}
w = 40
h = 8
text = "{{{{ {field} }}}}"
size = {size}
"""


OVERLAPPING = HEAD + text_box("title", 5, "name", 12) + text_box("subtitle", 7, "text", 12)
LEAVING = HEAD + text_box("title", 1, "name", 20)


def made(root: Path, layout: str) -> object:
    described = manifest("coll", "Collide", kind("card", "cards", "card", ID, NAME, TEXT))
    write_game(root, described, {"cards": ["id,name,text", "c1,Alpha,Beta"]}, {"card": layout})
    return load_game_or_raise(root / "card_data" / "coll")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_games_have_no_collisions(game_id):
    game = load_game_or_raise(REPO_ROOT / "card_data" / game_id)
    found = [line for spec in printed_types(game, BuildOptions())
             for line in check_type(game, spec, 3.0)]  # fmt: skip
    assert found == []


def test_two_overlapping_texts_are_refused_in_one_line(tmp_path):
    game = made(tmp_path, OVERLAPPING)
    with pytest.raises(CollisionError) as caught:
        build_kit(game, tmp_path / "output", BuildOptions(png=False, tts=False))
    assert str(caught.value) == "coll card c1: subtitle overlaps title"
    assert not (tmp_path / "output" / "coll").exists()  # nothing published


def test_text_leaving_its_panel_is_refused_in_one_line(tmp_path):
    game = made(tmp_path, LEAVING)
    with pytest.raises(CollisionError) as caught:
        build_kit(game, tmp_path / "output", BuildOptions(png=False, tts=False))
    assert str(caught.value) == "coll card c1: title leaves its panel panel"


def test_an_overlap_the_layout_names_is_allowed(tmp_path):
    allowed = OVERLAPPING.replace('id = "subtitle"\n', 'id = "subtitle"\noverlaps = ["title"]\n')
    game = made(tmp_path, allowed)
    assert check_type(game, next(iter(printed_types(game, BuildOptions()))), 3.0) == []


def test_the_build_option_makes_collisions_warnings(tmp_path):
    game = made(tmp_path, OVERLAPPING)
    report = build_kit(game, tmp_path / "output", BuildOptions(png=False, tts=False,
                                                               collisions="warn"))  # fmt: skip
    assert "coll card c1: subtitle overlaps title" in report.problems


def _ink(op: TextOp) -> tuple[float, float, float, float]:
    left, top, right, bottom = ink_bounds_mm(op.text, op.font, op.size_pt)
    return op.x + left, op.baseline + top, op.x + right, op.baseline + bottom


def test_the_ultima_numbers_sit_inside_their_panel():
    """Measured on the laid-out faces: the stat row panel is 3..60 x 44.4..52.8 mm with a 0.8 pt
    line; each big number's glyphs stay inside that line and clear of the sword and heart."""
    game = load_game_or_raise(REPO_ROOT / "card_data" / "luturas")
    spec = next(s for s in printed_types(game, BuildOptions()) if s.id == "lutura")
    ultimas = [c for c in game.cards["lutura"] if c.values.get("gear") == "ultima"]
    assert len(ultimas) == 7
    faces = build_faces(game, spec, 3.0, {c.id for c in ultimas})
    line = 0.8 / PT_PER_MM
    for card in ultimas:
        ops = faces.fronts[card.id].ops
        numbers = {str(card.values["combat"]), str(card.values["stamina"])}
        drawn = [op for op in ops if isinstance(op, TextOp) and op.text in numbers
                 and 44 < op.baseline < 53]  # fmt: skip
        assert len(drawn) == 2, card.id
        icons = [op for op in ops if isinstance(op, IconOp) and 44 < op.y < 53
                 and op.icon.name in ("sword", "heart")]  # fmt: skip
        for op in drawn:
            left, top, right, bottom = _ink(op)
            assert top >= 44.4 + line, (card.id, op.text, top)
            assert bottom <= 52.8 - line and left >= 3 + line and right <= 60 - line
            assert op.size_pt >= 10  # the layout's min_size, still bold and big
            for icon in icons:
                apart = right <= icon.x or left >= icon.x + icon.size
                assert apart, (card.id, op.text, icon.icon.name)


def shipped_copy(root: Path, game_id: str) -> Path:
    """A shipped game and all the layouts (one game's may extend another's) under `root`, to
    change one cell or element of either."""
    shutil.copytree(REPO_ROOT / "card_data" / game_id, root / "card_data" / game_id)
    shutil.copytree(REPO_ROOT / "templates", root / "templates")
    return root / "card_data" / game_id


def emptied(sheet: Path, column: str, ids: set[str] | None = None) -> None:
    with sheet.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if ids is None or row["id"] in ids:
            row[column] = ""
    with sheet.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _all_collisions(game, codes: bool = True) -> list[str]:
    return [line for spec in printed_types(game, BuildOptions())
            for line in check_type(game, spec, 3.0, codes=codes)]  # fmt: skip


@pytest.mark.parametrize("codes", [True, False])
def test_luturas_cards_without_art_do_not_collide(tmp_path, codes):
    """Without art the creature layout's stat panel takes the art's place: the code (printed
    on the art's corner otherwise) and a two-digit Ultima number must still find room."""
    folder = shipped_copy(tmp_path, "luturas")
    for sheet in ("luturas", "soldiers", "tools", "crystals", "strategies"):
        emptied(folder / f"{sheet}.csv", "art")
    assert _all_collisions(load_game_or_raise(folder), codes) == []


def test_decklist_copies_are_checked_as_printed(tmp_path):
    """A per-deck copy prints its set's emblem; the check lays that copy out, deck and all."""
    folder = shipped_copy(tmp_path, "va_card_game")
    layout = tmp_path / "templates" / "va_card_game" / "hero.toml"
    text = layout.read_text(encoding="utf-8")
    allowed = 'id = "set_disc"\noverlaps = ["art"]\n'
    assert allowed in text
    layout.write_text(text.replace(allowed, 'id = "set_disc"\n'), encoding="utf-8")
    found = _all_collisions(load_game_or_raise(folder))
    assert "va_card_game hero stone_sentinel--player-1-heroes: set_disc sits on art art" in found
    assert all("--player-" in line for line in found)  # only the copies printed for a deck


def test_by_deck_backs_are_checked(tmp_path):
    folder = shipped_copy(tmp_path, "va_card_game")
    back = tmp_path / "templates" / "va_card_game" / "hero.back.toml"
    with back.open("a", encoding="utf-8") as f:
        f.write(BACK_CLASH)
    found = _all_collisions(load_game_or_raise(folder))
    assert found == [  # equipment backs extend the hero back, and clash too
        f"va_card_game {kind} back {kind.title()} · {deck_set}: set_name overlaps label"
        for kind in ("hero", "equipment")
        for deck_set in ("Sun", "Moon")
    ]


BACK_CLASH = """
[[elements]]
id = "set_name"
type = "text"
when = "{{ deck is defined }}"
x = 10
y = "{{ mid | float + medal | float / 2 + 4 }}"
w = "{{ width - 20 }}"
h = 7.5
text = "{{ deck.set }}"
size = 10
align = "center"
valign = "middle"
"""
