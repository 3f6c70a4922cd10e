"""The layout engine: expressions, conditions, text fitting, inline icons, rotation, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data.project import REPO_ROOT
from cardgen.printkit.draw import IconOp, RectOp, TextOp, rotate_ops
from cardgen.printkit.icons import load_icons
from cardgen.printkit.layout import (
    LayoutError,
    Renderer,
    TextOverflowError,
    load_layout,
    render_face,
)
from cardgen.printkit.layout.text import TextStyle, fit_text, layout_text

ICONS = load_icons(REPO_ROOT / "templates" / "icons.json")


def render(tmp_path: Path, toml: str, **context):
    (tmp_path / "t.toml").write_text(toml, encoding="utf-8")
    load_layout.cache_clear()
    layout = load_layout(tmp_path / "t.toml", tmp_path)
    return render_face(layout, context, 63, 88, 3, ICONS, lambda s: (None, "missing"))


def texts(face):
    return [op for op in face.ops if isinstance(op, TextOp)]


def test_vars_keep_their_types(tmp_path):
    face, problems = render(
        tmp_path,
        """
[vars]
colours = "{{ {'a': '#000000', 'b': '#FFFFFF'} }}"
names = "{{ ['x', 'y'] }}"
[[elements]]
type = "text"
text = "{{ names | join('+') }}"
color = "{{ colours[key] }}"
""",
        key="b",
    )
    assert [(t.text, t.color) for t in texts(face)] == [("x+y", "#FFFFFF")]
    assert problems == []


def test_when_skips_an_element_before_reading_its_fields(tmp_path):
    face, _ = render(
        tmp_path,
        """
[[elements]]
type = "text"
when = "{{ card.art is defined }}"
text = "{{ card.art }}"
""",
        card={},
    )
    assert texts(face) == []


def test_unknown_field_names_the_layout_and_element(tmp_path):
    with pytest.raises(LayoutError, match=r"t.toml element 1 \(title\).*nope"):
        render(tmp_path, '[[elements]]\nid = "title"\ntype = "text"\ntext = "{{ nope }}"\n')


def test_unknown_key_is_refused(tmp_path):
    with pytest.raises(LayoutError, match="text has no key 'colour'"):
        render(tmp_path, '[[elements]]\ntype = "text"\ntext = "x"\ncolour = "#000000"\n')


def test_bleed_rect_runs_into_the_bleed_only_on_trim_sides(tmp_path):
    face, _ = render(
        tmp_path, '[[elements]]\ntype = "rect"\nbleed = true\nfill = "#000000"\nh = "50%"\n'
    )
    (rect,) = face.ops
    assert (rect.x, rect.y, rect.w, rect.h) == (-3, -3, 69, 47)


def test_text_shrinks_before_it_splits_a_word():
    size, lines, fitted = fit_text("Adventurer", 20, 10, TextStyle(size=14), ICONS)
    assert fitted and len(lines) == 1 and size < 14


def test_text_that_cannot_fit_is_an_error_or_with_the_layout_option_a_warning(tmp_path):
    element = '[[elements]]\ntype = "text"\nw = 20\nh = 4\ntext = "' + "word " * 60 + '"\n'
    with pytest.raises(TextOverflowError, match=r"element 1: text does not fit .* even at 6 pt"):
        render(tmp_path, element)
    _, problems = render(tmp_path, '[options]\ntext_overflow = "warn"\n' + element)
    assert problems and "text does not fit its 20 x 4 mm box even at 6 pt" in problems[0]


def test_inline_icons_take_space_in_the_line():
    ops, fitted, _ = layout_text("Hits :poisonous: hard", 0, 0, 60, 10, TextStyle(size=10), ICONS)
    words = [op for op in ops if isinstance(op, TextOp)]
    (icon,) = [op for op in ops if isinstance(op, IconOp)]
    assert fitted and [w.text for w in words] == ["Hits", "hard"] and icon.icon.name == "poisonous"
    assert words[0].x < icon.x and icon.x + icon.size <= words[1].x


def test_markup_is_plain_text():
    ops, _, _ = layout_text("<b>Bold</b> & <i>", 0, 0, 60, 10, TextStyle(), ICONS)
    assert " ".join(op.text for op in ops if isinstance(op, TextOp)) == "<b>Bold</b> & <i>"


def test_rotation_turns_shapes_and_text_about_the_centre():
    ops = [RectOp(0, 0, 10, 4, None), TextOp(1, 3, "A", "regular", 9, "#000000")]
    turned = rotate_ops(ops, 5, 2, 180)
    assert (turned[0].x, turned[0].y, turned[0].w, turned[0].h) == (0, 0, 10, 4)
    assert (turned[1].x, turned[1].baseline, turned[1].rotation) == (9, 1, 180)
    quarter = rotate_ops(ops, 5, 2, 90)
    assert (quarter[0].w, quarter[0].h) == (4, 10)


def test_rotated_text_element(tmp_path):
    face, _ = render(
        tmp_path,
        '[[elements]]\ntype = "text"\nx = 0\ny = 0\nw = 63\nh = 10\ntext = "Far side"\nrotate = 180\n',
    )
    (op,) = texts(face)
    assert op.rotation == 180 and op.x > 30


def renderer(tmp_path: Path, toml: str) -> Renderer:
    (tmp_path / "t.toml").write_text(toml, encoding="utf-8")
    load_layout.cache_clear()
    layout = load_layout(tmp_path / "t.toml", tmp_path)
    return Renderer(layout, 63, 88, 3, ICONS, lambda s: (None, f"{s} is missing"))


def test_a_name_read_directly_says_what_jinja_would_when_it_is_missing(tmp_path):
    with pytest.raises(LayoutError, match=r"element 1: 'title' is undefined"):
        render(tmp_path, '[[elements]]\ntype = "text"\ntext = "{{ title }}"\n')
    face, _ = render(  # the environment's globals are names too
        tmp_path, '[vars]\nink = "{{ palette }}"\n[[elements]]\ntype = "text"\n'
        'text = "x"\ncolor = "{{ ink.blue }}"\n',
    )  # fmt: skip
    assert texts(face)[0].color == "#0072B2"


def test_each_face_reports_the_problems_of_an_element_drawn_before(tmp_path):
    """Faces share what an element drew for the same properties, problems included."""
    layout = renderer(
        tmp_path,
        '[[elements]]\ntype = "icon"\nname = "no_such_icon"\n'
        '[[elements]]\ntype = "image"\nsrc = "{{ art }}"\n',
    )
    first, first_problems = layout.render({"art": "a.png"})
    again, again_problems = layout.render({"art": "a.png"})
    _, other_problems = layout.render({"art": "b.png"})
    assert first_problems == again_problems and len(first_problems) == 2
    assert "no icon named 'no_such_icon'" in first_problems[0] and "a.png" in first_problems[1]
    assert first.ops == again.ops and "b.png" in other_problems[1]


def test_values_of_other_types_are_not_taken_for_each_other(tmp_path):
    """1, 1.0 and True are equal in Python but print differently."""
    layout = renderer(tmp_path, '[[elements]]\ntype = "text"\ntext = "{{ n }}"\n')
    printed = [texts(layout.render({"n": n})[0])[0].text for n in (1, 1.0, True, "1")]
    assert printed == ["1", "1.0", "True", "1"]
