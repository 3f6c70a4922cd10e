"""Field types a schema may declare, each a parser from a cell to a typed value.

The table `FIELD_TYPES` is the only place a type name means something; a schema naming any other
type is refused when the manifest loads. Parsers accept what a spreadsheet writes (" 3 ", "3.0",
"yes", "a; b") and what JSON holds (3, true, ["a", "b"]) and give the same value for both, which is
what makes a game load to identical records from every format.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

LIST_SEPARATORS = re.compile(r"[;,|\n]")
TRUE_WORDS = {"true", "yes", "y", "1", "x", "✓", "✔"}
FALSE_WORDS = {"false", "no", "n", "0", "-", ""}


class FieldValueError(ValueError):
    """A cell that does not fit its field; the message is shown to the designer."""


@dataclass(frozen=True)
class FieldSpec:
    """One column of a card type, as declared in the manifest."""

    name: str
    type: str
    required: bool = False
    default: Any = None
    description: str = ""
    label: str = ""
    min: float | None = None
    max: float | None = None
    values: tuple[str, ...] = ()
    set: str = ""  # keyword set, for keyword fields
    to: tuple[str, ...] = ()  # referenced card types, for ref fields ("*" for any)
    unique: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_list(self) -> bool:
        return FIELD_TYPES[self.type].is_list

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()


@dataclass(frozen=True)
class ParseContext:
    """What a parser may look up: the game's keywords (set -> {alias -> id})."""

    keywords: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


Parser = Callable[[Any, FieldSpec, ParseContext], Any]


@dataclass(frozen=True)
class FieldType:
    parse: Parser
    empty: Any  # the value of an empty optional cell with no default
    is_list: bool = False
    keys: frozenset[str] = frozenset()  # extra keys the field spec may carry
    description: str = ""


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _items(value: Any) -> list[Any]:
    if isinstance(value, list | tuple):
        return [v for v in value if not (isinstance(v, str) and not v.strip())]
    return [part.strip() for part in LIST_SEPARATORS.split(_text(value)) if part.strip()]


def _bounds(number: float, spec: FieldSpec) -> None:
    if spec.min is not None and number < spec.min:
        raise FieldValueError(f"{number:g} is below the minimum of {spec.min:g}")
    if spec.max is not None and number > spec.max:
        raise FieldValueError(f"{number:g} is above the maximum of {spec.max:g}")


def _number(value: Any) -> float:
    if isinstance(value, bool):
        raise FieldValueError(f"{value!r} is not a number")
    if isinstance(value, int | float):
        number = float(value)
    else:
        try:
            number = float(value)
        except ValueError:
            text = str(value).strip().replace("\u2212", "-")
            if re.fullmatch(r"-?\d+,\d+", text):  # decimal comma, as semicolon-CSV locales write
                text = text.replace(",", ".")
            try:
                number = float(text)
            except ValueError:
                raise FieldValueError(f"{_text(value)!r} is not a number") from None
    if not math.isfinite(number):
        raise FieldValueError(f"{_text(value)!r} is not a finite number")
    return number


def parse_int(value: Any, spec: FieldSpec, ctx: ParseContext) -> int:
    if type(value) is str and value.isdigit():  # the common case, kept fast
        whole = int(value)
        _bounds(whole, spec)
        return whole
    try:
        number = _number(value)
    except FieldValueError:
        raise FieldValueError(f"{_text(value)!r} is not a whole number") from None
    if not number.is_integer():
        raise FieldValueError(f"{_text(value)!r} is not a whole number")
    _bounds(number, spec)
    return int(number)


def parse_number(value: Any, spec: FieldSpec, ctx: ParseContext) -> float:
    number = _number(value)
    _bounds(number, spec)
    return number


def parse_text(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    text = _text(value) if not isinstance(value, str) else value.strip()
    if spec.max is not None and len(text) > spec.max:
        raise FieldValueError(f"text is {len(text)} characters, over the limit of {spec.max:g}")
    return text


def parse_bool(value: Any, spec: FieldSpec, ctx: ParseContext) -> bool:
    if isinstance(value, bool):
        return value
    word = _text(value).lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise FieldValueError(f"{_text(value)!r} is not yes or no")


def _choose(word: str, allowed: tuple[str, ...]) -> str:
    lookup = {v.lower(): v for v in allowed}
    key = word.strip().lower()
    if key not in lookup:
        raise FieldValueError(f"{word!r} is not one of: {', '.join(allowed)}")
    return lookup[key]


def parse_choice(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    return _choose(_text(value), spec.values)


def parse_choices(value: Any, spec: FieldSpec, ctx: ParseContext) -> tuple[str, ...]:
    return tuple(_choose(_text(v), spec.values) for v in _items(value))


def _keyword(word: str, spec: FieldSpec, ctx: ParseContext) -> str:
    aliases = ctx.keywords.get(spec.set, {})
    key = " ".join(word.strip().lower().replace("_", " ").replace("-", " ").split())
    if key not in aliases:
        known = sorted(set(aliases.values()))
        hint = f" (known: {', '.join(known)})" if known else ""
        raise FieldValueError(f"{word.strip()!r} is not a known {spec.set} keyword{hint}")
    return aliases[key]


def parse_keyword(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    return _keyword(_text(value), spec, ctx)


def parse_keywords(value: Any, spec: FieldSpec, ctx: ParseContext) -> tuple[str, ...]:
    found = [_keyword(_text(v), spec, ctx) for v in _items(value)]
    repeated = sorted({k for k in found if found.count(k) > 1})
    if repeated:
        raise FieldValueError(f"{', '.join(repeated)} is listed twice")
    return tuple(found)


def parse_keyword_counts(value: Any, spec: FieldSpec, ctx: ParseContext) -> dict[str, int]:
    """`aquatic:2; any:1` (or a JSON object) -> {"aquatic": 2, "any": 1}."""
    pairs: list[tuple[Any, Any]]
    if isinstance(value, Mapping):
        pairs = list(value.items())
    else:
        pairs = []
        for item in _items(value):
            match = re.fullmatch(r"(.+?)\s*[:x×*]\s*(\d+)|(\d+)\s*[x×*]?\s+(.+)", _text(item))
            if match and match.group(1):
                pairs.append((match.group(1), match.group(2)))
            elif match:
                pairs.append((match.group(4), match.group(3)))
            else:
                pairs.append((item, 1))
    result: dict[str, int] = {}
    for name, count in pairs:
        key = _keyword(_text(name), spec, ctx)
        if key in result:
            raise FieldValueError(f"{key} is listed twice")
        number = parse_int(count, FieldSpec(spec.name, "int", min=1), ctx)
        result[key] = number
    return dict(sorted(result.items()))


def parse_ref(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    return _text(value)  # existence is checked once every sheet is loaded


def parse_refs(value: Any, spec: FieldSpec, ctx: ParseContext) -> tuple[str, ...]:
    return tuple(_text(v) for v in _items(value))


def parse_ints(value: Any, spec: FieldSpec, ctx: ParseContext) -> tuple[int, ...]:
    numbers = tuple(parse_int(v, spec, ctx) for v in _items(value))
    if len(set(numbers)) != len(numbers):
        raise FieldValueError("a number is listed twice")
    return numbers


def parse_image(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    path = _text(value).replace("\\", "/")
    if path.startswith("/") or re.match(r"^[a-zA-Z]:", path) or ".." in path.split("/"):
        raise FieldValueError(
            f"{path!r} must be a path inside the game's folder, like art/wolf.png"
        )
    return path


FIELD_TYPES: dict[str, FieldType] = {
    "id": FieldType(parse_text, "", description="the card's unique id within the game"),
    "text": FieldType(parse_text, "", keys=frozenset({"max"}), description="free text"),
    "int": FieldType(parse_int, None, keys=frozenset({"min", "max"}), description="whole number"),
    "number": FieldType(parse_number, None, keys=frozenset({"min", "max"}), description="number"),
    "bool": FieldType(parse_bool, False, description="yes or no"),
    "choice": FieldType(parse_choice, "", keys=frozenset({"values"}), description="one of values"),
    "choices": FieldType(
        parse_choices, (), True, frozenset({"values"}), "several of values, separated by ;"
    ),
    "keyword": FieldType(parse_keyword, "", keys=frozenset({"set"}), description="one keyword"),
    "keywords": FieldType(
        parse_keywords, (), True, frozenset({"set"}), "keywords of one set, separated by ;"
    ),
    "keyword_counts": FieldType(
        parse_keyword_counts, {}, True, frozenset({"set"}), "keyword:count pairs (aquatic:2; any:1)"
    ),
    "ref": FieldType(parse_ref, "", keys=frozenset({"to"}), description="the id of another card"),
    "refs": FieldType(
        parse_refs, (), True, frozenset({"to"}), "ids of other cards, separated by ;"
    ),
    "ints": FieldType(
        parse_ints, (), True, frozenset({"min", "max"}), "whole numbers separated by ;"
    ),
    "image": FieldType(parse_image, "", description="path of an image in the game's folder"),
}
