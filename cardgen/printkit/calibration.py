"""The duplex calibration sheet: measure how far your printer shifts the back side.

Thirteen pairs of lines per axis, 12 mm apart: the front line of each pair is where it should be,
and the back line of pair k is printed deliberately k x 0.5 mm off. Held against the light, the
pair whose two lines coincide tells the printer's error, and its label is the value to pass as
`--offset X,Y` for the chosen flip, so nobody works out the mirror arithmetic by hand. The
sheet is portrait, so its numbers are in the paper's own axes; sheets printed landscape turn them
(`cardgen.printkit.sheets.duplex.page_offset`).
"""

from __future__ import annotations

from cardgen.printkit.backends.fonts import text_width_mm
from cardgen.printkit.draw import Op, PolygonOp, Style, TextOp
from cardgen.printkit.paper import Duplex

PAIRS = 13
STEP_MM = 0.5
SPACING_MM = 12.0
LINE_MM = 14.0
INK = "#000000"


def _label(text: str, x: float, y: float, size: float = 7.0, font: str = "regular") -> TextOp:
    return TextOp(x - text_width_mm(text, font, size) / 2, y, text, font, size, INK)


def _line(x1: float, y1: float, x2: float, y2: float) -> PolygonOp:
    return PolygonOp(((x1, y1), (x2, y2)), Style(None, INK, 0.35), closed=False)


def shifts() -> list[float]:
    half = PAIRS // 2
    return [(k - half) * STEP_MM for k in range(PAIRS)]


def corrections(duplex: Duplex) -> tuple[int, int]:
    """--offset per mm that a back line sits right of (X) or below (Y) its front line."""
    return (-1, 1) if duplex is Duplex.LONG else (1, -1)


def _layout(width: float, height: float) -> tuple[list[float], float, float, list[float]]:
    span = (PAIRS - 1) * SPACING_MM
    xs = [(width - span) / 2 + k * SPACING_MM for k in range(PAIRS)]
    ys = [height * 0.45 + k * SPACING_MM for k in range(PAIRS)]
    return xs, height * 0.22, width * 0.5, ys


def front_ops(width: float, height: float, duplex: Duplex) -> list[Op]:
    xs, x_row_top, y_col_left, ys = _layout(width, height)
    cx_sign, cy_sign = corrections(duplex)
    ops: list[Op] = [
        _label("Duplex calibration", width / 2, 18, 14, "bold"),
        _label(f"Print double-sided, flip on the {duplex.value} edge, at 100% (no fit-to-page).",
               width / 2, 26, 8),
        _label("Hold the sheet against a light. In each row, find the pair whose front and back",
               width / 2, 32, 8),
        _label("lines coincide; its number is the X (then Y) to pass: cardgen build --offset X,Y",
               width / 2, 37, 8),
        _label("The numbers are the paper's: the kit turns them for its landscape sheets.",
               width / 2, 42, 8),
    ]  # fmt: skip
    ops.append(_label("X", xs[0] - 10, x_row_top + LINE_MM / 2 + 2, 10, "bold"))
    for x, s in zip(xs, shifts(), strict=True):
        ops.append(_line(x, x_row_top, x, x_row_top + LINE_MM))
        ops.append(_label(f"{cx_sign * s + 0.0:g}", x, x_row_top + LINE_MM + 5))
    ops.append(_label("Y", y_col_left + LINE_MM / 2, ys[0] - 8, 10, "bold"))
    for y, s in zip(ys, shifts(), strict=True):
        ops.append(_line(y_col_left, y, y_col_left + LINE_MM, y))
        ops.append(_label(f"{cy_sign * s + 0.0:g}", y_col_left + LINE_MM + 8, y + 1.2))
    return ops


def back_ops(width: float, height: float, duplex: Duplex, offset: tuple[float, float]) -> list[Op]:
    """Back lines: behind each front line, shifted by the pair's step, plus the build's offset."""
    xs, x_row_top, y_col_left, ys = _layout(width, height)
    dx, dy = offset
    ops: list[Op] = []
    for x, s in zip(xs, shifts(), strict=True):  # seen from the front: s mm to the right
        if duplex is Duplex.LONG:
            bx, top = width - (x + s), x_row_top
        else:
            bx, top = x + s, height - x_row_top - LINE_MM
        ops.append(_line(bx + dx, top + dy, bx + dx, top + LINE_MM + dy))
    for y, s in zip(ys, shifts(), strict=True):  # seen from the front: s mm lower
        if duplex is Duplex.LONG:
            left, by = width - y_col_left - LINE_MM, y + s
        else:
            left, by = y_col_left, height - (y + s)
        ops.append(_line(left + dx, by + dy, left + LINE_MM + dx, by + dy))
    ops.append(_label("back of the calibration sheet", width / 2 + dx, height - 15 + dy, 8))
    return ops
