"""The units sheet every hostile sheet case writes: the test game's wolf and owl (from
`tests/conftest.py`) plus the rows a case adds, in CSV, as an XLSX workbook or as JSON, so that
each case needs to say only what it changes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from ..conftest import MANIFEST, UNITS_CSV

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


def bat(changes: dict[str, Any]) -> dict[str, Any]:
    """The unit `bat`, which nothing else refers to, so that `changes` alone can be wrong."""
    return {**dict.fromkeys(UNIT_FIELDS, ""), **BAT, **changes}


def _table() -> list[list[str]]:
    return list(csv.reader(io.StringIO(UNITS_CSV, newline="")))


def _json_text(records: list[dict[str, Any]]) -> str:
    """`records` as JSON, each Raw value written as it stands: json.dumps would quote it."""
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
