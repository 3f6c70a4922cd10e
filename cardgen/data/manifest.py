"""A game's manifest: what the game is, its card types with their schemas, keywords and decks.

Everything game-specific about the data lives in `card_data/<game>/manifest.json`; this module only
knows the manifest's own grammar. Unknown keys are reported rather than ignored, so a typo such as
`"requried": true` cannot silently weaken a schema.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any

from cardgen.data.errors import DataError, Location, Problems
from cardgen.data.fields import FIELD_TYPES, FieldSpec, FieldValueError, ParseContext
from cardgen.data.readers.csv_reader import decode
from cardgen.data.readers.limits import read_bytes
from cardgen.data.units import Size, preset_sizes, size_from_spec

MANIFEST_NAME = "manifest.json"

KINDS = {
    "card": "cards held in hand or dealt, with a front and a back",
    "tile": "square or shaped tiles laid on the table",
    "token": "round tokens and markers",
    "counter": "counters that track a number (health, pool, life)",
    "pawn": "pawns, printed as fold-up standees",
    "board": "boards, split across pages when larger than the paper",
    "die": "faces of a die and what each means",
    "reference": "data the rules use but nothing is printed for",
    "decklist": "ready-made decks: which cards, how many copies",
}
BACK_STYLES = {"fixed", "by_field", "double_sided", "none"}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
KEYWORD_FIELDS = (
    FieldSpec("set", "choice", required=True, description="the keyword set this belongs to"),
    FieldSpec("id", "id", required=True, description="the keyword's id, used in card sheets"),
    FieldSpec("name", "text", required=True, description="the keyword as printed"),
    FieldSpec("summary", "text", description="what it does, in one or two sentences"),
    FieldSpec("icon", "text", description="the icon's name in the print kit's icon set"),
)


@dataclass(frozen=True)
class BackFace:
    label: str
    color: str
    mark: str  # a letter or shape name, so backs differ without colour


@dataclass(frozen=True)
class BackSpec:
    style: str
    face: BackFace | None = None  # style fixed
    field: str = ""  # by_field / double_sided: the field that decides
    faces: dict[str, BackFace] = dc_field(default_factory=dict)  # value of `field` -> face
    plain: BackFace | None = None  # double_sided: the back of items whose field is empty


@dataclass(frozen=True)
class TypeSpec:
    id: str
    name: str
    plural: str
    sheet: str
    kind: str
    size: Size | None
    back: BackSpec
    fields: tuple[FieldSpec, ...]
    description: str = ""
    quantity_field: str = ""
    default_format: str = ""  # decklists: the deck format when a row names none

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def field_names(self) -> list[str]:
        return [f.name for f in self.fields]


@dataclass(frozen=True)
class KeywordSet:
    id: str
    name: str
    description: str = ""


@dataclass(frozen=True)
class CopyLimit:
    """How many copies of one card a deck may hold: a fixed number, or one read off a field."""

    max: int | None = None
    field: str = ""
    by_value: dict[str, int] = dc_field(default_factory=dict)
    exempt_types: tuple[str, ...] = ()
    rule: str = ""  # the rule in words, shown with a violation


@dataclass(frozen=True)
class CountRule:
    """Between min and max cards of the given types (and field values) in every deck."""

    types: tuple[str, ...] = ()
    where: dict[str, Any] = dc_field(default_factory=dict)
    min: int | None = None
    max: int | None = None
    rule: str = ""


@dataclass(frozen=True)
class DeckFormat:
    id: str
    description: str = ""
    min_cards: int | None = None
    max_cards: int | None = None
    allowed_types: tuple[str, ...] = ()
    copy_limit: CopyLimit | None = None
    counts: tuple[CountRule, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    folder: Path
    summary: str
    players_min: int
    players_max: int
    default_size: Size
    types: tuple[TypeSpec, ...]
    keyword_type: TypeSpec | None
    keyword_sets: dict[str, KeywordSet]
    deck_formats: dict[str, DeckFormat]
    info: dict[str, Any]  # free metadata: designers, play time, age …
    raw: dict[str, Any]  # the manifest as written, for export

    def type(self, type_id: str) -> TypeSpec:
        return next(t for t in self.types if t.id == type_id)

    def has_type(self, type_id: str) -> bool:
        return any(t.id == type_id for t in self.types)

    @property
    def card_types(self) -> list[TypeSpec]:
        return [t for t in self.types if t.kind != "decklist"]


class _Reader:
    """Reads one JSON object, recording wrong types and unknown keys as problems."""

    def __init__(self, obj: Any, where: str, problems: Problems, loc: Location) -> None:
        self.where, self.problems, self.loc = where, problems, loc
        if not isinstance(obj, dict):
            self.fail(f"should be an object ({{...}}), not {type(obj).__name__}")
            obj = {}
        self.obj: dict[str, Any] = obj
        self.used: set[str] = set()

    def fail(self, message: str) -> None:
        self.problems.error(self.loc, f"{self.where}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        self.used.add(key)
        if key not in self.obj:
            return default
        value = self.obj[key]
        ok = isinstance(value, kind) and not (isinstance(value, bool) and kind in (int, float))
        if not ok:
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            self.fail(f'"{key}" should be {names}, not {json.dumps(value)[:40]}')
            return default
        return value

    def need(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.obj:
            self.fail(f'"{key}" is missing')
        return self.get(key, kind)

    def finish(self, allowed_extra: set[str] | None = None) -> None:
        extra = set(self.obj) - self.used - (allowed_extra or set())
        for key in sorted(extra):
            if not key.startswith("_"):  # "_comment" and friends are notes for people
                self.fail(f'unknown key "{key}"')


def _size(value: Any, sizes: dict[str, Size], where: str, r: _Reader) -> Size | None:
    if value is None:
        return None
    if isinstance(value, str):
        if value in sizes:
            return sizes[value]
        r.fail(f'{where} "{value}" is not a known size ({", ".join(sorted(sizes))})')
        return None
    try:
        return size_from_spec(value)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        r.fail(f"{where} is not a size: {exc}")
        return None


def _face(obj: Any, where: str, problems: Problems, loc: Location) -> BackFace:
    r = _Reader(obj, where, problems, loc)
    label = r.need("label", str) or ""
    colour = r.need("color", str) or "#000000"
    mark = r.need("mark", str) or ""
    if not COLOUR.match(colour):
        r.fail(f'"color" should look like #1A2B3C, not {colour!r}')
    if not mark.strip():
        r.fail('"mark" must name a letter or shape, so the back is told apart without colour')
    r.finish()
    return BackFace(label, colour, mark)


def _back(obj: Any, where: str, problems: Problems, loc: Location) -> BackSpec:
    r = _Reader(obj, where, problems, loc)
    style = r.need("style", str) or "none"
    if style not in BACK_STYLES:
        r.fail(f'"style" must be one of {", ".join(sorted(BACK_STYLES))}, not {style!r}')
        style = "none"
    if style == "fixed":
        face_keys = {"label", "color", "mark"}
        r.used |= face_keys
        face = _face({k: v for k, v in r.obj.items() if k in face_keys}, where, problems, loc)
        r.finish()
        return BackSpec(style, face=face)
    if style == "by_field":
        name = r.need("field", str) or ""
        faces_obj = r.need("faces", dict) or {}
        faces = {
            str(k): _face(v, f"{where}.faces.{k}", problems, loc) for k, v in faces_obj.items()
        }
        r.finish()
        return BackSpec(style, field=name, faces=faces)
    if style == "double_sided":
        name = r.need("field", str) or ""
        faces_obj = r.get("faces", dict, {}) or {}
        faces = {
            str(k): _face(v, f"{where}.faces.{k}", problems, loc) for k, v in faces_obj.items()
        }
        plain_obj = r.get("plain", dict)
        plain = _face(plain_obj, f"{where}.plain", problems, loc) if plain_obj else None
        r.finish()
        return BackSpec(style, field=name, faces=faces, plain=plain)
    r.finish()
    return BackSpec(style)


def _field(obj: Any, where: str, problems: Problems, loc: Location) -> FieldSpec | None:
    r = _Reader(obj, where, problems, loc)
    name = r.need("name", str)
    kind = r.need("type", str)
    if kind is not None and kind not in FIELD_TYPES:
        r.fail(f'"type" {kind!r} is not one of: {", ".join(FIELD_TYPES)}')
        kind = None
    spec_keys = FIELD_TYPES[kind].keys if kind else frozenset()
    values = r.get("values", list, []) if "values" in spec_keys else []
    to = r.get("to", (list, str), []) if "to" in spec_keys else []
    spec = FieldSpec(
        name=name or "?",
        type=kind or "text",
        required=bool(r.get("required", bool, False)),
        default=None,
        description=r.get("description", str, ""),
        label=r.get("label", str, ""),
        min=r.get("min", (int, float)) if "min" in spec_keys else None,
        max=r.get("max", (int, float)) if "max" in spec_keys else None,
        values=tuple(str(v) for v in values),
        set=(r.need("set", str) or "") if "set" in spec_keys else "",
        to=tuple([to] if isinstance(to, str) else [str(t) for t in to]),
        unique=bool(r.get("unique", bool, False)),
    )
    if name and not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        r.fail(f"field name {name!r} should be lower_case_with_underscores")
    if "values" in spec_keys and not spec.values:
        r.fail('a choice field needs "values": ["...", "..."]')
    if "to" in spec_keys and not spec.to:
        r.fail('a ref field needs "to": the card type(s) it points at, or "*"')
    r.used.add("default")
    if "default" in r.obj and kind:
        object.__setattr__(spec, "default", r.obj["default"])  # parsed once keywords are known
    r.finish()
    return spec if name and kind else None


def _fields(objs: Any, where: str, problems: Problems, loc: Location) -> tuple[FieldSpec, ...]:
    if not isinstance(objs, list) or not objs:
        problems.error(loc, f'{where}: "fields" should be a non-empty list')
        return ()
    specs: list[FieldSpec] = []
    for i, obj in enumerate(objs):
        label = obj.get("name", i) if isinstance(obj, dict) else i
        spec = _field(obj, f"{where}.fields[{label}]", problems, loc)
        if spec is None:
            continue
        if any(s.name == spec.name for s in specs):
            problems.error(loc, f"{where}: field {spec.name!r} is declared twice")
            continue
        specs.append(spec)
    return tuple(specs)


def _type(obj: Any, index: int, sizes: dict[str, Size], problems: Problems, loc: Location):
    label = obj.get("id", index) if isinstance(obj, dict) else index
    where = f"types[{label}]"
    r = _Reader(obj, where, problems, loc)
    type_id = r.need("id", str) or f"type{index}"
    kind = r.need("kind", str) or "card"
    if kind not in KINDS:
        r.fail(f'"kind" must be one of {", ".join(KINDS)}, not {kind!r}')
    name = r.get("name", str, type_id.replace("_", " ").capitalize())
    fields = _fields(r.get("fields", list, []), where, problems, loc)
    back = _back(r.get("back", dict, {"style": "none"}), f"{where}.back", problems, loc)
    spec = TypeSpec(
        id=type_id,
        name=name,
        plural=r.get("plural", str, name + "s"),
        sheet=r.get("sheet", str, type_id),
        kind=kind,
        size=_size(r.get("size", (str, dict)), sizes, f"{where}.size", r),
        back=back,
        fields=fields,
        description=r.get("description", str, ""),
        quantity_field=r.get("quantity_field", str, "quantity"),
        default_format=r.get("default_format", str, ""),
    )
    names = spec.field_names
    if kind != "decklist" and fields and "id" not in names:
        r.fail('needs an "id" field: every card has an id that is unique in the game')
    if kind == "decklist":
        for needed in ("deck", "card", "count"):
            if needed not in names:
                r.fail(f'a decklist needs a "{needed}" field')
    if spec.quantity_field not in names:
        object.__setattr__(spec, "quantity_field", "")
    if back.style in ("by_field", "double_sided") and back.field not in names:
        r.fail(f'back.field "{back.field}" is not one of this type\'s fields')
    if back.style == "by_field" and back.field in names:
        choice = spec.field(back.field)
        if choice and choice.type == "choice":
            for value in choice.values:
                if value not in back.faces:
                    r.fail(f'back.faces has no face for {back.field} "{value}"')
    r.finish()
    return spec


def _deck_format(fid: str, obj: Any, problems: Problems, loc: Location) -> DeckFormat:
    r = _Reader(obj, f"deck_formats.{fid}", problems, loc)
    limit = None
    limit_obj = r.get("copy_limit", dict)
    if limit_obj is not None:
        lr = _Reader(limit_obj, f"deck_formats.{fid}.copy_limit", problems, loc)
        by_value = lr.get("by_value", dict, {})
        bad = [k for k, v in by_value.items() if not isinstance(v, int) or isinstance(v, bool)]
        if bad:
            lr.fail(f'"by_value" counts must be whole numbers ({", ".join(bad)})')
        limit = CopyLimit(
            max=lr.get("max", int),
            field=lr.get("field", str, ""),
            by_value={str(k): v for k, v in by_value.items() if k not in bad},
            exempt_types=tuple(lr.get("exempt_types", list, [])),
            rule=lr.get("rule", str, ""),
        )
        lr.finish()
    counts = []
    for i, cobj in enumerate(r.get("counts", list, [])):
        cr = _Reader(cobj, f"deck_formats.{fid}.counts[{i}]", problems, loc)
        counts.append(
            CountRule(
                types=tuple(cr.get("types", list, [])),
                where=cr.get("where", dict, {}),
                min=cr.get("min", int),
                max=cr.get("max", int),
                rule=cr.get("rule", str, ""),
            )
        )
        cr.finish()
    fmt = DeckFormat(
        id=fid,
        description=r.get("description", str, ""),
        min_cards=r.get("min_cards", int),
        max_cards=r.get("max_cards", int),
        allowed_types=tuple(r.get("allowed_types", list, [])),
        copy_limit=limit,
        counts=tuple(counts),
    )
    r.finish()
    return fmt


def _check_references(spec: GameSpec, problems: Problems, loc: Location) -> None:
    """Names the manifest uses must exist: keyword sets, referenced types, deck formats."""
    type_ids = {t.id for t in spec.types}
    sheets: dict[str, str] = {}
    for t in spec.types:
        where = f"types[{t.id}]"
        if t.sheet.lower() in sheets:
            problems.error(loc, f"{where}: sheet {t.sheet!r} is also used by {sheets[t.sheet]}")
        sheets[t.sheet.lower()] = t.id
        for f in t.fields:
            if f.set and f.set not in spec.keyword_sets:
                problems.error(
                    loc, f"{where}.fields[{f.name}]: keyword set {f.set!r} is not declared"
                )
            for target in f.to:
                if target != "*" and target not in type_ids:
                    problems.error(loc, f"{where}.fields[{f.name}]: no card type {target!r}")
        if t.kind == "decklist":
            formats = [t.default_format] if t.default_format else []
            fmt_field = t.field("format")
            formats += list(fmt_field.values) if fmt_field else []
            if not formats:
                problems.error(loc, f'{where}: a decklist needs "default_format" or a format field')
            for fid in formats:
                if fid not in spec.deck_formats:
                    problems.error(loc, f"{where}: deck format {fid!r} is not declared")
    if len({t.id for t in spec.types}) != len(spec.types):
        problems.error(loc, "types: two types share an id")
    for fmt in spec.deck_formats.values():
        named = list(fmt.allowed_types)
        named += list(fmt.copy_limit.exempt_types) if fmt.copy_limit else []
        named += [t for c in fmt.counts for t in c.types]
        for type_name in named:
            if type_name not in type_ids:
                problems.error(loc, f"deck_formats.{fmt.id}: no card type {type_name!r}")


def load_manifest(folder: Path, display: str | None = None) -> GameSpec:
    """The GameSpec of the game in `folder`, or a DataError listing every manifest problem."""
    path = folder / MANIFEST_NAME
    loc = Location(display or str(path))
    if not path.is_file():
        raise DataError.at(loc, f"no {MANIFEST_NAME}: every game folder needs one")
    text = decode(read_bytes(path, loc), loc)
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError.at(loc.at(exc.lineno), f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise DataError.at(loc, "not valid JSON: nested too deeply") from None
    problems = Problems()
    r = _Reader(raw, "manifest", problems, loc)
    sizes = preset_sizes()
    for name, sobj in (r.get("sizes", dict, {}) or {}).items():
        try:
            sizes[name] = size_from_spec(sobj, name)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            r.fail(f"sizes.{name} is not a size: {exc}")
    players = r.get("players", dict, {})
    pr = _Reader(players, "players", problems, loc)
    pmin, pmax = pr.need("min", int) or 1, pr.need("max", int) or 1
    pr.finish()
    if pmin > pmax:
        r.fail("players.min is more than players.max")
    default_size = _size(r.get("default_size", (str, dict), "poker"), sizes, "default_size", r)
    kw = r.get("keywords", dict, {})
    kr = _Reader(kw, "keywords", problems, loc)
    sets = {
        sid: KeywordSet(sid, s.get("name", sid), s.get("description", ""))
        for sid, s in (kr.get("sets", dict, {}) or {}).items()
        if isinstance(s, dict)
    }
    keyword_type = None
    if kw:
        extra = _fields(kr.get("fields", list), "keywords", problems, loc) if "fields" in kw else ()
        keyword_type = TypeSpec(
            id="keyword",
            name="Keyword",
            plural="Keywords",
            sheet=kr.need("sheet", str) or "keywords",
            kind="reference",
            size=None,
            back=BackSpec("none"),
            fields=(
                FieldSpec("set", "choice", True, values=tuple(sets) or ("none",)),
                *KEYWORD_FIELDS[1:],
                *extra,
            ),
        )
        kr.finish()
    types_raw = r.need("types", list) or []
    types = tuple(_type(obj, i, sizes, problems, loc) for i, obj in enumerate(types_raw))
    formats = {
        fid: _deck_format(fid, fobj, problems, loc)
        for fid, fobj in (r.get("deck_formats", dict, {}) or {}).items()
    }
    spec = GameSpec(
        id=r.need("id", str) or folder.name,
        name=r.need("name", str) or folder.name,
        folder=folder,
        summary=r.get("summary", str, ""),
        players_min=pmin,
        players_max=pmax,
        default_size=default_size or sizes["poker"],
        types=types,
        keyword_type=keyword_type,
        keyword_sets=sets,
        deck_formats=formats,
        info=r.get("info", dict, {}),
        raw=raw if isinstance(raw, dict) else {},
    )
    r.finish()
    _check_references(spec, problems, loc)
    _check_defaults(spec, problems, loc)
    if problems.errors:
        raise DataError(problems.items)
    return spec


def _check_defaults(spec: GameSpec, problems: Problems, loc: Location) -> None:
    """Defaults must themselves be valid values (keywords are checked when the sheet loads)."""
    ctx = ParseContext()
    for t in spec.types:
        for f in t.fields:
            if f.default is None or f.type in ("keyword", "keywords", "keyword_counts"):
                continue
            try:
                FIELD_TYPES[f.type].parse(f.default, f, ctx)
            except FieldValueError as exc:
                problems.error(loc, f"types[{t.id}].fields[{f.name}]: default {exc}")
