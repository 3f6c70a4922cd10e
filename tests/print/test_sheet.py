"""Imposition geometry: grids, bleed, crop marks, duplex mirroring, gutterfold, board pieces."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.printkit.paper import MIN_MARGIN_MM, PAPERS_MM, Duplex, PrintOptions
from cardgen.printkit.sheets import Rect, impose, split_board

TOL = 0.2


def fronts_and_backs(imposition):
    pages = imposition.pages
    return list(zip(pages[0::2], pages[1::2], strict=True))


def overlaps(a: Rect, b: Rect) -> bool:
    return (
        a.x < b.right - 1e-6
        and b.x < a.right - 1e-6
        and a.y < b.bottom - 1e-6
        and b.y < a.bottom - 1e-6
    )


@pytest.mark.parametrize(
    ("paper", "bleed", "cols", "rows", "portrait"),
    [
        ("a4", 3.0, 4, 2, False),  # 3 x 3 would squeeze the side marks into the unprinted band
        ("letter", 3.0, 4, 2, False),
        ("a4", 1.0, 3, 3, True),  # with 1 mm of bleed the marks fit beside 3 x 3 again
        ("letter", 1.0, 4, 2, False),  # Letter is 15.4 mm taller than 3 cards: no room for marks
    ],
)
def test_poker_cards_per_sheet_leave_room_for_printable_marks(paper, bleed, cols, rows, portrait):
    imposition = impose(9, 63, 88, PrintOptions(paper=paper, bleed_mm=bleed))
    front = imposition.pages[0]
    width, height = PAPERS_MM[paper]
    assert (front.width, front.height) == ((width, height) if portrait else (height, width))
    assert len(front.slots) == cols * rows
    xs = sorted({round(s.trim.x, 3) for s in front.slots})
    ys = sorted({round(s.trim.y, 3) for s in front.slots})
    assert len(xs) == cols and len(ys) == rows
    assert all(abs(b - a - 63) < TOL for a, b in itertools.pairwise(xs))  # shared cut lines
    for slot in front.slots:
        t = slot.trim
        assert abs(t.w - 63) < TOL and abs(t.h - 88) < TOL
        assert min(t.x, t.y, front.width - t.right, front.height - t.bottom) >= MIN_MARGIN_MM


def test_bleed_only_round_the_block_and_never_on_a_neighbour():
    front = impose(24, 45, 45, PrintOptions(bleed_mm=3)).pages[0]  # 6 x 4 tiles
    centre = next(s for s in front.slots if (s.row, s.col) == (1, 1))
    corner = next(s for s in front.slots if (s.row, s.col) == (0, 0))
    assert centre.paint == centre.trim  # inner edges clipped at the trim
    assert (
        abs(corner.trim.x - corner.paint.x - 3) < 1e-9
        and abs(corner.trim.y - corner.paint.y - 3) < 1e-9
    )
    assert corner.paint.right == corner.trim.right
    for a, b in itertools.combinations(front.slots, 2):
        assert not overlaps(a.paint, b.paint)


def test_gutter_gives_each_card_its_own_bleed():
    front = impose(4, 63, 88, PrintOptions(gutter_mm=6, bleed_mm=3)).pages[0]
    for slot in front.slots:
        assert slot.paint == slot.trim.expand(3, 3, 3, 3)
    for a, b in itertools.combinations(front.slots, 2):
        assert not overlaps(a.paint, b.paint)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_sit_in_the_margin_on_every_cut(paper):
    front = impose(9, 63, 88, PrintOptions(paper=paper)).pages[0]
    xs = {round(v, 3) for s in front.slots for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 3) for s in front.slots for v in (s.trim.y, s.trim.bottom)}
    vertical = [m for m in front.marks if m.x1 == m.x2]
    horizontal = [m for m in front.marks if m.y1 == m.y2]
    assert {round(m.x1, 3) for m in vertical} == xs  # collinear with every vertical cut
    assert {round(m.y1, 3) for m in horizontal} == ys
    assert len(vertical) == 2 * len(xs) and len(horizontal) == 2 * len(ys)  # both ends of each cut
    for mark in front.marks:
        box = Rect(
            min(mark.x1, mark.x2),
            min(mark.y1, mark.y2),
            abs(mark.x2 - mark.x1) or 1e-3,
            abs(mark.y2 - mark.y1) or 1e-3,
        )
        assert not any(overlaps(box, s.paint.expand(0.9, 0.9, 0.9, 0.9)) for s in front.slots)
        assert min(mark.x1, mark.x2) >= 0 and max(mark.x1, mark.x2) <= front.width
        assert min(mark.y1, mark.y2) >= 0 and max(mark.y1, mark.y2) <= front.height


PORTRAIT = {"bleed_mm": 1.0}  # 3 x 3 poker cards on portrait A4


def test_long_edge_backs_mirror_left_and_right():
    imposition = impose(9, 63, 88, PrintOptions(duplex=Duplex.LONG, **PORTRAIT))
    for front, back in fronts_and_backs(imposition):
        assert front.height > front.width
        for f, b in zip(front.slots, back.slots, strict=True):
            assert f.item == b.item and b.face == "back" and b.rotation == 0
            assert abs(b.trim.x - (front.width - f.trim.x - f.trim.w)) < TOL
            assert abs(b.trim.y - f.trim.y) < TOL
            assert (b.row, b.col) == (f.row, f.col)  # same item; its physical column is mirrored


def test_short_edge_backs_mirror_top_and_bottom_and_turn():
    imposition = impose(7, 63, 88, PrintOptions(duplex=Duplex.SHORT, **PORTRAIT))
    for front, back in fronts_and_backs(imposition):
        assert front.height > front.width
        for f, b in zip(front.slots, back.slots, strict=True):
            assert abs(b.trim.y - (front.height - f.trim.y - f.trim.h)) < TOL
            assert abs(b.trim.x - f.trim.x) < TOL
            assert b.rotation == 180


def test_landscape_pages_swap_the_flip_axes():
    imposition = impose(4, 130, 90, PrintOptions(duplex=Duplex.LONG))  # 4 landscape, 3 portrait
    front, back = imposition.pages[:2]
    assert front.width > front.height
    for f, b in zip(front.slots, back.slots, strict=True):
        assert abs(b.trim.y - (front.height - f.trim.y - f.trim.h)) < TOL


@pytest.mark.parametrize(
    ("card", "moved"),
    [((57, 89), (0.5, -1.0)), ((63, 88), (1.0, 0.5))],
    ids=["portrait sheet", "landscape sheet"],
)
def test_offset_moves_only_backs(card, moved):
    """The offset is in the paper's axes (the portrait calibration sheet's): on a landscape
    sheet, turned counter-clockwise onto the paper, X runs down the page and Y right to left."""
    plain = impose(9, *card, PrintOptions())
    shifted = impose(9, *card, PrintOptions(back_offset_mm=(0.5, -1.0)))
    assert (plain.grid.page_w > plain.grid.page_h) is (card == (63, 88))
    assert plain.pages[0] == shifted.pages[0]
    for a, b in zip(plain.pages[1].slots, shifted.pages[1].slots, strict=True):
        assert abs(b.trim.x - a.trim.x - moved[0]) < 1e-9
        assert abs(b.trim.y - a.trim.y - moved[1]) < 1e-9


def test_single_sided_types_keep_duplex_pairs_with_an_empty_back():
    imposition = impose(12, 45, 45, PrintOptions(), has_backs=False)
    assert [p.side for p in imposition.pages] == ["front", "back"]
    assert imposition.pages[1].slots == ()


def test_gutterfold_backs_mirror_across_the_fold():
    page = impose(4, 63, 88, PrintOptions(gutterfold=True)).pages[0]
    fold = page.width / 2
    assert page.fold is not None and abs(page.fold.x1 - fold) < TOL
    fronts = [s for s in page.slots if s.face == "front"]
    backs = [s for s in page.slots if s.face == "back"]
    assert len(fronts) == len(backs) == 4
    for f, b in zip(fronts, backs, strict=True):
        assert f.item == b.item
        assert abs(b.trim.x - (2 * fold - f.trim.x - f.trim.w)) < TOL and b.trim.y == f.trim.y
        assert f.trim.right <= fold and b.trim.x >= fold


def test_board_pieces_cover_the_board_with_exact_overlaps():
    pieces = split_board(330, 400, PrintOptions())
    assert len(pieces) == 4
    for piece in pieces:
        assert piece.trim.w <= piece.page_w - 2 * MIN_MARGIN_MM
        assert piece.trim.h <= piece.page_h - 2 * MIN_MARGIN_MM
    first, right = pieces[0], pieces[1]
    assert abs(first.region.right - right.region.x - 12.0) < 1e-6
    assert abs(pieces[-1].region.right - 330) < 1e-6 and abs(pieces[-1].region.bottom - 400) < 1e-6
    assert first.glue and not pieces[-1].glue


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 40),
    st.floats(20, 95),
    st.floats(20, 130),
    st.sampled_from(["a4", "letter"]),
    st.sampled_from(list(Duplex)),
)
def test_every_back_pairs_with_its_front(count, w, h, paper, duplex):
    imposition = impose(count, w, h, PrintOptions(paper=paper, duplex=duplex))
    items = [s.item for p in imposition.pages if p.side == "front" for s in p.slots]
    assert items == list(range(count))
    for front, back in fronts_and_backs(imposition):
        assert [s.item for s in front.slots] == [s.item for s in back.slots]
        for f, b in zip(front.slots, back.slots, strict=True):
            assert abs(b.trim.w - f.trim.w) < 1e-9 and abs(b.trim.h - f.trim.h) < 1e-9
            assert b.trim.x >= 0 and b.trim.right <= back.width + 1e-9
