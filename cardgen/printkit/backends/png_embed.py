"""PNG images into a PDF without decoding them.

A PNG's IDAT stream is zlib data with per-row filters, which PDF reads as FlateDecode with a PNG
predictor; so an 8-bit RGB or grey PNG without alpha can go into the PDF byte for byte. That skips
reportlab's decode, pixel hash and re-compression (the slow path in the print standards,
section 5.3) and keeps no decoded pixels in memory. The data is read only when the PDF is written.
Other PNGs (alpha, palettes, 16-bit, interlaced) take reportlab's usual path.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfdoc

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOURS = {0: ("DeviceGray", 1), 2: ("DeviceRGB", 3)}


@dataclass(frozen=True)
class PngInfo:
    width: int
    height: int
    colour_space: str
    colours: int


@cache
def passthrough_info(path: str) -> PngInfo | None:
    """Header facts if the PNG can be embedded as it is, else None."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(33)
    except OSError:
        return None
    if len(head) < 33 or not head.startswith(SIGNATURE) or head[12:16] != b"IHDR":
        return None
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", head[16:29])
    if depth != 8 or colour not in COLOURS or interlace != 0:
        return None
    space, colours = COLOURS[colour]
    return PngInfo(width, height, space, colours)


def idat(path: str) -> bytes:
    """The concatenated IDAT chunks: the zlib stream PDF will inflate."""
    data = Path(path).read_bytes()
    chunks = []
    offset = len(SIGNATURE)
    while offset + 8 <= len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        if kind == b"IDAT":
            chunks.append(data[offset + 8 : offset + 8 + length])
        elif kind == b"IEND":
            break
        offset += 12 + length
    return b"".join(chunks)


class PngXObject(pdfdoc.PDFImageXObject):
    """An image XObject whose stream is the PNG's own compressed data, read at save time."""

    def __init__(self, name: str, path: str, info: PngInfo) -> None:
        super().__init__(name)
        self.path = path
        self.width, self.height = info.width, info.height
        self.bitsPerComponent = 8
        self.colorSpace = info.colour_space
        self.colours = info.colours
        self._filters = ("FlateDecode",)
        self.streamContent = b""
        self.mask = None

    def format(self, document):
        content = idat(self.path)
        stream = pdfdoc.PDFStream(content=content)
        d = stream.dictionary
        d["Type"] = pdfdoc.PDFName("XObject")
        d["Subtype"] = pdfdoc.PDFName("Image")
        d["Width"] = self.width
        d["Height"] = self.height
        d["BitsPerComponent"] = 8
        d["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
        d["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
        parms = {
            "Predictor": 15,
            "Colors": self.colours,
            "BitsPerComponent": 8,
            "Columns": self.width,
        }
        d["DecodeParms"] = pdfdoc.PDFArray([pdfdoc.PDFDictionary(parms)])  # one per filter
        d["Length"] = len(content)
        return stream.format(document)


def draw_png(canvas, path: str, x: float, y: float, w: float, h: float) -> bool:
    """Draw `path` into the box (points) without decoding it; False if it cannot be done so."""
    info = passthrough_info(path)
    if info is None:
        return False
    name = hashlib.sha1(("png:" + path).encode("utf-8")).hexdigest()
    doc = canvas._doc
    reg_name = doc.getXObjectName(name)
    if doc.idToObject.get(reg_name) is None:
        image = PngXObject(name, path, info)
        canvas._setXObjects(image)
        doc.Reference(image, reg_name)
        doc.addForm(name, image)
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{reg_name} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)
    return True
