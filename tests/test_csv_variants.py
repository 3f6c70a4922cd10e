"""CSV as real spreadsheets save it loads to exactly the same records as the plain file."""

from __future__ import annotations

import codecs
import csv
import io

import pytest

from .conftest import UNITS_CSV, load_clean, write_game

# A cell with an accent, so encodings actually differ on disk.
ACCENTED = UNITS_CSV.replace("Owl,2", "Chouette rusée,2")


def rows() -> list[list[str]]:
    return list(csv.reader(io.StringIO(ACCENTED, newline="")))


def render_rows(table: list[list[str]], delimiter: str = ",", line_end: str = "\n") -> str:
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator=line_end).writerows(table)
    return buffer.getvalue()


def render(delimiter: str = ",", line_end: str = "\n") -> str:
    return render_rows(rows(), delimiter, line_end)


VARIANTS = {
    "utf8": render().encode("utf-8"),
    "utf8-bom": codecs.BOM_UTF8 + render().encode("utf-8"),
    "crlf": render(line_end="\r\n").encode("utf-8"),
    "semicolon": render(delimiter=";").encode("utf-8"),
    "tab-utf16-excel-unicode-text": render(delimiter="\t", line_end="\r\n").encode("utf-16"),
    "cp1252-legacy-excel": render(delimiter=";", line_end="\r\n").encode("cp1252"),
    "trailing-empty-rows": (render() + ",,,,,,,,,,,,,,,\n\n,,\n").encode(),
    "trailing-empty-columns": render_rows([[*r, "", ""] for r in rows()]).encode(),
}


@pytest.fixture
def baseline(tmp_path):
    return load_clean(write_game(tmp_path / "base", {"units.csv": render().encode("utf-8")}))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_variant_loads_identically(tmp_path, baseline, variant):
    game = load_clean(write_game(tmp_path / variant, {"units.csv": VARIANTS[variant]}))
    assert game.cards["unit"] == baseline.cards["unit"]
    assert game.by_id("owl")["name"] == "Chouette rusée"


def test_multiline_cell_with_crlf_inside_quotes(tmp_path):
    data = render(line_end="\r\n").replace("Howls\nat", "Howls\r\nat").encode("utf-8")
    game = load_clean(write_game(tmp_path / "g", {"units.csv": data}))
    assert game.by_id("wolf")["text"] == "Howls\nat night, loudly."


def test_semicolon_csv_with_decimal_comma(tmp_path):
    data = render(delimiter=";").replace("1.5", "1,5").encode("utf-8")
    game = load_clean(write_game(tmp_path / "g", {"units.csv": data}))
    assert game.by_id("wolf")["speed"] == 1.5
