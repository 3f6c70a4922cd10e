"""Is a raster sharp enough where it is placed, and how much of it does the box cut away?

Effective resolution is the image's pixels over the size it is printed at (print standards,
section 1.3 and check I1): print wants 300 ppi. An image filling a box of another shape
("cover") loses the overhang; past a few percent that cuts into the art. Each problem is one
line naming the file and the numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from cardgen.printkit.draw import ImageOp, Op

MIN_PPI = 300
MAX_CROP = 0.03  # the share of the image a "cover" box may cut away without a word
MM_PER_INCH = 25.4


def effective_ppi(pixels: tuple[int, int], box_mm: tuple[float, float], fit: str) -> float:
    """Pixels per inch as printed: the scale "cover" or "contain" gives the image in the box."""
    per_axis = [pixels[i] * MM_PER_INCH / box_mm[i] for i in (0, 1)]
    return min(per_axis) if fit == "cover" else max(per_axis)


def cropped_share(pixels: tuple[int, int], box_mm: tuple[float, float]) -> float:
    """The share of the image "cover" cuts away to fill a box of another aspect ratio."""
    image, box = pixels[0] / pixels[1], box_mm[0] / box_mm[1]
    return 1 - min(image / box, box / image)


def _mm(value: float) -> str:
    return f"{round(value, 2):g}"


def placement_warnings(
    name: str, pixels: tuple[int, int], box_mm: tuple[float, float], fit: str = "cover"
) -> list[str]:
    """What is wrong with `pixels` printed in `box_mm`, one line each (none when all is well)."""
    warnings = []
    box = f"{_mm(box_mm[0])} x {_mm(box_mm[1])} mm"
    ppi = effective_ppi(pixels, box_mm, fit)
    if round(ppi) < MIN_PPI:
        wanted = " x ".join(str(round(v / MM_PER_INCH * MIN_PPI)) for v in box_mm)
        warnings.append(
            f"{name}: {ppi:.0f} ppi ({pixels[0]} x {pixels[1]} px over {box}); "
            f"print needs {MIN_PPI} ppi, {wanted} px"
        )
    share = cropped_share(pixels, box_mm)
    if fit == "cover" and share > MAX_CROP:
        warnings.append(
            f"{name}: {share:.0%} of the image is cut off to fill {box} "
            f"(image {pixels[0] / pixels[1]:.2f}:1, box {box_mm[0] / box_mm[1]:.2f}:1)"
        )
    return warnings


def art_warnings(
    ops: Iterable[Op], seen: set[tuple[str, float, float, str]], root: Path
) -> list[str]:
    """Warnings for the images among `ops` not already in `seen` (art shared by many cards is
    reported once); files are named relative to `root` (the game's folder) where they can be."""
    pixel_size = _pixel_size()
    warnings = []
    for op in ops:
        if not isinstance(op, ImageOp):
            continue
        key = (op.path, round(op.w, 3), round(op.h, 3), op.fit)
        if key in seen:
            continue
        seen.add(key)
        path = Path(op.path)
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        warnings += placement_warnings(name, pixel_size(op.path), (op.w, op.h), op.fit)
    return warnings


def _pixel_size() -> Callable[[str], tuple[int, int]]:
    from cardgen.printkit.backends.images import pixel_size

    return pixel_size
