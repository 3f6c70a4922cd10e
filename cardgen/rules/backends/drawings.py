"""The print kit's drawings in a rulebook: a diagram drawn from a layout, a row of printed
card fronts (a cover), and a printed card with its parts named (a card anatomy). All draw the
kit's own ops with its `Painter`, so a card in the book is the card on the sheet."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

from cardgen.printkit.backends.painter import Painter
from cardgen.printkit.layout import LayoutError, TextOverflowError
from cardgen.printkit.layout.text import MIN_SIZE_PT
from cardgen.rules.anatomy import SIDES, AnatomyDrawing, Callout


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


class AnatomyFigure(Flowable):
    """A printed card at full size, each named part outlined in the accent colour and joined
    to its label beside the card (`cardgen.rules.anatomy`). Never shrunk: labels that do not
    fit on both sides all go to the right; a card and labels wider than the column are an
    error naming the diagram."""

    LEADER_MM = 7.0  # between the card's edge and its labels
    PAD_MM = 1.0  # round each part's outline
    MARGIN_MM = 1.5  # above and below the card

    def __init__(self, drawing: AnatomyDrawing, name: str, font: str, size_pt: float,
                 accent: str) -> None:  # fmt: skip
        super().__init__()
        self.drawing, self.name = drawing, name
        self.font, self.size_pt, self.accent = font, size_pt, accent
        self.sides: dict[str, list[Callout]] = {}
        self.widths: dict[str, float] = {}
        self.hAlign = "CENTER"

    def _label_mm(self, text: str) -> float:
        return pdfmetrics.stringWidth(text, self.font, self.size_pt) / mm

    def _lay_out(self, together: bool) -> float:
        calls = self.drawing.callouts
        if together:
            self.sides = {"left": [], "right": list(calls)}
        else:
            self.sides = {side: [c for c in calls if c.side == side] for side in SIDES}
        self.widths = {
            side: max((self._label_mm(c.label) for c in found), default=-self.LEADER_MM)
            + self.LEADER_MM
            for side, found in self.sides.items()
        }
        return self.widths["left"] + self.drawing.width + self.widths["right"]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        width = self._lay_out(together=False)
        if width * mm > available_width:
            width = self._lay_out(together=True)
        if width * mm > available_width + 0.01:
            raise LayoutError(
                f"diagram {self.name}: the card and its labels need {width:.0f} mm, the column "
                f"is {available_width / mm:.0f} mm (shorter labels, or the single column)"
            )
        return width * mm, (self.drawing.height + 2 * self.MARGIN_MM) * mm

    def _rows(self, found: list[Callout]) -> list[tuple[Callout, float]]:
        """Each label's height on the card (mm from its top): level with its part, pushed
        apart so that no two labels touch, and kept within the card's height."""
        gap = self.size_pt * 1.3 / 72 * 25.4
        ordered = sorted(found, key=lambda c: (c.box[1] + c.box[3]) / 2)
        ys: list[float] = []
        for callout in ordered:
            wanted = (callout.box[1] + callout.box[3]) / 2
            ys.append(max(wanted, ys[-1] + gap) if ys else max(wanted, gap / 2))
        overflow = ys[-1] - (self.drawing.height - gap / 2) if ys else 0
        if overflow > 0:  # pushed off the foot: move them all up, apart still
            ys = [y - overflow for y in ys]
            for i in range(len(ys) - 2, -1, -1):
                ys[i] = min(ys[i], ys[i + 1] - gap)
        return list(zip(ordered, ys, strict=True))

    def draw(self) -> None:
        c, d = self.canv, self.drawing
        left = self.widths["left"]
        base = self.MARGIN_MM

        def at(x: float, y: float) -> tuple[float, float]:  # card mm (y down) to the canvas
            return (left + x) * mm, (base + d.height - y) * mm

        painter = Painter(c)
        painter.prepare(d.ops)
        c.saveState()
        c.translate(left * mm, base * mm)
        painter.ops(d.ops, d.height)
        c.setStrokeColor(colors.HexColor("#9A9A9A"))
        c.setLineWidth(0.4)
        c.rect(0, 0, d.width * mm, d.height * mm)  # the cut edge, as on the sheet
        c.restoreState()
        accent = colors.HexColor(self.accent)
        c.saveState()
        c.setStrokeColor(accent)
        c.setFillColor(accent)
        c.setLineWidth(0.8)
        for side, found in self.sides.items():
            for callout, y in self._rows(found):
                x0, y0, x1, y1 = callout.box
                p = self.PAD_MM
                corner = at(x0 - p, y1 + p)
                c.roundRect(*corner, (x1 - x0 + 2 * p) * mm, (y1 - y0 + 2 * p) * mm,
                            0.8 * mm, stroke=1, fill=0)  # fmt: skip
                edge = x1 + p if side == "right" else x0 - p
                target = at(edge, min(max(y, y0 - p), y1 + p))
                if side == "right":
                    start = at(d.width + self.LEADER_MM - 1.0, y)
                    text_x = at(d.width + self.LEADER_MM, y)[0]
                else:
                    start = at(-self.LEADER_MM + 1.0, y)
                    text_x = at(-self.LEADER_MM - self._label_mm(callout.label), y)[0]
                c.line(*start, *target)
                c.circle(*target, 0.5 * mm, stroke=0, fill=1)
                c.setFillColor(colors.black)
                c.setFont(self.font, self.size_pt)
                c.drawString(text_x, start[1] - self.size_pt * 0.35, callout.label)
                c.setFillColor(accent)
        c.restoreState()
