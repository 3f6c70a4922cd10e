"""Render one face: evaluate a layout's vars and elements against a card, giving a Face."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import TemplateError, UndefinedError

from cardgen.printkit.backends.fonts import VERA
from cardgen.printkit.draw import Face, Op, rotate_ops
from cardgen.printkit.layout.budget import BudgetExceeded, face_budget
from cardgen.printkit.layout.elements import ELEMENTS, FALSE_WORDS, Ctx
from cardgen.printkit.layout.errors import LayoutError, TextOverflowError, check_policy
from cardgen.printkit.layout.repeat import NAMES as REPEAT_NAMES
from cardgen.printkit.layout.repeat import copies, translate_ops
from cardgen.printkit.layout.template import Element, Layout, Value, namespace
from cardgen.printkit.layout.text import MIN_SIZE_PT

# What evaluating a layout's expressions may raise: Jinja's own errors, and whatever Python
# raises for the values a layout combines ({{ 1/0 }}, {{ name + 1 }}, a list far too large).
EXPRESSION_ERRORS = (
    UndefinedError, TemplateError, TypeError, KeyError, ValueError, ArithmeticError,
    IndexError, AttributeError, MemoryError, RecursionError,
)  # fmt: skip


def error_words(exc: BaseException) -> str:
    """An error's words, cut short, with its kind when Python's words alone say too little."""
    words = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, ArithmeticError | MemoryError | RecursionError | IndexError):
        words = f"{type(exc).__name__}: {words}" if words != type(exc).__name__ else words
    return words if len(words) <= 160 else words[:157] + "..."


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


MEMO_LIMIT = 512  # per element: the different sets of properties whose ops are kept
_SCALARS = (str, int, float, bool, type(None))


@dataclass(frozen=True)
class Drawn:
    """What one element drew for one set of properties: its ops and what it reported."""

    ops: list[Op]
    problems: list[str]
    overflows: list[str]


@dataclass
class Plan:
    """An element made ready: its constant properties once, the ones each card sets apart
    (in the layout's order), its condition, and the ops drawn for properties seen before."""

    element: Element
    constants: dict[str, Any]
    keys: tuple[str, ...]
    values: tuple[Value, ...]
    when: Value | None
    memo: dict[tuple, Drawn]
    children: tuple[Plan, ...] = ()  # a repeat's group, each member planned once

    @classmethod
    def of(cls, element: Element) -> Plan:
        props = {k: v for k, v in element.props.items() if k != "when"}
        dynamic = [(k, v) for k, v in props.items() if not v.is_constant]
        constants = {k: v.raw for k, v in props.items() if v.is_constant}
        return cls(element, constants, tuple(k for k, _ in dynamic),
                   tuple(v for _, v in dynamic), element.props.get("when"), {},
                   tuple(cls.of(child) for child in element.children))  # fmt: skip


class Renderer:
    """A layout made ready for one face size, then asked for many faces.

    Each element's constant properties are read once; an element drawn again with properties
    it had before (every card's frame, a stat of 3, the same name on four copies) gets the ops
    it drew then, so each card pays only for what is its own. Below this, lengths and colours
    as written are parsed once (`elements`) and words measured once per font and size
    (`cardgen.printkit.backends.fonts.text_width_mm`).
    """

    def __init__(
        self,
        layout: Layout,
        width: float,
        height: float,
        bleed: float,
        icons: dict,
        resolve_image: Callable[[str], tuple[str | None, str | None]],
        shape: str = "rect",
        *,
        text_overflow: str = "error",
        text_floor: float = MIN_SIZE_PT,
        fonts: Mapping[str, str] = VERA,
    ) -> None:
        self.layout = layout
        self.fonts = fonts
        self.width, self.height, self.bleed, self.shape = width, height, bleed, shape
        self.icons = icons
        self.resolve_image = resolve_image
        self.text_floor = text_floor
        self.policy = check_policy(text_overflow, "text_overflow")
        if layout.options.get("text_overflow") == "warn":
            self.policy = "warn"
        self.plans = [Plan.of(element) for element in layout.elements]
        # told what each element drew (a repeat's members as `repeat.member`, moved into
        # place): a rulebook's card anatomy points at the elements of the printed face
        self.watch: Callable[[str, list[Op]], None] | None = None

    def render(self, context: dict[str, Any]) -> tuple[Face, list[str]]:
        """The face for `context` and the problems met; see `render_face`. A face that spends
        more than its budget (`layout.budget`) is refused, naming the layout element."""
        try:
            with face_budget():
                return self._render(context)
        except BudgetExceeded as exc:  # the alarm rang while an element was being drawn
            raise LayoutError(f"{self.layout.path.name}: {exc}") from None

    def scope(self, context: dict[str, Any]) -> dict[str, Any]:
        """What the layout's expressions see for `context`: the card, the face's size and the
        layout's `vars`, in order (the checks that lay a face out again start from the same)."""
        scope = namespace(context)
        scope["width"], scope["height"] = self.width, self.height
        for name, value in self.layout.vars:
            try:
                scope[name] = value.evaluate(scope)
            except EXPRESSION_ERRORS as exc:
                where = f"{self.layout.path.name} vars.{name}"
                raise LayoutError(f"{where}: {error_words(exc)}") from None
        return scope

    def _render(self, context: dict[str, Any]) -> tuple[Face, list[str]]:
        problems: list[str] = []
        overflows: list[str] = []
        scope = self.scope(context)
        face = Face(self.width, self.height, self.bleed, shape=self.shape)
        for plan in self.plans:
            ops = self._element_ops(plan, scope, problems, overflows)
            face.ops.extend(ops)
            if self.watch is not None:
                self.watch(element_name(plan.element), ops)
        if overflows and self.policy == "error":
            raise TextOverflowError(overflows)
        return face, problems + overflows

    def _element_ops(
        self, plan: Plan, scope: dict[str, Any], problems: list[str], overflows: list[str]
    ) -> list[Op]:
        """What one element draws on this face (nothing when its `when` is false)."""
        try:
            condition = plan.when.evaluate(scope) if plan.when is not None else True
            if not _truthy(condition):
                return []
            values = [value.evaluate(scope) for value in plan.values]
        except EXPRESSION_ERRORS as exc:
            raise LayoutError(f"{plan.element.where}: {error_words(exc)}") from None
        if plan.children:
            return self._repeated(plan, values, scope, problems, overflows)
        drawn = self._drawn(plan, values, condition)
        problems += drawn.problems
        overflows += drawn.overflows
        return drawn.ops

    def _repeated(
        self,
        plan: Plan,
        values: list[Any],
        scope: dict[str, Any],
        problems: list[str],
        overflows: list[str],
    ) -> list[Op]:
        """A repeat's group drawn once per copy and moved into place (`layout.repeat`); the
        copy's `i`, `item`, `n` and `angle` are set in the face's scope meanwhile."""
        props = {**plan.constants, **dict(zip(plan.keys, values, strict=True))}
        where = plan.element.where
        ctx = Ctx(self.width, self.height, self.bleed, props, where, self.icons,
                  self.resolve_image, problems, overflows, self.text_floor, self.fonts)  # fmt: skip
        saved = {name: scope[name] for name in REPEAT_NAMES if name in scope}
        ops: list[Op] = []
        try:
            for names, dx, dy in copies(props, ctx.length, where):
                scope.update(names)
                for child in plan.children:
                    drawn = self._element_ops(child, scope, problems, overflows)
                    moved = translate_ops(drawn, dx, dy)
                    ops += moved
                    if self.watch is not None:
                        member = f"{element_name(plan.element)}.{element_name(child.element)}"
                        self.watch(member, moved)
        finally:
            for name in REPEAT_NAMES:
                scope.pop(name, None)
            scope.update(saved)
        return ops

    def _drawn(self, plan: Plan, values: list[Any], condition: Any) -> Drawn:
        key = _memo_key(values)
        if key is not None and key in plan.memo:
            return plan.memo[key]
        props = {**plan.constants, **dict(zip(plan.keys, values, strict=True))}
        if plan.when is not None:
            props["when"] = condition
        element = plan.element
        problems: list[str] = []
        overflows: list[str] = []
        ctx = Ctx(self.width, self.height, self.bleed, props, element.where, self.icons,
                  self.resolve_image, problems, overflows, self.text_floor, self.fonts)  # fmt: skip
        ops = ELEMENTS[element.type][0](ctx)
        if props.get("rotate"):
            ops = _rotated(ctx, element.type, ops)
        drawn = Drawn(ops, problems, overflows)
        if key is not None and len(plan.memo) < MEMO_LIMIT:
            plan.memo[key] = drawn
        return drawn


def element_name(element: Element) -> str:
    """The element's `id`, or its type and number in the layout (`text#3`)."""
    return f"{element.type}#{element.id}" if element.id.isdigit() else element.id


def _memo_key(values: list[Any]) -> tuple | None:
    """A card's own properties as a key (with their types: 1, 1.0 and True print differently
    as text), or None when one is not a plain value (a list of points, a dict)."""
    key = []
    for value in values:
        kind = type(value)
        if kind not in _SCALARS:
            return None
        key.append((kind, value))
    return tuple(key)


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
    fonts: Mapping[str, str] = VERA,
) -> tuple[Face, list[str]]:
    """The face and the problems met (missing art, unknown icons).

    Text that does not fit its box even at its smallest size raises TextOverflowError, naming
    every such element, unless `text_overflow` or the layout's `[options] text_overflow` is
    "warn": then it is drawn anyway and reported with the problems. No text is set smaller than
    `text_floor` points. To lay out many faces with one layout, make one `Renderer`.
    """
    renderer = Renderer(layout, width, height, bleed, icons, resolve_image, shape,
                        text_overflow=text_overflow, text_floor=text_floor,
                        fonts=fonts)  # fmt: skip
    return renderer.render(context)
