"""Element types: each declares the keys it accepts and turns its properties into ops.

The table `ELEMENTS` is the one place an element type means something; an unknown type or key in
a layout is an error naming the file and element (a typo never silently does nothing).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cardgen.data.suggest import did_you_mean
from cardgen.data.units import to_mm
from cardgen.printkit.backends.fonts import ASCENT, PT_PER_MM, VERA, missing_glyphs, text_width_mm
from cardgen.printkit.draw import EllipseOp, IconOp, ImageOp, Op, PolygonOp, RectOp, Style, TextOp
from cardgen.printkit.layout import code
from cardgen.printkit.layout.art import ART_KEYS, art
from cardgen.printkit.layout.context import OKABE_ITO
from cardgen.printkit.layout.errors import LayoutError
from cardgen.printkit.layout.text import MIN_SIZE_PT, TextStyle, layout_text

BOX = {"x", "y", "w", "h"}
COMMON = {"type", "id", "when", "rotate", "overlaps"}  # overlaps: layout.collisions
STROKE = {"fill", "stroke", "stroke_width"}
LARGEST_NUMBER = 10_000  # mm or pt: ten metres, far past any board; bigger numbers are mistakes
LARGEST_TEXT_PT = 720.0  # ten inches tall: fitting text starts here and shrinks half a point a step
FALSE_WORDS = {"", "false", "no", "0", "none", "[]", "()", "{}"}


@dataclass
class Ctx:
    """What a handler needs: sizes, the resolved properties, and where to report problems.

    `overflows` collects text that does not fit its box (an error unless the build or layout
    says otherwise); `text_floor` is the smallest size any text is set at, in points.
    """

    width: float
    height: float
    bleed: float
    props: dict[str, Any]
    where: str
    icons: dict
    resolve_image: Callable[[str], tuple[str | None, str | None]]  # -> (path, warning)
    problems: list[str]
    overflows: list[str] = field(default_factory=list)
    text_floor: float = MIN_SIZE_PT
    # The game's fonts by the names layouts give them (`cardgen.printkit.typefaces`).
    fonts: Mapping[str, str] = field(default_factory=lambda: VERA)

    def length(self, key: str, default: Any = 0, axis: str = "x") -> float:
        value = self.props.get(key, default)
        full = self.width if axis == "x" else self.height
        if isinstance(value, int | float):
            return float(value)
        try:
            number, is_share = _length(str(value))
        except ValueError:
            raise LayoutError(f"{self.where}: {key} = {value!r} is not a length") from None
        return number * full if is_share else number

    def number(self, key: str, default: float) -> float:
        value = self.props.get(key, default)
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            number = math.nan
        if not math.isfinite(number):
            raise LayoutError(
                f"{self.where}: {key} = {str(value)[:40]!r} is not a number"
            ) from None
        if abs(number) > LARGEST_NUMBER:
            raise LayoutError(f"{self.where}: {key} = {number:g} is out of range (at most "
                              f"{LARGEST_NUMBER:,} mm or pt)")  # fmt: skip
        return number

    def colour(self, key: str, default: str | None = None) -> str | None:
        value = self.props.get(key, default)
        if value is None:
            return None
        text = str(value)
        colour = _colour(text)
        if colour is _NOT_A_COLOUR:
            raise LayoutError(
                f"{self.where}: {key} = {text.strip()!r} is not a colour like #1A2B3C"
            )
        return colour

    def text(self, key: str, default: str = "") -> str:
        value = self.props.get(key, default)
        return "" if value is None else str(value)

    def choice(self, key: str, default: str, allowed: tuple[str, ...]) -> str:
        value = self.text(key, default).strip().lower() or default
        if value not in allowed:
            raise LayoutError(f"{self.where}: {key} must be one of {', '.join(allowed)}")
        return value

    def font(self, default: str) -> str:
        """The font key of the element's `font` ("bold", "display", "display bold"...)."""
        value = " ".join(self.text("font", default).lower().split()) or default
        key = self.fonts.get(value)
        if key is None:
            raise LayoutError(
                f"{self.where}: font = {value!r} is not a font of this game"
                f"{did_you_mean(value, sorted(self.fonts))}"
            )
        return key

    def flag(self, key: str) -> bool:
        value = self.props.get(key, False)
        return value if isinstance(value, bool) else str(value).strip().lower() not in FALSE_WORDS

    def box(self) -> tuple[float, float, float, float]:
        return (self.length("x"), self.length("y", axis="y"),
                self.length("w", "100%"), self.length("h", "100%", axis="y"))  # fmt: skip

    def style(self) -> Style:
        return Style(self.colour("fill"), self.colour("stroke"), self.number("stroke_width", 0.5))


@lru_cache(maxsize=4096)  # a layout's lengths are a handful of strings, read for every card
def _length(text: str) -> tuple[float, bool]:
    """A length as written: ("50%" -> (0.5, True): a share of the face), or millimetres."""
    text = text.strip()
    if text.endswith("%"):
        return float(text[:-1]) / 100, True
    return to_mm(text), False


_NOT_A_COLOUR = "not a colour"


@lru_cache(maxsize=4096)
def _colour(text: str) -> str | None:
    """#RRGGBB (upper case) for a colour as written, None for none, or _NOT_A_COLOUR."""
    text = text.strip()
    if text.lower() in ("", "none", "transparent"):
        return None
    if text in OKABE_ITO:
        return OKABE_ITO[text]
    if len(text) == 7 and text.startswith("#"):
        try:
            int(text[1:], 16)
            return text.upper()
        except ValueError:
            pass
    return _NOT_A_COLOUR


def rect(ctx: Ctx) -> list[Op]:
    x, y, w, h = ctx.box()
    if ctx.flag("bleed"):  # sides touching the trim run on into the bleed
        eps = 1e-6
        left = ctx.bleed if x <= eps else 0
        top = ctx.bleed if y <= eps else 0
        right = ctx.bleed if x + w >= ctx.width - eps else 0
        bottom = ctx.bleed if y + h >= ctx.height - eps else 0
        x, y, w, h = x - left, y - top, w + left + right, h + top + bottom
    return [RectOp(x, y, w, h, ctx.style(), ctx.length("radius"))]


def ellipse(ctx: Ctx) -> list[Op]:
    x, y, w, h = ctx.box()
    if ctx.flag("bleed"):
        x, y, w, h = x - ctx.bleed, y - ctx.bleed, w + 2 * ctx.bleed, h + 2 * ctx.bleed
    return [EllipseOp(x + w / 2, y + h / 2, w / 2, h / 2, ctx.style())]


def line(ctx: Ctx) -> list[Op]:
    x1, y1 = ctx.length("x"), ctx.length("y", axis="y")
    x2, y2 = ctx.length("x2", "100%"), ctx.length("y2", axis="y")
    style = Style(None, ctx.colour("stroke", "#000000"), ctx.number("stroke_width", 0.5))
    return [PolygonOp(((x1, y1), (x2, y2)), style, closed=False)]


def polygon(ctx: Ctx) -> list[Op]:
    raw = ctx.props.get("points", [])
    if isinstance(raw, str):
        raw = [p.split(",") for p in raw.split()]
    try:
        points = tuple((float(a), float(b)) for a, b in raw)
    except (TypeError, ValueError):
        raise LayoutError(f"{ctx.where}: points must be pairs of numbers in mm") from None
    return [PolygonOp(points, ctx.style())]


def text(ctx: Ctx) -> list[Op]:
    content = ctx.text("text")
    if not content.strip():
        return []
    x, y, w, h = ctx.box()
    font = ctx.font("regular")
    color = ctx.colour("color", "#000000") or "#000000"
    size = max(ctx.number("size", 9), ctx.text_floor)  # never under the legibility floor
    if size > LARGEST_TEXT_PT:
        raise LayoutError(f"{ctx.where}: size = {size:g} pt is larger than any text a component "
                          f"prints (at most {LARGEST_TEXT_PT:g} pt)")  # fmt: skip
    style = TextStyle(
        font=font,
        size=size,
        min_size=min(max(ctx.number("min_size", MIN_SIZE_PT), ctx.text_floor), size),
        leading=ctx.number("leading", 1.18),
        color=color,
        paper=ctx.colour("paper", "#FFFFFF") or "#FFFFFF",
        align=ctx.choice("align", "left", ("left", "center", "right")),
        valign=ctx.choice("valign", "top", ("top", "middle", "bottom")),
    )
    ops, fitted, size = layout_text(content, x, y, w, h, style, ctx.icons)
    lacking = "".join(
        sorted(
            {c for op in ops if isinstance(op, TextOp) for c in missing_glyphs(op.text, op.font)}
        )
    )
    if lacking:  # the font has no shape for them: the PDF would print empty boxes
        ctx.problems.append(f"{ctx.where}: the font has no {lacking!r}: it prints as a box")
    if not fitted:
        ctx.overflows.append(
            f"{ctx.where}: text does not fit its {w:g} x {h:g} mm box even at {size:g} pt: "
            f"{content[:40]!r}"
        )
    return ops


def image(ctx: Ctx) -> list[Op]:
    x, y, w, h = ctx.box()
    source = ctx.text("src").strip()
    if not source:
        return []
    path, warning = ctx.resolve_image(source)
    if warning:
        ctx.problems.append(f"{ctx.where}: {warning}")
    if path is None:
        return placeholder(x, y, w, h, ctx.text("placeholder", source))
    return [ImageOp(path, x, y, w, h, ctx.choice("fit", "cover", ("cover", "contain")))]


def placeholder(x: float, y: float, w: float, h: float, label: str) -> list[Op]:
    """A generated stand-in for missing art: hatched grey with the name, clearly not final."""
    ops: list[Op] = [RectOp(x, y, w, h, Style("#E6E6E6", "#999999", 0.5))]
    grey = Style(None, "#BBBBBB", 0.4)
    step = 6.0
    k = -h
    while k < w:
        x1, y1 = x + max(k, 0), y + max(-k, 0)
        span = min(w - max(k, 0), h - max(-k, 0))
        ops.append(PolygonOp(((x1, y1), (x1 + span, y1 + span)), grey, closed=False))
        k += step
    size = 7.0
    label = label[:30]
    width = text_width_mm(label, "italic", size)
    ops.append(TextOp(x + (w - width) / 2, y + h / 2 + ASCENT * size / PT_PER_MM / 2, label,
                      "italic", size, "#666666"))  # fmt: skip
    return ops


def icon(ctx: Ctx) -> list[Op]:
    name = ctx.text("name").strip()
    if not name:
        return []
    if name not in ctx.icons:
        ctx.problems.append(f"{ctx.where}: no icon named {name!r}")
        return []
    x, y = ctx.length("x"), ctx.length("y", axis="y")
    size = ctx.length("size", 8)
    ink = ctx.colour("color", "#000000") or "#000000"
    paper = ctx.colour("paper", "#FFFFFF") or "#FFFFFF"
    return [IconOp(ctx.icons[name], x, y, size, ink, paper)]


def mark(ctx: Ctx) -> list[Op]:
    """A shape from the icon set, or letters when no icon has that name (for backs and tokens)."""
    shape = ctx.text("shape").strip()
    if shape in ctx.icons:
        ctx.props["name"] = shape
        return icon(ctx)
    x, y = ctx.length("x"), ctx.length("y", axis="y")
    size = ctx.length("size", 8)
    font = ctx.font("bold")
    size_pt = size * PT_PER_MM * 0.9
    width = text_width_mm(shape, font, size_pt)
    if width > size:
        size_pt *= size / width
        width = size
    if size_pt < ctx.text_floor:  # letters too small to read: set at the floor, if they fit
        size_pt = ctx.text_floor
        width = text_width_mm(shape, font, size_pt)
        if width > size + 1e-6:
            ctx.overflows.append(
                f"{ctx.where}: mark {shape!r} does not fit its {size:g} mm box even at "
                f"{size_pt:g} pt"
            )
    ink = ctx.colour("color", "#000000") or "#000000"
    baseline = y + size / 2 + ASCENT * size_pt / PT_PER_MM / 2
    return [TextOp(x + (size - width) / 2, baseline, shape, font, size_pt, ink)]


ELEMENTS: dict[str, tuple[Callable[[Ctx], list[Op]], set[str]]] = {
    "rect": (rect, BOX | STROKE | {"radius", "bleed"}),
    "ellipse": (ellipse, BOX | STROKE | {"bleed"}),
    "line": (line, {"x", "y", "x2", "y2", "stroke", "stroke_width"}),
    "polygon": (polygon, STROKE | {"points"}),
    "text": (
        text,
        BOX | {"text", "font", "size", "min_size", "leading", "color", "paper", "align", "valign"},
    ),
    "image": (image, BOX | {"src", "fit", "placeholder"}),
    "art": (art, ART_KEYS),
    "icon": (icon, {"x", "y", "size", "name", "color", "paper"}),
    "mark": (mark, {"x", "y", "size", "shape", "color", "paper", "font"}),
    "code": (code.code, code.KEYS),  # the card's Micro QR code (layout/code.py)
}


def check_element(raw: dict[str, Any], where: str) -> None:
    kind = raw.get("type")
    if kind not in ELEMENTS:
        known = ", ".join([*ELEMENTS, "repeat"])  # a repeat is read by layout.template
        hint = did_you_mean(str(kind), [*ELEMENTS, "repeat"])
        raise LayoutError(f"{where}: unknown element type {kind!r} ({known}){hint}")
    allowed = ELEMENTS[kind][1] | COMMON
    for key in raw:
        if key not in allowed:
            raise LayoutError(
                f"{where}: {kind} has no key {key!r} (it takes {', '.join(sorted(allowed))})"
            )
