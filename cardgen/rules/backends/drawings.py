"""The print kit's drawings in a rulebook: a diagram drawn from a layout, and a row of printed
card fronts (a cover). Both draw the kit's own ops with its `Painter`, so a card in the book is
the card on the sheet."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from cardgen.printkit.backends.painter import Painter
from cardgen.printkit.layout import LayoutError, TextOverflowError
from cardgen.printkit.layout.text import MIN_SIZE_PT


class Diagram(Flowable):
    """A vector diagram: a layout's ops, scaled to the frame's width if it is too wide.

    Scaled down, it is drawn again with no text under 6 pt / scale, so that every text still
    prints at 6 pt or more; a text that then no longer fits its box is an error naming the
    diagram, the element and the column.
    """

    def __init__(
        self,
        width_mm: float,
        height_mm: float,
        draw: Callable[[float], list],
        name: str = "",
        ops: list | None = None,
    ) -> None:
        """`draw(floor)`: the diagram's ops with no text under `floor` pt; `ops`: those at 6 pt,
        if already drawn."""
        super().__init__()
        self.width_mm, self.height_mm, self.name = width_mm, height_mm, name
        self.draw_at = draw
        self.drawn: dict[float, list] = {} if ops is None else {MIN_SIZE_PT: ops}
        self.scale = 1.0
        self.diagram_ops: list = []
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.scale = min(1.0, available_width / (self.width_mm * mm))
        floor = math.ceil(MIN_SIZE_PT / self.scale * 100 - 1e-6) / 100  # on paper >= 6 pt
        if floor not in self.drawn:
            try:
                self.drawn[floor] = self.draw_at(floor)
            except TextOverflowError as exc:
                raise LayoutError(
                    f"diagram {self.name}, scaled to {self.scale:.0%} to fit a "
                    f"{available_width / mm:.0f} mm column, sets its text at {floor:g} pt or "
                    f"more (to print at {MIN_SIZE_PT:g} pt): {exc}"
                ) from None
        self.diagram_ops = self.drawn[floor]
        return self.width_mm * mm * self.scale, self.height_mm * mm * self.scale

    def draw(self) -> None:
        painter = Painter(self.canv)
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        painter.ops(self.diagram_ops, self.height_mm)
        self.canv.restoreState()


class CardRow(Flowable):
    """Printed card fronts side by side, as the print kit draws them: a cover's picture of the
    game. Never shrunk (a card's smallest text is already the 6 pt floor): as many of them, in
    the order named, as fit the frame's width at full size, together enlarged up to 1.5 times
    to fill it or `most_height`. A row where not even the first card fits is left out."""

    GAP_MM = 5.0

    def __init__(self, faces: list[tuple[float, float, list]], most_height_mm: float) -> None:
        super().__init__()
        self.named, self.most_height_mm = faces, most_height_mm
        self.faces: list[tuple[float, float, list]] = []
        self.scale = 1.0
        self.hAlign = "CENTER"

    @classmethod
    def _size_mm(cls, faces: list[tuple[float, float, list]]) -> tuple[float, float]:
        width = sum(w for w, _, _ in faces) + cls.GAP_MM * (len(faces) - 1)
        return width, max((h for _, h, _ in faces), default=0.0)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        count = len(self.named)
        while count and self._size_mm(self.named[:count])[0] * mm > available_width:
            count -= 1
        self.faces = self.named[:count]
        if not self.faces:
            return 0, 0
        width, height = self._size_mm(self.faces)
        fill = min(available_width / (width * mm), self.most_height_mm / height)
        self.scale = max(1.0, min(1.5, fill))
        return width * mm * self.scale, height * mm * self.scale

    def draw(self) -> None:
        painter = Painter(self.canv)
        _, tallest = self._size_mm(self.faces)
        x = 0.0
        for width, height, ops in self.faces:
            painter.prepare(ops)  # icon and art forms, defined outside any other form
            self.canv.saveState()
            self.canv.scale(self.scale, self.scale)
            self.canv.translate(x * mm, (tallest - height) / 2 * mm)
            painter.ops(ops, height)
            self.canv.setStrokeColor(colors.HexColor("#9A9A9A"))
            self.canv.setLineWidth(0.4 / self.scale)
            self.canv.rect(0, 0, width * mm, height * mm)  # the cut edge, as on the sheet
            self.canv.restoreState()
            x += width + self.GAP_MM
