"""Art files as pillow sees them: whether one can be drawn at all, how many pixels it has, and
its CMYK copy for print shops that want CMYK, all asked before or while pages are written."""

from __future__ import annotations

import atexit
import hashlib
import shutil
import tempfile
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageMath

from cardgen.printkit.ink import TOTAL_INK_LIMIT


def is_readable_image(path: Path) -> bool:
    """Open and verify the file: a truncated or foreign file says no here, not mid-build."""
    try:
        with Image.open(path) as image:
            image.verify()
    except Exception:
        return False
    return True


@cache
def pixel_size(path: str) -> tuple[int, int]:
    """Width and height in pixels, read from the header only."""
    with Image.open(path) as image:
        return image.size


def flattened(image: Image.Image) -> Image.Image:
    """RGB, any transparency laid on white paper (print-shop files must have none)."""
    if image.mode in ("RGBA", "LA", "P", "PA"):
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, "#FFFFFF")
        return Image.alpha_composite(paper, rgba).convert("RGB")
    return image.convert("RGB")


def to_cmyk(image: Image.Image) -> Image.Image:
    """Every pixel through the formula of `cardgen.printkit.ink.cmyk_of` (grey to K, ink capped).

    pillow's own `convert("CMYK")` puts no black ink at all (black becomes 300 % C+M+Y), which
    no print shop accepts.
    """
    r, g, b = flattened(image).split()
    k = ImageChops.invert(ImageChops.lighter(ImageChops.lighter(r, g), b))  # 255 - max
    limit = TOTAL_INK_LIMIT * 255

    def inks(a):
        kf = a["float"](a["k"])
        room = a["max"](255.0 - kf, 1.0)
        c, m, y = ((255.0 - a["float"](a[v]) - kf) * 255.0 / room for v in ("r", "g", "b"))
        share = a["min"]((limit - kf) / a["max"](c + m + y, 1.0), 1.0)
        return [a["convert"](v * share + 0.5, "L").im for v in (c, m, y)]  # rounded, as cmyk_of

    c, m, y = ImageMath.lambda_eval(inks, r=r, g=g, b=b, k=k)
    return Image.merge("CMYK", (c, m, y, k))


_CMYK_DIR: Path | None = None


def _cmyk_dir() -> Path:
    global _CMYK_DIR
    if _CMYK_DIR is None:
        _CMYK_DIR = Path(tempfile.mkdtemp(prefix="cardgen-cmyk-"))
        atexit.register(shutil.rmtree, _CMYK_DIR, True)
    return _CMYK_DIR


@cache
def cmyk_art(path: str) -> str:
    """A CMYK copy of an art file (TIFF, lossless), made once per file and run.

    The PDF backend draws this copy by its path, so reportlab stores it once however many
    cards show it (print standards, section 5.3)."""
    stat = Path(path).stat()
    digest = hashlib.sha1(f"{path}:{stat.st_mtime_ns}:{stat.st_size}".encode()).hexdigest()
    target = _cmyk_dir() / f"{digest[:16]}.tif"
    if not target.exists():
        with Image.open(path) as image:
            to_cmyk(image).save(target, "TIFF", compression="tiff_adobe_deflate")
    return str(target)
