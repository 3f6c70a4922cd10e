"""Faces of a game's components: each card's front and back laid out from its type's layouts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.data.database import Game
from cardgen.data.fields import FieldSpec
from cardgen.data.records import Card
from cardgen.data.spec import BackFace, TypeSpec
from cardgen.data.units import Size
from cardgen.printkit.artcheck import art_warnings
from cardgen.printkit.copies import Copy, printed_copies, unique_faces
from cardgen.printkit.draw import Face, Op
from cardgen.printkit.icons import icon_set
from cardgen.printkit.layout import Renderer, TextOverflowError, find_layout, load_layout
from cardgen.printkit.layout.context import contrast
from cardgen.printkit.typefaces import font_table

PRINTED_KINDS = ("card", "tile", "token", "counter", "pawn", "board")


@dataclass
class FaceSet:
    """The faces of one type: a front and a back per face id (shared backs are shared).

    A face id is the card's id, or for a type printed per deck the id with its deck's name
    (`cardgen.printkit.copies`); `copies` lists the face id of every copy in the box, in print
    order, and `cards` the card each face id shows.
    """

    spec: TypeSpec
    size: Size
    fronts: dict[str, Face] = field(default_factory=dict)
    backs: dict[str, Face] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    copies: list[str] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)
    decks: dict[str, str] = field(default_factory=dict)  # face id -> its deck's name, if any

    @property
    def has_backs(self) -> bool:
        return bool(self.backs)

    def front(self, card_id: str) -> Face:
        """The front of a card (of a card printed per deck: its first deck's copy)."""
        if card_id in self.fronts:
            return self.fronts[card_id]
        return next(f for i, f in self.fronts.items() if self.cards[i].id == card_id)


def templates_root(game: Game) -> Path:
    from cardgen.data.project import templates_for

    return templates_for(game.spec.folder)


def _keyword_lookup(game: Game):
    def kw(set_id: str, keyword_id: str) -> dict[str, Any]:
        card = game.keyword(set_id, keyword_id)
        return dict(card.values) if card is not None else {"id": keyword_id, "name": keyword_id}

    return kw


def image_resolver(game: Game) -> Callable[[str], tuple[str | None, str | None]]:
    """A layout's `src` resolved once per file and confined to the game's folder, so the
    faces and the checks that lay them out again agree on what a picture is."""
    seen: dict[str, tuple[str | None, str | None]] = {}

    def resolve(src: str) -> tuple[str | None, str | None]:
        if src not in seen:  # art is shared across many cards: check each file once
            seen[src] = _check_image(src)
        return seen[src]

    folder = game.spec.folder.resolve()

    def _check_image(src: str) -> tuple[str | None, str | None]:
        shown = src if len(src) <= 60 else src[:57] + "..."
        try:  # a layout's own `src` is confined like the data's art: the game folder only
            path = (folder / src).resolve()
            inside = "\0" not in src and path.is_relative_to(folder)
        except (OSError, ValueError):
            inside = False
        if not inside:
            return None, f"art {shown!r} is outside the game's folder; a placeholder was drawn"
        try:
            found = path.is_file()
        except OSError:  # a name too long for the file system, say
            found = False
        if not found:
            return None, f"art {shown!r} is missing; a placeholder was drawn"
        if path.suffix.lower() == ".svg":  # vector art: read by the art element itself
            return str(path), None
        from cardgen.printkit.backends.images import is_readable_image

        if not is_readable_image(path):
            return None, f"art {shown!r} is not a readable image; a placeholder was drawn"
        return str(path), None

    return resolve


def base_context(game: Game, spec: TypeSpec) -> dict[str, Any]:
    return {
        "game": {"id": game.id, "name": game.name},
        "numbers": dict(game.numbers),  # rule_numbers.csv, as the rulebooks cite them
        "type": {"id": spec.id, "name": spec.name, "plural": spec.plural, "kind": spec.kind},
        "kw": _keyword_lookup(game),
        "shape": (spec.size or game.spec.default_size).shape,
        "contrast": contrast,
        "codes": True,  # print each card's code (layouts: `when = "{{ codes }}"`); --no-codes
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


def back_face(spec: TypeSpec, card: Card, deck: Any = None) -> BackFace | None:
    """The shared back of `card` (`deck`: the decklist row of a per-deck copy), or None."""
    back = spec.back
    if back.style == "fixed":
        return back.face
    if back.style == "by_deck":
        return back.faces.get(str(deck.get(back.field, ""))) if deck else None
    if back.style == "by_field":
        return back.faces.get(str(card.get(back.field, "")))
    if back.style == "double_sided" and not card.get(back.field):
        return back.plain
    return None


def back_values(face: BackFace) -> dict[str, str]:
    """A shared back as layouts see it (`back.label`, `back.color`, `back.mark`, `back.ink`):
    given to its fronts too, so a front may echo its back's colour."""
    ink = contrast(face.color)
    return {"label": face.label, "color": face.color, "mark": face.mark, "ink": ink}


def printed_type(game: Game, card_id: str) -> TypeSpec | None:
    """The type of the printed card `card_id` (None: no such card, or one the kit prints not)."""
    card = game.by_id(card_id)
    spec = game.spec.type(card.type) if card is not None else None
    return spec if spec is not None and spec.kind in PRINTED_KINDS else None


def build_faces(
    game: Game,
    spec: TypeSpec,
    bleed: float,
    ids: set[str] | None = None,
    text_overflow: str = "error",
    codes: bool = True,
    watch: Callable[[str, list[Op]], None] | None = None,
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
    resolve = image_resolver(game)
    fonts = font_table(game.spec)

    def renderer(side: str) -> Renderer:  # each layout made ready once for the whole type
        layout = load_layout(find_layout(root, game.id, spec.id, spec.kind, side), root)
        return Renderer(layout, size.width_mm, size.height_mm, bleed, icons, resolve, size.shape,
                        text_overflow=text_overflow, fonts=fonts)  # fmt: skip

    front_renderer, back_renderer = renderer("front"), renderer("back")
    front_renderer.watch = watch  # told what each element of a front drew (`Renderer.watch`)
    common = {**base_context(game, spec), "codes": codes}
    art_seen: set[tuple[str, float, float, str]] = set()  # art shared by cards: checked once
    art_root = game.spec.folder.resolve()
    shown = shown_fields(spec)
    overflows: list[str] = []

    def render(renderer: Renderer, context: dict[str, Any], key: str, label: str) -> Face:
        try:
            face, problems = renderer.render(context)
        except TextOverflowError as exc:  # gathered, so one build names every card at once
            lines = (f"{spec.id} {label}: {line}" for line in exc.overflows)
            overflows.extend(line for line in lines if line not in overflows)  # a card's copies
            return Face(size.width_mm, size.height_mm, bleed, key=key)
        face.key = key
        problems += art_warnings(face.ops, art_seen, art_root)
        lines = (f"{spec.id} {label}: {p}" for p in problems)
        faces.problems.extend(line for line in lines if line not in faces.problems)
        return face

    shared_backs: dict[str, Face] = {}
    copies, copy_problems = printed_copies(game, spec)
    faces.problems += [f"{spec.id} {p}" for p in copy_problems]
    drawn = {c.card.id for c in copies}  # cards the box holds none of still get their faces
    todo = unique_faces(copies) + [Copy(c.id, c) for c in game.cards.get(spec.id, [])
                                   if c.id not in drawn]  # fmt: skip
    for item in todo:
        card, face_id = item.card, item.face_id
        if ids and card.id not in ids:
            continue
        faces.cards[face_id] = card
        if item.deck:
            faces.decks[face_id] = str(item.deck.get("deck", ""))
        context = {
            **common,
            **card.values,
            "card": card.values,
            "side": "front",
            "fields": listed_fields(spec, card, shown),
        }
        deck = {"deck": dict(item.deck)} if item.deck else {}  # a per-deck copy's decklist row
        context.update(deck)
        shared = None if spec.back.style == "none" else back_face(spec, card, item.deck)
        back = back_values(shared) if shared is not None else None
        if back is not None and "back" not in card.values:  # a front may echo its back's colour
            context["back"] = back
        key = f"{spec.id}:{face_id}:front"
        faces.fronts[face_id] = render(front_renderer, context, key, card.id)
        if spec.back.style == "none":
            continue
        if shared is None and spec.back.style == "by_deck":
            faces.problems.append(f"{spec.id} {face_id}: no back for a copy outside the decks")
            continue
        if shared is not None:
            key = f"{spec.id}:back:{shared.label}"
            if key not in shared_backs:
                back_context = {**common, "back": back, "side": "back", "card": card.values,
                                **deck}  # fmt: skip
                shared_backs[key] = render(back_renderer, back_context, key, "back")
            faces.backs[face_id] = shared_backs[key]
        else:  # the other side of a double-sided component: its front layout, other face
            other = {**context, "side": "back"}
            key = f"{spec.id}:{face_id}:back"
            faces.backs[face_id] = render(front_renderer, other, key, f"{card.id} (back)")
    faces.copies = [c.face_id for c in copies if c.face_id in faces.fronts]
    if overflows:
        raise TextOverflowError(overflows)
    return faces
