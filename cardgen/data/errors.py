"""Problems found in a game's data, reported as `path:row:column: message`.

Designers fix data in a spreadsheet, so every problem names the file, the spreadsheet row and the
column letter they will see, and nothing the loader raises ever reaches them as a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

QUOTED = 40  # characters of a value a message quotes; the rest is cut, with its length said
MESSAGE = 240  # a message longer than this (a long list, a long name) is cut to it
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def clip(text: str, limit: int = QUOTED) -> str:
    """`text` cut to `limit` characters, ending in `…` when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line(text: str) -> str:
    """Control characters (a newline in a name, a NUL) shown as `\\n`, `\\x00`: one line."""
    return _CONTROL.sub(lambda m: repr(m[0])[1:-1], text)


def quoted(text: str) -> str:
    """`'text'` as a message quotes it: cut to a few dozen characters, its length said if cut."""
    if len(text) <= QUOTED:
        return repr(text)
    return f"{clip(text)!r} ({len(text)} characters)"


def describe(value: Any) -> str:
    """Any value from a file, quoted: text and numbers cut, a list or an object named rather than
    printed (it may be huge, or nested thousands deep)."""
    if isinstance(value, dict):
        return f"an object ({{...}}) of {len(value)} key(s)"
    if isinstance(value, list | tuple):
        return f"a list ([...]) of {len(value)} item(s)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        value = int(value)
    return quoted(value if isinstance(value, str) else str(value))


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Location:
    """Where a problem sits: a file (or `file.xlsx[sheet]`), a row and a column.

    Rows are spreadsheet row numbers (the header is row 1). Columns are letters for CSV and XLSX and
    field names for JSON, because that is what the designer sees in each tool.
    """

    path: str
    row: int | None = None
    column: str | None = None

    def __str__(self) -> str:
        parts = [self.path]
        if self.row is not None:
            parts.append(str(self.row))
            if self.column is not None:
                parts.append(clip(self.column))  # a JSON key may be thousands of characters
        return one_line(":".join(parts))

    def at(self, row: int | None = None, column: str | None = None) -> Location:
        return Location(self.path, row, column)


@dataclass(frozen=True)
class Problem:
    location: Location
    message: str
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        return f"{self.location}: {prefix}{clip(one_line(self.message), MESSAGE)}"

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


@dataclass
class Problems:
    """Collects every problem of one run, so a designer sees them all at once."""

    items: list[Problem] = field(default_factory=list)

    def error(self, location: Location, message: str) -> None:
        self.items.append(Problem(location, message))

    def warning(self, location: Location, message: str) -> None:
        self.items.append(Problem(location, message, Severity.WARNING))

    def extend(self, other: Problems | list[Problem]) -> None:
        self.items.extend(other.items if isinstance(other, Problems) else other)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.is_error]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if not p.is_error]

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)


class DataError(Exception):
    """The project's one error for bad input: carries the problems that stopped a load."""

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, location: Location | str, message: str) -> DataError:
        loc = location if isinstance(location, Location) else Location(location)
        return cls(Problem(loc, message))
