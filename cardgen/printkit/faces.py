"""Faces of a game's components: each card's front and back laid out from its type's layouts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.data.database import Game
from cardgen.data.fields import FieldSpec
from cardgen.data.manifest import BackFace, TypeSpec
from cardgen.data.records import Card
from cardgen.data.units import Size
from cardgen.printkit.artcheck import art_warnings
from cardgen.printkit.draw import Face
from cardgen.printkit.icons import icon_set
from cardgen.printkit.layout import Renderer, TextOverflowError, find_layout, load_layout
from cardgen.printkit.layout.context import contrast

PRINTED_KINDS = ("card", "tile", "token", "counter", "pawn", "board")


@dataclass
class FaceSet:
    """The faces of one type: a front per card id, a back per card id (shared backs are shared)."""

    spec: TypeSpec
    size: Size
    fronts: dict[str, Face] = field(default_factory=dict)
    backs: dict[str, Face] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def has_backs(self) -> bool:
        return bool(self.backs)


def templates_root(game: Game) -> Path:
    from cardgen.data.project import REPO_ROOT

    sibling = game.spec.folder.parent.parent / "templates"
    return sibling if (sibling / "base").is_dir() else REPO_ROOT / "templates"


def _keyword_lookup(game: Game):
    def kw(set_id: str, keyword_id: str) -> dict[str, Any]:
        card = game.keyword(set_id, keyword_id)
        return dict(card.values) if card is not None else {"id": keyword_id, "name": keyword_id}

    return kw


def _image_resolver(game: Game):
    seen: dict[str, tuple[str | None, str | None]] = {}

    def resolve(src: str) -> tuple[str | None, str | None]:
        if src not in seen:  # art is shared across many cards: check each file once
            seen[src] = _check_image(src)
        return seen[src]

    def _check_image(src: str) -> tuple[str | None, str | None]:
        path = (game.spec.folder / src).resolve()
        if not path.is_file():
            return None, f"art {src!r} is missing; a placeholder was drawn"
        from cardgen.printkit.backends.images import is_readable_image

        if not is_readable_image(path):
            return None, f"art {src!r} is not a readable image; a placeholder was drawn"
        return str(path), None

    return resolve


def base_context(game: Game, spec: TypeSpec) -> dict[str, Any]:
    return {
        "game": {"id": game.id, "name": game.name},
        "type": {"id": spec.id, "name": spec.name, "plural": spec.plural, "kind": spec.kind},
        "kw": _keyword_lookup(game),
        "shape": (spec.size or game.spec.default_size).shape,
        "contrast": contrast,
    }


HIDDEN_FIELDS = {"id", "name", "quantity", "art"}


def shown_fields(spec: TypeSpec) -> list[tuple[FieldSpec, str]]:
    """The fields generic layouts list (all but id, name, quantity and art), with their labels."""
    return [(f, f.title) for f in spec.fields if f.name not in HIDDEN_FIELDS and f.type != "image"]


def listed_fields(
    spec: TypeSpec, card: Card, shown: list[tuple[FieldSpec, str]] | None = None
) -> list[dict[str, str]]:
    """Label and printable value of each filled field, for generic layouts (`shown`: the type's
    `shown_fields`, worked out once for all its cards)."""
    from cardgen.data.export import cell_text

    listed = []
    for f, label in shown_fields(spec) if shown is None else shown:
        value = card.get(f.name)
        if value in (None, "", (), {}):
            continue
        listed.append({"name": f.name, "label": label, "value": cell_text(value, f)})
    return listed


def back_face(spec: TypeSpec, card: Card) -> BackFace | None:
    back = spec.back
    if back.style == "fixed":
        return back.face
    if back.style == "by_field":
        return back.faces.get(str(card.get(back.field, "")))
    if back.style == "double_sided" and not card.get(back.field):
        return back.plain
    return None


def build_faces(
    game: Game,
    spec: TypeSpec,
    bleed: float,
    ids: set[str] | None = None,
    text_overflow: str = "error",
) -> FaceSet:
    """Every face of `spec`'s cards (only `ids`, if given).

    Text that does not fit its box even at its smallest size raises one TextOverflowError
    naming every such card (type and id) and layout element, once the whole type is laid out;
    `text_overflow="warn"` (or a layout's `[options] text_overflow = "warn"`) makes them
    warnings in `problems` instead.
    """
    size = spec.size or game.spec.default_size
    faces = FaceSet(spec, size)
    root = templates_root(game)
    icons = icon_set(root, game.id)
    resolve = _image_resolver(game)

    def renderer(side: str) -> Renderer:  # each layout made ready once for the whole type
        layout = load_layout(find_layout(root, game.id, spec.id, spec.kind, side), root)
        return Renderer(layout, size.width_mm, size.height_mm, bleed, icons, resolve, size.shape,
                        text_overflow=text_overflow)  # fmt: skip

    front_renderer, back_renderer = renderer("front"), renderer("back")
    common = base_context(game, spec)
    art_seen: set[tuple[str, float, float, str]] = set()  # art shared by cards: checked once
    art_root = game.spec.folder.resolve()
    shown = shown_fields(spec)
    overflows: list[str] = []

    def render(renderer: Renderer, context: dict[str, Any], key: str, label: str) -> Face:
        try:
            face, problems = renderer.render(context)
        except TextOverflowError as exc:  # gathered, so one build names every card at once
            overflows.extend(f"{spec.id} {label}: {line}" for line in exc.overflows)
            return Face(size.width_mm, size.height_mm, bleed, key=key)
        face.key = key
        problems += art_warnings(face.ops, art_seen, art_root)
        faces.problems.extend(f"{spec.id} {label}: {p}" for p in problems)
        return face

    shared_backs: dict[str, Face] = {}
    for card in game.cards.get(spec.id, []):
        if ids and card.id not in ids:
            continue
        context = {
            **common,
            **card.values,
            "card": card.values,
            "side": "front",
            "fields": listed_fields(spec, card, shown),
        }
        key = f"{spec.id}:{card.id}:front"
        faces.fronts[card.id] = render(front_renderer, context, key, card.id)
        if spec.back.style == "none":
            continue
        shared = back_face(spec, card)
        if shared is not None:
            key = f"{spec.id}:back:{shared.label}"
            if key not in shared_backs:
                ink = contrast(shared.color)
                back = {
                    "label": shared.label,
                    "color": shared.color,
                    "mark": shared.mark,
                    "ink": ink,
                }
                back_context = {**common, "back": back, "side": "back", "card": card.values}
                shared_backs[key] = render(back_renderer, back_context, key, "back")
            faces.backs[card.id] = shared_backs[key]
        else:  # the other side of a double-sided component: its front layout, other face
            other = {**context, "side": "back"}
            key = f"{spec.id}:{card.id}:back"
            faces.backs[card.id] = render(front_renderer, other, key, f"{card.id} (back)")
    if overflows:
        raise TextOverflowError(overflows)
    return faces
