"""The calibration sheet measures a printer's duplex error, and its reading corrects it."""

from __future__ import annotations

import pytest

from cardgen.printkit.calibration import back_ops, front_ops, shifts
from cardgen.printkit.draw import PolygonOp, TextOp
from cardgen.printkit.paper import Duplex

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
