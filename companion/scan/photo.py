"""The card codes in a photo: decoded with zxing-cpp, left to right.

Only Micro QR codes are read (what `cardgen.printkit.layout.code` prints), so a seat link's QR
code or a product barcode in the frame is never taken for a card. A photo from a front camera
may come mirrored: zxing-cpp reads a mirrored code as it is.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import zxingcpp
from PIL import Image, ImageFilter, ImageOps, UnidentifiedImageError

LARGEST_SIDE = 4000  # pixels: a larger photo is scaled down first (speed; codes stay readable)
LARGEST_READ = 6000  # pixels: no photo is enlarged beyond this to be read again
SCALES = (1, 1.5, 2, 3)  # the enlargements tried, in order, until a code is found
MOST_PIXELS = 50_000_000  # refuse anything larger outright (a decompression bomb)
SHARPEN = ImageFilter.UnsharpMask(radius=3, percent=200, threshold=0)  # for soft photos
MICRO_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.MicroQRCode)  # what cards carry


class PhotoError(ValueError):
    """The bytes are not a photo this module can read; the message is one line for the page."""


@dataclass(frozen=True)
class Found:
    """One code in the photo: its text and where its centre lies (pixels)."""

    text: str
    x: float
    y: float


def load(data: bytes) -> Image.Image:
    """The photo as a grey image, turned upright by its EXIF tag and scaled to LARGEST_SIDE."""
    if not data:
        raise PhotoError("the photo is empty: take it again")
    try:
        with Image.open(io.BytesIO(data)) as opened:
            if opened.width * opened.height > MOST_PIXELS:
                raise PhotoError(f"the photo is too large ({opened.width} x {opened.height} px)")
            image = ImageOps.exif_transpose(opened).convert("L")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        raise PhotoError("the photo could not be read as an image: take it again") from None
    if max(image.size) > LARGEST_SIDE:
        image.thumbnail((LARGEST_SIDE, LARGEST_SIDE))
    return image


def _read(image: Image.Image) -> list[Found]:
    found = []
    for code in zxingcpp.read_barcodes(image, formats=MICRO_QR):
        corners = code.position
        xs = (corners.top_left.x, corners.top_right.x, corners.bottom_left.x,
              corners.bottom_right.x)  # fmt: skip
        ys = (corners.top_left.y, corners.top_right.y, corners.bottom_left.y,
              corners.bottom_right.y)  # fmt: skip
        found.append(Found(code.text, sum(xs) / 4, sum(ys) / 4))
    return found


def codes(image: Image.Image, several: bool = False) -> list[Found]:
    """Every card code in `image`, left to right (a row of cards reads in its order).

    A code only a few pixels per module wide is often found only once the photo is enlarged,
    so the photo is read at larger scales until something is found (mirror images are read as
    they are: zxing-cpp tries them itself). With `several`, every scale is read and what each
    finds is put together, so small codes beside a large one are not missed (slower).
    """
    found: list[Found] = []
    for scale in SCALES:
        if scale > 1 and max(image.size) * scale > LARGEST_READ:
            break
        size = (round(image.width * scale), round(image.height * scale))
        step = image if scale == 1 else image.resize(size, Image.Resampling.BICUBIC)
        near = max(image.size) / 100  # the same code found again at another scale
        for code in _read(step):
            at = Found(code.text, code.x / scale, code.y / scale)
            if not any(abs(f.x - at.x) < near and abs(f.y - at.y) < near for f in found):
                found.append(at)
        if found and not several:
            break
    if not found:  # a dim or soft photo: stretch its contrast, sharpen it, and look again
        found = _read_harder(image)
    return sorted(found, key=lambda f: (f.x, f.y))


def _read_harder(image: Image.Image) -> list[Found]:
    """The codes of a photo nothing was found in at first: contrast stretched and edges
    sharpened (at full size, then at three quarters, where noise weighs less)."""
    clear = ImageOps.autocontrast(image, cutoff=1).filter(SHARPEN)
    for scale in (1, 0.75):
        size = (round(image.width * scale), round(image.height * scale))
        step = clear if scale == 1 else clear.resize(size, Image.Resampling.BICUBIC)
        found = [Found(f.text, f.x / scale, f.y / scale) for f in _read(step)]
        if found:
            return found
    return []


def codes_in(data: bytes, several: bool = False) -> list[Found]:
    """Every card code in the photo `data` (JPEG, PNG ...); PhotoError if it is not one."""
    return codes(load(data), several)
