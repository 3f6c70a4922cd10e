"""Rule numbers: every number a game's rules state, declared once in the game's own data.

A manifest's `"rule_numbers": {"sheet": "rule_numbers"}` section names a sheet (CSV, JSON or a
worksheet, like any other) with one row per number: `id`, `name` (the rulebook's words),
`description`, `value`, `min`, `max` and an optional `unit`. A bound is a whole number or other
numbers cited in braces (`{hand - 1}`). Loading refuses an id twice, a value that is no whole
number, a min above its max and a value outside its range, each in one line naming the cell.

What reads them: the rules engines (`game.numbers.require(ids)`, which names the game and the
number an engine needs and the sheet lacks), the rulebook's templates (`numbers.damage_to_win`),
the cells that cite them (`cardgen.data.citations`) and the manifest's field bounds (`"max":
"{damage_to_win - 1}"`), resolved here once the numbers are known.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from cardgen.data.citations import CITATION, CitationError, cite, evaluate, is_citation
from cardgen.data.errors import DataError, Location, Problems, quoted
from cardgen.data.fields import FieldSpec, FieldValueError, ParseContext, parse_int
from cardgen.data.readers.raw import RawSheet
from cardgen.data.records import Card, cards_from_sheet
from cardgen.data.spec import BackSpec, DeckFormat, GameSpec, TypeSpec

SHEET = "rule_numbers"
NUMBER_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")
BOUNDS = "bounds"  # a field's options key: its "min"/"max" citations, as the manifest wrote them
FIELDS = (
    FieldSpec("id", "id", required=True, description="the id templates and citations name it by"),
    FieldSpec("name", "text", required=True, description="the number in the rulebook's words"),
    FieldSpec("description", "text", required=True, description="what the rules do with it"),
    FieldSpec("value", "int", required=True, description="the number the game is played with"),
    FieldSpec("min", "text", required=True, description="the smallest value the rules allow"),
    FieldSpec("max", "text", required=True, description="the largest value the rules allow"),
    FieldSpec("unit", "text", description="what it counts (cards, damage), for listings"),
)


def numbers_type(sheet: str = SHEET, url: str = "") -> TypeSpec:
    """The rule-number sheet as a type: its fields are the same for every game."""
    return TypeSpec(
        url=url,
        id="rule_number",
        name="Rule number",
        plural="Rule numbers",
        sheet=sheet,
        kind="reference",
        size=None,
        back=BackSpec("none"),
        fields=FIELDS,
    )


@dataclass(frozen=True)
class RuleNumber:
    """One row of the sheet, typed: the value and the range it was checked against."""

    id: str
    name: str
    description: str
    value: int
    min: int
    max: int
    unit: str = ""


class RuleNumbers(Mapping[str, int]):
    """A game's rule numbers: id -> value, read like a dict; `records` keeps each whole row,
    `source` says where they were declared (the sheet, or the manifest when there is none),
    `rows` are the sheet's rows as typed (bounds that cite other numbers included), which an
    export writes, and `game` is the game's id."""

    def __init__(
        self,
        records: Mapping[str, RuleNumber] | None = None,
        source: str = "",
        rows: Iterable[Card] = (),
        game: str = "",
    ) -> None:
        self.records: dict[str, RuleNumber] = dict(records or {})
        self.source = source
        self.rows = tuple(rows)
        self.game = game

    def __getitem__(self, number_id: str) -> int:
        return self.records[number_id].value

    def __iter__(self) -> Iterator[str]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        return f"RuleNumbers({dict(self)!r})"

    def require(self, ids: Iterable[str]) -> dict[str, int]:
        """The values of `ids`, for a rules engine reading the numbers it plays with; a
        DataError in one line naming the game and the first number its data does not declare."""
        wanted = tuple(ids)
        for number_id in wanted:
            if number_id not in self:
                declared = ", ".join(self) or "none"
                raise DataError.at(
                    self.source or self.game,
                    f"{self.game}'s rules need the rule number {quoted(number_id)}, which is not "
                    f"declared (declared: {declared})",
                )
        return {number_id: self[number_id] for number_id in wanted}


# Reading the sheet ------------------------------------------------------------------------------


def read_numbers(sheet: RawSheet, spec: TypeSpec, problems: Problems, game: str) -> RuleNumbers:
    """The rule numbers of `game`'s sheet; every problem recorded, naming its cell."""
    typed = cards_from_sheet(sheet, spec, ParseContext(), problems)
    rows = _first_of_each(typed, problems)
    values = {row.id: int(row["value"]) for row in rows if "value" not in row.invalid}
    records = {}
    for row in rows:
        if row.id not in values:
            continue
        value = values[row.id]
        low, high = _bound(row, "min", values, problems), _bound(row, "max", values, problems)
        if low is not None and high is not None and low > high:
            problems.error(row.where("min"), f"min: {low} is above the max of {high}")
        elif low is not None and value < low:
            problems.error(row.where("value"), f"value: {value} is below its min of {low}")
        elif high is not None and value > high:
            problems.error(row.where("value"), f"value: {value} is above its max of {high}")
        records[row.id] = RuleNumber(
            id=row.id,
            name=str(row["name"]),
            description=str(row["description"]),
            value=value,
            min=value if low is None else low,
            max=value if high is None else high,
            unit=str(row.get("unit") or ""),
        )
    return RuleNumbers(records, str(sheet.source), typed, game)


def _first_of_each(rows: list[Card], problems: Problems) -> list[Card]:
    """Rows with a usable id, each id once: a template reads `numbers.<id>`, and a citation
    names it, so an id is lower_case_with_underscores."""
    seen: dict[str, Card] = {}
    for row in rows:
        if not row.id or "id" in row.invalid:
            continue
        if not _is_name(row.id):
            problems.error(
                row.where("id"),
                f"id: {quoted(row.id)} is not a rule number's id: use lower_case letters, "
                "digits and _, starting with a letter",
            )
        elif row.id in seen:
            problems.error(
                row.where("id"),
                f"duplicate rule number {quoted(row.id)}: also at {seen[row.id].where('id')}",
            )
        else:
            seen[row.id] = row
    return list(seen.values())


def _is_name(text: str) -> bool:
    return NUMBER_ID.fullmatch(text) is not None


def _bound(row: Card, name: str, values: Mapping[str, int], problems: Problems) -> int | None:
    """A min or max cell: a whole number, or other numbers' values cited in braces."""
    if name in row.invalid:
        return None
    text = str(row[name]).strip()
    try:
        if is_citation(text):
            return evaluate(text[1:-1], values)
        return parse_int(text, FieldSpec(name, "int"), ParseContext())
    except CitationError as exc:
        problems.error(row.where(name), f"{name}: {exc}")
    except FieldValueError as exc:
        problems.error(row.where(name), f"{name}: {exc} (write one, or cite numbers: {{hand - 1}})")
    return None


# Field bounds citing numbers --------------------------------------------------------------------


def resolve_bounds(
    spec: GameSpec, numbers: RuleNumbers, problems: Problems, where: Location
) -> GameSpec:
    """`spec` with every field bound that cites rule numbers (`"max": "{damage_to_win - 1}"`)
    turned into its number; a citation of a number the game lacks is refused at the manifest."""
    types = tuple(_resolved(t, numbers, problems, where) for t in spec.types)
    keyword_type = spec.keyword_type
    if keyword_type is not None:
        keyword_type = _resolved(keyword_type, numbers, problems, where)
    formats = {
        fid: _resolved_format(fmt, numbers, problems, where)
        for fid, fmt in spec.deck_formats.items()
    }
    return dataclasses.replace(spec, types=types, keyword_type=keyword_type, deck_formats=formats)


def _resolved(spec: TypeSpec, numbers: RuleNumbers, problems: Problems, where: Location):
    fields = []
    for f in spec.fields:
        bounds: dict[str, float | None] = {"min": f.min, "max": f.max}
        for key, text in (f.options.get(BOUNDS) or {}).items():
            try:
                bounds[key] = evaluate(text.strip()[1:-1], numbers)
            except CitationError as exc:
                problems.error(where, f"types[{spec.id}].fields[{f.name}]: {key}: {exc}")
        fields.append(dataclasses.replace(f, min=bounds["min"], max=bounds["max"]))
    return dataclasses.replace(spec, fields=tuple(fields))


def _resolved_format(
    fmt: DeckFormat, numbers: RuleNumbers, problems: Problems, where: Location
) -> DeckFormat:
    """`fmt` with its cited counts set and the citations in its words (`description`, each
    `rule`) replaced by the numbers, so a deck's bounds and the words that state them follow the
    rule-number sheet; a count below 0 or a min above its max is refused at the manifest."""
    at = f"deck_formats.{fmt.id}"
    values: dict[str, int] = {}
    for key, text in fmt.cited.items():
        try:
            values[key] = evaluate(text[1:-1], numbers)
        except CitationError as exc:
            problems.error(where, f"{at}.{key}: {exc}")
            continue
        if values[key] < 0:
            problems.error(where, f"{at}.{key}: {text} is {values[key]}, below 0")

    def words(text: str, key: str) -> str:
        try:
            return cite(text, numbers)
        except CitationError as exc:
            problems.error(where, f"{at}.{key}: {exc}")
            return text

    limit = fmt.copy_limit
    if limit is not None:
        by_value = {k: values.get(f"copy_limit.by_value.{k}", v) for k, v in limit.by_value.items()}
        limit = dataclasses.replace(
            limit,
            max=values.get("copy_limit.max", limit.max),
            by_value=by_value,
            rule=words(limit.rule, "copy_limit.rule"),
        )
    counts = tuple(
        dataclasses.replace(
            rule,
            min=values.get(f"counts[{i}].min", rule.min),
            max=values.get(f"counts[{i}].max", rule.max),
            rule=words(rule.rule, f"counts[{i}].rule"),
        )
        for i, rule in enumerate(fmt.counts)
    )
    resolved = dataclasses.replace(
        fmt,
        description=words(fmt.description, "description"),
        min_cards=values.get("min_cards", fmt.min_cards),
        max_cards=values.get("max_cards", fmt.max_cards),
        copy_limit=limit,
        counts=counts,
    )
    pairs = [(f"{at}.min_cards", resolved.min_cards, resolved.max_cards)]
    pairs += [(f"{at}.counts[{i}].min", c.min, c.max) for i, c in enumerate(counts)]
    for key, low, high in pairs:
        if low is not None and high is not None and low > high:
            problems.error(where, f"{key}: {low} is above the max of {high}")
    return resolved


def _format_cites(fmt: DeckFormat) -> bool:
    texts = [fmt.description, *(c.rule for c in fmt.counts)]
    texts += [fmt.copy_limit.rule] if fmt.copy_limit else []
    return bool(fmt.cited) or any(CITATION.search(text) for text in texts)


def cited_bounds(spec: GameSpec) -> list[str]:
    """Where the manifest cites rule numbers: field bounds (`types[character].fields[...]`) and
    deck formats' counts and words (`deck_formats.standard`)."""
    fields = [
        f"types[{t.id}].fields[{f.name}]"
        for t in (*spec.types, *([spec.keyword_type] if spec.keyword_type else []))
        for f in t.fields
        if f.options.get(BOUNDS)
    ]
    return fields + [f"deck_formats.{f.id}" for f in spec.deck_formats.values() if _format_cites(f)]
