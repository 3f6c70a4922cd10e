"""Lengths as designers write them (`63mm`, `2.5in`, `12pt`), converted in this one place."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from importlib import resources

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
POINTS_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d{1,12}(?:\.\d{1,12})?)\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE)
LONGEST_MM = 100_000.0  # 100 m: longer than any board, short of what breaks a page's maths
# A component's longest side: the long side of a B1 press sheet (707 x 1000 mm), the largest most
# printers run. Boards larger than the paper are split across pages; nothing larger is printed in
# one piece, and a face 30 m long would be drawn as a picture of 350,000 pixels at 300 ppi.
LARGEST_SIDE_MM = 1_000.0


def to_mm(value: str | float | int) -> float:
    """A length in millimetres; a bare number is already millimetres."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueError(f"{_short(value)} is not a length")
    if isinstance(value, int | float):
        mm = float(value) if abs(value) <= LONGEST_MM else math.inf
    else:
        match = _LENGTH.match(value)
        if not match:
            raise ValueError(f"{_short(value)} is not a length such as 63mm, 2.5in or 12pt")
        number, unit = match.groups()
        mm = float(number) * MM_PER_UNIT[(unit or "mm").lower()]
    if not math.isfinite(mm) or abs(mm) > LONGEST_MM:
        raise ValueError(f"{_short(value)} is not a length any component has")
    return mm


def _short(value: object) -> str:
    if isinstance(value, dict | list):
        return type(value).__name__
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number that long"
    text = str(value)
    return repr(text if len(text) <= 40 else text[:39] + "…")


def mm_to_pt(mm: float) -> float:
    return mm * POINTS_PER_MM


@dataclass(frozen=True)
class Size:
    """A component's trim size and outline shape."""

    width_mm: float
    height_mm: float
    shape: str = "rect"  # rect | round | hex_pointy | hex_flat
    name: str = ""


def preset_sizes() -> dict[str, Size]:
    """The named sizes (poker, tarot, tile …) shipped with cardgen, from `presets/sizes.json`."""
    raw = json.loads(
        resources.files("cardgen.data").joinpath("presets/sizes.json").read_text("utf-8")
    )
    return {name: size_from_spec(spec, name) for name, spec in raw.items() if name != "_comment"}


def size_from_spec(spec: dict, name: str = "") -> Size:
    """A size from `{"width": "63mm", "height": "88mm", "shape": "rect"}`; `diameter` for round;
    `{"shape": "hex", "across_flats": "40mm", "orientation": "pointy"}` for a hexagonal tile."""
    shape = spec.get("shape", "round" if "diameter" in spec else "rect")
    if shape == "hex":
        return _hex_size(spec, name)
    if shape not in ("rect", "round"):
        raise ValueError(f"shape must be rect, round or hex, not {_short(shape)}")
    if "diameter" in spec:
        d = to_mm(spec["diameter"])
        width, height = d, d
    else:
        width, height = to_mm(spec["width"]), to_mm(spec["height"])
    if width <= 0 or height <= 0:
        raise ValueError("width and height must be positive")
    return _printable(Size(width, height, shape, name))


def too_large(width_mm: float, height_mm: float) -> str | None:
    """Why a component `width_mm` x `height_mm` cannot be printed, or None if it can."""
    longest = max(width_mm, height_mm)
    if longest <= LARGEST_SIDE_MM:
        return None
    return (
        f"a side of {longest:,.0f} mm is longer than any press sheet "
        f"(at most {LARGEST_SIDE_MM:,.0f} mm)"
    )


def _printable(size: Size) -> Size:
    why = too_large(size.width_mm, size.height_mm)
    if why is not None:
        raise ValueError(why)
    return size


HEX_SHAPES = ("hex_pointy", "hex_flat")  # a hexagon standing on a corner, or on an edge


def _hex_size(spec: dict, name: str) -> Size:
    """A regular hexagon's bounding box from its size across flats: as wide as that when it
    stands on a corner (pointy top), as tall when it lies on an edge (flat top); the other
    way it spans corner to corner, 2 / sqrt(3) times as much."""
    if "across_flats" not in spec:
        raise ValueError('a hex size needs "across_flats" (the distance between opposite edges)')
    flats = to_mm(spec["across_flats"])
    if flats <= 0:
        raise ValueError("across_flats must be positive")
    orientation = spec.get("orientation", "pointy")
    if orientation not in ("pointy", "flat"):
        raise ValueError(f"orientation must be pointy or flat, not {_short(orientation)}")
    corners = flats * 2 / math.sqrt(3)
    if orientation == "pointy":
        return _printable(Size(flats, corners, "hex_pointy", name))
    return _printable(Size(corners, flats, "hex_flat", name))
