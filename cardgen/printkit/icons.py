"""Vector icons declared in data (`templates/icons.json`), flattened to polygons for any backend.

An icon is a list of parts in a 100 x 100 box: `path` (SVG path syntax: M L H V C Q Z, absolute or
relative), `circle` [cx, cy, r], `rect` [x, y, w, h], `polygon` [[x, y], ...], or `regular`
[cx, cy, r, sides, rotation_degrees, inner_ratio] for stars and polygons; `icon` nests another
icon by name at `at` [x, y, size]. Each part names its `fill` and `stroke`: "ink" (the colour
the layout asks for), "paper" (the contrasting colour), "none", or a hex colour.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardgen.printkit.draw import EllipseOp, IconOp, Op, PolygonOp, RectOp, Style

Point = tuple[float, float]
_TOKEN = re.compile(r"[MLHVCQZmlhvcqz]|-?\d*\.?\d+(?:e-?\d+)?")
CURVE_STEPS = 12


class IconError(ValueError):
    pass


@cache
def flattened(d: str) -> tuple[tuple[Point, ...], ...]:
    """flatten_path, computed once per path (icons repeat on every card)."""
    return tuple(tuple(points) for points in flatten_path(d))


def flatten_path(d: str) -> list[list[Point]]:
    """Subpaths of an SVG path as point lists, curves split into short straight segments."""
    tokens = _TOKEN.findall(d)
    subpaths: list[list[Point]] = []
    current: list[Point] = []
    x = y = 0.0
    start = (0.0, 0.0)
    command = ""
    i = 0

    def numbers(n: int) -> list[float]:
        nonlocal i
        if i + n > len(tokens) or any(t.isalpha() for t in tokens[i : i + n]):
            raise IconError(f"path command {command!r} needs {n} numbers")
        values = [float(t) for t in tokens[i : i + n]]
        i += n
        return values

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if current:
                    subpaths.append(current)
                current, (x, y) = [], start
                continue
        elif not command:
            raise IconError("a path must start with M")
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        c = command.upper()
        if c == "M":
            if current:
                subpaths.append(current)
            nx, ny = numbers(2)
            x, y = ox + nx, oy + ny
            start, current = (x, y), [(x, y)]
            command = "l" if rel else "L"
        elif c == "L":
            nx, ny = numbers(2)
            x, y = ox + nx, oy + ny
            current.append((x, y))
        elif c == "H":
            (nx,) = numbers(1)
            x = ox + nx
            current.append((x, y))
        elif c == "V":
            (ny,) = numbers(1)
            y = oy + ny
            current.append((x, y))
        elif c in "CQ":
            values = numbers(6 if c == "C" else 4)
            pts = [(ox + values[k], oy + values[k + 1]) for k in range(0, len(values), 2)]
            p0 = (x, y)
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                current.append(_bezier([p0, *pts], t))
            x, y = pts[-1]
        else:
            raise IconError(f"unsupported path command {command!r}")
    if current:
        subpaths.append(current)
    return subpaths


def _bezier(points: list[Point], t: float) -> Point:
    while len(points) > 1:
        points = [
            (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            for a, b in itertools.pairwise(points)
        ]
    return points[0]


def regular_polygon(
    cx: float, cy: float, r: float, sides: int, rotation: float = 0, inner: float = 1.0
) -> list[Point]:
    """A regular polygon, or a star when `inner` < 1 (ratio of inner to outer radius)."""
    count = sides * (2 if inner < 1 else 1)
    points = []
    for k in range(count):
        radius = r if k % 2 == 0 or inner >= 1 else r * inner
        angle = math.radians(rotation - 90 + k * 360 / count)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


@dataclass(frozen=True)
class Icon:
    name: str
    parts: tuple[dict, ...]


def icons_file() -> Path:
    from cardgen.data.project import REPO_ROOT

    return REPO_ROOT / "templates" / "icons.json"


@cache
def load_icons(path: Path | None = None) -> dict[str, Icon]:
    raw = json.loads((path or icons_file()).read_text(encoding="utf-8"))
    icons = {}
    for name, spec in raw.items():
        if name.startswith("_"):
            continue
        icons[name] = Icon(name, tuple(spec["parts"]))
    return icons


def icon_set(root: Path, game_id: str) -> dict[str, Icon]:
    """The shared icons (`root/icons.json`) under the game's own (`root/<game>/icons.json`)."""
    icons = dict(load_icons(root / "icons.json"))
    own = root / game_id / "icons.json"
    if own.is_file():
        icons.update(load_icons(own))
    _ACTIVE.clear()
    _ACTIVE.update(icons)
    return icons


_ACTIVE: dict[str, Icon] = {}  # the set in use, so nested icons resolve within it


def _icon_by_name(name: str, parent: str) -> Icon:
    icons = _ACTIVE or load_icons()
    if name not in icons or name == parent:
        raise IconError(f"icon {parent}: nests unknown icon {name!r}")
    return icons[name]


def _colour(value: str | None, ink: str, paper: str) -> str | None:
    if value in (None, "none"):
        return None
    return {"ink": ink, "paper": paper}.get(value, value)


def expand(op: IconOp) -> list[Op]:
    """An IconOp as the shapes it stands for (turned, if the op is)."""
    from cardgen.printkit.draw import rotate_ops

    ops = draw_icon(op.icon, op.x, op.y, op.size, op.ink, op.paper)
    half = op.size / 2
    return rotate_ops(ops, op.x + half, op.y + half, op.rotation) if op.rotation else ops


def draw_icon(icon: Icon, x: float, y: float, size: float, ink: str, paper: str) -> list[Op]:
    """Ops drawing `icon` in the size x size box at (x, y), in millimetres."""
    scale = size / 100.0

    def pt(p: Point) -> Point:
        return (x + p[0] * scale, y + p[1] * scale)

    ops: list[Op] = []
    for part in icon.parts:
        style = Style(
            _colour(part.get("fill", "ink"), ink, paper),
            _colour(part.get("stroke"), ink, paper),
            float(part.get("width", 4)) * scale * 72 / 25.4,
        )
        if "path" in part:
            for points in flattened(part["path"]):
                ops.append(PolygonOp(tuple(pt(p) for p in points), style, part.get("closed", True)))
        elif "circle" in part:
            cx, cy, r = part["circle"]
            ops.append(EllipseOp(*pt((cx, cy)), r * scale, r * scale, style))
        elif "rect" in part:
            rx, ry, rw, rh = part["rect"][:4]
            radius = part["rect"][4] if len(part["rect"]) > 4 else 0
            ops.append(RectOp(*pt((rx, ry)), rw * scale, rh * scale, style, radius * scale))
        elif "polygon" in part:
            ops.append(PolygonOp(tuple(pt(tuple(p)) for p in part["polygon"]), style))
        elif "icon" in part:  # another icon nested in this one: [x, y, size] in this box
            nx, ny, nsize = part.get("at", [0, 0, 100])
            inner = ink if part.get("fill", "ink") == "ink" else paper
            outer = paper if inner == ink else ink
            nested = _icon_by_name(part["icon"], icon.name)
            ops.extend(draw_icon(nested, *pt((nx, ny)), nsize * scale, inner, outer))
        elif "regular" in part:
            args = list(part["regular"]) + [0, 1.0][len(part["regular"]) - 4 :]
            cx, cy, r, sides, rotation, inner = args[:6]
            poly = regular_polygon(cx, cy, r, int(sides), rotation, inner)
            ops.append(PolygonOp(tuple(pt(p) for p in poly), style))
        else:
            raise IconError(
                f"icon {icon.name}: a part needs path, circle, rect, polygon or regular"
            )
    return ops
