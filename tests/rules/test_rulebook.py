"""Rulebooks built for real: sections, generated parts, literal card text, booklet order."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.rules.book import RulesError, build_rules
from cardgen.rules.booklet import booklet_order, padded, reading_order

from ..conftest import UNITS_CSV, write_game

RULES = """# {{ game.name }}
:::toc
## Overview and goal
Win by having **more** units. Units cost :fly: nothing.
## Components
:::components
## Setup
1. Shuffle.
2. Deal {{ count('unit') }} units.
## Turn sequence
1. Draw.
2. Play.
> Example: the Wolf attacks.
## End of the game
The game ends.
## Glossary
:::glossary
## Clarifications
:::clarifications
:::columns
## Clarifications again
:::clarifications
:::single
## Appendix
:::appendix
"""

REFERENCE = """# Quick reference
1. Draw. 2. Play.
:::glossary
"""


@pytest.fixture
def book_game(tmp_path: Path) -> Path:
    units = UNITS_CSV.replace('"Says ""who"".",', '"Says <b>who</b> & :fly:.",')
    folder = write_game(tmp_path / "card_data" / "testgame", {"units.csv": units})
    templates = tmp_path / "templates"
    shutil.copytree(REPO_ROOT / "templates" / "base", templates / "base")
    shutil.copy(REPO_ROOT / "templates" / "icons.json", templates / "icons.json")
    (templates / "testgame").mkdir()
    (templates / "testgame" / "rules.md").write_text(RULES * 3, encoding="utf-8")  # > 4 pages
    (templates / "testgame" / "reference.md").write_text(REFERENCE, encoding="utf-8")
    return folder


def text_of(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def test_sections_and_generated_parts(book_game, tmp_path):
    report = build_rules(load_game_or_raise(book_game), tmp_path / "out")
    text = text_of(tmp_path / "out" / "rules.pdf")
    for heading in ("Overview and goal", "Components", "Setup", "Turn sequence", "End of the game",
                    "Glossary", "Clarifications", "Appendix"):  # fmt: skip
        assert heading in text
    assert "Deal 3 units" in text  # counts come from the data: 2 wolves and an owl
    assert "Fly: Moves over others." in text and "Swim: Crosses water." in text
    assert re.search(r"Wolf 3 1\.5 no red", text)  # appendix row with stats
    assert "Owl" in text
    assert report.pages["rules"] > 4
    assert "the game has no clarifications sheet" in report.problems


def test_markup_in_card_text_prints_literally(book_game, tmp_path):
    units = (book_game / "units.csv").read_text()
    (book_game / "units.csv").write_text(units.replace("Howls", "Howls <i>&amp;</i> <b>"))
    build_rules(load_game_or_raise(book_game), tmp_path / "out")
    text = text_of(tmp_path / "out" / "rules.pdf")
    assert "<i>&amp;</i>" in text and "<b>who</b>" in text and " & " in text


def test_booklet_sheets_are_in_saddle_stitch_order(book_game, tmp_path):
    report = build_rules(load_game_or_raise(book_game), tmp_path / "out")
    booklet = tmp_path / "out" / "rules-booklet.pdf"
    with pdfplumber.open(booklet) as pdf:
        n = len(pdf.pages) * 2
        assert n == padded(n) and len(pdf.pages) == report.pages["booklet"]
        found = []
        for page in pdf.pages:
            assert page.width > page.height  # landscape sheet
            halves = []
            for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width)):
                footer = page.crop((x0, page.height * 0.93, x1, page.height)).extract_text() or ""
                numbers = re.findall(r"\b(\d+)\s*$", footer.strip())
                halves.append(int(numbers[-1]) if numbers else 0)
            found.append(tuple(halves))
    real_pages = max(max(pair) for pair in found)  # blank padding pages carry no number
    assert padded(real_pages) == n
    assert found == booklet_order(real_pages)


@pytest.mark.parametrize("pages", [1, 4, 5, 8, 12, 13, 16, 30])
def test_folded_sheets_read_in_order(pages):
    order = reading_order(booklet_order(pages))
    assert [p for p in order if p] == list(range(1, pages + 1))
    assert len(order) % 4 == 0


def test_reference_sheet_is_two_pages_at_most(book_game, tmp_path):
    report = build_rules(load_game_or_raise(book_game), tmp_path / "out")
    assert report.pages["reference"] <= 2
    assert "Quick reference" in text_of(tmp_path / "out" / "reference.pdf")


def test_template_error_names_the_file_and_keeps_old_books(book_game, tmp_path):
    build_rules(load_game_or_raise(book_game), tmp_path / "out")
    before = (tmp_path / "out" / "rules.pdf").read_bytes()
    rules = book_game.parent.parent / "templates" / "testgame" / "rules.md"
    rules.write_text("# x\n{{ no_such_thing }}\n")
    with pytest.raises(RulesError, match=r"rules.md.*no_such_thing"):
        build_rules(load_game_or_raise(book_game), tmp_path / "out")
    assert (tmp_path / "out" / "rules.pdf").read_bytes() == before


def test_bold_and_italic_use_the_bold_and_italic_faces(book_game, tmp_path):
    build_rules(load_game_or_raise(book_game), tmp_path / "out")
    with pdfplumber.open(tmp_path / "out" / "rules.pdf") as pdf:
        fonts = {
            c["fontname"].split("+")[-1] for p in pdf.pages for c in p.chars if c["text"] == "m"
        }
    assert any("Bold" in f for f in fonts), fonts  # "**more**" in the overview


def test_a_book_may_open_in_two_columns(book_game, tmp_path):
    reference = book_game.parent.parent / "templates" / "testgame" / "reference.md"
    reference.write_text(":::columns\n# Quick reference\nDraw, then play.\n")
    build_rules(load_game_or_raise(book_game), tmp_path / "out")
    with pdfplumber.open(tmp_path / "out" / "reference.pdf") as pdf:
        assert len(pdf.pages) == 1
        assert "Quick reference" in pdf.pages[0].extract_text()
        assert pdf.pages[0].chars[0]["x0"] < pdf.pages[0].width / 2
