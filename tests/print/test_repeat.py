"""The `repeat` element: a group drawn n times along a step or round a dial, compiled once."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.draw import EllipseOp, IconOp, PolygonOp, RectOp, TextOp
from cardgen.printkit.faces import build_faces
from cardgen.printkit.icons import load_icons
from cardgen.printkit.layout import LayoutError, Renderer, load_layout
from cardgen.printkit.layout.context import environment

ICONS = load_icons()


def renderer(tmp_path: Path, toml: str, width: float = 63, height: float = 88) -> Renderer:
    path = tmp_path / "layout.toml"
    path.write_text(toml, encoding="utf-8")
    load_layout.cache_clear()
    return Renderer(load_layout(path, tmp_path), width, height, 3, ICONS, lambda s: (None, None))


ROW = """
[[elements]]
id = "row"
type = "repeat"
count = "{{ boxes }}"
dx = "10mm"
dy = 1

[[elements.elements]]
type = "rect"
x = 5
y = 20
w = 8
h = 8
fill = "{{ '#000000' if i in marked else '#FFFFFF' }}"

[[elements.elements]]
type = "text"
x = 5
y = 30
w = 8
h = 5
text = "{{ i + 1 }}/{{ n }}"
"""


def test_a_row_repeats_its_group_along_the_step(tmp_path: Path):
    face, problems = renderer(tmp_path, ROW).render({"boxes": 4, "marked": [1, 3]})
    assert not problems
    rects = [op for op in face.ops if isinstance(op, RectOp)]
    texts = [op for op in face.ops if isinstance(op, TextOp)]
    assert [(r.x, r.y) for r in rects] == [(5, 20), (15, 21), (25, 22), (35, 23)]
    assert [r.style.fill for r in rects] == ["#FFFFFF", "#000000", "#FFFFFF", "#000000"]
    assert [t.text for t in texts] == ["1/4", "2/4", "3/4", "4/4"]
    # Each copy's text sits 10 mm right of the one before, as its box does.
    assert [round(b.x - a.x, 6) for a, b in itertools.pairwise(texts)] == [10, 10, 10]


def test_the_count_comes_from_the_card(tmp_path: Path):
    layout = renderer(tmp_path, ROW)
    assert len(layout.render({"boxes": 0, "marked": []})[0].ops) == 0
    assert len(layout.render({"boxes": 7, "marked": []})[0].ops) == 14


ITEMS = """
[[elements]]
type = "repeat"
items = "{{ stats }}"
dy = "6mm"

[[elements.elements]]
type = "text"
x = 4
y = 10
w = 40
h = 5
text = "{{ item.name }}: {{ item.value }}"
when = "{{ item.value }}"
"""


def test_items_are_read_one_per_copy_and_when_applies_to_each(tmp_path: Path):
    stats = [{"name": "Attack", "value": 3}, {"name": "Guard", "value": 0},
             {"name": "Speed", "value": 2}]  # fmt: skip
    face, _ = renderer(tmp_path, ITEMS).render({"stats": stats})
    texts = [op for op in face.ops if isinstance(op, TextOp)]
    assert [t.text for t in texts] == ["Attack: 3", "Speed: 2"]
    # The skipped copy still takes its place: Speed is the third row, 12 mm below Attack.
    assert texts[1].baseline - texts[0].baseline == pytest.approx(12)


DIAL = """
[[elements]]
type = "repeat"
count = 12
cx = "50%"
cy = "50%"
radius = "20mm"
angle = 30

[[elements.elements]]
type = "ellipse"
x = -1
y = -1
w = 2
h = 2
fill = "{{ '#D55E00' if angle == 0 else '#000000' }}"
"""


def test_a_dial_places_each_copy_round_the_centre(tmp_path: Path):
    face, _ = renderer(tmp_path, DIAL, 60, 60).render({})
    dots = [op for op in face.ops if isinstance(op, EllipseOp)]
    assert len(dots) == 12
    for k, dot in enumerate(dots):
        turn = math.radians(30 * k)  # clockwise from straight up
        assert dot.cx == pytest.approx(30 + 20 * math.sin(turn))
        assert dot.cy == pytest.approx(30 - 20 * math.cos(turn))
        assert math.hypot(dot.cx - 30, dot.cy - 30) == pytest.approx(20)
    assert dots[0].style.fill == "#D55E00" and dots[0].cy == pytest.approx(10)  # the top
    assert dots[3].cx == pytest.approx(50)  # a quarter turn clockwise: the right


def test_polygons_and_icons_move_with_their_copy(tmp_path: Path):
    toml = """
[[elements]]
type = "repeat"
count = 3
dx = 7
[[elements.elements]]
type = "polygon"
points = [[1, 1], [3, 1], [2, 3]]
[[elements.elements]]
type = "icon"
name = "star"
x = 1
y = 5
size = 4
"""
    face, _ = renderer(tmp_path, toml).render({})
    polygons = [op for op in face.ops if isinstance(op, PolygonOp)]
    icons = [op for op in face.ops if isinstance(op, IconOp)]
    assert [p.points[0] for p in polygons] == [(1, 1), (8, 1), (15, 1)]
    assert [i.x for i in icons] == [1, 8, 15]


def test_the_copy_names_do_not_leak_past_the_repeat(tmp_path: Path):
    toml = (
        ROW
        + """
[[elements]]
type = "text"
text = "{{ i }}"
"""
    )
    with pytest.raises(LayoutError, match=r"'i' is undefined"):
        renderer(tmp_path, toml).render({"boxes": 2, "marked": []})


def test_a_card_field_named_like_a_copy_name_comes_back_after_the_repeat(tmp_path: Path):
    toml = (
        ROW
        + """
[[elements]]
type = "text"
x = 0
y = 60
w = 60
h = 6
text = "item={{ item }}"
"""
    )
    face, _ = renderer(tmp_path, toml).render({"boxes": 2, "marked": [], "item": "sword"})
    assert face.ops[-1].text == "item=sword"


@pytest.mark.parametrize(
    "body, message",
    [
        ('count = 2\nitems = "{{ x }}"', "either count or items"),
        ("dx = 3", "either count or items"),
        ("count = 2\ncolour = 1", "repeat has no key 'colour'"),
        ("count = 2\nangle = 30\ndx = 2", "not both"),
    ],
)
def test_a_malformed_repeat_is_refused_naming_it(tmp_path: Path, body: str, message: str):
    toml = f"""
[[elements]]
id = "ring"
type = "repeat"
{body}
[[elements.elements]]
type = "rect"
"""
    with pytest.raises(LayoutError, match=message) as error:
        renderer(tmp_path, toml)
    assert "element 1 (ring)" in str(error.value)


def test_a_group_member_with_a_typo_is_named_by_its_place_in_the_group(tmp_path: Path):
    toml = """
[[elements]]
type = "repeat"
count = 2
[[elements.elements]]
type = "rect"
[[elements.elements]]
type = "rect"
fil = "#000000"
"""
    with pytest.raises(LayoutError, match=r"element 1\.2: rect has no key 'fil'"):
        renderer(tmp_path, toml)


@pytest.mark.parametrize("count", ["'many'", "5000"])
def test_a_count_that_is_no_number_or_too_big_is_refused(tmp_path: Path, count: str):
    toml = ROW.replace('count = "{{ boxes }}"', f'count = "{{{{ {count} }}}}"')
    with pytest.raises(LayoutError, match=r"count|copies"):
        renderer(tmp_path, toml).render({"marked": []})


def test_the_group_is_compiled_once_not_per_card_or_copy(tmp_path: Path, monkeypatch):
    layout = renderer(tmp_path, ROW)
    layout.render({"boxes": 3, "marked": []})
    env = environment()

    def refuse(*args, **kwargs):
        raise AssertionError("a template was compiled while faces were drawn")

    monkeypatch.setattr(env, "from_string", refuse)
    monkeypatch.setattr(env, "compile_expression", refuse)
    for boxes in range(1, 30):
        face, _ = layout.render({"boxes": boxes, "marked": [boxes - 1]})
        assert len(face.ops) == 2 * boxes


def test_the_shipped_tracker_draws_its_track_with_a_repeat():
    game = load_game_or_raise(REPO_ROOT / "card_data" / "riposte")
    spec = next(t for t in game.spec.types if t.id == "tracker")
    faces = build_faces(game, spec, 3.0)
    for card in game.cards[spec.id]:
        face = faces.fronts[card.id]
        low, high = card.values["min_value"], card.values["max_value"]
        numbers = [op.text for op in face.ops if isinstance(op, TextOp) and op.size_pt >= 11]
        assert numbers[-(high - low + 1) :] == [
            *(str(v) for v in range(low, high)),
            f"{high}+",
        ]
        boxes = [op for op in face.ops if isinstance(op, RectOp) and op.radius == 1]
        assert len(boxes) == high - low + 1
        steps = {round(b.x - a.x, 6) for a, b in itertools.pairwise(boxes)}
        assert len(steps) == 1  # evenly spaced
    path = REPO_ROOT / "templates" / "riposte" / "tracker.toml"
    load_layout.cache_clear()
    layout = load_layout(path, REPO_ROOT / "templates")
    assert [e.type for e in layout.elements].count("repeat") == 1
