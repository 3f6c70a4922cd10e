"""Paper sizes and the print options a person chooses when building a kit."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

MIN_MARGIN_MM = 5.0  # nothing that must print (trim, text, mark ends) closer to the paper edge
DEFAULT_BLEED_MM = 3.0


class Duplex(StrEnum):
    """How the printer turns the sheet for the back side (print dialog: flip on long/short edge)."""

    LONG = "long"
    SHORT = "short"
    NONE = "none"  # fronts only; backs printed on their own pages, in front order


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    duplex: Duplex = Duplex.LONG
    bleed_mm: float = DEFAULT_BLEED_MM
    gutter_mm: float = 0.0  # 0 = cards share cut lines; >= 2 x bleed gives each its own bleed
    back_offset_mm: tuple[float, float] = (0.0, 0.0)  # measured on the calibration page
    cut_lines: bool = False  # full-length cut lines across the sheet as well as crop marks
    gutterfold: bool = False  # fronts and backs on one side, folded, for printers without duplex
    cutter: str = ""  # a cutting machine's registration marks on the fronts (sheets.cutter)

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPERS_MM[self.paper]
