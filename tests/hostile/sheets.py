"""Hostile card sheets, manifests and folders, built on the test game of `tests/conftest.py`.

A sheet case puts one hostile value into one cell of a new unit, `bat`, that nothing else refers
to, and writes the units sheet as CSV, as an XLSX workbook or as JSON: so the value alone is
wrong, and the game must be refused in exactly one line naming that cell. A manifest case changes
the manifest; a folder case puts links on disk.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.errors import Location
from cardgen.data.readers.raw import column_letter

from ..conftest import MANIFEST, UNITS_CSV, write_game

FORMATS = ("csv", "xlsx", "json")
UNIT_FIELDS = [f["name"] for f in MANIFEST["types"][0]["fields"]]
BAT = {"id": "bat", "name": "Bat", "cost": "1", "colour": "blue", "quantity": "1"}
BAT_ROW = 4  # header, wolf, owl, bat (in JSON: the third record)
PNG = (  # a 1x1 PNG, enough to be an image on disk
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"
    b"\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00"
    b"\x00\x00\x00IEND\xaeB`\x82"
)


class Raw(str):
    """JSON text written into a JSON sheet as it is: a 5,000-digit number, NaN, a list 500 deep."""


def nested(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


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


def _table() -> list[list[str]]:
    return list(csv.reader(io.StringIO(UNITS_CSV, newline="")))


def _bat(changes: dict[str, Any]) -> dict[str, Any]:
    return {**dict.fromkeys(UNIT_FIELDS, ""), **BAT, **changes}


def _json_text(records: list[dict[str, Any]]) -> str:
    raws: list[str] = []

    def hold(value: Any) -> Any:
        if isinstance(value, Raw):
            raws.append(value)
            return f"@@raw{len(raws) - 1}@@"
        if isinstance(value, list):
            return [hold(v) for v in value]
        if isinstance(value, dict):
            return {k: hold(v) for k, v in value.items()}
        return value

    text = json.dumps([{k: hold(v) for k, v in r.items()} for r in records], ensure_ascii=True)
    for index, raw in enumerate(raws):
        text = text.replace(f'"@@raw{index}@@"', raw)
    return text


def write_units(folder: Path, fmt: str, rows: list[dict[str, Any]], header: list[str]) -> None:
    """The units sheet holding the fixture's wolf and owl plus `rows`, in format `fmt`."""
    base = _table()
    table = [header, *[cells + [""] * (len(header) - len(cells)) for cells in base[1:]]]
    table += [[row.get(name, "") for name in header] for row in rows]
    (folder / "units.csv").unlink(missing_ok=True)
    if fmt == "csv":
        with open(folder / "units.csv", "w", encoding="utf-8", newline="") as handle:
            csv.writer(handle).writerows(table)
    elif fmt == "json":
        records = [dict(zip(header, cells, strict=True)) for cells in table[1:]]
        (folder / "units.json").write_text(_json_text(records), encoding="utf-8")
    else:
        from openpyxl import Workbook

        book = Workbook()
        sheet = book.active
        sheet.title = "units"
        for cells in table:
            sheet.append(cells)
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str) and cell.value:
                    cell.data_type = "s"  # "=..." stays the text it is
        book.save(folder / "book.xlsx")


def write_cell_case(root: Path, case: CellCase, fmt: str) -> Path:
    folder = write_game(root / "g")
    write_units(folder, fmt, [_bat({case.field: case.value})], list(UNIT_FIELDS))
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
    bat = _bat({case.header: "x"})
    if fmt == "json":  # a key only bat has: the others would name it as well
        write_units(folder, fmt, [bat], header)
        records = json.loads((folder / "units.json").read_text(encoding="utf-8"))
        for record in records[:-1]:
            del record[case.header]
        (folder / "units.json").write_text(json.dumps(records), encoding="utf-8")
    else:
        write_units(folder, fmt, [bat], header)
    return folder


# --- manifests ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ManifestCase:
    """A change to the fixture's manifest: a function of the manifest as an object, or text
    replacements of its JSON (for numbers no Python value can be written as)."""

    name: str
    expect: str
    change: Callable[[dict[str, Any]], None] | None = None
    replace: tuple[tuple[str, str], ...] = ()


def _unit(m: dict[str, Any]) -> dict[str, Any]:
    return m["types"][0]


def _field(m: dict[str, Any], name: str) -> dict[str, Any]:
    return next(f for f in _unit(m)["fields"] if f["name"] == name)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change setting `a.b.0.c` (list indexes as numbers) to `value`."""

    def change(m: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        here: Any = m
        for key in parents:
            here = here[int(key)] if isinstance(here, list) else here[key]
        here[int(last) if isinstance(here, list) else last] = value

    return change


PLAYERS = '"players": {"min": 1, "max": 2}'
PRESS = "a side of 30,000 mm is longer than any press sheet (at most 1,000 mm)"
COST = '{"name": "cost", "type": "int", "required": true, "min": 0, "max": 5}'

# Sizes no press prints: refused at once, before a page or a picture of them is made (a
# 30 m card was drawn as a picture 354,000 pixels wide, and the build never ended).
SIZE_CASES = [
    ManifestCase("card 30 m", PRESS, _set("types.0.size", {"width": "30000mm", "height": "88mm"})),
    ManifestCase("card 3000 cm", PRESS, _set("types.0.size", {"width": "63mm", "height": "3000cm"})),
    ManifestCase("card 50 in", "a side of 1,270 mm is longer than any press sheet",
                 _set("types.0.size", {"width": "50in", "height": "3.5in"})),
    ManifestCase("card 1001 mm", "a side of 1,001 mm is longer than any press sheet",
                 _set("types.0.size", {"width": "1001mm", "height": "88mm"})),
    ManifestCase("card 1 km", "not a length any component has",
                 _set("types.0.size", {"width": "100000cm", "height": "88mm"})),
    ManifestCase("card 1e9 mm", "not a length any component has",
                 _set("types.0.size", {"width": 1e9, "height": 88})),
    ManifestCase("token 30 m", PRESS, _set("types.1.size", {"diameter": "30000mm"})),
    ManifestCase("hex 30 m", "a side of 34,641 mm is longer than any press sheet",
                 _set("types.1.size", {"shape": "hex", "across_flats": "30000mm"})),
    ManifestCase("named size 30 m", "sizes.huge is not a size: a side of 30,000 mm",
                 _set("sizes", {"huge": {"width": "30000mm", "height": "88mm"}})),
    ManifestCase("default size 30 m", PRESS,
                 _set("default_size", {"width": "30000mm", "height": "30000mm"})),
]  # fmt: skip

MANIFEST_CASES = [
    ManifestCase(
        "players 400 digits",
        '"min" is a number of 400 digits',
        replace=((PLAYERS, '"players": {"min": ' + "9" * 400 + ', "max": 2}'),),
    ),
    ManifestCase(
        "players 5000 digits",
        '"max" is a number of 5000 digits',
        replace=((PLAYERS, '"players": {"min": 1, "max": ' + "9" * 5000 + "}"),),
    ),
    ManifestCase(
        "players 30 digits",
        "not a number any game needs",
        replace=((PLAYERS, '"players": {"min": 1, "max": ' + "9" * 30 + "}"),),
    ),
    ManifestCase(
        "players 1e400",
        "\"max\" should be int, not 'inf'",
        replace=((PLAYERS, '"players": {"min": 1, "max": 1e400}'),),
    ),
    ManifestCase(
        "players NaN",
        "\"min\" should be int, not 'nan'",
        replace=((PLAYERS, '"players": {"min": NaN, "max": 2}'),),
    ),
    ManifestCase("players a list", '"min" should be int, not a list', _set("players.min", [3])),
    ManifestCase(
        "players an object", '"max" should be int, not an object', _set("players.max", {})
    ),
    ManifestCase("players true", "\"min\" should be int, not 'True'", _set("players.min", True)),
    ManifestCase(
        "field max 5000 digits",
        '"max" is a number of 5000 digits',
        replace=((COST, COST.replace('"max": 5', '"max": ' + "9" * 5000)),),
    ),
    ManifestCase(
        "field min 1e400",
        "\"min\" is 'inf': not a number any game needs",
        replace=((COST, COST.replace('"min": 0', '"min": 1e400')),),
    ),
    ManifestCase(
        "field min a list",
        '"min" should be int or float, not a list',
        lambda m: _field(m, "cost").update(min=[0]),
    ),
    ManifestCase(
        "default 5000 digits",
        "default '99999",
        replace=((COST, COST.replace('"max": 5', '"max": 5, "default": ' + "9" * 5000)),),
    ),
    ManifestCase(
        "default an object",
        "default expected free text, not an object",
        lambda m: _field(m, "text").update(default={"a": 1}),
    ),
    ManifestCase(
        "default a list",
        "default expected whole number, not a list",
        lambda m: _field(m, "quantity").update(default=[1]),
    ),
    ManifestCase(
        "quantity field of text",
        "\"quantity_field\" 'name' is a text field",
        _set("types.1.quantity_field", "name"),
    ),
    ManifestCase(
        "quantity field missing",
        "\"quantity_field\" 'copies' is not one of its fields",
        _set("types.1.quantity_field", "copies"),
    ),
    ManifestCase(
        "quantity field of bools",
        "\"quantity_field\" 'rare' is a bool field",
        _set("types.0.quantity_field", "rare"),
    ),
    ManifestCase(
        "copy limit on no field",
        "\"field\" 'stars' is not a field of unit",
        _set("deck_formats.std.copy_limit.field", "stars"),
    ),
    ManifestCase(
        "count where no field",
        "\"where\" names 'hue', which is not a field of unit",
        _set("deck_formats.std.counts.0.where", {"hue": "red"}),
    ),
    ManifestCase(
        "copy limit 30 digits",
        '"by_value" counts must be whole numbers, or rule numbers cited in braces (true)',
        _set("deck_formats.std.copy_limit.by_value", {"true": 10**30}),
    ),
    ManifestCase(
        "deck size 5000 digits",
        '"min_cards" is a number of 5000 digits',
        replace=(('"min_cards": 3', '"min_cards": ' + "9" * 5000),),
    ),
    ManifestCase(
        "game id traversal", "\"id\" '../../pwn' is not a plain name", _set("id", "../../pwn")
    ),
    ManifestCase(
        "game id absolute", "\"id\" '/tmp/pwn' is not a plain name", _set("id", "/tmp/pwn")
    ),
    ManifestCase(
        "game id 5000 characters", "is not a plain name: use up to 64", _set("id", "g" * 5000)
    ),
    ManifestCase(
        "type id traversal",
        "\"id\" '../pwn' is not a plain name",
        lambda m: m["types"].append(
            {
                "id": "../pwn",
                "sheet": "pwns",
                "kind": "token",
                "fields": [{"name": "id", "type": "id"}],
            }
        ),
    ),
    ManifestCase(
        "sheet traversal",
        "\"sheet\" '../../units' is not a plain name",
        _set("types.0.sheet", "../../units"),
    ),
    ManifestCase(
        "keyword sheet traversal",
        "\"sheet\" '../keywords' is not a plain name",
        _set("keywords.sheet", "../keywords"),
    ),
    ManifestCase(
        "field name 5000 characters",
        "should be lower_case_with_underscores",
        lambda m: _unit(m)["fields"].append({"name": "f" * 5000, "type": "text"}),
    ),
    ManifestCase("unknown key 5000 characters", 'unknown key "kkkk', _set("k" * 5000, 1)),
    ManifestCase(
        "type 5000 characters", '"type" \'tttt', lambda m: _field(m, "text").update(type="t" * 5000)
    ),
    ManifestCase(
        "colour 100 KB",
        '"color" should look like #1A2B3C, not \'rrrr',
        _set("types.1.back.color", "r" * 100_000),
    ),
    ManifestCase(
        "size 5000 digits",
        "is not a size",
        replace=(('"size": "token"', '"size": {"width": ' + "9" * 5000 + ', "height": 5}'),),
    ),
    ManifestCase(
        "size 1e400",
        "is not a size",
        replace=(('"size": "token"', '"size": {"width": 1e400, "height": 5}'),),
    ),
    ManifestCase(
        "size huge text",
        "is not a size",
        _set("types.1.size", {"width": "9" * 400 + "mm", "height": "5mm"}),
    ),
    ManifestCase(
        "size a kilometre",
        "not a length any component has",
        _set("types.1.size", {"width": "1000000mm", "height": "5mm"}),
    ),
    *SIZE_CASES,
    ManifestCase(
        "allowed type 100 KB",
        "no card type 'aaaa",
        _set("deck_formats.std.allowed_types", ["unit", "a" * 100_000]),
    ),
    ManifestCase(
        "allowed type object",
        '"allowed_types" should list names, not an object',
        _set("deck_formats.std.allowed_types", ["unit", {"a": 1}]),
    ),
]


def write_manifest_case(root: Path, case: ManifestCase) -> Path:
    manifest = copy.deepcopy(MANIFEST)
    if case.change:
        case.change(manifest)
    folder = write_game(root / "g", manifest=manifest)
    text = (folder / "manifest.json").read_text(encoding="utf-8")
    for old, new in case.replace:
        assert old in text, old
        text = text.replace(old, new)
    (folder / "manifest.json").write_text(text, encoding="utf-8")
    return folder


# --- folders: links that lead out of the game ---------------------------------------------------


@dataclass(frozen=True)
class FolderCase:
    """A unit whose art is `art` in a folder `arrange` sets up (`outside` is beside the game)."""

    name: str
    art: str
    arrange: Callable[[Path, Path], None]
    expect: str


def _link(target: str, name: str = "art/bat.png") -> Callable[[Path, Path], None]:
    def arrange(game: Path, outside: Path) -> None:
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target.format(outside=outside), path)

    return arrange


def _linked_folder(game: Path, outside: Path) -> None:
    os.symlink(outside, game / "art")


def _linked_root(game: Path, outside: Path) -> None:
    os.symlink("/", game / "art")


OUTSIDE = "leads outside the game's folder (through a link)"
FOLDER_CASES = [
    FolderCase("art linked out", "art/bat.png", _link("{outside}/secret.png"), OUTSIDE),
    FolderCase(
        "art linked out relatively", "art/bat.png", _link("../../outside/secret.png"), OUTSIDE
    ),
    FolderCase("art linked to /etc", "art/bat.png", _link("/etc/hostname"), OUTSIDE),
    FolderCase("art folder linked out", "art/secret.png", _linked_folder, OUTSIDE),
    FolderCase(
        "art linked to a missing file outside",
        "art/bat.png",
        _link("{outside}/nothing.png"),
        OUTSIDE,
    ),
    FolderCase("art folder linked to /", "art/etc/hostname", _linked_root, OUTSIDE),
]


def write_folder_case(root: Path, case: FolderCase) -> Path:
    outside = root / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.png").write_bytes(PNG)
    folder = write_game(root / "g")
    case.arrange(folder, outside)
    write_units(folder, "csv", [_bat({"art": case.art})], list(UNIT_FIELDS))
    return folder
