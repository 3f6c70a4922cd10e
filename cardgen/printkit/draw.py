"""Drawing primitives: what a laid-out face is made of, in millimetres from its trim's top-left.

Both backends draw exactly these, so a card's PDF and PNG come from one layout. Icons and curves
arrive already flattened to polygons; text arrives already broken into lines and measured.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Style:
    fill: str | None = None  # "#RRGGBB"
    stroke: str | None = None
    stroke_pt: float = 0.5


@dataclass(frozen=True)
class RectOp:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True)
class EllipseOp:
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style


@dataclass(frozen=True)
class PolygonOp:
    points: tuple[tuple[float, float], ...]
    style: Style
    closed: bool = True


@dataclass(frozen=True)
class TextOp:
    """One line of text, its left end on the baseline at (x, baseline)."""

    x: float
    baseline: float
    text: str
    font: str  # a key of cardgen.printkit.backends.fonts.FONTS
    size_pt: float
    color: str
    rotation: int = 0  # degrees clockwise about (x, baseline)


@dataclass(frozen=True)
class ImageOp:
    path: str  # absolute path; missing art is replaced by a placeholder before this stage
    x: float
    y: float
    w: float
    h: float
    fit: str = "cover"  # cover: fill the box, cropping; contain: whole image inside the box


@dataclass(frozen=True)
class IconOp:
    """A vector icon in the size x size box at (x, y): backends draw each icon once and reuse it.

    `icon` is a `cardgen.printkit.icons.Icon`; it is expanded to shapes only when drawn, so a
    deck of thousands of cards does not hold thousands of copies of the same curves.
    """

    icon: Any
    x: float
    y: float
    size: float
    ink: str
    paper: str
    rotation: int = 0  # degrees clockwise about the box's centre


@dataclass(frozen=True)
class ArtOp:
    """A vector picture (`cardgen.printkit.vector_art.VectorArt`) filled in `ink`, fitted and
    centred in the size x size box at (x, y). A PDF holds each picture once, whatever its colour
    or the number of cards showing it."""

    art: Any
    x: float
    y: float
    size: float
    ink: str
    rotation: int = 0  # degrees clockwise about the box's centre


Op = RectOp | EllipseOp | PolygonOp | TextOp | ImageOp | IconOp | ArtOp


@dataclass
class Face:
    """One side of one component, ready for a backend: its size, bleed and ops."""

    width: float
    height: float
    bleed: float
    ops: list[Op] = field(default_factory=list)
    shape: str = "rect"  # rect | round: the cut line a backend draws for tokens
    key: str = ""  # identity for caching a face drawn many times (backs)


def _turn(px: float, py: float, cx: float, cy: float, degrees: int) -> tuple[float, float]:
    """(px, py) turned clockwise (as seen on the page, y downwards) about (cx, cy)."""
    dx, dy = px - cx, py - cy
    if degrees == 90:
        dx, dy = -dy, dx
    elif degrees == 180:
        dx, dy = -dx, -dy
    elif degrees == 270:
        dx, dy = dy, -dx
    return cx + dx, cy + dy


def rotate_ops(ops: list[Op], cx: float, cy: float, degrees: int) -> list[Op]:
    """Ops turned by a multiple of 90 degrees about (cx, cy); images are left as they are."""
    degrees %= 360
    if degrees == 0:
        return ops
    turned: list[Op] = []
    for op in ops:
        if isinstance(op, RectOp):
            (x1, y1), (x2, y2) = (_turn(op.x, op.y, cx, cy, degrees),
                                  _turn(op.x + op.w, op.y + op.h, cx, cy, degrees))  # fmt: skip
            turned.append(RectOp(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), op.style,
                                 op.radius))  # fmt: skip
        elif isinstance(op, EllipseOp):
            ex, ey = _turn(op.cx, op.cy, cx, cy, degrees)
            rx, ry = (op.ry, op.rx) if degrees in (90, 270) else (op.rx, op.ry)
            turned.append(EllipseOp(ex, ey, rx, ry, op.style))
        elif isinstance(op, PolygonOp):
            points = tuple(_turn(x, y, cx, cy, degrees) for x, y in op.points)
            turned.append(PolygonOp(points, op.style, op.closed))
        elif isinstance(op, IconOp):
            ix, iy = _turn(op.x + op.size / 2, op.y + op.size / 2, cx, cy, degrees)
            half = op.size / 2
            turned.append(IconOp(op.icon, ix - half, iy - half, op.size, op.ink, op.paper,
                                 (op.rotation + degrees) % 360))  # fmt: skip
        elif isinstance(op, ArtOp):
            ax, ay = _turn(op.x + op.size / 2, op.y + op.size / 2, cx, cy, degrees)
            half = op.size / 2
            turned.append(ArtOp(op.art, ax - half, ay - half, op.size, op.ink,
                                (op.rotation + degrees) % 360))  # fmt: skip
        elif isinstance(op, TextOp):
            tx, ty = _turn(op.x, op.baseline, cx, cy, degrees)
            turned.append(TextOp(tx, ty, op.text, op.font, op.size_pt, op.color,
                                 (op.rotation + degrees) % 360))  # fmt: skip
        else:
            turned.append(op)
    return turned
