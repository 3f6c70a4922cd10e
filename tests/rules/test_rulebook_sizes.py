"""No text in a rulebook, booklet or reference sheet prints under 6 pt, diagrams included: a
diagram scaled down to fit a column is drawn again with its text larger, and one whose text
then no longer fits its box is an error naming the diagram and the element."""

from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from cardgen.printkit.draw import TextOp
from cardgen.printkit.layout import LayoutError, TextOverflowError
from cardgen.printkit.layout.text import MIN_SIZE_PT
from cardgen.rules.backends.drawings import Diagram
from tests.print.kit_pdfs import PAPERS, assert_no_text_under, shipped_games, shipped_kits

BOOKS = ("rules.pdf", "rules-booklet.pdf", "reference.pdf")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game_id", shipped_games())
def test_no_character_of_a_book_is_under_six_points(run_tmp, game_id, paper):
    folder = shipped_kits(run_tmp) / paper / game_id
    assert_no_text_under([folder / name for name in BOOKS], MIN_SIZE_PT)


def label(size: float) -> list:
    return [TextOp(0, 5, "label", "regular", size, "#000000")]


def test_a_diagram_scaled_down_is_drawn_with_larger_text():
    asked: list[float] = []

    def draw(floor: float) -> list:
        asked.append(floor)
        return label(max(7.0, floor))

    diagram = Diagram(200, 50, draw, "wide", label(7.0))
    width, _ = diagram.wrap(100 * mm, 500 * mm)  # half as wide as drawn
    assert width == pytest.approx(100 * mm) and diagram.scale == pytest.approx(0.5)
    assert asked == [12.0]  # 6 pt / 0.5
    printed = min(op.size_pt for op in diagram.diagram_ops) * diagram.scale
    assert printed >= MIN_SIZE_PT


def test_a_diagram_that_fits_keeps_its_own_drawing():
    diagram = Diagram(100, 50, lambda floor: pytest.fail("drawn again"), "small", label(6.0))
    diagram.wrap(120 * mm, 500 * mm)
    assert diagram.scale == 1.0 and diagram.diagram_ops == label(6.0)


def test_a_diagram_whose_text_cannot_grow_is_an_error_naming_it():
    def draw(floor: float) -> list:
        raise TextOverflowError([f"templates/g/diagrams/wide.toml element 3 (tag): at {floor} pt"])

    diagram = Diagram(240, 50, draw, "wide", label(6.0))
    with pytest.raises(LayoutError, match=r"diagram wide, scaled to 50% to fit a 120 mm column"):
        diagram.wrap(120 * mm, 500 * mm)
