"""PNG faces with pillow, from the same ops and the same TTF files as the PDF.

Drawn at twice the target resolution and scaled down, because pillow's shapes are not
anti-aliased; text uses pillow's baseline anchor so it sits where the PDF puts it.
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from cardgen.printkit.backends.fonts import font_path
from cardgen.printkit.draw import (
    ArtOp,
    EllipseOp,
    Face,
    IconOp,
    ImageOp,
    PolygonOp,
    RectOp,
    TextOp,
)
from cardgen.printkit.icons import expand
from cardgen.printkit.sheets.hex import face_outline, is_hex
from cardgen.printkit.vector_art import flatten

SUPERSAMPLE = 2
CURVE_STEPS = 10  # straight pieces per curve of a vector picture: smooth at 600 px per inch


@cache
def _font(key: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(key)), px)


@cache
def _source(path: str) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("RGBA")


def _px(value: float, scale: float) -> float:
    return value * scale


def render_png(
    face: Face, dpi: int = 300, bleed: bool = True, canvas: tuple[int, int] | None = None
) -> Image.Image:
    """The face as an RGB image, with its bleed (print) or cut at the trim (screens, TTS).

    `canvas`: the exact size in pixels (a print shop's file), the trim centred on it; the face's
    bleed must reach the canvas edges.
    """
    scale = dpi / 25.4 * SUPERSAMPLE
    b = face.bleed
    if canvas is None:
        width = round((face.width + 2 * b) * scale)
        height = round((face.height + 2 * b) * scale)
        left = top = b * scale
    else:
        width, height = canvas[0] * SUPERSAMPLE, canvas[1] * SUPERSAMPLE
        left, top = (width - face.width * scale) / 2, (height - face.height * scale) / 2
    image = Image.new("RGB", (width, height), "#FFFFFF")
    draw = ImageDraw.Draw(image)

    def pt(x: float, y: float) -> tuple[float, float]:
        return (x * scale + left, y * scale + top)

    def stroke_px(points: float) -> int:
        return max(1, round(points / 72 * dpi * SUPERSAMPLE))

    ops = [shape for op in face.ops for shape in (expand(op) if isinstance(op, IconOp) else [op])]
    for op in ops:
        if isinstance(op, RectOp):
            box = [pt(op.x, op.y), pt(op.x + op.w, op.y + op.h)]
            outline = op.style.stroke
            width_px = stroke_px(op.style.stroke_pt) if outline else 0
            if op.radius > 0:
                draw.rounded_rectangle(box, op.radius * scale, op.style.fill, outline, width_px)
            else:
                draw.rectangle(box, op.style.fill, outline, width_px)
        elif isinstance(op, EllipseOp):
            box = [pt(op.cx - op.rx, op.cy - op.ry), pt(op.cx + op.rx, op.cy + op.ry)]
            outline = op.style.stroke
            draw.ellipse(
                box, op.style.fill, outline, stroke_px(op.style.stroke_pt) if outline else 0
            )
        elif isinstance(op, PolygonOp):
            points = [pt(x, y) for x, y in op.points]
            if len(points) < 2:
                continue
            if op.closed and op.style.fill:
                draw.polygon(points, fill=op.style.fill)
            if op.style.stroke:
                line = [*points, points[0], points[1]] if op.closed else points  # join the ends
                draw.line(line, fill=op.style.stroke, width=stroke_px(op.style.stroke_pt),
                          joint="curve")  # fmt: skip
        elif isinstance(op, TextOp):
            px = max(1, round(op.size_pt / 72 * dpi * SUPERSAMPLE))
            if op.rotation:
                _rotated_text(image, op, pt(op.x, op.baseline), _font(op.font, px))
            else:
                draw.text(pt(op.x, op.baseline), op.text, fill=op.color, font=_font(op.font, px),
                          anchor="ls")  # fmt: skip
        elif isinstance(op, ImageOp):
            _paste(image, op, pt, scale)
        elif isinstance(op, ArtOp):
            _art(image, op, pt, scale)
    if face.shape == "round":
        r = min(face.width, face.height) / 2
        box = [
            pt(face.width / 2 - r, face.height / 2 - r),
            pt(face.width / 2 + r, face.height / 2 + r),
        ]
        draw.ellipse(box, None, "#808080", stroke_px(0.25))
    elif is_hex(face.shape):  # the cut line, as a round token's
        cut_line = [pt(x, y) for x, y in face_outline(face.shape, face.width, face.height)]
        draw.polygon(cut_line, None, "#808080", stroke_px(0.25))
    image = image.reduce(SUPERSAMPLE)  # box average of 2 x 2: the anti-aliasing, at little cost
    if not bleed:
        cut = round(b * dpi / 25.4)
        image = image.crop((cut, cut, image.width - cut, image.height - cut))
    return image


def _rotated_text(image: Image.Image, op: TextOp, anchor, font) -> None:
    """Text turned about its baseline start: drawn on a square around that point, turned, pasted."""
    reach = int(font.getlength(op.text) + font.size * 2) + 2
    layer = Image.new("RGBA", (2 * reach, 2 * reach), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((reach, reach), op.text, fill=op.color, font=font, anchor="ls")
    layer = layer.rotate(-op.rotation, resample=Image.Resampling.BICUBIC, center=(reach, reach))
    image.paste(layer, (round(anchor[0]) - reach, round(anchor[1]) - reach), layer)


def _paste(image: Image.Image, op: ImageOp, pt, scale: float) -> None:
    source = _source(op.path)
    box_w, box_h = op.w * scale, op.h * scale
    ratio = (max if op.fit == "cover" else min)(box_w / source.width, box_h / source.height)
    size = (max(1, round(source.width * ratio)), max(1, round(source.height * ratio)))
    scaled = source.resize(size, Image.Resampling.LANCZOS)
    x0, y0 = pt(op.x, op.y)
    left = round(x0 + (box_w - size[0]) / 2)
    top = round(y0 + (box_h - size[1]) / 2)
    if op.fit == "cover":
        crop_l, crop_t = max(0, round(x0) - left), max(0, round(y0) - top)
        scaled = scaled.crop((crop_l, crop_t, crop_l + round(box_w), crop_t + round(box_h)))
        left, top = round(x0), round(y0)
    image.paste(scaled, (left, top), scaled)


def _art(image: Image.Image, op: ArtOp, pt, scale: float) -> None:
    """A vector picture filled by the non-zero rule, as the PDF fills it: each closed outline
    adds or takes one from a winding count (by its direction), and what is not zero is ink."""
    bx, by, bw, bh = op.art.box
    unit = op.size / max(bw, bh)  # mm per picture unit
    left, top = pt(op.x + (op.size - bw * unit) / 2, op.y + (op.size - bh * unit) / 2)
    px = unit * scale
    width, height = max(1, round(bw * px)), max(1, round(bh * px))
    zero = 128
    count = Image.new("L", (width, height), zero)
    for outline in flatten(op.art.segments, CURVE_STEPS):
        points = [((x - bx) * px, (y - by) * px) for x, y in outline]
        mask = Image.new("L", (width, height), 0)
        ImageDraw.Draw(mask).polygon(points, fill=1)
        turn = sum(
            x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in itertools.pairwise([*points, points[0]])
        )
        count = (ImageChops.add if turn > 0 else ImageChops.subtract)(count, mask)
    ink = count.point(lambda v: 0 if v == zero else 255)
    layer = Image.new("RGB", (width, height), op.ink)
    if op.rotation:
        ink = ink.rotate(-op.rotation, expand=False)
    image.paste(layer, (round(left), round(top)), ink)


def save_png(image: Image.Image, path: Path, dpi: int = 300) -> None:
    image.save(path, "PNG", dpi=(dpi, dpi), compress_level=1)


def save_tiff(image: Image.Image, path: Path, dpi: int = 300) -> None:
    """A TIFF (lossless, its resolution stored exactly), for CMYK faces (`images.to_cmyk`)."""
    image.save(path, "TIFF", dpi=(dpi, dpi), compression="tiff_adobe_deflate")


def grey(colour: str) -> int:
    """`colour` (any colour Pillow reads) as the grey level 0-255 its "L" conversion gives: what
    the quiet-zone check compares the rendered pixels with."""
    return int(Image.new("RGB", (1, 1), colour).convert("L").getpixel((0, 0)))  # type: ignore[arg-type]
