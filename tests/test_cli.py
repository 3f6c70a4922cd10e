"""The `cardgen` command as a designer uses it: exit codes, one line per problem, no tracebacks."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.project import REPO_ROOT

from .conftest import UNITS_CSV, write_game


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_validate_clean_game(tmp_path):
    write_game(tmp_path / "data" / "testgame")
    result = run("validate", "--data", str(tmp_path / "data"))
    assert result.exit_code == 0
    assert "testgame: ok" in result.output


def test_validate_reports_each_problem_and_fails(tmp_path):
    broken = UNITS_CSV.replace("wolf,Wolf,3", "wolf,Wolf,x").replace("blue,,swim", "blue,,dig")
    write_game(tmp_path / "data" / "testgame", {"units.csv": broken})
    result = run("validate", "--data", str(tmp_path / "data"))
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if "units.csv" in line]
    # Owl is spreadsheet row 3 although the Wolf row above spans two lines of the file.
    assert lines == [
        "data/testgame/units.csv:2:C: cost: 'x' is not a whole number",
        "data/testgame/units.csv:3:H: power: 'dig' is not a known power keyword (known: fly, swim)",
    ]
    assert "testgame: 2 problem(s)" in result.stderr


def test_unknown_game_is_one_line(tmp_path):
    write_game(tmp_path / "data" / "testgame")
    result = run("validate", "nosuch", "--data", str(tmp_path / "data"))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"nosuch: no such game (games in {tmp_path / 'data'}: testgame)"


def test_export_writes_a_loadable_folder(tmp_path):
    write_game(tmp_path / "data" / "testgame")
    out = tmp_path / "exported"
    result = run(
        "export",
        "testgame",
        "--format",
        "xlsx",
        "--out",
        str(out),
        "--data",
        str(tmp_path / "data"),
    )
    assert result.exit_code == 0, result.output
    assert (out / "testgame.xlsx").is_file() and (out / "manifest.json").is_file()
    assert run("validate", str(out)).exit_code == 0


def test_export_refuses_a_broken_game_and_writes_nothing(tmp_path):
    write_game(tmp_path / "data" / "testgame", {"units.csv": UNITS_CSV.replace("3,1.5", "x,1.5")})
    out = tmp_path / "exported"
    result = run(
        "export", "testgame", "--format", "csv", "--out", str(out), "--data", str(tmp_path / "data")
    )
    assert result.exit_code == 1
    assert not out.exists()


def test_list_shows_component_counts(tmp_path):
    write_game(tmp_path / "data" / "testgame")
    result = run("list", "--data", str(tmp_path / "data"))
    assert result.output.strip() == "testgame: Test Game (3 units, 6 gems)"


def test_breaking_one_cell_of_a_shipped_game_gives_one_line(tmp_path):
    """The issue's acceptance check: a designer breaks a cell, saves as CSV, sees that cell."""
    result = run("export", "vita_luna", "--format", "csv", "--out", str(tmp_path / "vl"))
    assert result.exit_code == 0
    sheet = tmp_path / "vl" / "creatures.csv"
    with open(sheet, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    row = next(i for i, r in enumerate(rows) if r[0] == "wolf")
    column = rows[0].index("attack")
    rows[row][column] = "three"
    with open(sheet, "w", encoding="utf-8-sig", newline="") as handle:
        csv.writer(handle, lineterminator="\r\n").writerows(rows)
    result = run("validate", str(tmp_path / "vl"))
    assert result.exit_code == 1
    problems = [line for line in result.stderr.splitlines() if line.startswith("vl/")]
    letter = "ABCDEFGHIJ"[column]
    assert problems == [
        f"vl/creatures.csv:{row + 1}:{letter}: attack: 'three' is not a whole number"
    ]


def test_installed_command_never_prints_a_traceback(tmp_path):
    folder = write_game(tmp_path / "g", {"units.csv": b"\x00\x01\x02binary", "gems.csv": b""})
    (folder / "manifest.json").write_bytes(b"\xff\xfe{not json")
    for args in (["validate", str(folder)], ["export", str(folder), "--format", "csv"]):
        done = subprocess.run(
            [sys.executable, "-m", "cardgen.cli", *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert done.returncode == 1
        assert "Traceback" not in done.stderr + done.stdout
        assert done.stderr.strip().startswith("g/manifest.json")


def test_repo_data_validates_from_any_directory(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "cardgen.cli", "validate", "--quiet"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "CARDGEN_DATA": str(REPO_ROOT / "card_data")},
    )
    assert done.returncode == 0, done.stderr
    assert Path(REPO_ROOT / "card_data").is_dir()
