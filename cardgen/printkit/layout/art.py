"""The `art` element: a card's picture, drawn large in the layout's colour.

`src` is the card's `art` value: a library name (`game-icons:wolf-head`, fetched into the game's
folder by `scripts/fetch_art.py`) or an SVG file is drawn as vector paths in `color`, fitted and
centred in the box; any other file is placed as an image, as the `image` element does. A card
with no art, or whose art is missing, gets a composed emblem instead: a polygon or star whose
points, turn and inner ring come from `seed` (the card's id, say) with the initials of `label` in
its middle, so that cards without pictures still differ at a glance, unlike a grey "missing"
box. The element is registered in `elements.ELEMENTS`; this module imports nothing of the layout
package, so the table can import it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from cardgen.data.art import ArtNameError, art_path
from cardgen.printkit.backends.fonts import ASCENT, PT_PER_MM, text_width_mm
from cardgen.printkit.draw import ArtOp, EllipseOp, ImageOp, Op, PolygonOp, Style, TextOp
from cardgen.printkit.icons import regular_polygon
from cardgen.printkit.vector_art import VectorArtError, load_svg

MIN_LETTERS_PT = 6.0  # the legibility floor of all card text
ART_KEYS = {"x", "y", "w", "h", "src", "color", "paper", "fit", "seed", "label"}


def art(ctx: Any) -> list[Op]:
    """Ops for one card's picture (`ctx` is `elements.Ctx`)."""
    x, y, w, h = ctx.box()
    ink = ctx.colour("color", "#000000") or "#000000"
    paper = ctx.colour("paper", "#FFFFFF") or "#FFFFFF"
    source = ctx.text("src").strip()
    if source:
        try:
            path, warning = ctx.resolve_image(art_path(source))
        except ArtNameError as exc:
            path, warning = None, str(exc)
        if warning:
            ctx.problems.append(f"{ctx.where}: {warning}")
        if path is not None:
            if Path(path).suffix.lower() == ".svg":
                try:
                    picture = load_svg(Path(path))
                except VectorArtError as exc:
                    ctx.problems.append(f"{ctx.where}: {exc}")
                else:
                    size = min(w, h)
                    return [ArtOp(picture, x + (w - size) / 2, y + (h - size) / 2, size, ink)]
            else:
                fit = ctx.choice("fit", "contain", ("cover", "contain"))
                return [ImageOp(path, x, y, w, h, fit)]
    seed = ctx.text("seed").strip() or source
    if not seed:
        return []
    return emblem(x, y, w, h, seed, ctx.text("label").strip() or seed, ink, paper)


def _digest(seed: str) -> bytes:
    return hashlib.sha256(seed.encode("utf-8")).digest()


def initials(label: str) -> str:
    """Up to two capitals from the words of a name ("Stone Sentinel" -> "SS")."""
    words = [w for w in label.replace("_", " ").replace("-", " ").split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


def emblem(
    x: float, y: float, w: float, h: float, seed: str, label: str, ink: str, paper: str
) -> list[Op]:
    """A composed stand-in picture: a ring, a polygon or star chosen by `seed`, and initials.

    Deterministic, so a card keeps its emblem from build to build; two seeds share all of
    points, turn, depth and initials rarely, and the initials tell those apart."""
    size = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    r = size / 2
    digest = _digest(seed)
    sides = 3 + digest[0] % 6  # 3 to 8 points
    star = digest[1] % 3 != 0  # two in three are stars
    inner = 0.45 + (digest[2] % 20) / 100 if star else 1.0
    turn = (digest[3] % 8) * (360 / sides / 8)
    ring = Style(None, ink, max(0.6, size * 0.04))
    ops: list[Op] = [EllipseOp(cx, cy, r * 0.96, r * 0.96, ring)]
    shape = regular_polygon(cx, cy, r * 0.82, sides, turn, inner)
    ops.append(PolygonOp(tuple(shape), Style(ink, None)))
    ops.append(EllipseOp(cx, cy, r * 0.36, r * 0.36, Style(paper, ink, max(0.5, size * 0.02))))
    letters = initials(label)
    size_pt = r * 0.42 * PT_PER_MM
    if size_pt < MIN_LETTERS_PT:  # too small to read: the shape alone tells it apart
        return ops
    width = text_width_mm(letters, "bold", size_pt)
    if width > r * 0.6:
        size_pt *= r * 0.6 / width
        width = r * 0.6
    baseline = cy + ASCENT * size_pt / PT_PER_MM / 2
    ops.append(TextOp(cx - width / 2, baseline, letters, "bold", size_pt, ink))
    return ops
