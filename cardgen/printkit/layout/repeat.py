"""The `repeat` element: a group of elements drawn n times, along a step or round a dial.

    [[elements]]
    id = "positions"
    type = "repeat"
    count = 5                       # or items = "{{ positions }}" (a list: one copy per item)
    dx = "11mm"                     # each copy moved this much further than the one before
    [[elements.elements]]           # the group: ordinary elements, compiled once
    type = "ellipse"
    x = "6mm"
    y = "70mm"
    fill = "{{ ink if (i + 1) in positions else 'none' }}"

    [[elements]]
    type = "repeat"
    count = 12
    cx = "50%"                      # a dial: copies round the centre (cx, cy) at `radius`,
    cy = "50%"                      # `angle` degrees apart clockwise, the first at `start`
    radius = "20mm"                 # (0 = straight up); the group's x and y are measured
    angle = 30                      # from each copy's point on the dial
    [[elements.elements]]
    type = "text"
    x = "-3mm"
    y = "-2mm"
    w = "6mm"
    h = "4mm"
    text = "{{ i + 1 }}"

Inside the group `i` is the copy's index from 0, `item` the item (the index again when the
repeat has a `count`), `n` the number of copies and `angle` a copy's angle on a dial. The
group is laid out by the same handlers as any element, then moved into place: its ops for a
property set seen before are reused, so twelve copies cost twelve moves, not twelve layouts.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

from cardgen.data.suggest import did_you_mean
from cardgen.printkit.draw import Op
from cardgen.printkit.layout.errors import LayoutError

MAX_COPIES = 1000  # a typo such as count = 1e6 is refused, not drawn for minutes
REPEAT_KEYS = {"type", "id", "when", "count", "items", "dx", "dy", "cx", "cy", "radius",
               "angle", "start", "elements"}  # fmt: skip
NAMES = ("i", "item", "n", "angle")  # what the group's expressions read besides the face's


def check_repeat(raw: dict[str, Any], where: str) -> None:
    """A repeat as written: its own keys only, a count or items (not both), a group."""
    unknown = sorted(set(raw) - REPEAT_KEYS)
    if unknown:
        raise LayoutError(
            f"{where}: repeat has no key {unknown[0]!r} (it takes {', '.join(sorted(REPEAT_KEYS))})"
            f"{did_you_mean(unknown[0], REPEAT_KEYS)}"
        )
    if ("count" in raw) == ("items" in raw):
        raise LayoutError(f"{where}: repeat needs either count or items")
    group = raw.get("elements")
    if not isinstance(group, list) or not group:
        raise LayoutError(f"{where}: repeat needs its group as [[elements.elements]] tables")
    if "angle" in raw and ("dx" in raw or "dy" in raw):
        raise LayoutError(f"{where}: repeat moves along dx/dy or round a dial (angle), not both")


def copies(
    props: dict[str, Any], length, where: str
) -> Iterator[tuple[dict[str, Any], float, float]]:
    """Each copy's names (`NAMES`) and offset in mm, from the repeat's evaluated properties.

    `length(key, default, axis)` reads a length as every element does (mm, or "50%")."""
    if "items" in props:
        items = props["items"]
        if isinstance(items, str | bytes | dict) or not hasattr(items, "__iter__"):
            raise LayoutError(f"{where}: items must be a list, not {items!r:.40}")
        items = list(items)
    else:
        count = props["count"]
        try:
            items = list(range(int(count)))
        except (TypeError, ValueError):
            raise LayoutError(f"{where}: count = {count!r:.40} is not a whole number") from None
    if len(items) > MAX_COPIES:
        raise LayoutError(f"{where}: {len(items)} copies; a repeat draws at most {MAX_COPIES}")
    n = len(items)
    if "angle" in props:
        cx, cy = length("cx", "50%", "x"), length("cy", "50%", "y")
        radius = length("radius", 0, "x")
        step, start = _number(props, "angle", 0, where), _number(props, "start", 0, where)
        for i, item in enumerate(items):
            turn = start + i * step
            rad = math.radians(turn)
            offset = (cx + radius * math.sin(rad), cy - radius * math.cos(rad))
            yield {"i": i, "item": item, "n": n, "angle": turn % 360}, *offset
    else:
        dx, dy = length("dx", 0, "x"), length("dy", 0, "y")
        for i, item in enumerate(items):
            yield {"i": i, "item": item, "n": n, "angle": 0}, i * dx, i * dy


def _number(props: dict[str, Any], key: str, default: float, where: str) -> float:
    value = props.get(key, default)
    try:
        return float(value)
    except (TypeError, ValueError):
        raise LayoutError(f"{where}: {key} = {value!r:.40} is not a number") from None


_X = ("x", "cx")
_Y = ("y", "cy", "baseline")


def translate_ops(ops: list[Op], dx: float, dy: float) -> list[Op]:
    """`ops` moved by (dx, dy) mm: every op's position fields, whatever its kind."""
    if not dx and not dy:
        return list(ops)
    moved: list[Op] = []
    for op in ops:
        changes: dict[str, Any] = {}
        for f in fields(op):  # type: ignore[arg-type]
            if f.name in _X:
                changes[f.name] = getattr(op, f.name) + dx
            elif f.name in _Y:
                changes[f.name] = getattr(op, f.name) + dy
            elif f.name == "points":
                changes["points"] = tuple((x + dx, y + dy) for x, y in op.points)  # type: ignore[union-attr]
        moved.append(replace(op, **changes))  # type: ignore[type-var]
    return moved
