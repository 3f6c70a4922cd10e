"""The untyped table every reader produces, with the positions a designer will look up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.data.errors import DataError, Location, Problem, quoted


def column_letter(index: int) -> str:
    """Spreadsheet column letter for a 0-based index: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


@dataclass(frozen=True)
class RawCell:
    value: Any
    column: str  # letter for CSV/XLSX, key for JSON


@dataclass
class RawRow:
    number: int  # spreadsheet row (header is 1) or 1-based record number in JSON
    cells: dict[str, RawCell]


@dataclass
class RawSheet:
    """A header (normalised name -> column) and the non-empty rows below it."""

    source: Location  # file, or file[sheet] for a workbook
    header: dict[str, str] = field(default_factory=dict)
    header_row: int = 1
    rows: list[RawRow] = field(default_factory=list)
    label_columns: bool = True  # False for JSON, whose "columns" are keys
    problems: list[Problem] = field(default_factory=list)  # in single cells, found while reading

    def loc(self, row: int | None = None, column: str | None = None) -> Location:
        return self.source.at(row, column)


def normalise_header(name: object) -> str:
    """Headers match field names whatever the case or spacing: `Max Health` -> `max_health`."""
    text = "" if name is None else str(name)
    return "_".join(text.strip().lower().replace("-", " ").split())


def is_blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def table_to_sheet(source: Location, table: list[list[Any]], letters: bool = True) -> RawSheet:
    """Build a RawSheet from rows of cells as a spreadsheet holds them, row 1 being the header.

    Trailing empty columns and empty rows (what spreadsheets leave behind) are dropped; a column
    that holds data under an empty header is a problem, because its data would silently vanish.
    """
    problems: list[Problem] = []
    first = next((i for i, row in enumerate(table) if any(not is_blank(c) for c in row)), None)
    if first is None:
        raise DataError.at(source, "the sheet is empty: row 1 should hold the column names")
    if first != 0:
        raise DataError.at(
            source.at(1), "row 1 is empty: it should hold the column names (the header)"
        )
    width = max(len(row) for row in table)
    header_cells = list(table[0]) + [None] * (width - len(table[0]))
    header: dict[str, str] = {}
    columns: list[tuple[int, str]] = []
    for index, name in enumerate(header_cells):
        letter = column_letter(index)
        key = normalise_header(name)
        if not key:
            has_data = any(index < len(r) and not is_blank(r[index]) for r in table[1:])
            if has_data:
                problems.append(
                    Problem(source.at(1, letter), "this column has data but no name in row 1")
                )
            continue
        if key in header:
            problems.append(
                Problem(
                    source.at(1, letter),
                    f"column name {quoted(str(name).strip())} repeats column {header[key]}",
                )
            )
            continue
        header[key] = letter
        columns.append((index, key))
    if problems:
        raise DataError(problems)
    sheet = RawSheet(source, header, 1, [], letters)
    lettered = [(index, key, column_letter(index)) for index, key in columns]
    for number, row in enumerate(table[1:], start=2):
        if all(is_blank(c) for c in row):
            continue
        width = len(row)
        cells = {
            key: RawCell(row[index] if index < width else None, letter)
            for index, key, letter in lettered
        }
        sheet.rows.append(RawRow(number, cells))
    return sheet
