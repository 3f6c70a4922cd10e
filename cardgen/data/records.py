"""Typed card records from raw sheets: every cell checked against its field in the schema."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.data.citations import CitationError, cite
from cardgen.data.errors import Location, Problems, quoted
from cardgen.data.fields import FIELD_TYPES, FieldSpec, FieldValueError, ParseContext, parse_cell
from cardgen.data.readers.raw import RawSheet, is_blank
from cardgen.data.spec import TypeSpec
from cardgen.data.suggest import did_you_mean


@dataclass(frozen=True)
class Card:
    """One row of a sheet with typed values; equal when type and values are equal.

    Where the row came from is kept for error messages but is not part of equality, so the same
    card loaded from CSV, XLSX and JSON compares equal.
    """

    type: str
    values: dict[str, Any]
    origin: Location = field(compare=False, default=Location(""))
    columns: dict[str, str] = field(compare=False, default_factory=dict)
    invalid: frozenset[str] = field(compare=False, default=frozenset())  # cells that failed
    # cells that cite rule numbers, as typed ("at {damage_to_win} you lose"): what an export writes
    cited: dict[str, str] = field(compare=False, default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.values.get("id", ""))

    @property
    def name(self) -> str:
        return str(self.values.get("name") or self.id)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def where(self, field_name: str | None = None) -> Location:
        """The cell holding `field_name` in this card's row (or the row itself)."""
        column = self.columns.get(field_name, field_name) if field_name else None
        return self.origin.at(self.origin.row, column)


def empty_value(spec: FieldSpec, ctx: ParseContext) -> Any:
    if spec.default is not None:
        return parse_cell(spec.default, spec, ctx)
    return FIELD_TYPES[spec.type].empty


def _column_label(sheet: RawSheet, name: str) -> str:
    return sheet.header.get(name, name) if sheet.label_columns else name


def cards_from_sheet(
    sheet: RawSheet, spec: TypeSpec, ctx: ParseContext, problems: Problems
) -> list[Card]:
    """Records of one card type. Problems are collected, never raised, so one run finds all."""
    problems.extend(sheet.problems)
    declared = {f.name: f for f in spec.fields}
    known = ", ".join(declared)
    for name in sheet.header:
        if name not in declared:
            column = sheet.header[name]
            where = sheet.header_row if sheet.label_columns else _first_row_with(sheet, name)
            problems.error(
                sheet.loc(where, column),
                f"unknown column {quoted(name)} (a {spec.name} has: {known})"
                f"{did_you_mean(name, declared)}",
            )
    missing_columns = set()
    for f in spec.fields:
        if f.required and f.name not in sheet.header and sheet.label_columns:
            problems.error(
                sheet.loc(sheet.header_row),
                f"missing column {f.name!r}, which every {spec.name} needs",
            )
            missing_columns.add(f.name)
    defaults: dict[str, Any] = {}
    for f in spec.fields:
        try:
            defaults[f.name] = empty_value(f, ctx)
        except FieldValueError as exc:
            problems.error(sheet.source, f"the default of {f.name} is wrong: {exc}")
            defaults[f.name] = FIELD_TYPES[f.type].empty
    cards = []
    for row in sheet.rows:
        values: dict[str, Any] = {}
        columns: dict[str, str] = {}
        cited: dict[str, str] = {}
        invalid: set[str] = set()
        for f in spec.fields:
            cell = row.cells.get(f.name)
            column = cell.column if cell else _column_label(sheet, f.name)
            columns[f.name] = column
            if cell is None or _is_empty(cell.value, f):
                if f.required:
                    invalid.add(f.name)
                if f.required and f.name not in missing_columns:
                    problems.error(
                        sheet.loc(row.number, column), f"{f.name}: a value is required here"
                    )
                values[f.name] = defaults[f.name]
                continue
            try:
                value = _cited(cell.value, ctx, f.name, cited)
                values[f.name] = parse_cell(value, f, ctx)
            except (FieldValueError, CitationError) as exc:
                problems.error(sheet.loc(row.number, column), f"{f.name}: {exc}")
                values[f.name] = defaults[f.name]
                invalid.add(f.name)
        origin = sheet.loc(row.number)
        cards.append(Card(spec.id, values, origin, columns, frozenset(invalid), cited))
    return cards


def _cited(value: Any, ctx: ParseContext, name: str, cited: dict[str, str]) -> Any:
    """A cell with the rule numbers it cites in place (`cardgen.data.citations`), remembering
    it as typed; unchanged in a game that declares no rule numbers."""
    if ctx.numbers is None or not isinstance(value, str) or "{" not in value:
        return value
    text = cite(value, ctx.numbers)
    if text != value:
        cited[name] = value
    return text


def _is_empty(value: Any, spec: FieldSpec) -> bool:
    """Blank, or the empty list (object) a JSON sheet holds in an empty list (counts) field; an
    empty list in a one-value field is refused instead, as any list there is."""
    if is_blank(value):
        return True
    if value == [] and spec.is_list:
        return True
    return value == {} and spec.type == "keyword_counts"


def _first_row_with(sheet: RawSheet, name: str) -> int | None:
    return next((r.number for r in sheet.rows if name in r.cells), None)
