"""Duplex: where a back goes so that, with the sheet turned over, it lies behind its front.

The user's `--offset X,Y` is read off the calibration sheet, which is portrait: it is in the
paper's own axes (X along the short edge, to the right seen from the front; Y along the long
edge, down). A landscape sheet reaches the paper turned a quarter turn counter-clockwise (what
IPP and the Print Schema call "landscape", and what printers do with a landscape page), so the
same correction is turned with it before the backs are moved: X becomes the page's vertical
axis, Y its horizontal one. A printer that turns the other way wants both numbers negated.
"""

from __future__ import annotations

from dataclasses import replace

from cardgen.printkit.paper import Duplex
from cardgen.printkit.sheets.geometry import Slot
from cardgen.printkit.sheets.grid import Grid


def back_slot(slot: Slot, grid: Grid, duplex: Duplex, offset: tuple[float, float]) -> Slot:
    """Where the back of `slot` goes so that, turned over, it lies behind its own front."""
    landscape = grid.page_w > grid.page_h
    # Turning over on the long edge of a portrait page swaps left and right; on a landscape
    # page the long edge is horizontal, so it swaps top and bottom instead.
    flips_x = (duplex is Duplex.LONG) != landscape
    rotation = 0
    if duplex is Duplex.NONE:
        trim, paint = slot.trim, slot.paint
    elif flips_x:
        trim, paint = slot.trim.mirror_x(grid.page_w / 2), slot.paint.mirror_x(grid.page_w / 2)
    else:
        trim, paint = slot.trim.mirror_y(grid.page_h / 2), slot.paint.mirror_y(grid.page_h / 2)
        rotation = 180  # the sheet turns end over end: keep the back upright behind its front
    dx, dy = page_offset(offset, landscape)
    return replace(
        slot, trim=trim.moved(dx, dy), paint=paint.moved(dx, dy), rotation=rotation, face="back"
    )


def page_offset(offset: tuple[float, float], landscape: bool) -> tuple[float, float]:
    """The paper-axis correction `offset` in the axes of a portrait or landscape page. On a
    landscape page, turned counter-clockwise onto the paper, the paper's X runs down the page
    and its Y runs right to left."""
    x, y = offset
    return (-y + 0.0, x) if landscape else (x, y)
