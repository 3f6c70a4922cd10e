"""No collisions: on a face, no two marks (texts, icons, marks, codes) overlap, and none leaves
its panel or sits on the art.

A *mark* is what a reader must read: a text element (each line measured by the ink its glyphs
really put down, at the size it was set after shrinking to fit), an icon or mark (its square), a
code (its square, quiet zone included). A *panel* is a box drawn under it: a filled rect or
ellipse, art or an image (its box, inside the line drawn round it and `CLEARANCE`; an unfilled
frame is no panel). A mark's panel is the last panel drawn before it that holds the centre of
the mark's ink (an ellipse by its curve; the face itself when none does).

A collision is:
- two marks whose ink overlaps (by more than `TOLERANCE`);
- a mark whose ink leaves its panel (an ellipse: the middles of its box's sides);
- a mark or panel drawn over art or an image (a picture is no panel: a badge on it hides it).

A layout allows what it means with `overlaps = ["art", "gear_badge"]` on an element: the
element may sit on (or under, or run past) those elements, named by `id`. Inline icons belong to
their text; text too long for its box is an overflow (`TextOverflowError`), not checked again
here. Lines, polygons and `repeat` groups are decoration and never collide.

The check lays each card's faces out again element by element (`Renderer` reports a face as one
list of ops), so it can name the elements; `check_type` gives one line per collision, naming
the game, type, card and the two elements (by `id`, or `type#index`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgen.printkit.backends.fonts import PT_PER_MM, ink_bounds_mm
from cardgen.printkit.draw import (
    ArtOp,
    EllipseOp,
    IconOp,
    ImageOp,
    Op,
    PolygonOp,
    RectOp,
    TextOp,
)
from cardgen.printkit.layout.elements import Ctx
from cardgen.printkit.layout.errors import LayoutError
from cardgen.printkit.layout.render import Plan, Renderer, element_name
from cardgen.printkit.layout.template import Element

TOLERANCE = 0.05  # mm: less than a pixel at 600 dpi; rounding never collides
CLEARANCE = 0.15  # mm of paper kept between a mark and the line drawn round its panel
MARKS = {"text", "icon", "mark", "code"}
PANELS = {"rect", "ellipse", "art", "image"}
PICTURES = {"art", "image"}

Box = tuple[float, float, float, float]  # left, top, right, bottom in mm


SHOWN = 3  # collisions a refusal names; `collisions` holds them all


class CollisionError(LayoutError):
    """Faces whose marks collide. The message is one line (a build's refusal is read in a
    terminal, one game a line), naming the first few cards and elements; `collisions` holds
    one line for each."""

    def __init__(self, collisions: list[str]) -> None:
        self.collisions = collisions
        shown = "; ".join(collisions[:SHOWN])
        more = len(collisions) - SHOWN
        super().__init__(shown if more <= 0 else f"{shown}; and {more} more collision(s)")


@dataclass(frozen=True)
class Drawn:
    """One element as drawn on one face: its name, kind, ink box and what it may overlap."""

    name: str
    kind: str
    box: Box
    overlaps: frozenset[str]

    def allows(self, other: Drawn) -> bool:
        return other.name in self.overlaps or self.name in other.overlaps


def op_box(op: Op) -> Box | None:
    """Where an op puts ink (text: its glyphs' real bounds; an icon: its square)."""
    if isinstance(op, TextOp):
        if op.rotation:
            return None  # turned text is measured by its element's box instead
        left, top, right, bottom = ink_bounds_mm(op.text, op.font, op.size_pt)
        if left == right:
            return None
        return op.x + left, op.baseline + top, op.x + right, op.baseline + bottom
    if isinstance(op, IconOp | ArtOp):
        return op.x, op.y, op.x + op.size, op.y + op.size
    if isinstance(op, RectOp | ImageOp):
        return op.x, op.y, op.x + op.w, op.y + op.h
    if isinstance(op, EllipseOp):
        return op.cx - op.rx, op.cy - op.ry, op.cx + op.rx, op.cy + op.ry
    if isinstance(op, PolygonOp) and op.points:
        xs, ys = [x for x, _ in op.points], [y for _, y in op.points]
        return min(xs), min(ys), max(xs), max(ys)
    return None


def union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))  # fmt: skip


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than a sliver."""
    return min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE and (
        min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE
    )


def inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] - TOLERANCE and inner[1] >= outer[1] - TOLERANCE
            and inner[2] <= outer[2] + TOLERANCE and inner[3] <= outer[3] + TOLERANCE)  # fmt: skip


def _in_ellipse(box: Box, x: float, y: float, slack: float = 0.0) -> bool:
    rx, ry = (box[2] - box[0]) / 2 + slack, (box[3] - box[1]) / 2 + slack
    if rx <= 0 or ry <= 0:
        return False
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0


def holds_centre(panel: Drawn, inner: Box) -> bool:
    """Whether the centre of `inner` lies on `panel` (an ellipse by its own curve)."""
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    outer = panel.box
    if panel.kind == "ellipse":
        return _in_ellipse(outer, cx, cy)
    return outer[0] <= cx <= outer[2] and outer[1] <= cy <= outer[3]


def holds(panel: Drawn, inner: Box) -> bool:
    """Whether `inner` lies wholly on `panel` (an ellipse: the middles of its four sides inside
    the curve, since the corners of a glyph's or an icon's box are rarely inked)."""
    if panel.kind == "ellipse":
        cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
        sides = ((inner[0], cy), (inner[2], cy), (cx, inner[1]), (cx, inner[3]))
        return all(_in_ellipse(panel.box, x, y, TOLERANCE) for x, y in sides)
    return inside(inner, panel.box)


def _overlaps_key(element: Element, scope: dict[str, Any]) -> frozenset[str]:
    value = element.props.get("overlaps")
    if value is None:
        return frozenset()
    raw = value.evaluate(scope)
    names = [raw] if isinstance(raw, str) else list(raw or ())
    return frozenset(str(name) for name in names)


class CheckingRenderer(Renderer):
    """A `Renderer` that reports what each element drew, for `collisions`."""

    def drawn(self, context: dict[str, Any]) -> list[Drawn]:
        """Each mark and panel of the face for `context`, in drawing order."""
        from cardgen.printkit.layout.budget import face_budget

        result: list[Drawn] = []
        with face_budget():
            scope = self.scope(context)
            for plan in self.plans:
                result += self._drawn_elements(plan, scope)
        return result

    def _drawn_elements(self, plan: Plan, scope: dict[str, Any]) -> Iterator[Drawn]:
        element = plan.element
        if element.type not in MARKS | PANELS:
            return
        overflows: list[str] = []
        ops = self._element_ops(plan, scope, [], overflows)
        if not ops or overflows:  # not drawn here, or text too long: reported as an overflow
            return
        allowed = _overlaps_key(element, scope)
        name = element_name(element)
        if element.type in PANELS:  # its box as laid out, inside the line drawn round it
            box = self._panel_box(plan, scope)
            if box is None:
                return
            yield Drawn(name, element.type, box, allowed)
            return
        if element.type == "text":  # each line on its own: a short line's gap is paper
            boxes = [box for op in ops if (box := op_box(op)) is not None]
        else:
            whole = union([box for op in ops if (box := op_box(op)) is not None])
            boxes = [] if whole is None else [whole]
        for box in boxes:
            yield Drawn(name, element.type, box, allowed)

    def _panel_box(self, plan: Plan, scope: dict[str, Any]) -> Box | None:
        """The box a panel offers what sits on it (None: a frame, drawn as a line only)."""
        values = [value.evaluate(scope) for value in plan.values]
        props = {**plan.constants, **dict(zip(plan.keys, values, strict=True))}
        ctx = Ctx(self.width, self.height, self.bleed, props, plan.element.where, self.icons,
                  self.resolve_image, [])  # fmt: skip
        if plan.element.type in ("rect", "ellipse") and not ctx.colour("fill"):
            return None
        x, y, w, h = ctx.box()
        inset = 0.0
        if plan.element.type in ("rect", "ellipse") and ctx.colour("stroke"):
            # the line is centred on the edge, and ink touching it reads as crossing it
            inset = ctx.number("stroke_width", 0.5) / PT_PER_MM / 2 + CLEARANCE
        return x + inset, y + inset, x + w - inset, y + h - inset


def _on_pictures(item: Drawn, earlier: list[Drawn]) -> list[str]:
    """A mark or panel drawn over a picture drawn before it, unless it allows that picture."""
    return [f"{item.name} sits on {other.kind} {other.name}" for other in earlier
            if other.kind in PICTURES and overlap(other.box, item.box)
            and not item.allows(other)]  # fmt: skip


def collisions(drawn: list[Drawn], width: float, height: float) -> list[str]:
    """What collides on one face (see the module's notes), one phrase each."""
    found: list[str] = []
    face: Box = (0.0, 0.0, width, height)
    for i, item in enumerate(drawn):
        earlier = drawn[:i]
        if item.kind in MARKS:
            panel = next((p for p in reversed(earlier) if p.kind in PANELS
                          and holds_centre(p, item.box)), None)  # fmt: skip
            fits = inside(item.box, face) if panel is None else holds(panel, item.box)
            named = "the face" if panel is None else f"its panel {panel.name}"
            found += _on_pictures(item, earlier)
            on_picture = panel is not None and panel.kind in PICTURES  # said above, or allowed
            if not on_picture and not fits and not (panel and item.allows(panel)):
                found.append(f"{item.name} leaves {named}")
            for other in earlier:
                if (other.kind in MARKS and other.name != item.name
                        and overlap(other.box, item.box) and not item.allows(other)):  # fmt: skip
                    found.append(f"{item.name} overlaps {other.name}")
        elif item.kind in PANELS:
            found += _on_pictures(item, earlier)
    return list(dict.fromkeys(found))


def check_type(game: Any, spec: Any, bleed: float, ids: set[str] | None = None,
               codes: bool = True) -> list[str]:  # fmt: skip
    """One line per collision on the faces of `spec`'s cards (only `ids`, if given): the game,
    type, card and the two elements. Layouts are laid out again here, element by element.

    The faces walked are those `build_faces` prints: each per-deck copy with its decklist row
    (a layout may print the deck's name) and its deck's back, so what is checked is what is
    printed."""
    from cardgen.printkit import faces as kit
    from cardgen.printkit.copies import Copy, printed_copies, unique_faces
    from cardgen.printkit.typefaces import font_table

    size = spec.size or game.spec.default_size
    root = kit.templates_root(game)
    icons = kit.icon_set(root, game.id)
    resolve = kit.image_resolver(game)
    fonts = font_table(game.spec)

    def checker(side: str) -> CheckingRenderer:
        layout = kit.load_layout(kit.find_layout(root, game.id, spec.id, spec.kind, side), root)
        return CheckingRenderer(layout, size.width_mm, size.height_mm, bleed, icons, resolve,
                                size.shape, text_overflow="warn", fonts=fonts)  # fmt: skip

    front, back = checker("front"), checker("back")
    common = {**kit.base_context(game, spec), "codes": codes}
    shown = kit.shown_fields(spec)
    found: list[str] = []

    def check(renderer: CheckingRenderer, context: dict[str, Any], label: str) -> None:
        lines = collisions(renderer.drawn(context), size.width_mm, size.height_mm)
        found.extend(f"{game.id} {spec.id} {label}: {line}" for line in lines)

    copies, _ = printed_copies(game, spec)
    drawn_ids = {c.card.id for c in copies}
    todo = unique_faces(copies) + [Copy(c.id, c) for c in game.cards.get(spec.id, [])
                                   if c.id not in drawn_ids]  # fmt: skip
    backs_seen: set[str] = set()
    for item in todo:
        card = item.card
        if ids and card.id not in ids:
            continue
        deck = {"deck": dict(item.deck)} if item.deck else {}
        context = {**common, **card.values, "card": card.values, "side": "front",
                   "fields": kit.listed_fields(spec, card, shown), **deck}  # fmt: skip
        shared = None if spec.back.style == "none" else kit.back_face(spec, card, item.deck)
        values = kit.back_values(shared) if shared is not None else None
        if values is not None and "back" not in card.values:
            context["back"] = values
        check(front, context, item.face_id)
        if spec.back.style == "none" or (shared is None and spec.back.style == "by_deck"):
            continue  # no back printed (the build names a copy outside the decks)
        if shared is not None:
            if shared.label not in backs_seen:
                backs_seen.add(shared.label)
                check(back, {**common, "back": values, "side": "back", "card": card.values,
                             **deck}, f"back {shared.label}")  # fmt: skip
        else:
            check(front, {**context, "side": "back"}, f"{item.face_id} (back)")
    return list(dict.fromkeys(found))
