"""Pages for components that are not a plain grid of cards: boards split across sheets, and
fold-up standees (a face printed twice, head to head, between two base tabs)."""

from __future__ import annotations

from cardgen.printkit.backends.fonts import text_width_mm
from cardgen.printkit.draw import EllipseOp, Op, PolygonOp, RectOp, Style, TextOp
from cardgen.printkit.sheets import MARK_GAP_MM, MARK_LENGTH_MM, BoardPiece, Line, Rect, Slot

GUIDE = "#808080"
STANDEE_TAB_MM = 12.0


def corner_marks(trim: Rect, bleed: float) -> tuple[Line, ...]:
    """Crop marks at the four corners of one trim, outside its bleed."""
    out = bleed + MARK_GAP_MM
    marks = []
    for x in (trim.x, trim.right):
        marks.append(Line(x, trim.y - out, x, trim.y - out - MARK_LENGTH_MM))
        marks.append(Line(x, trim.bottom + out, x, trim.bottom + out + MARK_LENGTH_MM))
    for y in (trim.y, trim.bottom):
        marks.append(Line(trim.x - out, y, trim.x - out - MARK_LENGTH_MM, y))
        marks.append(Line(trim.right + out, y, trim.right + out + MARK_LENGTH_MM, y))
    return tuple(m for m in marks if min(m.x1, m.x2, m.y1, m.y2) >= 0.5)


def _hatch(rect: Rect, colour: str, step: float = 5.0) -> list[Op]:
    ops: list[Op] = []
    style = Style(None, colour, 0.4)
    k = -rect.h
    while k < rect.w:
        x1, y1 = rect.x + max(k, 0), rect.y + max(-k, 0)
        span = min(rect.w - max(k, 0), rect.h - max(-k, 0))
        if span > 0:
            ops.append(PolygonOp(((x1, y1), (x1 + span, y1 + span)), style, closed=False))
        k += step
    return ops


def _centred(text: str, cx: float, baseline: float, size: float, colour: str) -> TextOp:
    width = text_width_mm(text, "bold", size)
    return TextOp(cx - width / 2, baseline, text, "bold", size, colour)


def board_extras(piece: BoardPiece) -> list[Op]:
    """Glue strips and registration crosses drawn over one board piece."""
    ops: list[Op] = []
    for strip in piece.glue:
        ops.append(RectOp(strip.x, strip.y, strip.w, strip.h, Style(None, GUIDE, 0.5)))
        ops.extend(_hatch(strip, "#B0B0B0"))
        label = "glue here: the next piece goes on top"
        if text_width_mm(label, "bold", 7) > strip.w - 4:
            label = "glue"
        ops.append(_centred(label, strip.x + strip.w / 2, strip.y + strip.h / 2, 7, "#404040"))
    for cx, cy in piece.crosses:
        ring = Style("#FFFFFF", "#000000", 0.5)
        ops.append(EllipseOp(cx, cy, 2.5, 2.5, ring))
        line = Style(None, "#000000", 0.5)
        ops.append(PolygonOp(((cx - 5, cy), (cx + 5, cy)), line, closed=False))
        ops.append(PolygonOp(((cx, cy - 5), (cx, cy + 5)), line, closed=False))
    return ops


def board_label(name: str, piece: BoardPiece) -> str:
    return (
        f"{name} - piece {piece.name} (row {chr(65 + piece.row)}, column {piece.col + 1} of "
        f"{piece.rows} x {piece.cols}) - cut on the marks; lay each piece over its neighbour's "
        "glue strip, crosses on crosses"
    )


def standee_size(w: float, h: float) -> tuple[float, float]:
    return w, 2 * h + 2 * STANDEE_TAB_MM


def standee_parts(slot: Slot, h: float) -> tuple[list[tuple[Rect, Rect, int]], list[Op]]:
    """(trim, paint, rotation) of the two faces in a standee slot, and its tabs and fold lines.

    From the top: a base tab, the face upside down, the face upright, a base tab. Folded along the
    three dashed lines, the two faces end back to back and the tabs make the base.
    """
    t = STANDEE_TAB_MM
    x, y, w = slot.trim.x, slot.trim.y, slot.trim.w
    left = slot.trim.x - slot.paint.x
    right = slot.paint.right - slot.trim.right
    faces = []
    for top, rotation in ((y + t, 180), (y + t + h, 0)):
        trim = Rect(x, top, w, h)
        faces.append((trim, trim.expand(left, 0, right, 0), rotation))
    ops: list[Op] = []
    for top in (y, y + t + 2 * h):
        ops.append(RectOp(x, top, w, t, Style("#E6E6E6", GUIDE, 0.4)))
        ops.append(_centred("base", x + w / 2, top + t / 2 + 1.2, 6, "#555555"))
    for fold_y in (y + t, y + t + h, y + t + 2 * h):
        ops.extend(_dashed(x, fold_y, x + w, fold_y))
    return faces, ops


def _dashed(x1: float, y1: float, x2: float, y2: float, dash: float = 2.0) -> list[Op]:
    ops: list[Op] = []
    style = Style(None, GUIDE, 0.5)
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    steps = max(1, int(length // (2 * dash)))
    for i in range(steps + 1):
        a, b = i * 2 * dash / length, min(1.0, (i * 2 * dash + dash) / length)
        if a >= 1:
            break
        start = (x1 + (x2 - x1) * a, y1 + (y2 - y1) * a)
        end = (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)
        ops.append(PolygonOp((start, end), style, closed=False))
    return ops
