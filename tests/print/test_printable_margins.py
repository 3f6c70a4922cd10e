"""Printable everywhere: no crop mark, cut line, fold line, glue strip or page label lies within
6 mm of a paper edge, where home printers print nothing, on A4 and on Letter, for every game and
every kind of component; and every PDF a kit holds embeds its fonts and passes `qpdf --check`.

The geometry is checked on the imposition for many sizes and options, and then read back from the
PDFs the shipped games build (tests/print/kit_pdfs.py parses them without reportlab).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.printkit.composites import board_extras, corner_marks
from cardgen.printkit.draw import EllipseOp, PolygonOp, RectOp, TextOp
from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets import (
    PRINTABLE_MM,
    Line,
    Rect,
    impose,
    mark_area,
    split_board,
)

from .conftest import build
from .kit_pdfs import PAPERS, qpdf_check, read_pages, shipped_games, shipped_kits, unembedded_fonts

EPS = 1e-6


def edge_distance(line: Line, width: float, height: float) -> float:
    xs, ys = (line.x1, line.x2), (line.y1, line.y2)
    return min(min(xs), min(ys), width - max(xs), height - max(ys))


def overlaps(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(1, 30),
    w=st.floats(15, 150),
    h=st.floats(15, 150),
    paper=st.sampled_from(PAPERS),
    bleed=st.sampled_from([0.0, 1.0, 3.0, 5.0]),
    gutter=st.sampled_from([0.0, 6.0]),
    duplex=st.sampled_from(list(Duplex)),
    cuts=st.booleans(),
    gutterfold=st.booleans(),
)
def test_marks_cut_and_fold_lines_stay_in_the_printable_area(
    count, w, h, paper, bleed, gutter, duplex, cuts, gutterfold
):
    options = PrintOptions(paper=paper, bleed_mm=bleed, gutter_mm=gutter, duplex=duplex,
                           cut_lines=cuts, gutterfold=gutterfold)  # fmt: skip
    try:
        imposition = impose(count, w, h, options)
    except ValueError:  # too large for the sheet: the board splitter's case, tested below
        return
    for page in imposition.pages:
        area = mark_area(page.width, page.height)
        lines = [*page.marks, *page.cut_lines, *([page.fold] if page.fold else [])]
        for line in lines:
            assert edge_distance(line, page.width, page.height) >= PRINTABLE_MM - EPS, line
            assert (
                area.x - EPS <= min(line.x1, line.x2) and max(line.x1, line.x2) <= area.right + EPS
            )
            assert (
                area.y - EPS <= min(line.y1, line.y2) and max(line.y1, line.y2) <= area.bottom + EPS
            )
        for mark in page.marks:  # and never on a card's art
            box = Rect(min(mark.x1, mark.x2), min(mark.y1, mark.y2),
                       abs(mark.x2 - mark.x1) or 1e-3, abs(mark.y2 - mark.y1) or 1e-3)  # fmt: skip
            assert not any(overlaps(box, s.paint.expand(0.9, 0.9, 0.9, 0.9)) for s in page.slots)


@pytest.mark.parametrize("cuts", [False, True])
def test_every_cut_of_a_full_sheet_is_marked_at_both_ends(cuts):
    page = impose(24, 45, 45, PrintOptions(paper="letter", cut_lines=cuts)).pages[0]
    xs = {round(v, 3) for s in page.slots for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 3) for s in page.slots for v in (s.trim.y, s.trim.bottom)}
    vertical = [m for m in page.marks if m.x1 == m.x2]
    horizontal = [m for m in page.marks if m.y1 == m.y2]
    assert len(vertical) == 2 * len(xs) and len(horizontal) == 2 * len(ys)
    assert {round(m.x1, 3) for m in vertical} == xs and {round(m.y1, 3) for m in horizontal} == ys


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("w", "h"), [(330, 400), (600, 250), (250, 250)])
def test_board_pieces_keep_marks_glue_and_crosses_printable(paper, w, h):
    for piece in split_board(w, h, PrintOptions(paper=paper)):
        for mark in corner_marks(piece.trim, 3.0):
            assert edge_distance(mark, piece.page_w, piece.page_h) >= PRINTABLE_MM - EPS
        for op in board_extras(piece):
            if isinstance(op, RectOp):
                box = (op.x, op.y, op.x + op.w, op.y + op.h)
            elif isinstance(op, EllipseOp):
                box = (op.cx - op.rx, op.cy - op.ry, op.cx + op.rx, op.cy + op.ry)
            elif isinstance(op, PolygonOp):
                xs, ys = [p[0] for p in op.points], [p[1] for p in op.points]
                box = (min(xs), min(ys), max(xs), max(ys))
            else:
                assert isinstance(op, TextOp)
                box = (op.x, op.baseline - 3, op.x, op.baseline)
            x0, y0, x1, y1 = box
            assert min(x0, y0, piece.page_w - x1, piece.page_h - y1) >= PRINTABLE_MM - EPS


@pytest.fixture(scope="module")
def kits(run_tmp: Path) -> Path:
    return shipped_kits(run_tmp)


def check_printable(path: Path) -> list[str]:
    """What the PDF draws or labels itself within 6 mm of a paper edge, one line each."""
    found = []
    for page in read_pages(path):
        for drawn in page.drawn:
            distance = drawn.edge_distance(page.width, page.height)
            if distance < PRINTABLE_MM - EPS:
                found.append(f"{path.name} page {page.number}: {drawn} is {distance:.2f} mm in")
        for run in page.runs:
            if run.in_form or not run.text.strip():
                continue
            distance = run.edge_distance(page.width, page.height)
            if distance < PRINTABLE_MM - EPS:
                found.append(
                    f"{path.name} page {page.number}: {run.text!r} is {distance:.2f} mm in"
                )
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game_id", shipped_games())
def test_every_mark_and_label_of_every_kit_is_printable(kits, game_id, paper):
    folder = kits / paper / game_id
    sheets = [folder / f"print-{paper}.pdf", folder / f"calibration-{paper}.pdf"]
    assert all(path.is_file() for path in sheets)
    for path in sheets:
        pages = read_pages(path)
        assert sum(len(p.drawn) for p in pages) > 0  # the walker does see the marks
        assert check_printable(path) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game_id", shipped_games())
def test_every_pdf_of_every_kit_embeds_its_fonts_and_is_valid(kits, game_id, paper):
    pdfs = sorted((kits / paper / game_id).rglob("*.pdf"))
    names = {p.name for p in pdfs}
    assert {f"print-{paper}.pdf", "rules.pdf", "rules-booklet.pdf", "reference.pdf"} <= names
    for path in pdfs:
        assert unembedded_fonts(path) == [], path.name
        code, output = qpdf_check(path)
        assert code == 0, f"{path.name}: {output}"


@pytest.mark.parametrize("paper", PAPERS)
def test_gutterfold_and_cut_line_sheets_are_printable(print_root, paper):
    for options in (
        PrintOptions(paper=paper, gutterfold=True),
        PrintOptions(paper=paper, cut_lines=True, duplex=Duplex.NONE),
        PrintOptions(paper=paper, gutter_mm=6),
    ):
        out, _ = build(print_root, print=options, png=False, tts=False)
        path = out / f"print-{paper}.pdf"
        assert check_printable(path) == []
        assert unembedded_fonts(path) == []
