"""XLSX workbooks, one worksheet per card type.

Read with calamine (a Rust reader, also pandas' XLSX engine): about eight times faster than
openpyxl's read-only mode on a 10,000-row sheet. openpyxl stays the writer
(see `cardgen.data.export`), and reads a cell's bold and italic runs when a workbook has any
(`cardgen.data.readers.rich_text`).
"""

from __future__ import annotations

import zipfile
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from cardgen.data.errors import DataError, Location
from cardgen.data.readers.limits import check_size
from cardgen.data.readers.raw import RawSheet, table_to_sheet
from cardgen.data.readers.rich_text import has_emphasis, rich_cells

MAX_UNPACKED_BYTES = 512 * 1024 * 1024  # a zip bomb stops here, not in memory
MAX_ROWS = 200_000


def _open(path: Path, location: Location) -> Any:
    from python_calamine import CalamineWorkbook

    check_size(path, location)
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        raise DataError.at(
            location, "this is not a readable XLSX workbook (damaged, or another format)"
        ) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise DataError.at(location, "the workbook unpacks to more than 512 MB; refusing it")
    try:
        return CalamineWorkbook.from_path(str(path))
    except Exception as exc:  # calamine raises several kinds on damaged files
        raise DataError.at(
            location, f"this is not a readable XLSX workbook ({_why(exc)})"
        ) from None


def _why(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}"[:120] if text else type(exc).__name__


def worksheet_names(path: Path, display: str | None = None) -> list[str]:
    workbook = _open(path, Location(display or str(path)))
    try:
        return list(workbook.sheet_names)
    finally:
        workbook.close()


def _plain(value: Any) -> Any:
    """Cell values as the CSV of the same sheet would give them, where types differ."""
    if isinstance(value, datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, date | time):
        return value.isoformat()
    if isinstance(value, str):
        return value.replace("\r\n", "\n").replace("\r", "\n")
    return value


def _carry_emphasis(path: Path, sheet: str, table: list[list[Any]], location: Location) -> None:
    """Cells with bold or italic runs replaced by the same text in the card-text markup
    (`cardgen.data.readers.rich_text`); a workbook without any is not opened again."""
    try:
        if not has_emphasis(path):
            return
        cells = rich_cells(path, sheet)
    except Exception as exc:  # openpyxl raises several kinds on what calamine could read
        raise DataError.at(
            location, f"cannot read the cells' bold and italic ({_why(exc)})"
        ) from None
    for (row, column), markup in cells.items():
        if row < len(table) and column < len(table[row]):
            table[row][column] = _plain(markup)


def read_xlsx(path: Path, sheet: str, display: str | None = None) -> RawSheet:
    """The worksheet named `sheet` (case-insensitive) of the workbook at `path`."""
    book_loc = Location(display or str(path))
    workbook = _open(path, book_loc)
    try:
        names = {name.lower(): name for name in workbook.sheet_names}
        if sheet.lower() not in names:
            raise DataError.at(book_loc, f"the workbook has no worksheet named {sheet!r}")
        real = names[sheet.lower()]
        location = Location(f"{book_loc.path}[{real}]")
        try:
            worksheet = workbook.get_sheet_by_name(real)
            if worksheet.total_height > MAX_ROWS:
                raise DataError.at(location, f"more than {MAX_ROWS} rows; refusing it")
            rows = worksheet.to_python(skip_empty_area=False)  # keep A1 as the origin
        except DataError:
            raise
        except Exception as exc:
            raise DataError.at(location, f"cannot read this worksheet ({_why(exc)})") from None
        table = [[_plain(v) for v in row] for row in rows]
        _carry_emphasis(path, real, table, location)
        return table_to_sheet(location, table)
    finally:
        workbook.close()
