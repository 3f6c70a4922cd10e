"""JSON sheets: a list of objects, one per card, keys being field names.

JSON keeps native types (numbers, lists, true/false), so a game stored as JSON loads to the same
records as its CSV twin without any text parsing of lists.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardgen.data.errors import DataError, Location, Problem, quoted
from cardgen.data.readers.csv_reader import decode
from cardgen.data.readers.limits import read_bytes
from cardgen.data.readers.raw import RawCell, RawRow, RawSheet, is_blank, normalise_header

LONGEST_INT = 40  # characters: a longer whole number is kept as its text, and refused as too long


class NumberText(str):
    """A JSON number too long to be read as one (Python refuses 4,300 digits and more, and
    anything this long is no card's number): kept as its text, so the field it lands in refuses
    it in one line, as it would the same text in a CSV cell."""


def _int(text: str) -> int | str:
    return int(text) if len(text) <= LONGEST_INT else NumberText(text)


def parse_json(text: str, loc: Location) -> Any:
    """JSON text as Python values, or one DataError line: never Python's digit limit, a
    recursion error, or a traceback."""
    try:
        return json.loads(text, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise DataError.at(loc.at(exc.lineno), f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise DataError.at(loc, "not valid JSON: nested too deeply") from None
    except ValueError as exc:  # a number Python will not read, whatever json makes of it
        raise DataError.at(loc, f"not valid JSON: {str(exc)[:80]}") from None


def read_json(path: Path, location: Location | None = None) -> RawSheet:
    loc = location or Location(str(path))
    data = read_bytes(path, loc)
    text = decode(data, loc)
    if not text.strip():
        raise DataError.at(loc, "the file is empty: it should hold a list of cards")
    content = parse_json(text, loc)
    if isinstance(content, dict) and isinstance(content.get("cards"), list):
        content = content["cards"]
    if not isinstance(content, list):
        raise DataError.at(loc, "the file should hold a list of cards ([{...}, {...}])")
    sheet = RawSheet(loc, {}, 0, [], label_columns=False)
    for number, item in enumerate(content, start=1):
        if not isinstance(item, dict):
            raise DataError.at(loc.at(number), f"card {number} is not an object with fields")
        cells: dict[str, RawCell] = {}
        for key, value in item.items():
            name = normalise_header(key)
            if not name:
                raise DataError.at(loc.at(number), "a field has an empty name")
            if name in cells:  # "Name" and "name": one would silently win
                sheet.problems.append(
                    Problem(
                        loc.at(number, str(key)),
                        f"{name} is given twice in card {number} (as {quoted(cells[name].column)} "
                        f"and {quoted(str(key))}); keep one",
                    )
                )
                continue
            sheet.header.setdefault(name, str(key))
            cells[name] = RawCell(value, str(key))
        if all(is_blank(c.value) for c in cells.values()):
            continue
        sheet.rows.append(RawRow(number, cells))
    return sheet
