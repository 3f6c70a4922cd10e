"""Hostile cells and column names of the units sheet: each case puts one hostile value into one
cell (or one column name) of `bat`, in every format that can hold it, and says the one line the
game must be refused with."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.errors import Location
from cardgen.data.readers.raw import column_letter

from ..conftest import write_game
from .units import BAT_ROW, FORMATS, UNIT_FIELDS, Raw, bat, nested, write_units


@dataclass(frozen=True)
class CellCase:
    """One hostile value in one cell of `bat`, and what the one line says about it."""

    name: str
    field: str
    value: Any  # text in CSV and XLSX; any JSON value, or Raw text, in JSON
    expect: str
    formats: tuple[str, ...] = FORMATS

    def where(self, fmt: str) -> str:
        if fmt == "json":
            return f"g/units.json:{BAT_ROW - 1}:{self.field}"
        column = column_letter(UNIT_FIELDS.index(self.field))
        sheet = "g/units.csv" if fmt == "csv" else "g/book.xlsx[units]"
        return f"{sheet}:{BAT_ROW}:{column}"


TEXT = ("csv", "json")  # values XLSX cannot hold (control characters)
JSON = ("json",)
TOO_LONG_INT = "is too long to be a whole number"
TOO_LONG = "is too long to be a number"

CELL_CASES = [
    # 2. numbers of any size, in any type: refused as out of range, too long or not a number
    CellCase("400-digit int", "cost", "9" * 400, TOO_LONG_INT),
    CellCase("5000-digit int", "cost", "9" * 5000, TOO_LONG_INT),
    CellCase("5000-digit negative int", "cost", "-" + "9" * 5000, TOO_LONG_INT),
    CellCase("20-digit int over the max", "cost", "9" * 20, "is above the maximum of 5"),
    CellCase("20-digit int under the min", "cost", "-" + "9" * 20, "is below the minimum of 0"),
    CellCase("int 1e400", "cost", "1e400", "is not a finite number"),
    CellCase("int nan", "cost", "nan", "is not a finite number"),
    CellCase("int inf", "cost", "-inf", "is not a finite number"),
    CellCase("int 1e300", "cost", "1e300", "is above the maximum of 5"),
    CellCase("int 100 KB", "cost", "1" * 100_000, TOO_LONG_INT),
    CellCase("int words", "cost", "three" * 1000, TOO_LONG_INT),
    CellCase("number 400 digits", "speed", "9" * 400, TOO_LONG),
    CellCase("number 5000 digits", "speed", "9" * 5000, TOO_LONG),
    CellCase("number 30 digits", "speed", "9" * 30, "is too large (a number here has at most 15"),
    CellCase("number 1e308", "speed", "1e308", "1e+308 is too large"),
    CellCase("number 1e999", "speed", "1e999", "is not a finite number"),
    CellCase("number long decimals", "speed", "0." + "1" * 300, TOO_LONG),
    CellCase("quantity 5000 digits", "quantity", "9" * 5000, TOO_LONG_INT),
    CellCase("quantity 16 digits", "quantity", "9" * 16, "is too large"),
    CellCase("quantity a billion copies", "quantity", "999999999", "copies of one card"),
    CellCase("quantity 15 digits", "quantity", "9" * 15, "a print kit holds at most 10000"),
    CellCase("ints 400 digits", "positions", "1;" + "9" * 400, TOO_LONG_INT),
    CellCase("ints 20 digits", "positions", "1;" + "9" * 20, "is above the maximum of 5"),
    CellCase("ints 5000 items", "positions", ";".join(["1"] * 5000), "a number is listed twice"),
    CellCase("counts 400 digits", "needs", "ruby:" + "9" * 400, TOO_LONG_INT),
    CellCase("counts 25 digits", "needs", "ruby:" + "9" * 25, "is too large"),
    CellCase("counts 5000 digits first", "needs", "9" * 5000 + " ruby", TOO_LONG_INT),
    # 4. long values are quoted cut to a few dozen characters, whatever the field
    CellCase("choice 100 KB", "colour", "x" * 100_000, "characters) is not one of: red"),
    CellCase("choices 100 KB", "tags", "y" * 100_000, "characters) is not one of: beast"),
    CellCase("keyword 100 KB", "power", "z" * 100_000, "is not a known power keyword"),
    CellCase("keywords 100 KB", "powers", "fly;" + "q" * 100_000, "is not a known power"),
    CellCase("ref 100 KB", "partner", "r" * 100_000, "no card has the id 'rrrr"),
    CellCase("bool 100 KB", "rare", "m" * 100_000, "characters) is not yes or no"),
    CellCase("text over max 100 KB", "name", "W" * 100_000, "characters, over the limit of 30"),
    CellCase("keyword count 100 KB", "needs", "k" * 100_000, "is not a known gem keyword"),
    CellCase("image 100 KB", "art", "i" * 100_000, "longer than any file name can be"),
    # 1. ids are plain file names
    CellCase("id traversal", "id", "../../../../pwn", "is not a valid id"),
    CellCase("id with a slash", "id", "art/bat", "is not a valid id"),
    CellCase("id with a backslash", "id", "a\\b", "is not a valid id"),
    CellCase("id dot-dot", "id", "..", "is not a valid id"),
    CellCase("id hidden", "id", ".bat", "is not a valid id"),
    CellCase("id with a space", "id", "big bat", "is not a valid id"),
    CellCase("id with a colon", "id", "c:bat", "is not a valid id"),
    CellCase("id with a tilde", "id", "~bat", "is not a valid id"),
    CellCase("id with markup", "id", "<b>bat</b>", "is not a valid id"),
    CellCase("id absolute", "id", "/etc/passwd", "is not a valid id"),
    CellCase("id 200 characters", "id", "b" * 200, "an id is at most 100 characters"),
    CellCase("id 100 KB", "id", "b" * 100_000, "an id is at most 100 characters"),
    CellCase("id with a newline", "id", "bat\nx", "is not a valid id", TEXT),
    CellCase("id with a NUL", "id", "bat\x00", "is not a valid id", JSON),
    # 1, 2. image paths: inside the folder, of a length a file system takes, no control characters
    CellCase("image parent", "art", "../secret.png", "must be a path inside the game's folder"),
    CellCase("image deep parent", "art", "art/../../x.png", "must be a path inside the game's"),
    CellCase("image absolute", "art", "/etc/passwd", "must be a path inside the game's folder"),
    CellCase("image drive", "art", "C:/Windows/x.png", "must be a path inside the game's folder"),
    CellCase("image backslashes", "art", "..\\..\\x.png", "must be a path inside the game's"),
    CellCase("image 5000 characters", "art", "a" * 5000 + ".png", "longer than any file name"),
    CellCase("image long part", "art", "art/" + "b" * 300 + ".png", "longer than any file name"),
    CellCase("image with a newline", "art", "art/a\nb.png", "control character (U+000A)", TEXT),
    CellCase("image with a tab", "art", "art/a\tb.png", "control character (U+0009)", TEXT),
    CellCase("image with a NUL", "art", "art/a\x00b.png", "control character (U+0000)", JSON),
    CellCase("text with a bell", "text", "ring\x07", "control character (U+0007)", TEXT),
    CellCase("text with a NUL", "text", "a\x00b", "control character (U+0000)", JSON),
    CellCase("text with an escape", "text", "\x1b[31mred", "control character (U+001B)", TEXT),
    # 2, 3. JSON values of the wrong shape: refused, never handed to a parser that chokes
    CellCase("int as a list", "cost", [3], "expected whole number, not a list", JSON),
    CellCase("int as an empty list", "cost", [], "expected whole number, not a list", JSON),
    CellCase("int as an object", "cost", {"a": 1}, "expected whole number, not an object", JSON),
    CellCase("int as an empty object", "cost", {}, "expected whole number, not an object", JSON),
    CellCase("int as true", "cost", True, "'True' is not a whole number", JSON),
    CellCase("int as a fraction", "cost", 1.5, "'1.5' is not a whole number", JSON),
    CellCase("int 5000 digits", "cost", Raw("9" * 5000), TOO_LONG_INT, JSON),
    CellCase("int 400 digits", "cost", Raw("9" * 400), TOO_LONG_INT, JSON),
    CellCase("int 30 digits", "cost", Raw("9" * 30), "is above the maximum of 5", JSON),
    CellCase("int 1e400", "cost", Raw("1e400"), "'inf' is not a finite number", JSON),
    CellCase("int -1e400", "cost", Raw("-1e400"), "'-inf' is not a finite number", JSON),
    CellCase("int NaN", "cost", Raw("NaN"), "'nan' is not a finite number", JSON),
    CellCase("int Infinity", "cost", Raw("Infinity"), "'inf' is not a finite number", JSON),
    CellCase("int nested 500", "cost", nested(500), "expected whole number, not a list", JSON),
    CellCase("number as a list", "speed", [1.5], "expected number, not a list", JSON),
    CellCase("number 1e308", "speed", Raw("1e308"), "is too large", JSON),
    CellCase("number 50 digits", "speed", Raw("9" * 50), TOO_LONG, JSON),
    CellCase("quantity 20 digits", "quantity", Raw("9" * 20), "is too large", JSON),
    CellCase("quantity as a list", "quantity", [2], "expected whole number, not a list", JSON),
    CellCase("text as an object", "name", {"a": 1}, "expected free text, not an object", JSON),
    CellCase("text as a list", "name", ["B", "at"], "expected free text, not a list", JSON),
    CellCase("text nested 500", "text", nested(500), "expected free text, not a list", JSON),
    CellCase("text as an empty object", "text", {}, "expected free text, not an object", JSON),
    CellCase("serial as an object", "serial", {"s": 1}, "expected free text, not an object", JSON),
    CellCase("bool as a list", "rare", [True], "expected yes or no, not a list", JSON),
    CellCase("choice as an object", "colour", {"red": 1}, "not an object", JSON),
    CellCase("choices inside a list", "tags", [["beast"]], "a list inside a list", JSON),
    CellCase("choices as an object", "tags", {"beast": 1}, "not an object", JSON),
    CellCase("ints inside a list", "positions", [1, [2]], "a list inside a list", JSON),
    CellCase("ints 5000 digits", "positions", [1, Raw("9" * 5000)], TOO_LONG_INT, JSON),
    CellCase("ints infinite", "positions", [Raw("1e400")], "is not a finite number", JSON),
    CellCase("counts as lists", "needs", {"ruby": [2]}, "keyword counts must be numbers", JSON),
    CellCase("counts 5000 digits", "needs", {"ruby": Raw("9" * 5000)}, TOO_LONG_INT, JSON),
    CellCase("counts 21 digits", "needs", {"ruby": Raw("1" + "0" * 20)}, "is too large", JSON),
    CellCase("ref as a list", "partner", ["owl"], "expected the id of another card", JSON),
    CellCase("ref nested", "partner", nested(300), "not a list", JSON),
    CellCase("id as an object", "id", {}, "expected the card's unique id", JSON),
    CellCase("id as a list", "id", ["bat"], "expected the card's unique id", JSON),
    CellCase("image as an object", "art", {"x": 1}, "expected path of an image", JSON),
    CellCase("keyword as a list", "power", ["fly"], "expected one keyword, not a list", JSON),
]


def write_cell_case(root: Path, case: CellCase, fmt: str) -> Path:
    folder = write_game(root / "g")
    write_units(folder, fmt, [bat({case.field: case.value})], list(UNIT_FIELDS))
    return folder


# --- headers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeaderCase:
    name: str
    header: str
    expect: str


HEADER_CASES = [
    HeaderCase("5000-character column name", "h" * 5000, "unknown column 'hhhh"),
    HeaderCase("100 KB column name", "H" * 100_000, "characters) (a Unit has: id"),
    HeaderCase("column name with a newline", "note\nmore", "unknown column 'note"),
    HeaderCase("column name of markup", "<script>alert(1)</script>", "unknown column '<script>"),
]


def header_location(case: HeaderCase, fmt: str) -> str:
    column = column_letter(len(UNIT_FIELDS))
    if fmt == "csv":
        return f"g/units.csv:1:{column}"
    if fmt == "xlsx":
        return f"g/book.xlsx[units]:1:{column}"
    return str(Location("g/units.json", BAT_ROW - 1, case.header))


def write_header_case(root: Path, case: HeaderCase, fmt: str) -> Path:
    folder = write_game(root / "g")
    header = [*UNIT_FIELDS, case.header]
    write_units(folder, fmt, [bat({case.header: "x"})], header)
    if fmt == "json":  # a key only bat has: the others would name it as well
        records = json.loads((folder / "units.json").read_text(encoding="utf-8"))
        for record in records[:-1]:
            del record[case.header]
        (folder / "units.json").write_text(json.dumps(records), encoding="utf-8")
    return folder
