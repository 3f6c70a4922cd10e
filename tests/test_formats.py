"""The same game stored as CSV, XLSX or JSON loads to identical records; export round-trips."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook

from cardgen.data.database import Game
from cardgen.data.export import FORMATS, export_game

from .conftest import SHEETS, load_clean, write_game


def spreadsheet_value(text: str):
    """What a spreadsheet stores when a person types `text`: numbers become numbers."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text if text != "" else None


def as_workbook(folder: Path) -> None:
    """Replace the game's CSV sheets by one workbook, as a designer saving from Excel would."""
    book = Workbook()
    book.remove(book.active)
    for name, text in SHEETS.items():
        sheet = book.create_sheet(name.removesuffix(".csv"))
        for i, row in enumerate(csv.reader(io.StringIO(text, newline=""))):
            sheet.append(row if i == 0 else [spreadsheet_value(c) for c in row])
        (folder / name).unlink()
    book.save(folder / "game.xlsx")


def as_json(folder: Path) -> None:
    for name, text in SHEETS.items():
        records = [
            {k: v for k, v in row.items() if v != ""}
            for row in csv.DictReader(io.StringIO(text, newline=""))
        ]
        for record in records:  # JSON writers use native types where they can
            for key in ("cost", "quantity", "count"):
                if key in record:
                    record[key] = int(record[key])
            if "powers" in record:
                record["powers"] = record["powers"].split(";")
            if "rare" in record:
                record["rare"] = record["rare"] == "yes"
        (folder / name).unlink()
        (folder / name.replace(".csv", ".json")).write_text(json.dumps(records), encoding="utf-8")


def same_game(a: Game, b: Game) -> None:
    assert a.cards == b.cards
    assert a.keywords == b.keywords


@pytest.mark.parametrize(("convert", "fmt"), [(as_workbook, "xlsx"), (as_json, "json")])
def test_converted_game_loads_identically(
    tmp_path: Path, game_dir: Path, convert: Callable[[Path], None], fmt: str
) -> None:
    """A designer may save the sheets from any tool: the records must not depend on which."""
    baseline = load_clean(game_dir)
    folder = write_game(tmp_path / fmt)
    convert(folder)
    game = load_clean(folder)
    same_game(game, baseline)
    assert set(game.formats.values()) == {fmt}


def test_xlsx_errors_name_workbook_sheet_row_and_column(tmp_path):
    folder = write_game(tmp_path / "x")
    as_workbook(folder)
    from openpyxl import load_workbook

    book = load_workbook(folder / "game.xlsx")
    book["units"]["C3"] = "lots"
    book.save(folder / "game.xlsx")
    from .conftest import error_lines

    assert error_lines(folder) == ["x/game.xlsx[units]:3:C: cost: 'lots' is not a whole number"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_export_loads_back_identically(tmp_path, game_dir, fmt):
    original = load_clean(game_dir)
    out = export_game(original, fmt, tmp_path / f"out-{fmt}")
    same_game(load_clean(out), original)


def test_round_trip_through_every_format(tmp_path, game_dir):
    original = load_clean(game_dir)
    current = original
    for step, fmt in enumerate(["xlsx", "json", "csv", "xlsx", "csv"]):
        current = load_clean(export_game(current, fmt, tmp_path / f"step{step}-{fmt}"))
        same_game(current, original)


def test_export_replaces_previous_output_whole(tmp_path, game_dir):
    game = load_clean(game_dir)
    target = tmp_path / "out"
    export_game(game, "json", target)
    export_game(game, "csv", target)
    assert not list(target.glob("*s.json")), "stale JSON sheets survived a CSV export"
    assert (target / "units.csv").is_file()


def test_failed_export_leaves_previous_output_intact(tmp_path, game_dir, monkeypatch):
    from cardgen.data import export

    game = load_clean(game_dir)
    target = tmp_path / "out"
    export_game(game, "csv", target)
    before = sorted(p.name for p in target.iterdir())

    def broken(game, folder):
        (folder / "half.csv").write_text("partial")
        raise OSError(28, "No space left on device")

    monkeypatch.setitem(export.WRITERS, "json", broken)
    with pytest.raises(OSError):
        export_game(game, "json", target)
    assert sorted(p.name for p in target.iterdir()) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


def test_export_copies_referenced_art(tmp_path):
    from .conftest import UNITS_CSV

    folder = write_game(
        tmp_path / "g", {"units.csv": UNITS_CSV.replace(",,2\n", ",art/wolf.png,2\n", 1)}
    )
    (folder / "art").mkdir()
    (folder / "art" / "wolf.png").write_bytes(b"\x89PNG fake")
    out = export_game(load_clean(folder), "xlsx", tmp_path / "out")
    assert (out / "art" / "wolf.png").read_bytes() == b"\x89PNG fake"


def test_csv_export_opens_in_excel_with_accents(tmp_path, game_dir):
    out = export_game(load_clean(game_dir), "csv", tmp_path / "out")
    raw = (out / "units.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), "Excel needs the BOM to read UTF-8"
    assert b"\r\n" in raw


def test_numbers_typed_into_text_and_list_cells_of_a_workbook(tmp_path):
    """Excel stores 7 as 7.0; a text, ref or list cell holding it must still read as "7"."""
    folder = write_game(tmp_path / "x")
    as_workbook(folder)
    from openpyxl import load_workbook

    book = load_workbook(folder / "game.xlsx")
    units = book["units"]
    units["M2"] = 7  # serial, a text field
    units["L2"] = 3  # positions, a list of ints
    units["N3"] = 12.5  # text
    book.save(folder / "game.xlsx")
    game = load_clean(folder)
    assert game.by_id("wolf")["serial"] == "7"
    assert game.by_id("wolf")["positions"] == (3,)
    assert game.by_id("owl")["text"] == "12.5"
