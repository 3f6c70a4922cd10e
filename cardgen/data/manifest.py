"""A game's manifest: what the game is, its card types with their schemas, keywords and decks.

Everything game-specific about the data lives in `card_data/<game>/manifest.json`; this module only
knows the manifest's own grammar. Unknown keys are reported rather than ignored, so a typo such as
`"requried": true` cannot silently weaken a schema.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardgen.data.citations import is_citation
from cardgen.data.errors import DataError, Location, Problems, clip, quoted
from cardgen.data.fields import (
    FIELD_TYPES,
    LARGEST,
    FieldSpec,
)
from cardgen.data.fonts import read_fonts
from cardgen.data.manifest_checks import (
    attach_vocabulary,
    check_defaults,
    check_references,
    vocabulary_of,
)
from cardgen.data.manifest_reader import _Reader
from cardgen.data.numbers import BOUNDS, cited_bounds
from cardgen.data.numbers import SHEET as NUMBERS_SHEET
from cardgen.data.numbers import numbers_type as numbers_spec
from cardgen.data.readers.csv_reader import decode
from cardgen.data.readers.json_reader import NumberText, parse_json
from cardgen.data.readers.limits import read_bytes
from cardgen.data.spec import (
    BackFace,
    BackSpec,
    CopyLimit,
    CountRule,
    DeckFormat,
    GameSpec,
    KeywordSet,
    TypeSpec,
)
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
BACK_STYLES = {"fixed", "by_field", "by_deck", "double_sided", "none"}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
KEYWORD_FIELDS = (
    FieldSpec("set", "choice", required=True, description="the keyword set this belongs to"),
    FieldSpec("id", "id", required=True, description="the keyword's id, used in card sheets"),
    FieldSpec("name", "text", required=True, description="the keyword as printed"),
    FieldSpec("summary", "text", description="what it does, in one or two sentences"),
    FieldSpec("icon", "text", description="the icon's name in the print kit's icon set"),
)


def _text(value: Any, default: str) -> str:
    return value if isinstance(value, str) else default


def _label(obj: Any, key: str, index: int) -> str:
    """How a list entry is named in messages: its `key` when that is short text, else its index."""
    value = obj.get(key, index) if isinstance(obj, dict) else index
    return clip(value, 40) if isinstance(value, str) else str(index)


def _size(value: Any, sizes: dict[str, Size], where: str, r: _Reader) -> Size | None:
    if value is None:
        return None
    if isinstance(value, str):
        if value in sizes:
            return sizes[value]
        r.fail(f"{where} {quoted(value)} is not a known size ({', '.join(sorted(sizes))})")
        return None
    try:
        return size_from_spec(value)
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
        r.fail(f"{where} is not a size: {clip(str(exc), 80)}")
        return None


def _face(obj: Any, where: str, problems: Problems, loc: Location) -> BackFace:
    r = _Reader(obj, where, problems, loc)
    label = r.need("label", str) or ""
    colour = r.need("color", str) or "#000000"
    mark = r.need("mark", str) or ""
    if not COLOUR.match(colour):
        r.fail(f'"color" should look like #1A2B3C, not {quoted(colour)}')
    if not mark.strip():
        r.fail('"mark" must name a letter or shape, so the back is told apart without colour')
    r.finish()
    return BackFace(label, colour, mark)


def _faces(obj: dict, where: str, problems: Problems, loc: Location) -> dict[str, BackFace]:
    """A back's faces by the value that picks them (a deck, a field's value), each checked."""
    return {str(k): _face(v, f"{where}.faces.{k}", problems, loc) for k, v in obj.items()}


def _back(obj: Any, where: str, problems: Problems, loc: Location) -> BackSpec:
    r = _Reader(obj, where, problems, loc)
    style = r.need("style", str) or "none"
    if style not in BACK_STYLES:
        r.fail(f'"style" must be one of {", ".join(sorted(BACK_STYLES))}, not {quoted(style)}')
        style = "none"
    if style == "fixed":
        face_keys = {"label", "color", "mark"}
        r.used |= face_keys
        face = _face({k: v for k, v in r.obj.items() if k in face_keys}, where, problems, loc)
        r.finish()
        return BackSpec(style, face=face)
    if style == "by_deck":  # the face chosen by a field of the copy's decklist row
        name = r.get("field", str, "deck") or "deck"
        faces = _faces(r.need("faces", dict) or {}, where, problems, loc)
        r.finish()
        return BackSpec(style, field=name, faces=faces)
    if style == "by_field":
        name = r.need("field", str) or ""
        faces = _faces(r.need("faces", dict) or {}, where, problems, loc)
        r.finish()
        return BackSpec(style, field=name, faces=faces)
    if style == "double_sided":
        name = r.need("field", str) or ""
        faces = _faces(r.get("faces", dict, {}) or {}, where, problems, loc)
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
        r.fail(f'"type" {quoted(kind)} is not one of: {", ".join(FIELD_TYPES)}')
        kind = None
    spec_keys = FIELD_TYPES[kind].keys if kind else frozenset()
    values = r.names("values") if "values" in spec_keys else ()
    to = r.get("to", (list, str), []) if "to" in spec_keys else []
    to = [to] if isinstance(to, str) else list(r.names("to")) if to else []
    cited: dict[str, str] = {}  # bounds that cite rule numbers, resolved when they are loaded
    spec = FieldSpec(
        name=name or "?",
        type=kind or "text",
        required=bool(r.get("required", bool, False)),
        default=None,
        description=r.get("description", str, ""),
        label=r.get("label", str, ""),
        min=_bound(r, "min", cited) if "min" in spec_keys else None,
        max=_bound(r, "max", cited) if "max" in spec_keys else None,
        values=values,
        set=(r.need("set", str) or "") if "set" in spec_keys else "",
        to=tuple(to),
        unique=bool(r.get("unique", bool, False)),
    )
    if name and not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", name):
        r.fail(f"field name {quoted(name)} should be lower_case_with_underscores (64 at most)")
    if "values" in spec_keys and not spec.values:
        r.fail('a choice field needs "values": ["...", "..."]')
    if "to" in spec_keys and not spec.to:
        r.fail('a ref field needs "to": the card type(s) it points at, or "*"')
    options: dict[str, Any] = {BOUNDS: cited} if cited else {}
    if "text_field" in spec_keys:
        options["text_field"] = r.get("text_field", str, "")
    if options:
        object.__setattr__(spec, "options", options)
    r.used.add("default")
    if "default" in r.obj and kind:
        object.__setattr__(spec, "default", r.obj["default"])  # parsed once keywords are known
    r.finish()
    return spec if name and kind else None


def _bound(
    r: _Reader,
    key: str,
    cited: dict[str, str],
    kinds: tuple[type, ...] = (int, float),
    at: str = "",
) -> Any:
    """A field's min or max, or a deck format's count: a number, or rule numbers cited in braces
    (`"{damage_to_win - 1}"`), kept in `cited` (under `at`, else `key`) until the game's rule
    numbers are read (`cardgen.data.numbers`)."""
    value = r.obj.get(key)
    if not isinstance(value, str) or isinstance(value, NumberText):  # a number, or too long one
        return r.get(key, kinds)
    r.used.add(key)
    if is_citation(value):
        cited[at or key] = value.strip()
    else:
        r.fail(
            f'"{key}" should be a number, or rule numbers cited in braces such as '
            f'"{{damage_to_win - 1}}", not {quoted(value)}'
        )
    return None


def _fields(objs: Any, where: str, problems: Problems, loc: Location) -> tuple[FieldSpec, ...]:
    if not isinstance(objs, list) or not objs:
        problems.error(loc, f'{where}: "fields" should be a non-empty list')
        return ()
    specs: list[FieldSpec] = []
    for i, obj in enumerate(objs):
        spec = _field(obj, f"{where}.fields[{_label(obj, 'name', i)}]", problems, loc)
        if spec is None:
            continue
        if any(s.name == spec.name for s in specs):
            problems.error(loc, f"{where}: field {quoted(spec.name)} is declared twice")
            continue
        specs.append(spec)
    return tuple(specs)


def _type(obj: Any, index: int, sizes: dict[str, Size], problems: Problems, loc: Location):
    where = f"types[{_label(obj, 'id', index)}]"
    r = _Reader(obj, where, problems, loc)
    r.get("table", dict)  # read with the cards and numbers (`cardgen.data.table`)
    if "id" not in r.obj:
        r.fail('"id" is missing')
    type_id = r.name("id", f"type{index}")
    kind = r.need("kind", str) or "card"
    if kind not in KINDS:
        r.fail(f'"kind" must be one of {", ".join(KINDS)}, not {quoted(kind)}')
    name = r.get("name", str, type_id.replace("_", " ").capitalize())
    fields = _fields(r.get("fields", list, []), where, problems, loc)
    back = _back(r.get("back", dict, {"style": "none"}), f"{where}.back", problems, loc)
    sheet, url = r.sheet(type_id)
    spec = TypeSpec(
        id=type_id,
        name=name,
        plural=r.get("plural", str, name + "s"),
        sheet=sheet,
        url=url,
        kind=kind,
        size=_size(r.get("size", (str, dict)), sizes, f"{where}.size", r),
        back=back,
        fields=fields,
        description=r.get("description", str, ""),
        quantity_field=r.get("quantity_field", str, "quantity"),
        default_format=r.get("default_format", str, ""),
        print_by_deck=r.get("print_by_deck", str, ""),
    )
    names = spec.field_names
    if kind != "decklist" and fields and "id" not in names:
        r.fail('needs an "id" field: every card has an id that is unique in the game')
    if kind == "decklist":
        for needed in ("deck", "card", "count"):
            if needed not in names:
                r.fail(f'a decklist needs a "{needed}" field')
    _check_quantity_field(spec, "quantity_field" in r.obj, r)
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


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LARGEST


def _check_quantity_field(spec: TypeSpec, named: bool, r: _Reader) -> None:
    """The field that says how many copies of a card there are: a whole number. Named but missing
    is refused; the default `quantity`, when the type has no such field, means one copy each."""
    field = spec.field(spec.quantity_field)
    if field is None:
        if named and spec.quantity_field:
            r.fail(f'"quantity_field" {quoted(spec.quantity_field)} is not one of its fields')
        object.__setattr__(spec, "quantity_field", "")
    elif field.type != "int":
        r.fail(
            f'"quantity_field" {quoted(field.name)} is a {field.type} field; copies are counted '
            'by an "int" field'
        )
        object.__setattr__(spec, "quantity_field", "")


def _deck_format(fid: str, obj: Any, problems: Problems, loc: Location) -> DeckFormat:
    r = _Reader(obj, f"deck_formats.{clip(fid)}", problems, loc)
    cited: dict[str, str] = {}  # counts that cite rule numbers (`"{deck_min}"`)
    limit = None
    limit_obj = r.get("copy_limit", dict)
    if limit_obj is not None:
        lr = _Reader(limit_obj, f"deck_formats.{clip(fid)}.copy_limit", problems, loc)
        by_value = {str(k): v for k, v in lr.get("by_value", dict, {}).items()}
        for key, value in by_value.items():
            if isinstance(value, str) and is_citation(value):
                cited[f"copy_limit.by_value.{key}"] = value.strip()
                by_value[key] = 0  # a place kept in the manifest's order, set with the numbers
        bad = [k for k, v in by_value.items() if not _count(v)]
        if bad:
            lr.fail(
                f'"by_value" counts must be whole numbers, or rule numbers cited in braces '
                f"({clip(', '.join(bad), 80)})"
            )
        limit = CopyLimit(
            max=_bound(lr, "max", cited, (int,), "copy_limit.max"),
            field=lr.get("field", str, ""),
            by_value={k: v for k, v in by_value.items() if k not in bad},
            exempt_types=lr.names("exempt_types"),
            rule=lr.get("rule", str, ""),
        )
        lr.finish()
    counts = []
    for i, cobj in enumerate(r.get("counts", list, [])):
        cr = _Reader(cobj, f"deck_formats.{clip(fid)}.counts[{i}]", problems, loc)
        counts.append(
            CountRule(
                types=cr.names("types"),
                where=cr.get("where", dict, {}),
                min=_bound(cr, "min", cited, (int,), f"counts[{i}].min"),
                max=_bound(cr, "max", cited, (int,), f"counts[{i}].max"),
                rule=cr.get("rule", str, ""),
            )
        )
        cr.finish()
    fmt = DeckFormat(
        id=fid,
        description=r.get("description", str, ""),
        min_cards=_bound(r, "min_cards", cited, (int,)),
        max_cards=_bound(r, "max_cards", cited, (int,)),
        allowed_types=r.names("allowed_types"),
        copy_limit=limit,
        counts=tuple(counts),
        cited=cited,
    )
    r.finish()
    return fmt


def load_manifest(folder: Path, display: str | None = None) -> GameSpec:
    """The GameSpec of the game in `folder`, or a DataError listing every manifest problem."""
    path = folder / MANIFEST_NAME
    loc = Location(display or str(path))
    if not path.is_file():
        raise DataError.at(loc, f"no {MANIFEST_NAME}: every game folder needs one")
    raw = parse_json(decode(read_bytes(path, loc), loc), loc)
    problems = Problems()
    r = _Reader(raw, "manifest", problems, loc)
    sizes = preset_sizes()
    for name, sobj in (r.get("sizes", dict, {}) or {}).items():
        try:
            sizes[name] = size_from_spec(sobj, name)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
            r.fail(f"sizes.{clip(name, 40)} is not a size: {clip(str(exc), 80)}")
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
        sid: KeywordSet(sid, _text(s.get("name"), sid), _text(s.get("description"), ""))
        for sid, s in (kr.get("sets", dict, {}) or {}).items()
        if isinstance(s, dict)
    }
    keyword_type = None
    if kw:
        extra = _fields(kr.get("fields", list), "keywords", problems, loc) if "fields" in kw else ()
        sheet, url = kr.sheet("keywords")
        keyword_type = TypeSpec(
            id="keyword",
            name="Keyword",
            plural="Keywords",
            sheet=sheet,
            url=url,
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
    numbers_type = None
    numbers = r.get("rule_numbers", dict)
    if numbers is not None:
        nr = _Reader(numbers, "rule_numbers", problems, loc)
        numbers_type = numbers_spec(*nr.sheet(NUMBERS_SHEET))
        nr.finish()
    types_raw = r.need("types", list) or []
    types = tuple(_type(obj, i, sizes, problems, loc) for i, obj in enumerate(types_raw))
    formats = {
        fid: _deck_format(fid, fobj, problems, loc)
        for fid, fobj in (r.get("deck_formats", dict, {}) or {}).items()
    }
    r.get("table", dict)  # read with the cards and numbers (`cardgen.data.table`)
    if "id" not in r.obj:
        r.fail('"id" is missing')
    spec = GameSpec(
        id=r.name("id", "game"),
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
        effects=vocabulary_of(r.get("effects", dict), problems, loc),
        numbers_type=numbers_type,
        fonts=read_fonts(r.get("fonts", dict), folder, problems, loc),
    )
    r.finish()
    if numbers_type is None:
        for where in cited_bounds(spec):
            r.fail(f'{where} cites rule numbers, but "rule_numbers" names no sheet of them')
    check_references(spec, problems, loc)
    attach_vocabulary(spec, problems, loc)
    check_defaults(spec, problems, loc)
    if problems.errors:
        raise DataError(problems.items)
    return spec
