"""The calibration sheet measures a printer's duplex error, and its reading corrects it."""

from __future__ import annotations

import math

import pytest

from cardgen.printkit.calibration import back_ops, front_ops, shifts
from cardgen.printkit.draw import PolygonOp, TextOp
from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets.impose import impose

W, H = 210.0, 297.0


def lines(ops):
    return [op.points for op in ops if isinstance(op, PolygonOp)]


def seen_from_front(point, duplex, error):
    """Where a back-page point appears through the sheet, printed `error` mm off (right, down)."""
    x, y = point
    x, y = (W - x, y) if duplex is Duplex.LONG else (x, H - y)
    return x + error[0], y + error[1]


def aligned_labels(duplex, offset, error):
    front = front_ops(W, H, duplex)
    front_lines = lines(front)
    back_lines = lines(back_ops(W, H, duplex, offset))
    labels = [op for op in front if isinstance(op, TextOp) and op.size_pt == 7.0]
    n = len(shifts())
    x_pairs = list(zip(front_lines[:n], back_lines[:n], strict=True))
    y_pairs = list(zip(front_lines[n:], back_lines[n:], strict=True))

    def miss_x(pair):
        (fx, _), _ = pair[0]
        bx, _ = seen_from_front(pair[1][0], duplex, error)
        return abs(bx - fx)

    def miss_y(pair):
        (_, fy), _ = pair[0]
        _, by = seen_from_front(pair[1][0], duplex, error)
        return abs(by - fy)

    kx = min(range(n), key=lambda k: miss_x(x_pairs[k]))
    ky = min(range(n), key=lambda k: miss_y(y_pairs[k]))
    assert miss_x(x_pairs[kx]) < 1e-6 and miss_y(y_pairs[ky]) < 1e-6
    return float(labels[kx].text), float(labels[n + ky].text)


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("error", [(0.0, 0.0), (1.5, -0.5), (-3.0, 2.0), (0.5, 3.0)])
def test_reading_the_sheet_gives_the_offset_that_cancels_the_error(duplex, error):
    reading = aligned_labels(duplex, (0.0, 0.0), error)
    assert aligned_labels(duplex, reading, error) == (0.0, 0.0)


def test_offset_moves_every_back_line_exactly():
    plain = lines(back_ops(W, H, Duplex.LONG, (0.0, 0.0)))
    moved = lines(back_ops(W, H, Duplex.LONG, (0.7, -1.2)))
    for a, b in zip(plain, moved, strict=True):
        for (ax, ay), (bx, by) in zip(a, b, strict=True):
            assert (round(bx - ax, 9), round(by - ay, 9)) == (0.7, -1.2)


def printed(point, size, duplex, landscape, side, error):
    """Where a page point lands on the paper, seen from the front. A landscape page reaches the
    portrait paper turned a quarter turn counter-clockwise (its top edge along the paper's left
    edge); a back page is printed on the other side, seen through the sheet, `error` mm off."""
    u, v = point
    page_w, _ = size
    x, y = (v, page_w - u) if landscape else (u, v)
    if side == "front":
        return x, y
    return seen_from_front((x, y), duplex, error)


def misses(duplex, card, offset, error):
    """How far each card's back lands from its front, on every sheet of 9 cards of `card` mm."""
    options = PrintOptions(paper="a4", duplex=duplex, back_offset_mm=offset)
    imposition = impose(9, *card, options)
    landscape = imposition.grid.page_w > imposition.grid.page_h
    fronts, backs = {}, {}
    for page in imposition.pages:
        for slot in page.slots:
            r = slot.trim
            centre = (r.x + r.w / 2, r.y + r.h / 2)
            where = printed(centre, (page.width, page.height), duplex, landscape, page.side, error)
            (fronts if page.side == "front" else backs)[slot.item] = where
    assert fronts.keys() == backs.keys()
    gaps = [math.dist(fronts[i], backs[i]) for i in fronts]
    return landscape, gaps


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("card", [(57.0, 89.0), (89.0, 57.0)], ids=["portrait", "landscape"])
@pytest.mark.parametrize("error", [(1.5, -0.5), (-2.0, 3.0)])
def test_the_reading_puts_the_backs_behind_their_fronts_on_either_sheet(duplex, card, error):
    """Issue 28: the calibration sheet is portrait, and its reading is in the paper's own axes.
    Cards on a landscape sheet (89 x 57 mm cards lie 3 x 3 on landscape A4) take the same reading:
    each back lands behind its own front on the printed paper, where without it every back is
    off by the printer's error."""
    landscape, before = misses(duplex, card, (0.0, 0.0), error)
    assert landscape is (card == (89.0, 57.0))
    assert all(abs(gap - math.hypot(*error)) < 1e-6 for gap in before)
    reading = aligned_labels(duplex, (0.0, 0.0), error)
    _, after = misses(duplex, card, reading, error)
    assert max(after) < 1e-6, after
