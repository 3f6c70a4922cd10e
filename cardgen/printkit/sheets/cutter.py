"""Print-then-cut sheets for a cutting machine: its registration marks, kept clear by every piece.

A Silhouette (Cameo, Portrait) finds the printed sheet by three marks its optical sensor reads:
a filled square at the top-left corner and an L at the top-right and bottom-left corners. The
figures below were measured from the mark templates that silhouette-card-maker publishes for
Silhouette Studio (`assets/a4_registration.pdf`, `letter_registration.pdf`, rendered at 600 dpi,
both papers alike): the square 6.0 mm, each L's arms 8.17 mm long and 1.0 mm thick, every mark's
outer corner 9.5 mm (3/8 in) from the two paper edges it faces. Its published card layouts keep
printing 0.8-13 mm from the marks; pieces here keep `CLEARANCE_MM` from them.

The machine cuts what its cut file says, so a sheet needs no crop marks; instead each piece gets
bleed of its own all round (half the gutter), so a cut a little off still lands on the piece's
colour. Cricut Design Space prints its own frame round the images uploaded to it and reads no
marks printed by other software: its users upload the PNG faces instead (`CUTTER_REFUSALS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.printkit.sheets.geometry import Rect

INSET_MM = 9.5  # from each paper edge a mark faces to the mark's outer corner
SQUARE_MM = 6.0
ARM_MM = 8.17  # the length of each L's arms
ARM_THICK_MM = 1.0
CLEARANCE_MM = 1.0  # from a mark's box to anything else printed
CUTTER_GUTTER_MM = 1.2  # between pieces (their own bleed is half of it): the reference's least
LABEL_FROM_MM = INSET_MM + ARM_MM + CLEARANCE_MM + 1.0  # the page label starts right of the L

CUTTERS = ("silhouette",)
CUTTER_REFUSALS = {
    "cricut": (
        "Cricut Design Space prints its own registration frame and reads no marks printed "
        "elsewhere: upload the PNG faces (output/<game>/png) to Print Then Cut instead"
    ),
}


@dataclass(frozen=True)
class CutterMarks:
    """One sheet's registration marks: the filled rectangles that draw them, and the box round
    each mark that nothing else may come within `CLEARANCE_MM` of."""

    solids: tuple[Rect, ...]
    boxes: tuple[Rect, ...]

    def keep_out(self) -> tuple[Rect, ...]:
        c = CLEARANCE_MM
        return tuple(box.expand(c, c, c, c) for box in self.boxes)

    def clear(self, rect: Rect) -> bool:
        """Whether `rect` (a piece with its bleed) stays out of every mark's keep-out box."""
        return not any(_overlap(rect, box) for box in self.keep_out())


@dataclass(frozen=True)
class CutSheet:
    """One sheet layout's cuts (`cardgen.printkit.backends.cut_files` writes them): the trims
    of its pieces, rectangles or circles (`shape`), on a `width` x `height` page."""

    name: str  # the files' stem
    width: float
    height: float
    shape: str
    trims: tuple[Rect, ...]


def silhouette_marks(page_w: float, page_h: float) -> CutterMarks:
    """The Silhouette's marks on a `page_w` x `page_h` sheet (mm, y down), in the sheet's own
    axes whichever way it is turned: Silhouette Studio's page is set to the same size and
    orientation as the PDF's page."""
    i, a, t = INSET_MM, ARM_MM, ARM_THICK_MM
    square = Rect(i, i, SQUARE_MM, SQUARE_MM)
    right = page_w - i  # the top-right L: arms run left and down from its corner
    top_right = (Rect(right - a, i, a, t), Rect(right - t, i, t, a))
    bottom = page_h - i  # the bottom-left L: arms run right and up from its corner
    bottom_left = (Rect(i, bottom - t, a, t), Rect(i, bottom - a, t, a))
    boxes = (square, Rect(right - a, i, a, a), Rect(i, bottom - a, a, a))
    return CutterMarks((square, *top_right, *bottom_left), boxes)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom
