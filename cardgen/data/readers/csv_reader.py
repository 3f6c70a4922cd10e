"""CSV as Excel, LibreOffice and Google Sheets really save it.

That means UTF-8 with or without a byte-order mark, UTF-16 "Unicode text" from Excel, the
legacy Windows code page (cp1252) from older Excel, comma, semicolon or tab delimiters
(semicolons where the decimal separator is a comma), CRLF line ends and quoted cells holding
several lines.
"""

from __future__ import annotations

import codecs
import csv
import io
from pathlib import Path

from cardgen.data.errors import DataError, Location
from cardgen.data.readers.limits import read_bytes
from cardgen.data.readers.raw import RawSheet, table_to_sheet

DELIMITERS = (",", ";", "\t")


def decode(data: bytes, location: Location) -> str:
    """Text from bytes in whichever encoding a spreadsheet used, or a clear refusal."""
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data[len(codecs.BOM_UTF8) :].decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DataError.at(
                location, f"the file says it is UTF-8 but byte {exc.start} is not"
            ) from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DataError.at(location, "the file says it is UTF-16 but is not") from None
    if b"\x00" in data:
        raise DataError.at(
            location, "this is not a text spreadsheet (it holds binary data); save it as CSV"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def sniff_delimiter(text: str) -> str:
    """The delimiter used most often in the header line, counting only outside quotes."""
    counts = dict.fromkeys(DELIMITERS, 0)
    in_quotes = False
    for char in text:
        if char == '"':
            in_quotes = not in_quotes
        elif not in_quotes:
            if char in "\r\n":
                if any(counts.values()):
                    break
            elif char in counts:
                counts[char] += 1
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def parse_csv_text(text: str, location: Location) -> RawSheet:
    delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    table: list[list[str]] = []
    try:
        for row in reader:
            table.append([cell.replace("\r\n", "\n").replace("\r", "\n") for cell in row])
    except csv.Error as exc:
        raise DataError.at(location.at(len(table) + 1), f"cannot read this row: {exc}") from None
    if text.count('"') % 2 and table and table[-1] and "\n" in table[-1][-1]:
        from cardgen.data.readers.raw import column_letter

        where = location.at(len(table), column_letter(len(table[-1]) - 1))
        raise DataError.at(
            where,
            "a quoted cell starting here is never closed; the rest of the file ran into it",
        )
    return table_to_sheet(location, table)


def read_csv(path: Path, location: Location | None = None) -> RawSheet:
    loc = location or Location(str(path))
    data = read_bytes(path, loc)
    if not data.strip():
        raise DataError.at(loc, "the file is empty: row 1 should hold the column names")
    return parse_csv_text(decode(data, loc), loc)
