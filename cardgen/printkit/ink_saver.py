"""Ink saver: faces redrawn with light backgrounds and dark text, for proofs and home printers.

It works on any layout's draw ops rather than asking every layout for a light variant. Every
filled shape large enough to be a background (at least `GROUND_SHARE` of the face: a card's
ground, its name band, a panel) is pulled most of the way to white, keeping a tint so coloured
bands still tell cards apart. Small shapes keep their ink: a stat's disc, a card code's modules
(which a camera must still read). Text, icons and pictures are then looked at where they stand:
one on a shape that was lightened, and light enough to have been written on a dark ground
(white text on a blue band), is turned dark so it stays readable; one on a small dark shape
keeps its colour. An unfilled frame on a lightened ground is darkened the same way; raster
images are left as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from cardgen.printkit.backends.fonts import text_width_mm
from cardgen.printkit.draw import (
    ArtOp,
    EllipseOp,
    Face,
    IconOp,
    Op,
    PolygonOp,
    RectOp,
    TextOp,
)
from cardgen.printkit.faces import FaceSet
from cardgen.printkit.layout.context import luminance

HEX = re.compile(r"#[0-9A-Fa-f]{6}")
KEPT_TINT = 0.18  # the share of a fill's colour kept (the rest becomes white)
LIGHT_INK = 0.35  # inks of at least this relative luminance are darkened
DARKENED = 0.22  # the share of a light ink's colour kept (the rest becomes black)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(r: float, g: float, b: float) -> str:
    return f"#{round(r):02X}{round(g):02X}{round(b):02X}"


def _is_colour(value: object) -> bool:
    return isinstance(value, str) and bool(HEX.fullmatch(value))


def light_fill(colour: str) -> str:
    """A fill pulled towards white, keeping `KEPT_TINT` of its colour."""
    if not _is_colour(colour):
        return colour
    return _hex(*(255 - (255 - c) * KEPT_TINT for c in _rgb(colour)))


def dark_ink(colour: str) -> str:
    """An ink that will stand on a light ground: light inks darkened, dark ones kept."""
    if not _is_colour(colour) or luminance(colour) < LIGHT_INK:
        return colour
    return _hex(*(c * DARKENED for c in _rgb(colour)))


KEY_SUFFIX = ":ink-saver"  # a saved face's cache key: never mistaken for the original's
GROUND_SHARE = 0.02  # a filled shape covering this share of the face is a background


@dataclass(frozen=True)
class _Ground:
    """A filled shape drawn so far: where it is and whether the ink saver lightened it."""

    x: float
    y: float
    w: float
    h: float
    round: bool
    lightened: bool

    def covers(self, px: float, py: float) -> bool:
        if self.round:
            rx, ry = self.w / 2, self.h / 2
            if rx <= 0 or ry <= 0:
                return False
            dx, dy = (px - self.x - rx) / rx, (py - self.y - ry) / ry
            return dx * dx + dy * dy <= 1
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


def _box(op: RectOp | EllipseOp | PolygonOp) -> tuple[float, float, float, float]:
    if isinstance(op, RectOp):
        return op.x, op.y, op.w, op.h
    if isinstance(op, EllipseOp):
        return op.cx - op.rx, op.cy - op.ry, 2 * op.rx, 2 * op.ry
    xs, ys = [x for x, _ in op.points], [y for _, y in op.points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _anchor(op: TextOp | IconOp | ArtOp) -> tuple[float, float]:
    """The point whose ground decides the ink: the middle of the text's line, the icon's box."""
    if isinstance(op, TextOp):
        if op.rotation:
            return op.x, op.baseline
        width = text_width_mm(op.text, op.font, op.size_pt)
        return op.x + width / 2, op.baseline - op.size_pt * 0.35 / 2.835
    return op.x + op.size / 2, op.y + op.size / 2


def _lies_light(grounds: list[_Ground], px: float, py: float) -> bool:
    """True when the topmost filled shape under (px, py) was lightened."""
    under = next((g for g in reversed(grounds) if g.covers(px, py)), None)
    return under is not None and under.lightened


def _saved_ops(face: Face) -> list[Op]:
    least = GROUND_SHARE * face.width * face.height
    grounds: list[_Ground] = []
    ops: list[Op] = []

    def on_light_ground(op: TextOp | IconOp | ArtOp) -> bool:
        return _lies_light(grounds, *_anchor(op))

    for op in face.ops:
        if isinstance(op, RectOp | EllipseOp | PolygonOp):
            x, y, w, h = _box(op)
            stroke = op.style.stroke
            if stroke and not op.style.fill and _lies_light(grounds, x + w / 2, y + h / 2):
                op = replace(op, style=replace(op.style, stroke=dark_ink(stroke)))  # a frame
            if op.style.fill:
                big = w * h >= least
                grounds.append(_Ground(x, y, w, h, isinstance(op, EllipseOp), big))
                if big:
                    op = replace(op, style=replace(op.style, fill=light_fill(op.style.fill)))
        elif isinstance(op, TextOp) and on_light_ground(op):
            op = replace(op, color=dark_ink(op.color))
        elif isinstance(op, IconOp) and on_light_ground(op):
            op = replace(op, ink=dark_ink(op.ink), paper=light_fill(op.paper))
        elif isinstance(op, ArtOp) and on_light_ground(op):
            op = replace(op, ink=dark_ink(op.ink))
        ops.append(op)
    return ops


def ink_saved_face(face: Face) -> Face:
    ops = _saved_ops(face)
    key = f"{face.key}{KEY_SUFFIX}" if face.key else ""
    return Face(face.width, face.height, face.bleed, ops, face.shape, key)


def ink_saved(faces: FaceSet) -> FaceSet:
    """A copy of `faces` with every face ink-saved (a back shared by many cards stays shared)."""
    done: dict[int, Face] = {}

    def saved(face: Face) -> Face:
        if id(face) not in done:
            done[id(face)] = ink_saved_face(face)
        return done[id(face)]

    return FaceSet(
        faces.spec,
        faces.size,
        {k: saved(f) for k, f in faces.fronts.items()},
        {k: saved(f) for k, f in faces.backs.items()},
        list(faces.problems),
        list(faces.copies),
        dict(faces.cards),
        dict(faces.decks),
    )
