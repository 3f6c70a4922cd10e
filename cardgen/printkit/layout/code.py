"""The `code` element: a small Micro QR code naming the card, for the companion's camera.

The code holds the card's payload (`cardgen.data.codes`: the scheme, a game tag and a card tag),
drawn as vector rectangles in the card's own colours on a quiet zone of `paper`, so it prints
sharp in the PDF and lands in the PNG and Tabletop Simulator faces like any other shape. Dark
modules are merged into rectangles (runs along a row, stacked while the rows below repeat
them), which keeps a code to a few dozen shapes instead of one per module.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

import segno

from cardgen.data.codes import payload
from cardgen.printkit.draw import Op, RectOp, Style
from cardgen.printkit.layout.context import contrast_ratio
from cardgen.printkit.layout.errors import LayoutError

KEYS = {"x", "y", "size", "color", "paper", "quiet", "error", "game", "card_type", "card"}
ERROR_LEVELS = ("l", "m", "q")
# Named sizes (mm, quiet zone included), from simulated table photos at 1920 x 1080 and
# 1280 x 720 (benchmarks/README.md, "Card codes at the table"): how often a code reads grows
# with its module; "large", where a card has room, is the size that read 98-99 % at both.
SIZES = {"standard": 12.0, "large": 16.0}
QUIET = 4  # modules of paper round the symbol: what `quiet_zone` checks is clean
LEAST_CONTRAST = 3.0  # ink against paper: below this a phone camera's photo loses the modules

Run = tuple[int, int, int, int]  # column, row, width, height in modules


class Ctx(Protocol):
    """What the code reads of `cardgen.printkit.layout.elements.Ctx` (which registers this
    element, so this module cannot import it back)."""

    props: dict[str, Any]
    where: str

    def length(self, key: str, default: Any = 0, axis: str = "x") -> float: ...
    def number(self, key: str, default: float) -> float: ...
    def colour(self, key: str, default: str | None = None) -> str | None: ...
    def text(self, key: str, default: str = "") -> str: ...
    def choice(self, key: str, default: str, allowed: tuple[str, ...]) -> str: ...


@lru_cache(maxsize=4096)
def modules(text: str, error: str) -> tuple[int, tuple[Run, ...]]:
    """The symbol's side in modules (no quiet zone) and its dark modules as merged rectangles.

    The smallest Micro QR that holds `text` at error level `error` or better; a full-size QR
    only when no Micro QR can hold it.
    """
    try:
        symbol = segno.make(text, micro=True, error=error, boost_error=True)
    except segno.DataOverflowError:
        symbol = segno.make(text, micro=False, error=error, boost_error=True)
    matrix = [bytes(row) for row in symbol.matrix]
    return len(matrix), tuple(merge_runs(matrix))


def row_runs(row: bytes) -> list[tuple[int, int]]:
    """(start, length) of each stretch of dark modules in one row."""
    runs, start = [], None
    for column, dark in enumerate([*row, 0]):
        if dark and start is None:
            start = column
        elif not dark and start is not None:
            runs.append((start, column - start))
            start = None
    return runs


def merge_runs(matrix: list[bytes]) -> list[Run]:
    """Dark modules as rectangles: each row's runs, stretched down over the rows below that
    hold exactly the same run (those rows then skip it)."""
    taken: set[tuple[int, int, int]] = set()
    rects: list[Run] = []
    runs = [set(row_runs(row)) for row in matrix]
    for row, found in enumerate(runs):
        for start, length in sorted(found):
            if (row, start, length) in taken:
                continue
            height = 1
            while row + height < len(runs) and (start, length) in runs[row + height]:
                taken.add((row + height, start, length))
                height += 1
            rects.append((start, row, length, height))
    return rects


def code(ctx: Ctx) -> list[Op]:
    """The card's code in the `size` square at (x, y), quiet zone included."""
    ids = [ctx.text(key).strip() for key in ("game", "card_type", "card")]
    if not all(ids):
        raise LayoutError(f"{ctx.where}: code needs game, card_type and card (the card's ids)")
    named = ctx.props.get("size")
    size = SIZES[named] if isinstance(named, str) and named in SIZES else ctx.length("size", 12)
    ctx.props["w"] = ctx.props["h"] = size  # so a `rotate` turns the code about its centre
    x, y = ctx.length("x"), ctx.length("y", axis="y")
    ink = ctx.colour("color", "#000000") or "#000000"
    paper = ctx.colour("paper", "#FFFFFF") or "#FFFFFF"
    if contrast_ratio(ink, paper) < LEAST_CONTRAST:
        raise LayoutError(
            f"{ctx.where}: code colour {ink} on {paper} has a contrast of "
            f"{contrast_ratio(ink, paper):.1f}:1; a camera needs at least {LEAST_CONTRAST:g}:1"
        )
    quiet = ctx.number("quiet", QUIET)
    if quiet < 1:
        raise LayoutError(f"{ctx.where}: quiet = {quiet:g}: a code needs a quiet zone of at "
                          f"least 1 module (the build checks for {QUIET} light ones)")  # fmt: skip
    side, rects = modules(payload(*ids), ctx.choice("error", "m", ERROR_LEVELS))
    unit = size / (side + 2 * quiet)
    left, top = x + quiet * unit, y + quiet * unit
    dark = Style(ink)
    ops: list[Op] = [RectOp(x, y, size, size, Style(paper))]
    ops += [RectOp(left + c * unit, top + r * unit, w * unit, h * unit, dark)
            for c, r, w, h in rects]  # fmt: skip
    return ops
