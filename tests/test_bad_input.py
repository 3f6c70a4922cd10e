"""Broken, binary, empty or enormous files give one clear line naming the file, never a traceback."""

from __future__ import annotations

import zipfile

import pytest

from .conftest import error_lines, write_game

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "g/gems.csv: the file is empty"),
        (b"\r\n\r\n  \n", "g/gems.csv: the file is empty"),
        (PNG, "g/gems.csv: this is not a text spreadsheet (it holds binary data)"),
        (b"\n\nid,name,kind\nx,X,ruby\n", "g/gems.csv:1: row 1 is empty"),
        (b",,,\n,,,\n", "g/gems.csv: the sheet is empty"),
        (
            b"id,name,kind\nx,X,ruby\n,,,,extra\n",
            "g/gems.csv:1:E: this column has data but no name in row 1",
        ),
        (b'id,name,kind\nx,"X\n', "g/gems.csv:2:B: a quoted cell starting here is never closed"),
    ],
)
def test_broken_csv(tmp_path, content, expected):
    lines = error_lines(write_game(tmp_path / "g", {"gems.csv": content}))
    assert any(line.startswith(expected) for line in lines), lines


def test_damaged_xlsx(tmp_path):
    folder = write_game(
        tmp_path / "g", {"gems.csv": None, "book.xlsx": b"PK\x03\x04 not really a zip"}
    )
    lines = error_lines(folder)
    assert "g/book.xlsx: this is not a readable XLSX workbook (damaged, or another format)" in lines


def test_zip_that_is_not_a_workbook(tmp_path):
    folder = write_game(tmp_path / "g", {"gems.csv": None})
    with zipfile.ZipFile(folder / "book.xlsx", "w") as archive:
        archive.writestr("hello.txt", "hi")
    lines = error_lines(folder)
    assert any(
        line.startswith("g/book.xlsx: this is not a readable XLSX workbook") for line in lines
    )


def test_huge_file_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_MAX_FILE_MB", "1")
    folder = write_game(tmp_path / "g")
    with open(folder / "gems.csv", "ab") as handle:
        handle.truncate(3 * 1024 * 1024)  # sparse: no real disk or memory used
    lines = error_lines(folder)
    assert any(
        line.startswith("g/gems.csv: the file is 3 MB, over the 1 MB limit") for line in lines
    ), lines


def test_hundreds_of_megabytes_refused_quickly(tmp_path):
    folder = write_game(tmp_path / "g")
    with open(folder / "units.csv", "r+b") as handle:
        handle.truncate(400 * 1024 * 1024)
    lines = error_lines(folder)
    assert any("over the 32 MB limit" in line for line in lines)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{", "g/gems.json:1: not valid JSON"),
        ('{"a": 1}', "g/gems.json: the file should hold a list of cards"),
        ("[1, 2]", "g/gems.json:1: card 1 is not an object with fields"),
        ("[" * 100000 + "]" * 100000, "g/gems.json: not valid JSON"),
    ],
)
def test_broken_json(tmp_path, content, expected):
    lines = error_lines(write_game(tmp_path / "g", {"gems.csv": None, "gems.json": content}))
    assert any(line.startswith(expected) for line in lines), lines


def test_missing_manifest(tmp_path):
    (tmp_path / "g").mkdir()
    assert error_lines(tmp_path / "g") == [
        "g/manifest.json: no manifest.json: every game folder needs one"
    ]


def test_excel_lock_file_is_ignored(tmp_path):
    folder = write_game(tmp_path / "g", {"~$book.xlsx": b"\x00lock"})
    assert error_lines(folder) == []
