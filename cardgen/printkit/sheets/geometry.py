"""The shapes imposition deals in: rectangles, lines, a card's slot and a whole page, in mm."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def expand(self, left: float, top: float, right: float, bottom: float) -> Rect:
        return Rect(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def mirror_x(self, axis: float) -> Rect:
        """Mirror across the vertical line x = axis (a sheet turned over left to right)."""
        return Rect(2 * axis - self.x - self.w, self.y, self.w, self.h)

    def mirror_y(self, axis: float) -> Rect:
        return Rect(self.x, 2 * axis - self.y - self.h, self.w, self.h)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)


@dataclass(frozen=True)
class Slot:
    """One card on one page: which item, its trim, the area it may paint (trim + bleed)."""

    item: int
    row: int
    col: int
    trim: Rect
    paint: Rect
    rotation: int = 0  # degrees the face is turned on the page (180 for short-edge backs)
    face: str = "front"  # which side of the item this slot prints: front | back


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    side: str  # front | back | calibration-front | calibration-back
    slots: tuple[Slot, ...] = ()
    marks: tuple[Line, ...] = ()
    cut_lines: tuple[Line, ...] = ()
    fold: Line | None = None
    label: str = ""  # printed in the margin: what the page holds and how to print it
    solids: tuple[Rect, ...] = ()  # filled black: a cutting machine's registration marks
    label_x: float | None = None  # where the label starts, if not at the printable edge
