"""Drawing a face's ops with reportlab: one `Painter` for every canvas the kit draws on (a sheet's
face forms, the rulebook's frames), and the fonts it draws with.

Fonts are Vera TTFs embedded as subsets, registered here once, so no unembedded Helvetica sneaks
in (shared/reference/print-standards.md section 5.2). Kept apart from `pdf`, which lays the faces
out as forms on pages, so the rulebook can draw with the painter without the sheet machinery.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardgen.printkit.backends.fonts import FONTS, PDF_NAMES, STYLES, _ttf, style_of, styled
from cardgen.printkit.backends.png_embed import draw_png
from cardgen.printkit.draw import (
    ArtOp,
    EllipseOp,
    IconOp,
    ImageOp,
    Op,
    PolygonOp,
    RectOp,
    Style,
    TextOp,
)
from cardgen.printkit.icons import draw_icon
from cardgen.printkit.ink import RICH_BLACK, RICH_BLACK_MM2, cmyk_of

K = 72.0 / 25.4  # points per millimetre
FILL_NON_ZERO = 1  # reportlab's fill mode for the non-zero winding rule, as SVG fills by default


def register_fonts() -> None:
    """Every font key known so far registered with reportlab (Vera's, and the families games
    have named: `cardgen.printkit.typefaces`), each family tied together so that <b> and <i>
    in a rulebook paragraph find its bold and italic faces."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for key in list(FONTS):
        if PDF_NAMES[key] not in registered:
            pdfmetrics.registerFont(_ttf(key))
    for key in list(FONTS):
        if style_of(key) == "regular":
            faces = {s: styled(key, "bold" in s, "italic" in s) or key for s in STYLES}
            pdfmetrics.registerFontFamily(
                PDF_NAMES[key],
                normal=PDF_NAMES[key],
                bold=PDF_NAMES[faces["bold"]],
                italic=PDF_NAMES[faces["italic"]],
                boldItalic=PDF_NAMES[faces["bolditalic"]],
            )


def pdf_font(key: str) -> str:
    """`key`'s name in reportlab, registered first if a game named it after the canvas began."""
    name = PDF_NAMES[key]
    if name not in _REGISTERED:
        register_fonts()
        _REGISTERED.update(pdfmetrics.getRegisteredFontNames())
    return name


_REGISTERED: set[str] = set()  # reportlab's font names known registered (it keeps them for good)


def _area(points: tuple[tuple[float, float], ...]) -> float:
    """A closed polygon's area (the shoelace formula): a hex tile's, a banner's."""
    turned = points[1:] + points[:1]
    return (
        abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, turned, strict=True))) / 2
    )


def _form_safe(name: str) -> str:
    """A picture's name as letters, digits and underscores, for its form's name."""
    return "".join(ch if ch.isalnum() else "_" for ch in name)[:40]


@cache
def image_size(path: str) -> tuple[int, int]:
    from reportlab.lib.utils import ImageReader

    return ImageReader(path).getSize()


class Painter:
    """Draws ops (mm, origin top-left) on any reportlab canvas: a page, a form, a platypus frame.

    Icons become forms of their own, once per icon and colours, and are placed by a transform.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        # One registry per canvas, shared by every painter on it: form names must be unique in
        # a document, and a rulebook draws many diagrams with painters of their own.
        if not hasattr(canvas, "_cardgen_icon_forms"):
            canvas._cardgen_icon_forms = {}
        self.icon_forms: dict[tuple[int, str, str], str] = canvas._cardgen_icon_forms
        if not hasattr(canvas, "_cardgen_art_forms"):
            canvas._cardgen_art_forms = {}
        self.art_forms: dict[int, str] = canvas._cardgen_art_forms  # one form per picture
        self.cmyk = False  # a print shop's CMYK file: every colour and image in CMYK
        self._colours: dict[tuple[bool, str], Color] = {}  # a deck sets a few colours often
        self._set: dict[str, object] | None = None  # see `stream`

    def colour(self, value: str) -> Color:
        colour = self._colours.get((self.cmyk, value))
        if colour is None:
            colour = CMYKColor(*cmyk_of(value)) if self.cmyk else HexColor(value)
            self._colours[(self.cmyk, value)] = colour
        return colour

    def ops(self, ops: list[Op], h: float) -> None:
        for op in ops:
            self._op(op, h)

    def prepare(self, ops: list[Op]) -> None:
        """Define the icon forms `ops` need (forms cannot be defined inside another form)."""
        for op in ops:
            if isinstance(op, IconOp):
                self._icon_form(op)
            elif isinstance(op, ArtOp):
                self._art_form(op)

    @contextmanager
    def stream(self) -> Iterator[None]:
        """Draw one content stream of our own (a face's form): within it a fill, stroke or line
        width already set is not set again. Icons and images draw inside q ... Q, which gives
        back what was set before them, so what is remembered stays true."""
        self._set = {}
        try:
            yield
        finally:
            self._set = None

    def _fill(self, colour: str, area_mm2: float = 0.0) -> None:
        """Fill with `colour`; in a CMYK file, a large black area (`area_mm2`, of a shape's
        fill) in rich black (`cardgen.printkit.ink.cmyk_fill`)."""
        rich = self.cmyk and area_mm2 >= RICH_BLACK_MM2 and cmyk_of(colour) == (0, 0, 0, 1)
        key = f"{colour} rich" if rich else colour
        if self._set is not None:
            if self._set.get("fill") == key:
                return
            self._set["fill"] = key
        self.canvas.setFillColor(CMYKColor(*RICH_BLACK) if rich else self.colour(colour))

    def _stroke(self, colour: str, width: float) -> None:
        if self._set is not None:
            if self._set.get("stroke") == colour and self._set.get("width") == width:
                return
            self._set["stroke"], self._set["width"] = colour, width
        self.canvas.setStrokeColor(self.colour(colour))
        self.canvas.setLineWidth(width)

    def _style(self, style: Style, area_mm2: float = 0.0) -> tuple[int, int]:
        if style.fill:
            self._fill(style.fill, area_mm2)
        if style.stroke:
            self._stroke(style.stroke, style.stroke_pt)
        return (1 if style.fill else 0), (1 if style.stroke else 0)

    def _op(self, op: Op, h: float) -> None:
        DRAW[type(op)](self, op, h)

    def _rect(self, op: RectOp, h: float) -> None:
        fill, stroke = self._style(op.style, op.w * op.h)
        if fill or stroke:
            c = self.canvas
            y = (h - op.y - op.h) * K
            if op.radius > 0:
                c.roundRect(op.x * K, y, op.w * K, op.h * K, op.radius * K, stroke, fill)
            else:
                c.rect(op.x * K, y, op.w * K, op.h * K, stroke, fill)

    def _ellipse(self, op: EllipseOp, h: float) -> None:
        fill, stroke = self._style(op.style, math.pi * op.rx * op.ry)
        x1, x2 = (op.cx - op.rx) * K, (op.cx + op.rx) * K
        y1, y2 = (h - op.cy - op.ry) * K, (h - op.cy + op.ry) * K
        self.canvas.ellipse(x1, y1, x2, y2, stroke, fill)

    def _polygon(self, op: PolygonOp, h: float) -> None:
        # Only a CMYK file asks how large a black fill is (rich black): measured only there.
        area = _area(op.points) if self.cmyk and op.closed and op.style.fill else 0.0
        fill, stroke = self._style(op.style, area)
        if not op.closed:
            fill = 0
        if (fill or stroke) and len(op.points) > 1:
            c = self.canvas
            path = c.beginPath()
            path.moveTo(op.points[0][0] * K, (h - op.points[0][1]) * K)
            for x, y in op.points[1:]:
                path.lineTo(x * K, (h - y) * K)
            if op.closed:
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill)

    def _text(self, op: TextOp, h: float) -> None:
        c = self.canvas
        self._fill(op.color)
        c.setFont(pdf_font(op.font), op.size_pt)
        if op.rotation:
            c.saveState()
            c.translate(op.x * K, (h - op.baseline) * K)
            c.rotate(-op.rotation)  # clockwise on the page
            c.drawString(0, 0, op.text)
            c.restoreState()
        else:
            c.drawString(op.x * K, (h - op.baseline) * K, op.text)

    def _icon_form(self, op: IconOp) -> str:
        """Each icon in each pair of colours is one form, drawn once at 100 mm, then scaled."""
        key = (id(op.icon), op.ink, op.paper)
        name = self.icon_forms.get(key)
        if name is None:
            name = f"I{len(self.icon_forms)}"
            self.icon_forms[key] = name
            c = self.canvas
            outer, self._set = self._set, None  # the icon's own stream: nothing set there yet
            c.beginForm(name, -10 * K, -10 * K, 110 * K, 110 * K)
            for shape in draw_icon(op.icon, 0, 0, 100, op.ink, op.paper):
                self._op(shape, 100)
            c.endForm()
            self._set = outer
        return name

    def _icon(self, op: IconOp, h: float) -> None:
        c = self.canvas
        name = self._icon_form(op)
        c.saveState()
        scale = op.size / 100
        c.translate(op.x * K, (h - op.y - op.size) * K)
        if op.rotation:
            c.translate(op.size / 2 * K, op.size / 2 * K)
            c.rotate(-op.rotation)
            c.translate(-op.size / 2 * K, -op.size / 2 * K)
        c.scale(scale, scale)
        c.doForm(name)
        c.restoreState()

    def _art_form(self, op: ArtOp) -> str:
        """Each picture is one form of bare paths, whatever its colour: the fill colour set
        before the form is placed is the one it paints with, so a picture shown on 40 cards in
        three colours is still written once."""
        forms = self.art_forms
        key = id(op.art)
        name = forms.get(key)
        if name is None:
            name = f"Art{len(forms)}_{_form_safe(op.art.name)}"
            forms[key] = name
            c = self.canvas
            bx, by, bw, bh = op.art.box
            c.beginForm(name, bx, -(by + bh), bx + bw, -by)  # SVG y runs down: the form flips
            path = c.beginPath()
            for segment in op.art.segments:
                kind = segment[0]
                if kind == "M":
                    path.moveTo(segment[1], -segment[2])
                elif kind == "L":
                    path.lineTo(segment[1], -segment[2])
                elif kind == "C":
                    x1, y1, x2, y2, x3, y3 = segment[1:]
                    path.curveTo(x1, -y1, x2, -y2, x3, -y3)
                else:
                    path.close()
            c.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
            c.endForm()
        return name

    def _art(self, op: ArtOp, h: float) -> None:
        c = self.canvas
        name = self._art_form(op)
        bx, by, bw, bh = op.art.box
        scale = op.size / max(bw, bh) * K
        c.saveState()
        c.setFillColor(self.colour(op.ink))
        c.translate(op.x * K, (h - op.y - op.size) * K)
        if op.rotation:
            c.translate(op.size / 2 * K, op.size / 2 * K)
            c.rotate(-op.rotation)
            c.translate(-op.size / 2 * K, -op.size / 2 * K)
        # the picture's box centred in the square; the form's y is flipped (top at 0)
        c.translate((op.size * K - bw * scale) / 2, (op.size * K + bh * scale) / 2)
        c.scale(scale, scale)
        c.translate(-bx, by)
        c.doForm(name)
        c.restoreState()

    def _image(self, op: ImageOp, h: float) -> None:
        c = self.canvas
        iw, ih = image_size(op.path)
        box_w, box_h = op.w, op.h
        scale = (max if op.fit == "cover" else min)(box_w / iw, box_h / ih)
        dw, dh = iw * scale, ih * scale
        dx, dy = op.x + (box_w - dw) / 2, op.y + (box_h - dh) / 2
        c.saveState()
        if op.fit == "cover":
            path = c.beginPath()
            path.rect(op.x * K, (h - op.y - op.h) * K, op.w * K, op.h * K)
            c.clipPath(path, stroke=0, fill=0)
        box = (dx * K, (h - dy - dh) * K, dw * K, dh * K)
        if self.cmyk:
            from cardgen.printkit.backends.images import cmyk_art

            c.drawImage(cmyk_art(op.path), *box)
        elif not (op.path.lower().endswith(".png") and draw_png(c, op.path, *box)):
            c.drawImage(op.path, *box, mask="auto")
        c.restoreState()


DRAW: dict[type, Callable[[Painter, Any, float], None]] = {
    RectOp: Painter._rect,
    EllipseOp: Painter._ellipse,
    PolygonOp: Painter._polygon,
    TextOp: Painter._text,
    ImageOp: Painter._image,
    IconOp: Painter._icon,
    ArtOp: Painter._art,
}
