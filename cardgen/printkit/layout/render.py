"""Render one face: evaluate a layout's vars and elements against a card, giving a Face."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import TemplateError, UndefinedError

from cardgen.printkit.draw import Face, rotate_ops
from cardgen.printkit.layout.elements import ELEMENTS, FALSE_WORDS, Ctx
from cardgen.printkit.layout.errors import LayoutError, TextOverflowError, check_policy
from cardgen.printkit.layout.template import Layout
from cardgen.printkit.layout.text import MIN_SIZE_PT


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() not in FALSE_WORDS


def _rotated(ctx: Ctx, kind: str, ops: list) -> list:
    """The element's ops turned about its own centre (its box, or its icon square)."""
    degrees = int(ctx.number("rotate", 0))
    if degrees % 90:
        raise LayoutError(f"{ctx.where}: rotate must be 0, 90, 180 or 270")
    if kind in ("icon", "mark"):
        size = ctx.length("size", 8)
        cx, cy = ctx.length("x") + size / 2, ctx.length("y", axis="y") + size / 2
    elif kind in ("line", "polygon"):
        xs = [x for op in ops for x, _ in getattr(op, "points", ())]
        ys = [y for op in ops for _, y in getattr(op, "points", ())]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    else:
        x, y, w, h = ctx.box()
        cx, cy = x + w / 2, y + h / 2
    return rotate_ops(ops, cx, cy, degrees)


def render_face(
    layout: Layout,
    context: dict[str, Any],
    width: float,
    height: float,
    bleed: float,
    icons: dict,
    resolve_image: Callable[[str], tuple[str | None, str | None]],
    shape: str = "rect",
    *,
    text_overflow: str = "error",
    text_floor: float = MIN_SIZE_PT,
) -> tuple[Face, list[str]]:
    """The face and the problems met (missing art, unknown icons).

    Text that does not fit its box even at its smallest size raises TextOverflowError, naming
    every such element, unless `text_overflow` or the layout's `[options] text_overflow` is
    "warn": then it is drawn anyway and reported with the problems. No text is set smaller than
    `text_floor` points.
    """
    policy = check_policy(text_overflow, "text_overflow")
    if layout.options.get("text_overflow") == "warn":
        policy = "warn"
    problems: list[str] = []
    overflows: list[str] = []
    scope = dict(context)
    scope["width"], scope["height"] = width, height
    for name, value in layout.vars:
        try:
            scope[name] = value.get(scope)
        except (UndefinedError, TemplateError) as exc:
            raise LayoutError(f"{layout.path.name} vars.{name}: {exc}") from None
    face = Face(width, height, bleed, shape=shape)
    for element in layout.elements:
        try:
            condition = element.props.get("when")
            if condition is not None and not _truthy(condition.get(scope)):
                continue
            props = {key: value.get(scope) for key, value in element.props.items()}
        except (UndefinedError, TemplateError, TypeError, KeyError, ValueError) as exc:
            raise LayoutError(f"{element.where}: {exc}") from None
        handler = ELEMENTS[element.type][0]
        ctx = Ctx(width, height, bleed, props, element.where, icons, resolve_image, problems,
                  overflows, text_floor)  # fmt: skip
        ops = handler(ctx)
        if props.get("rotate"):
            ops = _rotated(ctx, element.type, ops)
        face.ops.extend(ops)
    if overflows and policy == "error":
        raise TextOverflowError(overflows)
    return face, problems + overflows
