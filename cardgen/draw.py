"""Drawing primitives: what a laid-out face is made of, in millimetres from its trim's top-left.

Both backends draw exactly these, so a card's PDF and PNG come from one layout. Icons and curves
arrive already flattened to polygons; text arrives already broken into lines and measured.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
    font: str  # a key of cardgen.fonts.FONTS
    size_pt: float
    color: str


@dataclass(frozen=True)
class ImageOp:
    path: str  # absolute path; missing art is replaced by a placeholder before this stage
    x: float
    y: float
    w: float
    h: float
    fit: str = "cover"  # cover: fill the box, cropping; contain: whole image inside the box


Op = RectOp | EllipseOp | PolygonOp | TextOp | ImageOp


@dataclass
class Face:
    """One side of one component, ready for a backend: its size, bleed and ops."""

    width: float
    height: float
    bleed: float
    ops: list[Op] = field(default_factory=list)
    shape: str = "rect"  # rect | round: the cut line a backend draws for tokens
    key: str = ""  # identity for caching a face drawn many times (backs)
