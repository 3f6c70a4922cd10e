"""Vector pictures read from SVG files: the paths of a picture, as plain absolute segments.

The card art of the games comes from the Game Icons library as single-path SVG files. A picture
is read once into `VectorArt`: every path command (M L H V C S Q T A Z, absolute or relative)
becomes one of four absolute segments, `("M", x, y)`, `("L", x, y)`,
`("C", x1, y1, x2, y2, x, y)` and `("Z",)`, so a backend draws true curves (the PDF) or flattens
them (the PNG) without knowing SVG. Only `<path>` shapes are read; anything else that would draw
(a transform, a circle, text) is refused with a message naming the file, rather than left out
of the picture.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

Segment = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
Point = tuple[float, float]

_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_FLAG = re.compile(r"[01]")
_SEPARATORS = re.compile(r"[\s,]*")
COMMANDS = "MLHVCSQTAZ"
QUIET_TAGS = {"title", "desc", "metadata", "defs", "style"}  # read past, they draw nothing
ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class VectorArtError(ValueError):
    """A picture that cannot be drawn as it is written: the message names the file."""


@dataclass(frozen=True)
class VectorArt:
    """A picture: its name, its view box (x, y, width, height) and its path segments."""

    name: str
    box: tuple[float, float, float, float]
    segments: tuple[Segment, ...]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


@cache
def _load(path: str, stamp: int) -> VectorArt:
    where = Path(path).name
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as exc:
        raise VectorArtError(f"{where}: not a readable SVG file ({exc})") from None
    if _local(root.tag) != "svg":
        raise VectorArtError(f"{where}: not an SVG file (its root is <{_local(root.tag)}>)")
    if root.get("transform"):
        raise VectorArtError(f"{where}: transforms are not supported; flatten the file")
    box = _view_box(root, where)
    segments: list[Segment] = []
    _collect(root, where, segments)
    if not segments:
        raise VectorArtError(f"{where}: the file has no path to draw")
    return VectorArt(Path(path).stem, box, tuple(segments))


def _collect(element: ET.Element, where: str, segments: list[Segment]) -> None:
    """The segments of every <path> under `element`, in document order; titles and the like
    are read past, and anything else that would draw is refused."""
    for child in element:
        tag = _local(child.tag)
        if tag in QUIET_TAGS:
            continue
        if child.get("transform"):
            raise VectorArtError(f"{where}: transforms are not supported; flatten the file")
        if tag == "g":
            _collect(child, where, segments)
        elif tag == "path":
            try:
                segments.extend(parse_path(child.get("d", "")))
            except VectorArtError as exc:
                raise VectorArtError(f"{where}: {exc}") from None
        else:
            raise VectorArtError(f"{where}: only <path> shapes are drawn, not <{tag}>")


def load_svg(path: Path) -> VectorArt:
    """The picture in an SVG file, read once per file version."""
    return _load(str(path), path.stat().st_mtime_ns)


def _view_box(root: ET.Element, where: str) -> tuple[float, float, float, float]:
    raw = root.get("viewBox")
    try:
        if raw:
            x, y, w, h = (float(v) for v in raw.replace(",", " ").split())
        else:
            x = y = 0.0
            w = float(re.sub(r"px$", "", root.get("width", "")))
            h = float(re.sub(r"px$", "", root.get("height", "")))
    except ValueError:
        raise VectorArtError(f"{where}: needs a viewBox of four numbers") from None
    if w <= 0 or h <= 0:
        raise VectorArtError(f"{where}: the viewBox has no area")
    return (x, y, w, h)


class _Reader:
    """Reads a path's data one number, flag or command at a time."""

    def __init__(self, d: str) -> None:
        self.d = d
        self.i = 0

    def skip(self) -> None:
        match = _SEPARATORS.match(self.d, self.i)
        self.i = match.end() if match else self.i

    def done(self) -> bool:
        self.skip()
        return self.i >= len(self.d)

    def command(self) -> str | None:
        self.skip()
        if self.i < len(self.d) and self.d[self.i].upper() in COMMANDS:
            self.i += 1
            return self.d[self.i - 1]
        return None

    def number(self, flag: bool = False) -> float:
        self.skip()
        match = (_FLAG if flag else _NUMBER).match(self.d, self.i)
        if not match:
            near = self.d[self.i : self.i + 12]
            raise VectorArtError(f"path data: expected a number at {near!r}")
        self.i = match.end()
        return float(match.group())


def parse_path(d: str) -> list[Segment]:
    """SVG path data as absolute M, L, C and Z segments."""
    reader = _Reader(d)
    out: list[Segment] = []
    x = y = 0.0
    start = (0.0, 0.0)
    last_control: Point | None = None  # reflected by S (cubic) and T (quadratic)
    last_quad: Point | None = None
    command = ""
    while not reader.done():
        letter = reader.command()
        if letter is None:
            if not command or command in "Zz":
                raise VectorArtError("path data must start with a command")
            letter = {"M": "L", "m": "l"}.get(command, command)  # repeated arguments
        command = letter
        upper = letter.upper()
        rel = letter.islower()
        if upper == "Z":
            out.append(("Z",))
            x, y = start
            last_control = last_quad = None
            continue
        args = [reader.number(flag=upper == "A" and k in (3, 4)) for k in range(ARITY[upper])]
        ox, oy = (x, y) if rel else (0.0, 0.0)
        control: Point | None = None
        quad: Point | None = None
        if upper == "M":
            x, y = ox + args[0], oy + args[1]
            start = (x, y)
            out.append(("M", x, y))
        elif upper in "LHV":
            if upper == "L":
                x, y = ox + args[0], oy + args[1]
            elif upper == "H":
                x = ox + args[0]
            else:
                y = oy + args[0]
            out.append(("L", x, y))
        elif upper in "CS":
            if upper == "C":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            x, y = ox + rest[2], oy + rest[3]
            out.append(("C", *c1, *c2, x, y))
            control = c2
        elif upper in "QT":
            if upper == "Q":
                q = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                q = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                end = (ox + args[0], oy + args[1])
            out.append(_quad_to_cubic((x, y), q, end))
            x, y = end
            quad = q
        else:  # A
            end = (ox + args[5], oy + args[6])
            out.extend(_arc((x, y), args[0], args[1], args[2], bool(args[3]), bool(args[4]), end))
            x, y = end
        last_control, last_quad = control, quad
    return out


def _quad_to_cubic(p0: Point, q: Point, p1: Point) -> Segment:
    c1 = (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1]))
    c2 = (p1[0] + 2 / 3 * (q[0] - p1[0]), p1[1] + 2 / 3 * (q[1] - p1[1]))
    return ("C", *c1, *c2, *p1)


def _arc(
    p0: Point, rx: float, ry: float, angle: float, large: bool, sweep: bool, p1: Point
) -> list[Segment]:
    """An elliptical arc as cubic curves (the SVG endpoint form turned to centre form)."""
    if p0 == p1:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", *p1)]
    phi = math.radians(angle % 360)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1 = cos_p * dx + sin_p * dy
    y1 = -sin_p * dx + cos_p * dy
    scale = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if scale > 1:  # radii too small to reach: grown just enough, as SVG says
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    factor = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        factor = -factor
    cx1, cy1 = factor * rx * y1 / ry, -factor * ry * x1 / rx
    cx = cos_p * cx1 - sin_p * cy1 + (p0[0] + p1[0]) / 2
    cy = sin_p * cx1 + cos_p * cy1 + (p0[1] + p1[1]) / 2

    def angle_of(ux: float, uy: float) -> float:
        return math.atan2(uy, ux)

    theta = angle_of((x1 - cx1) / rx, (y1 - cy1) / ry)
    end = angle_of((-x1 - cx1) / rx, (-y1 - cy1) / ry)
    delta = end - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    out: list[Segment] = []

    def point(t: float) -> Point:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return (cx + cos_p * ex - sin_p * ey, cy + sin_p * ex + cos_p * ey)

    def tangent(t: float) -> Point:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return (cos_p * ex - sin_p * ey, sin_p * ex + cos_p * ey)

    for n in range(pieces):
        a, b = theta + n * step, theta + (n + 1) * step
        pa, pb = point(a), point(b)
        ta, tb = tangent(a), tangent(b)
        c1 = (pa[0] + k * ta[0], pa[1] + k * ta[1])
        c2 = (pb[0] - k * tb[0], pb[1] - k * tb[1])
        out.append(("C", *c1, *c2, *(p1 if n == pieces - 1 else pb)))
    return out


def flatten(segments: tuple[Segment, ...], steps: int = 10) -> list[list[Point]]:
    """Subpaths as point lists, each curve split into `steps` straight pieces (for pillow)."""
    subpaths: list[list[Point]] = []
    current: list[Point] = []
    x = y = 0.0
    for seg in segments:
        kind = seg[0]
        if kind == "M":
            if len(current) > 2:
                subpaths.append(current)
            x, y = seg[1], seg[2]
            current = [(x, y)]
        elif kind == "L":
            x, y = seg[1], seg[2]
            current.append((x, y))
        elif kind == "C":
            x1, y1, x2, y2, x3, y3 = seg[1:]
            for n in range(1, steps + 1):
                t = n / steps
                u = 1 - t
                current.append(
                    (
                        u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                        u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
                    )
                )
            x, y = x3, y3
        else:  # Z: the subpath closes; a following command starts where it started
            if len(current) > 2:
                subpaths.append(current)
            start = current[0] if current else (x, y)
            x, y = start
            current = [start]
    if len(current) > 2:
        subpaths.append(current)
    return subpaths
