"""Imposition: where each card, its bleed and every crop mark go on each page. Pure geometry.

Millimetres, origin at the paper's top-left corner, y growing downwards (as designers measure);
the PDF backend flips y. Cards sit in a grid centred within margins that hold the bleed, the crop
marks and the 6 mm band no home printer reaches (`margins`), so every mark prints on A4 and
Letter alike. With no gutter, neighbours share cut lines: bleed runs only round the outside of
the block and each card is clipped to its trim on inner sides, so one card's bleed never paints
over the next. Backs land where the sheet, once turned over on the chosen edge, puts them behind
their own fronts; see shared/reference/print-standards.md section 2.4.
"""

from cardgen.printkit.sheets.boards import (
    BOARD_OVERLAP_MM,
    BoardPiece,
    board_margins,
    split_board,
)
from cardgen.printkit.sheets.crop_marks import crop_marks, cut_lines
from cardgen.printkit.sheets.duplex import back_slot
from cardgen.printkit.sheets.geometry import Line, Page, Rect, Slot
from cardgen.printkit.sheets.grid import Grid, best_grid, fit_grid
from cardgen.printkit.sheets.impose import Imposition, impose
from cardgen.printkit.sheets.margins import (
    LABEL_MIN_PT,
    LABEL_PT,
    MARK_GAP_MM,
    MARK_LENGTH_MM,
    MARK_MIN_MM,
    PRINTABLE_MM,
    Margins,
    label_position,
    label_width,
    mark_area,
    sheet_margins,
)

__all__ = [
    "BOARD_OVERLAP_MM",
    "LABEL_MIN_PT",
    "LABEL_PT",
    "MARK_GAP_MM",
    "MARK_LENGTH_MM",
    "MARK_MIN_MM",
    "PRINTABLE_MM",
    "BoardPiece",
    "Grid",
    "Imposition",
    "Line",
    "Margins",
    "Page",
    "Rect",
    "Slot",
    "back_slot",
    "best_grid",
    "board_margins",
    "crop_marks",
    "cut_lines",
    "fit_grid",
    "impose",
    "label_position",
    "label_width",
    "mark_area",
    "sheet_margins",
    "split_board",
]
