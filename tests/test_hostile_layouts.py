"""Hostile layouts (issue 16, items 1 to 3): a layout is a small program, and one short line of it
can ask for minutes of work or gigabytes (`{{ 'x' * 10**9 }}`, nested `range(100000)`), divide by
zero, or name a file anywhere on the disk. Each is refused by `cardgen build` in one line naming
the layout file and element, within the face's time budget, and the previous kit stays.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from cardgen.printkit.build import clear_caches
from cardgen.printkit.layout.budget import FACE_SECONDS

from .conftest import write_game
from .hostile.sheets import PNG
from .test_hostile_inputs import LONGEST_LINE, files_under, own_templates, run

FINE = '[[elements]]\ntype = "text"\ntext = "{{ name }}"\n'


def text_element(text: str, extra: str = "") -> str:
    return f'[[elements]]\ntype = "text"\ntext = """{text}"""\n{extra}'


# (name, layout, what the one line says, where it says it)
CASES = [
    ("nested loops", text_element("{% for i in range(100000) %}{% for j in range(100000) %}"
                                  "{% endfor %}{% endfor %}x"), "loops over more than", "element 1"),
    ("a billion characters", text_element("{{ 'x' * 10**9 }}"), "repeating 1 items", "element 1"),
    ("a tower of powers", text_element("{{ 9**(9**9) }}"), "too large a number", "element 1"),
    ("a product too long", text_element("{{ (10**600) * (10**700) }}"), "over 1,200 digits",
     "element 1"),
    ("a list of lists", text_element("{{ ([1]*100000)*100000 }}"), "repeating 100,000 items",
     "element 1"),
    ("joined past the limit", text_element("{{ ('x'*100000) + ('y'*100000) }}"), "joining values",
     "element 1"),
    ("padding by method", text_element("{{ 'x'.ljust(10**9) }}"), "ljust with a count",
     "element 1"),
    ("padding by filter", text_element("{{ 'x'|center(10**9) }}"), "center with a count",
     "element 1"),
    ("a slice into a billion", text_element("{{ 'abc'|slice(10**9) }}"), "slice with a count",
     "element 1"),
    ("a format width", text_element("{{ '{:>999999999}'.format(1) }}"), "field width",
     "element 1"),
    ("a percent width", text_element("{{ '%0999999999d' % 1 }}"), "field width", "element 1"),
    ("a format filter width", text_element("{{ '%0999999999d'|format(1) }}"), "field width",
     "element 1"),
    ("Latin on demand", text_element("{{ lipsum(n=100000) }}"), "'lipsum' is undefined",
     "element 1"),
    ("division by zero", text_element("{{ 1/0 }}"), "ZeroDivisionError", "element 1"),
    ("modulo by zero", text_element("{{ 1 % 0 }}"), "ZeroDivisionError", "element 1"),
    ("text plus a number", text_element("{{ name + 1 }}"), "can only concatenate", "element 1"),
    ("an include in vars", '[vars]\nx = "{% include \'a\' %}"\n' + FINE, "no loader",
     "vars.x"),
    ("elements as a number", "elements = 3\n", "elements must be a list of tables", "unit.toml"),
    ("vars as a list", "vars = [1]\n" + FINE, "vars must be a table", "unit.toml"),
    ("a huge text size", text_element("hello", "size = 1e9\n"), "out of range", "element 1"),
    ("a huge text size by expression", text_element("hello", 'size = "{{ 10**9 }}"\n'),
     "out of range", "element 1"),
    ("text size past a board", text_element("hello", "size = 5000\n"), "larger than any text",
     "element 1"),
    ("an infinite stroke", '[[elements]]\ntype = "rect"\nstroke_width = "inf"\n', "not a number",
     "element 1"),
    ("a rectangle a kilometre wide", '[[elements]]\ntype = "rect"\nw = "1e9mm"\n',
     "is not a length", "element 1"),
    ("extends outside", 'extends = "/etc/hostname"\n' + FINE, "leads out of the templates folder",
     "unit.toml"),
    ("extends climbing", 'extends = "../../../../../../etc/hostname"\n' + FINE,
     "leads out of the templates folder", "unit.toml"),
    ("extends a number", "extends = 3\n" + FINE, "extends must name a layout file", "unit.toml"),
    ("extends with a NUL", 'extends = "base/card.toml\\u0000x"\n' + FINE,
     "extends must name a layout file", "unit.toml"),
]  # fmt: skip
SLOW_CASES = [  # what only the time budget stops: loops over strings, not over `range`
    ("loops over long strings", text_element("{% for a in 'x'*50000 %}{% for b in 'x'*50000 %}"
                                             "{% endfor %}{% endfor %}y"), "took over"),
]  # fmt: skip


def game_with_layout(tmp_path: Path, layout: str) -> Path:
    """The test game, with its own templates folder whose `unit` layout is `layout`."""
    folder = write_game(tmp_path / "card_data" / "g")
    (own_templates(tmp_path) / "unit.toml").write_text(layout, encoding="utf-8")
    clear_caches()  # layouts are read once per process; this test rewrites one between builds
    return folder


def build(tmp_path: Path):
    return run("build", "g", "--data", tmp_path / "card_data", "--out", "out", "--no-png",
               "--no-tts")  # fmt: skip


def refused(tmp_path: Path, layout: str, expect: str) -> str:
    """Build a fine kit, then the hostile layout: one line, the previous kit kept."""
    game_with_layout(tmp_path, FINE)
    assert build(tmp_path).exit_code == 0
    kit = files_under(tmp_path / "out")
    game_with_layout(tmp_path, layout)
    started = time.monotonic()
    result = build(tmp_path)
    took = time.monotonic() - started
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    line = lines[0]
    assert expect in line, line
    assert "templates" in line or "unit.toml" in line, line
    assert len(line) < LONGEST_LINE, line
    assert files_under(tmp_path / "out") == kit
    assert took < 4 * FACE_SECONDS + 10, f"refused only after {took:.0f} s"
    return line


@pytest.mark.parametrize(("name", "layout", "expect", "where"), CASES, ids=[c[0] for c in CASES])
def test_a_hostile_layout_is_refused_in_one_line(
    tmp_path: Path, name: str, layout: str, expect: str, where: str
):
    line = refused(tmp_path, layout, expect)
    assert where in line, line


@pytest.mark.slow
@pytest.mark.parametrize(("name", "layout", "expect"), SLOW_CASES, ids=[c[0] for c in SLOW_CASES])
def test_a_layout_past_its_time_budget_is_refused(tmp_path: Path, name: str, layout: str, expect):
    refused(tmp_path, layout, expect)


def test_a_layout_image_outside_the_game_is_never_read(tmp_path: Path):
    """A layout's own `src` is confined like the data's art: a placeholder and a warning."""
    secret = tmp_path / "secret.png"
    secret.write_bytes(PNG)
    for src in (str(secret), "../../secret.png", "x" * 5000, "a\u0000b.png"):
        game_with_layout(tmp_path, f'[[elements]]\ntype = "image"\nsrc = {json.dumps(src)}\n')
        result = build(tmp_path)
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output
        said = "is missing" if src.startswith("x") else "outside the game's folder"
        assert said in result.stderr, result.stderr
        assert all(len(line) < LONGEST_LINE for line in result.stderr.splitlines())


def test_ordinary_arithmetic_and_big_printed_numbers_still_work(tmp_path: Path):
    """The limits are far from anything a card does: large prices, format widths, loops."""
    layout = text_element(
        "{{ '{:,}'.format(1234567) }} {{ 2**64 }} {{ 'ab' * 3 }} {{ 7 // 2 }} {{ '%05d' % 42 }}"
        "{% for i in range(50) %}{% for j in range(50) %}{% endfor %}{% endfor %}"
        "{{ 'x'|center(9) }}"
    )
    game_with_layout(tmp_path, layout)
    result = build(tmp_path)
    assert result.exit_code == 0, result.output
