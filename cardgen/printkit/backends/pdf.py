"""Vector PDF with reportlab: every face a Form XObject drawn once and placed wherever needed.

A back shared by 200 cards, or four copies of one card, costs one form plus a few bytes per
placement. Fonts are Vera TTFs embedded as subsets, and the canvas starts in Vera, so no
unembedded Helvetica sneaks in (shared/reference/print-standards.md section 5.2). Output is
byte-reproducible (`invariant=1`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardgen.printkit.backends.fonts import PDF_NAMES
from cardgen.printkit.backends.painter import K, Painter, register_fonts
from cardgen.printkit.draw import (
    Face,
    Op,
)
from cardgen.printkit.sheets import (
    LABEL_MIN_PT,
    LABEL_PT,
    Line,
    Page,
    Rect,
    label_position,
    label_width,
)
from cardgen.printkit.sheets.hex import face_outline, is_hex

MARK_COLOUR = "#000000"
MARK_PT = 0.5
CUT_LINE_COLOUR = "#808080"
FACE_RESOURCES = "FaceResources"  # the name of the resource dictionary the faces share


@dataclass(frozen=True)
class Placement:
    """A face on a page: where its trim goes, what area it may paint, how it is turned.

    `shift` (mm) moves the face's own origin, so that a page can show one part of a face larger
    than the paper: the part starting `shift` from the face's top-left lands at `trim`.
    """

    face: Face
    trim: Rect
    paint: Rect
    rotation: int = 0
    shift: tuple[float, float] | None = None


class PdfDocument:
    """One PDF being written: add faces as forms, then pages that place them."""

    def __init__(
        self, path: Path, title: str, subject: str = "", release: bool = False, cmyk: bool = False
    ) -> None:
        """`release`: drop each face's ops once its form is written (nothing else will draw it).
        `cmyk`: colours and images in CMYK (`cardgen.printkit.ink`); an RGB colour raises."""
        self.release = release
        rl_config.useA85 = 0  # no +25 % on embedded images
        register_fonts()
        self._handle = open(path, "wb")  # noqa: SIM115 - closed in save(), streamed into
        self.canvas = Canvas(
            self._handle,
            initialFontName=PDF_NAMES["regular"],
            invariant=1,
            pageCompression=1,
            enforceColorSpace="cmyk" if cmyk else None,
        )
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setCreator("cardgen")
        self.forms: dict[str, str] = {}
        self._resources: pdfdoc.PDFResourceDictionary | None = None  # shared by every face
        self.painter = Painter(self.canvas)
        self.painter.cmyk = cmyk
        self.pages = 0

    # faces -----------------------------------------------------------------------------------
    def form(self, face: Face) -> str:
        """The name of the form holding `face`, defining it on first use."""
        key = face.key or str(id(face))
        if key in self.forms:
            return self.forms[key]
        name = f"F{len(self.forms)}"
        b = face.bleed
        c = self.canvas
        self.painter.prepare(face.ops)  # forms cannot nest while being defined: icons first
        c.beginForm(name, -b * K, -b * K, (face.width + b) * K, (face.height + b) * K)
        if is_hex(face.shape):  # paint only the tile and its bleed: neighbours nest close by
            self._clip_points(face_outline(face.shape, face.width, face.height, b), face.height)
        with self.painter.stream():
            for op in face.ops:
                self.painter._op(op, face.height)
        if face.shape == "round":
            self._cut_circle(face)
        c.endForm(Resources=self._shared_resources(c._formsinuse))
        self.forms[key] = name
        if self.release:
            face.ops.clear()
        return name

    def _shared_resources(self, used: list[str]) -> pdfdoc.PDFObjectReference:
        """One resource dictionary for every face's form, naming the fonts and each icon form
        and image any face draws (`used` adds this face's): a deck's faces differ in text, not
        in resources, and one dictionary written once spares a copy per card."""
        if self._resources is None:
            self._resources = pdfdoc.PDFResourceDictionary()
            self._resources.basicFonts()
            self._resources.allProcs()
            self.canvas._doc.Reference(self._resources, FACE_RESOURCES)
        xobjects = self._resources.XObject
        for name in used:
            internal = pdfdoc.xObjectName(name)
            xobjects[internal] = pdfdoc.PDFObjectReference(internal)
        return pdfdoc.PDFObjectReference(FACE_RESOURCES)

    def _clip_points(self, points: tuple[tuple[float, float], ...], h: float) -> None:
        path = self.canvas.beginPath()
        path.moveTo(points[0][0] * K, (h - points[0][1]) * K)
        for x, y in points[1:]:
            path.lineTo(x * K, (h - y) * K)
        path.close()
        self.canvas.clipPath(path, stroke=0, fill=0)

    def _cut_circle(self, face: Face) -> None:
        c = self.canvas
        c.setStrokeColor(self.painter.colour(CUT_LINE_COLOUR))
        c.setLineWidth(0.25)
        r = min(face.width, face.height) / 2
        c.circle(face.width / 2 * K, face.height / 2 * K, r * K, stroke=1, fill=0)

    # pages -----------------------------------------------------------------------------------
    def page(
        self,
        page: Page,
        placements: list[Placement],
        label: str = "",
        extra: list[Op] | None = None,
    ) -> None:
        """Place faces, then marks, extra ops (fold lines, tabs) and the label."""
        c = self.canvas
        c.setPageSize((page.width * K, page.height * K))
        for placement in placements:
            self.place(placement, page.height)
        for op in extra or ():
            self.painter._op(op, page.height)
        self._lines(page.marks, page.height, MARK_COLOUR, MARK_PT)
        self._solids(page.solids, page.height)
        self._lines(page.cut_lines, page.height, CUT_LINE_COLOUR, 0.25)
        if page.fold is not None:
            c.saveState()
            c.setDash(4, 3)
            self._lines((page.fold,), page.height, CUT_LINE_COLOUR, 0.5)
            c.restoreState()
        if label or page.label:
            self._label(label or page.label, page.width, page.height, page.label_x)
        c.showPage()
        self.pages += 1

    def place(self, placement: Placement, page_h: float) -> None:
        """Draw a face's form with its trim at `trim` (turned if asked), clipped to `paint`."""
        c = self.canvas
        name = self.form(placement.face)
        trim = placement.trim
        c.saveState()
        self._clip(placement.paint, page_h)
        x, y = trim.x * K, (page_h - trim.bottom) * K
        if placement.rotation == 180:
            c.translate(x + trim.w * K, y + trim.h * K)
            c.rotate(180)
        else:
            c.translate(x, y)
        if placement.shift is not None:  # show a part of a larger face here (board pieces)
            sx, sy = placement.shift  # the face point (mm, from its top-left) to put at trim
            c.translate(-sx * K, -(placement.face.height - sy - trim.h) * K)
        c.doForm(name)
        c.restoreState()

    def _clip(self, rect: Rect, page_h: float) -> None:
        path = self.canvas.beginPath()
        path.rect(rect.x * K, (page_h - rect.bottom) * K, rect.w * K, rect.h * K)
        self.canvas.clipPath(path, stroke=0, fill=0)

    def _lines(self, lines: tuple[Line, ...], page_h: float, colour: str, width: float) -> None:
        if not lines:
            return
        c = self.canvas
        c.setStrokeColor(self.painter.colour(colour))
        c.setLineWidth(width)
        for line in lines:
            c.line(line.x1 * K, (page_h - line.y1) * K, line.x2 * K, (page_h - line.y2) * K)

    def _solids(self, rects: tuple[Rect, ...], page_h: float) -> None:
        """Filled rectangles in black ink alone (a cutting machine's sensor reads them)."""
        if not rects:
            return
        c = self.canvas
        c.setFillColor(self.painter.colour("#000000"))
        for rect in rects:
            c.rect(rect.x * K, (page_h - rect.bottom) * K, rect.w * K, rect.h * K, 0, 1)

    def _label(self, text: str, width: float, height: float, start: float | None = None) -> None:
        """The page's label at its foot, inside the printable area: set smaller, then shortened,
        when it is too long for the line. `start`: where it begins, when something is drawn at
        the foot's left (a cutting machine's mark)."""
        c = self.canvas
        font = PDF_NAMES["regular"]
        x, baseline = label_position(height)
        room = (label_width(width) - (start - x if start is not None else 0)) * K
        size = LABEL_PT
        if pdfmetrics.stringWidth(text, font, size) > room:
            size = LABEL_MIN_PT
        while len(text) > 1 and pdfmetrics.stringWidth(text, font, size) > room:
            text = text[:-2].rstrip() + "\u2026"
        x = start if start is not None else x
        c.setFillColor(self.painter.colour("#000000"))
        c.setFont(font, size)
        c.drawString(x * K, (height - baseline) * K, text)

    def draw_ops_page(self, width: float, height: float, ops: list[Op], label: str = "") -> None:
        """A page drawn directly from ops (calibration, board pieces), origin top-left."""
        c = self.canvas
        c.setPageSize((width * K, height * K))
        for op in ops:
            self.painter._op(op, height)
        if label:
            self._label(label, width, height)
        c.showPage()
        self.pages += 1

    def set_boxes(self, trim: Rect, bleed: Rect, page_h: float) -> None:
        """TrimBox and BleedBox (4-tuples in points); sticky for the pages that follow."""
        self.canvas.setTrimBox(
            (trim.x * K, (page_h - trim.bottom) * K, trim.right * K, (page_h - trim.y) * K)
        )
        self.canvas.setBleedBox(
            (bleed.x * K, (page_h - bleed.bottom) * K, bleed.right * K, (page_h - bleed.y) * K)
        )

    def save(self) -> None:
        """Write the PDF object by object straight to the file.

        reportlab gathers every formatted object and joins them at the end, so a 200 MB deck of
        art peaks at twice its size in memory; streaming keeps one object in memory at a time.
        """
        handle = self._handle
        original: type = pdfdoc.PDFFile

        class StreamingFile(original):  # type: ignore[misc, valid-type]
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, **kwargs)  # the header, gathered the usual way
                for chunk in self.strings:
                    handle.write(chunk)
                self.strings: list[bytes] = []
                self.write = handle.write  # offsets are still counted by `add`

            def format(self, document) -> bytes:
                return b""

        pdfdoc.PDFFile = StreamingFile
        try:
            self.canvas.save()
        finally:
            pdfdoc.PDFFile = original
            handle.close()
