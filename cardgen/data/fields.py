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

from cardgen.data.effects import EffectError, Vocabulary, parse_effects
from cardgen.data.errors import describe, quoted
from cardgen.data.suggest import did_you_mean

LIST_SEPARATORS = re.compile(r"[;,|\n]")
TRUE_WORDS = {"true", "yes", "y", "1", "x", "✓", "✔"}
FALSE_WORDS = {"false", "no", "n", "0", "-", ""}
MAX_DIGITS = 15  # a float keeps 15 digits exactly; no card prints a longer number
LARGEST = 10**MAX_DIGITS - 1
LONGEST_NUMBER = 40  # characters of a number as written ("1.50", " -3 ", "2,5")
LONGEST_ID = 100  # ids name files (png/<id>.png), which may hold 255 bytes
SAFE_ID = re.compile(r"[\w-][\w.-]*")  # letters, digits, _, - and . (not first): a file name
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # tab and line ends are text
PATH_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # not even a tab or a line end in a file name
LONGEST_PATH = 400  # characters of an image path; one part of it may hold 255 bytes


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
    """What a parser may look up: the game's keywords (set -> {alias -> id}), and its rule
    numbers (id -> value) when it declares them, which cells may cite (`cardgen.data.citations`)."""

    keywords: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    numbers: Mapping[str, int] | None = None


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


def _show(number: float) -> str:
    if isinstance(number, int):
        return str(number) if abs(number) < 10**LONGEST_NUMBER else describe(number)
    return f"{number:g}"


def _bounds(number: float, spec: FieldSpec) -> None:
    """The field's own range first (`9 is above the maximum of 5`), then the range of any number
    here: exact comparisons, so a 40-digit number is refused as such, never overflowing a float."""
    if spec.min is not None and number < spec.min:
        raise FieldValueError(f"{_show(number)} is below the minimum of {spec.min:g}")
    if spec.max is not None and number > spec.max:
        raise FieldValueError(f"{_show(number)} is above the maximum of {spec.max:g}")
    if abs(number) > LARGEST:
        raise FieldValueError(f"{_show(number)} is too large (a number here has at most 15 digits)")


def _exact(value: Any, what: str) -> int | float:
    """A cell as a number: an int when written whole, else a float; refused, naming `what` it
    should be, when it is no number, not finite, too long, or a list or an object."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise FieldValueError(f"{describe(value)} is not {what}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise FieldValueError(f"{describe(value)} is not a finite number")
        return value
    text = value.strip().replace("\u2212", "-")
    if len(text) > LONGEST_NUMBER:
        raise FieldValueError(f"{quoted(text)} is too long to be {what}")
    if re.fullmatch(r"[+-]?[0-9]+", text):
        return int(text)
    if re.fullmatch(r"-?\d+,\d+", text):  # decimal comma, as semicolon-CSV locales write
        text = text.replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        raise FieldValueError(f"{quoted(text)} is not {what}") from None
    if not math.isfinite(number):
        raise FieldValueError(f"{quoted(text)} is not a finite number")
    return number


def parse_int(value: Any, spec: FieldSpec, ctx: ParseContext) -> int:
    if type(value) is str and value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS:
        whole = int(value)  # the common case, kept fast
        _bounds(whole, spec)
        return whole
    number = _exact(value, "a whole number")
    if isinstance(number, float) and not number.is_integer():
        raise FieldValueError(f"{describe(value)} is not a whole number")
    _bounds(number, spec)
    return int(number)


def parse_number(value: Any, spec: FieldSpec, ctx: ParseContext) -> float:
    number = _exact(value, "a number")
    _bounds(number, spec)
    return float(number)


def _control(text: str, what: str, control: re.Pattern[str] = CONTROL) -> None:
    found = control.search(text)
    if found:
        raise FieldValueError(
            f"{what} holds a control character (U+{ord(found[0]):04X}) at character "
            f"{found.start() + 1}, which prints as nothing; remove it"
        )


def parse_text(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    text = _text(value) if not isinstance(value, str) else value.strip()
    _control(text, "the text")
    if spec.max is not None and len(text) > spec.max:
        raise FieldValueError(f"text is {len(text)} characters, over the limit of {spec.max:g}")
    return text


def parse_id(value: Any, spec: FieldSpec, ctx: ParseContext) -> str:
    """An id names files (png/<id>.png) and is typed in commands: a plain file name, no path."""
    text = _text(value)
    if len(text) > LONGEST_ID:
        raise FieldValueError(f"an id is at most {LONGEST_ID} characters; this is {len(text)}")
    if not SAFE_ID.fullmatch(text):
        raise FieldValueError(
            f"{quoted(text)} is not a valid id: use letters, digits, _, - and . (not first)"
        )
    return text


def parse_bool(value: Any, spec: FieldSpec, ctx: ParseContext) -> bool:
    if isinstance(value, bool):
        return value
    word = _text(value).lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise FieldValueError(f"{describe(value)} is not yes or no")


def _choose(word: str, allowed: tuple[str, ...]) -> str:
    lookup = {v.lower(): v for v in allowed}
    key = word.strip().lower()
    if key not in lookup:
        raise FieldValueError(
            f"{quoted(word)} is not one of: {', '.join(allowed)}{did_you_mean(word, allowed)}"
        )
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
        hint += did_you_mean(word.strip(), [*known, *aliases])
        raise FieldValueError(f"{quoted(word.strip())} is not a known {spec.set} keyword{hint}")
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
    """A path inside the game's folder as written; where it leads (through links) is checked
    once the game is loaded (`cardgen.data.checks`)."""
    path = _text(value).replace("\\", "/")
    _control(path, "the path", PATH_CONTROL)
    if len(path) > LONGEST_PATH or any(len(p.encode()) > 255 for p in path.split("/")):
        raise FieldValueError(
            f"the path is {len(path)} characters, longer than any file name can be"
        )
    if path.startswith("/") or re.match(r"^[a-zA-Z]:", path) or ".." in path.split("/"):
        raise FieldValueError(
            f"{quoted(path)} must be a path inside the game's folder, like art/wolf.png"
        )
    return path


def parse_effect(value: Any, spec: FieldSpec, ctx: ParseContext) -> tuple[Any, ...]:
    """A card's effects declared in the game's vocabulary (`cardgen.data.effects`): a cell such as
    `deploy: draw 1`, several separated by `;`, or a JSON list of such cells."""
    vocabulary = spec.options.get("vocabulary")
    if not isinstance(vocabulary, Vocabulary):
        raise FieldValueError('the manifest declares no "effects" words to read this with')
    cells = [_text(v) for v in value] if isinstance(value, list | tuple) else [_text(value)]
    try:
        return tuple(e for cell in cells for e in parse_effects(cell, vocabulary, ctx.keywords))
    except EffectError as exc:
        raise FieldValueError(str(exc)) from None


def parse_cell(value: Any, spec: FieldSpec, ctx: ParseContext) -> Any:
    """A non-blank cell as its field's value: what every reader's cells go through.

    Only list fields take a JSON list, only keyword counts a JSON object, and a list holds plain
    values; anything else is refused in one line, never handed to a parser that would choke."""
    kind = FIELD_TYPES[spec.type]
    if isinstance(value, dict) and spec.type != "keyword_counts":
        raise FieldValueError(f"expected {kind.description}, not {describe(value)}")
    if isinstance(value, list | tuple):
        if not kind.is_list:
            raise FieldValueError(f"expected {kind.description}, not {describe(value)}")
        if any(isinstance(item, list | tuple | dict) for item in value):
            raise FieldValueError("a list inside a list: give plain values")
    if isinstance(value, dict) and any(isinstance(v, list | tuple | dict) for v in value.values()):
        raise FieldValueError("keyword counts must be numbers, not lists or objects")
    return kind.parse(value, spec, ctx)


FIELD_TYPES: dict[str, FieldType] = {
    "id": FieldType(parse_id, "", description="the card's unique id within the game"),
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
    "effect": FieldType(
        parse_effect,
        (),
        True,
        frozenset({"text_field"}),
        "effects declared in the game's words (deploy: draw 1)",
    ),
}
