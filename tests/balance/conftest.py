"""Shared pieces for the balance tests: a copy of a shipped game's data to edit, and a runner."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardgen.cli import main
from cardgen.data.project import REPO_ROOT

SHIPPED = REPO_ROOT / "card_data"


def run(*args: object) -> Result:
    argv = [str(a) for a in args]
    return CliRunner().invoke(main, ["balance", *argv], prog_name="cardgen")


def assert_refused_in_one_line(tmp_path: Path, args: tuple, words: str) -> None:
    """`cardgen balance *args` fails with one line of output that says `words`, no traceback,
    and writes nothing."""
    out = tmp_path / "out"
    result = run(*args, "--out", out)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert words in lines[0]
    assert "Traceback" not in result.output
    assert not out.exists()


def copy_game(game_id: str, into: Path) -> Path:
    """A private copy of a shipped game's folder (its data files), to edit in a test."""
    target = into / game_id
    shutil.copytree(SHIPPED / game_id, target)
    return target


def set_cell(sheet: Path, row_id: str, column: str, value: str) -> None:
    """Change one cell of a CSV sheet, as a designer would in the spreadsheet."""
    with open(sheet, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert rows and column in rows[0], f"{sheet.name} has no column {column}"
    hit = [r for r in rows if r["id"] == row_id]
    assert hit, f"{sheet.name} has no row {row_id}"
    hit[0][column] = value
    with open(sheet, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture
def shipped() -> Path:
    return SHIPPED
