"""A phone camera, simulated: a card face as it comes out of a photo taken at the table.

Each photo lays the face on a mottled table at an angle (any rotation, a perspective tilt), at
the size a card takes in a tablet's or phone's frame, then blurs it (focus, hand shake), dims
it unevenly (low light, a lamp to one side), adds sensor noise (stronger in the dark, as a
camera's gain raises it) and compresses it as a JPEG, the way a browser hands a photo over.
Everything comes from one seed, so a failing photo can be made again and looked at. The photo
is made in grey, as the scanner reads it (`companion.scan.photo` turns every photo grey first):
a third of the work of a colour one, for the same pixels the decoder sees.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageFilter


@dataclass(frozen=True)
class Shot:
    """How one photo is taken; every number drawn from the seed."""

    frame: tuple[int, int]  # the photo's size in pixels
    card_share: float  # how much of the frame the card (turned as it lies) fills, 0 to 1
    angle: float  # degrees
    tilt: float  # how far the far corners pull in (perspective), a share of the card's size
    blur: float  # Gaussian radius, pixels
    light: float  # brightness, 1 = well lit
    noise: float  # sensor noise, grey levels (1 sigma) at full light
    quality: int  # JPEG quality
    mirrored: bool  # a front camera's mirror image


PHONE = (4032, 3024)  # a 12-megapixel phone or tablet camera's photo
FULL_HD = (1920, 1080)  # what `st.camera_input(..., resolution="1080p")` hands over at most
HD = (1280, 720)  # a 720p camera, or a browser that settles for less


def shot(rng: np.random.Generator, frame: tuple[int, int] = PHONE) -> Shot:
    """A photo somebody might take holding a card up to the camera: blur is scaled to the
    frame: up to 2 px in a 12-megapixel photo, a soft picture (a phone focusing on a card a
    hand holds up is sharper than that; at 3 px and the card over half the frame, about one
    photo in twelve loses its code)."""
    return Shot(
        frame=frame,
        card_share=float(rng.uniform(0.40, 0.90)),
        angle=float(rng.uniform(0, 360)),
        tilt=float(rng.uniform(0, 0.12)),
        blur=float(rng.uniform(0, 2.0)) * frame[0] / PHONE[0],
        light=float(rng.uniform(0.3, 1.0)),
        noise=float(rng.uniform(1, 8)),
        quality=int(rng.integers(45, 92)),
        mirrored=bool(rng.random() < 0.2),
    )


def _perspective(source: list[tuple[float, float]], target: list[tuple[float, float]]) -> list:
    """The 8 coefficients PIL's PERSPECTIVE transform wants: output pixel -> input pixel."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(target, source, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return list(np.linalg.solve(np.array(rows, float), np.array(rhs, float)))


def table(rng: np.random.Generator, size: tuple[int, int]) -> Image.Image:
    """A table top: low-frequency mottling in grey."""
    w, h = size
    coarse = rng.uniform(70, 190, (h // 64 + 2, w // 64 + 2)).astype(np.uint8)
    return Image.fromarray(coarse).resize((w, h), Image.Resampling.BICUBIC)


def photograph(face: Image.Image, take: Shot, rng: np.random.Generator) -> bytes:
    """`face` (a card image) photographed as `take` says: JPEG bytes."""
    fw, fh = take.frame
    turn = math.radians(take.angle)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    aspect = face.height / face.width
    # the largest card whose turned outline fits the frame, times the share it fills
    width = take.card_share * min(fw / (cos + aspect * sin), fh / (sin + aspect * cos))
    height = width * aspect
    spare_x = (fw - width * cos - height * sin) / 2
    spare_y = (fh - width * sin - height * cos) / 2
    cx = fw / 2 + rng.uniform(-1, 1) * spare_x
    cy = fh / 2 + rng.uniform(-1, 1) * spare_y
    corners = []
    pull = [rng.uniform(0, take.tilt) for _ in range(4)]
    for i, (sx, sy) in enumerate(((-1, -1), (1, -1), (1, 1), (-1, 1))):
        dx, dy = sx * width / 2 * (1 - pull[i]), sy * height / 2 * (1 - pull[(i + 1) % 4])
        corners.append((cx + dx * math.cos(turn) - dy * math.sin(turn),
                        cy + dx * math.sin(turn) + dy * math.cos(turn)))  # fmt: skip
    source = [(0, 0), (face.width, 0), (face.width, face.height), (0, face.height)]
    # only the box the card lands in is transformed (the same pixels as the whole frame, where
    # everything outside the card is transparent, for a fraction of the work)
    x0 = max(0, math.floor(min(x for x, _ in corners)) - 2)
    y0 = max(0, math.floor(min(y for _, y in corners)) - 2)
    x1 = min(fw, math.ceil(max(x for x, _ in corners)) + 2)
    y1 = min(fh, math.ceil(max(y for _, y in corners)) + 2)
    coeffs = _perspective(source, [(x - x0, y - y0) for x, y in corners])
    card = face.convert("LA").transform((x1 - x0, y1 - y0), Image.Transform.PERSPECTIVE, coeffs,
                                        Image.Resampling.BICUBIC)  # fmt: skip
    ground = table(rng, (fw, fh))
    ground.paste(card.getchannel("L"), (x0, y0), card.getchannel("A"))
    if take.blur > 0.05:
        ground = ground.filter(ImageFilter.GaussianBlur(take.blur))
    pixels = np.asarray(ground, dtype=np.float32)
    ramp = np.linspace(1.0, 0.6, fw, dtype=np.float32)[None, :]  # a lamp to one side
    if rng.random() < 0.5:
        ramp = ramp[:, ::-1]
    pixels = pixels * take.light * ramp
    gain = 1 / max(take.light, 0.2)  # a camera lifts a dark scene, and its noise with it
    pixels += rng.standard_normal(pixels.shape, dtype=np.float32) * (take.noise * math.sqrt(gain))
    photo = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    if take.mirrored:
        photo = photo.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=take.quality)
    return out.getvalue()
