"""Clean quiet zones: no ink within `QUIET_MODULES` modules of a card code's symbol.

Why a check of its own, measured on the rendered face: zxing-cpp reads a Micro QR code by
finding its one finder pattern and sampling the whole symbol from that pattern's corners, so
ink near the symbol (a panel's outline, a corner of the art, a shaded band) throws the corners
and with them every module, and a face that looks fine does not read. Measured on the shipped
faces at 300 dpi: Riposte's ability cards, whose panel outline ran 1.1 modules outside the
code's 2-module margin, did not read; cleared to 4 modules they all did. So the zone checked
is the QR code standard's 4 modules, twice the Micro QR minimum, whoever draws it: the code's
own `paper` square, or the light card around it.

Where the collision check (`collisions`) compares boxes, this one renders the pixels around
each code at `DPI`, as the PNG export does, because what matters is ink, not boxes: a pale
shading or a rounded panel corner's curve may lie in a box and leave the zone light. A pixel
counts as ink when it is darker than the code's paper by more than `TOLERATED` of the contrast
between the code's ink and paper (faint art a camera sees as paper is allowed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from cardgen.data.codes import payload
from cardgen.printkit.draw import Face, Op, RectOp
from cardgen.printkit.layout.code import ERROR_LEVELS, QUIET, modules
from cardgen.printkit.layout.collisions import element_name, op_box, overlap
from cardgen.printkit.layout.elements import Ctx
from cardgen.printkit.layout.errors import LayoutError, check_policy
from cardgen.printkit.layout.render import Renderer
from cardgen.printkit.layout.repeat import translate_ops

QUIET_MODULES = QUIET  # light modules needed around the symbol (see the module's notes)
DPI = 300  # what the PNG faces are exported at, and what the table's photos come closest to
TOLERATED = 0.25  # share of the ink-paper contrast a pixel of the zone may lose

Box = tuple[float, float, float, float]


class QuietZoneError(LayoutError):
    """Faces whose codes have ink in their quiet zone: one line for each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class CodeSpot:
    """One code as drawn on a face: its element, the symbol's box and module, its colours."""

    name: str
    symbol: Box  # mm, without the quiet zone
    unit: float  # mm per module
    ink: str
    paper: str
    index: int  # the code element's place among the face's elements


@dataclass(frozen=True)
class Laid:
    """A face laid out element by element: every element's ops, and the codes among them."""

    face: Face
    elements: list[tuple[str, list[Op]]]
    codes: list[CodeSpot]


class CodeRenderer(Renderer):
    """A `Renderer` that keeps each element's ops apart and says where each code's symbol is."""

    def laid(self, context: dict[str, Any]) -> Laid:
        from cardgen.printkit.layout.budget import face_budget

        face = Face(self.width, self.height, self.bleed, shape=self.shape)
        elements: list[tuple[str, list[Op]]] = []
        spots: list[CodeSpot] = []
        with face_budget():
            scope = self.scope(context)
            for plan in self.plans:
                ops = self._element_ops(plan, scope, [], [])
                if not ops:
                    continue
                name = element_name(plan.element)
                if plan.element.type == "code" and isinstance(ops[0], RectOp):
                    spots.append(self._spot(plan, scope, ops[0], name, len(elements)))
                elements.append((name, ops))
                face.ops.extend(ops)
        return Laid(face, elements, spots)

    def _spot(self, plan: Any, scope: dict[str, Any], paper: RectOp, name: str,
              index: int) -> CodeSpot:  # fmt: skip
        """Where the symbol lies inside the code's paper square (turning it keeps the square)."""
        values = [value.evaluate(scope) for value in plan.values]
        props = {**plan.constants, **dict(zip(plan.keys, values, strict=True))}
        ctx = Ctx(self.width, self.height, self.bleed, props, plan.element.where, self.icons,
                  self.resolve_image, [])  # fmt: skip
        ids = [ctx.text(key).strip() for key in ("game", "card_type", "card")]
        side, _ = modules(payload(*ids), ctx.choice("error", "m", ERROR_LEVELS))
        quiet = ctx.number("quiet", QUIET)
        unit = paper.w / (side + 2 * quiet)
        left, top = paper.x + quiet * unit, paper.y + quiet * unit
        ink = ctx.colour("color", "#000000") or "#000000"
        return CodeSpot(name, (left, top, left + side * unit, top + side * unit), unit, ink,
                        paper.style.fill or "#FFFFFF", index)  # fmt: skip


def _grey(colour: str) -> int:
    """`colour` as the PNG export's grey level (0-255), as its renderer converts it."""
    from cardgen.printkit.backends.png import grey

    return grey(colour)


def zone(spot: CodeSpot) -> Box:
    """The symbol's box grown by the quiet zone."""
    grow = QUIET_MODULES * spot.unit
    left, top, right, bottom = spot.symbol
    return left - grow, top - grow, right + grow, bottom + grow


def inked(laid: Laid, spot: CodeSpot) -> float:
    """The share of the quiet zone's pixels that are ink (0: clean), rendered at `DPI`.

    Only the zone's square is drawn (the face's ops moved so that it sits at the origin), and
    half a module next to the symbol is left out: the symbol's own edge pixels blend into it.
    """
    from cardgen.printkit.backends.png import render_png

    outer = zone(spot)
    size = outer[2] - outer[0]
    region = Face(size, size, 0.0)
    region.ops = translate_ops(laid.face.ops, -outer[0], -outer[1])
    pixels = np.asarray(render_png(region, DPI, bleed=False).convert("L"), dtype=np.int16)
    n = pixels.shape[0]
    scale = n / size
    edge = round(0.5 * spot.unit * scale)
    inner = (round((spot.symbol[0] - outer[0]) * scale) - edge,
             round((spot.symbol[2] - outer[0]) * scale) + edge)  # fmt: skip
    ring = np.ones(pixels.shape, dtype=bool)
    ring[[0, -1], :] = ring[:, [0, -1]] = False  # the zone's own edge: shared with the card
    ring[inner[0] : inner[1], inner[0] : inner[1]] = False
    ink, paper = _grey(spot.ink), _grey(spot.paper)
    limit = paper - TOLERATED * (paper - ink)
    dark = pixels < limit if paper > ink else pixels > limit
    return float(dark[ring].sum()) / float(ring.sum())


def intruders(laid: Laid, spot: CodeSpot, share: float) -> list[str]:
    """The elements whose ink is in the zone: those without which it has less ink (only the
    elements whose boxes reach the zone are tried; this runs only for a face that failed)."""
    outer = zone(spot)
    names = []
    for index, (name, ops) in enumerate(laid.elements):
        if index == spot.index or not any(
            (box := op_box(op)) is not None and overlap(box, outer) for op in ops
        ):
            continue
        rest = [op for i, (_, kept) in enumerate(laid.elements) if i != index for op in kept]
        without = Face(laid.face.width, laid.face.height, laid.face.bleed)
        without.ops = rest
        if inked(Laid(without, laid.elements, laid.codes), spot) < share:
            names.append(name)
    return names


def problems(laid: Laid) -> list[str]:
    """One phrase per code whose quiet zone holds ink."""
    found = []
    for spot in laid.codes:
        share = inked(laid, spot)
        if share > 0:
            who = intruders(laid, spot, share)
            by = f" ({', '.join(who)})" if who else ""
            found.append(f"ink in the quiet zone of {spot.name}{by}: keep {QUIET_MODULES} "
                         f"modules ({QUIET_MODULES * spot.unit:.1f} mm) round its symbol "
                         f"clear ({share:.0%} of the zone is inked)")  # fmt: skip
    return found


def check_type(game: Any, spec: Any, bleed: float, ids: set[str] | None = None,
               codes: bool = True) -> list[str]:  # fmt: skip
    """One line per face of `spec`'s cards (only `ids`, if given) with ink in a code's quiet
    zone, naming the game, type, card and face."""
    if not codes:
        return []
    from cardgen.printkit import faces as kit
    from cardgen.printkit.typefaces import font_table

    size = spec.size or game.spec.default_size
    root = kit.templates_root(game)
    layout = kit.load_layout(kit.find_layout(root, game.id, spec.id, spec.kind, "front"), root)
    if not any(element.type == "code" for element in layout.elements):
        return []
    renderer = CodeRenderer(layout, size.width_mm, size.height_mm, bleed,
                            kit.icon_set(root, game.id), kit.image_resolver(game), size.shape,
                            text_overflow="warn", fonts=font_table(game.spec))  # fmt: skip
    common = {**kit.base_context(game, spec), "codes": codes}
    shown = kit.shown_fields(spec)
    found: list[str] = []
    for card in game.cards.get(spec.id, []):
        if ids and card.id not in ids:
            continue
        context = {**common, **card.values, "card": card.values, "side": "front",
                   "fields": kit.listed_fields(spec, card, shown)}  # fmt: skip
        shared = None if spec.back.style in ("none", "by_deck") else kit.back_face(spec, card)
        values = kit.back_values(shared) if shared is not None else None
        if values is not None and "back" not in card.values:
            context["back"] = values
        sides = [("front", context)]
        if spec.back.style != "none" and shared is None and spec.back.style != "by_deck":
            sides.append(("back", {**context, "side": "back"}))  # a double-sided component
        for side, scope in sides:
            for line in problems(renderer.laid(scope)):
                found.append(f"{game.id} {spec.id} {card.id} ({side}): {line}")
    return list(dict.fromkeys(found))


def check_build(game: Any, spec: Any, bleed: float, ids: set[str] | None, codes: bool,
                policy: str) -> list[str]:  # fmt: skip
    """The quiet-zone problems of `spec`'s faces: raised (QuietZoneError) when `policy` is
    "error", as the build treats collisions, else returned as warnings."""
    found = check_type(game, spec, bleed, ids, codes)
    if found and check_policy(policy, "collisions") == "error":
        raise QuietZoneError(found)
    return found
