"""Nothing of the user's is deleted or overwritten by surprise, and `--changed` tells the truth.

Every check runs the real command (click's CliRunner) on temporary copies: a folder that cardgen
did not make is refused in one line with every file left byte for byte; cardgen's own output is
replaced whole, a file someone dropped into it is kept, and a failure halfway (a writer that
raises, a move that fails) leaves the previous output exactly as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner, Result

from cardgen.cli import main
from cardgen.data.outputs import MARKER
from cardgen.data.project import REPO_ROOT

from .conftest import write_game
from .print.conftest import make_print_game


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file (content) and folder (None) under `root`."""
    return {
        p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
    }


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def one_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output + result.stderr
    return lines[0]


def refused_line(root: Path, command: Callable[[], Result]) -> str:
    """The one line `command()` fails with; every file and folder under `root` is as it was."""
    before = snapshot(root)
    result = command()
    assert result.exit_code == 1
    line = one_line(result)
    assert snapshot(root) == before
    return line


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    """A designer's project: a game (with notes of its own), a git checkout, a virtualenv."""
    monkeypatch.chdir(tmp_path)
    write_game(tmp_path / "card_data" / "testgame")
    (tmp_path / "card_data" / "testgame" / "DESIGN.md").write_text("why the wolf costs 3\n")
    (tmp_path / ".git" / "refs").mkdir(parents=True)
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").write_text("#!/bin/sh\n")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    return tmp_path


@pytest.fixture
def print_project(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    make_print_game(tmp_path)
    (tmp_path / "card_data" / "ptest" / "DESIGN.md").write_text("notes\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    return tmp_path


def export(project: Path, out: Path | str, fmt: str = "csv"):
    data = project / "card_data"
    return run("export", "testgame", "--format", fmt, "--out", out, "--data", data)


def build(project: Path, out: Path | str, *options: str):
    data = project / "card_data"
    return run("build", "ptest", "--data", data, "--out", out, "--no-png", "--no-tts", *options)


# Folders that are not cardgen's are refused ---------------------------------------------------


@pytest.mark.parametrize(
    ("where", "why"),
    [
        ("card_data/testgame", "it holds a game's data (manifest.json)"),
        (".", "it is a project folder (.git)"),
        ("card_data", "it holds files cardgen did not write (testgame)"),
    ],
    ids=["game-data", "project-root", "foreign-folder"],
)
def test_export_refuses_a_folder_it_did_not_make(project, where, why):
    line = refused_line(project, lambda: export(project, where))
    assert line.startswith(f"{Path(where)}: not written: {why};"), line
    assert MARKER in line


@pytest.mark.parametrize(
    ("out", "where", "why"),
    [
        ("card_data/ptest", "card_data/ptest", "it holds a game's data (manifest.json)"),
        ("card_data", "card_data", "it holds files cardgen did not write (ptest)"),
        (".", ".", "it is a project folder (.git)"),
    ],
    ids=["game-data", "data-root", "project-root"],
)
def test_build_refuses_a_folder_it_did_not_make(print_project, out, where, why):
    line = refused_line(print_project, lambda: build(print_project, out))
    assert line.startswith(f"{where}: not written: {why};")


def test_build_refuses_a_foreign_game_folder_inside_its_own_root(print_project):
    assert build(print_project, "kits").exit_code == 0
    shutil.rmtree(print_project / "kits" / "ptest")
    (print_project / "kits" / "ptest").mkdir()
    (print_project / "kits" / "ptest" / "plans.txt").write_text("mine")
    assert refused_line(print_project, lambda: build(print_project, "kits")) == (
        "kits/ptest: not written: it holds files cardgen did not write (plans.txt); cardgen "
        "writes only into a new or empty folder, or one it made (marked by .cardgen-output)"
    )


def test_rules_refuses_the_game_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO_ROOT / "card_data" / "riposte", tmp_path / "card_data" / "riposte")
    data = tmp_path / "card_data"
    line = refused_line(
        tmp_path, lambda: run("rules", "riposte", "--data", data, "--out", "card_data")
    )
    assert line.startswith("card_data: not written:")


def test_an_empty_folder_is_adopted_and_marked(project):
    (project / "exports").mkdir()
    assert export(project, "exports").exit_code == 0
    ledger = json.loads((project / "exports" / MARKER).read_text())
    assert ledger["made_by"] == "cardgen export testgame --format csv"
    assert "units.csv" in ledger["files"]


# Its own output is replaced; what others put there is kept ------------------------------------


def test_a_second_export_replaces_the_first_and_keeps_a_note(project):
    assert export(project, "out", "csv").exit_code == 0
    (project / "out" / "NOTE.md").write_text("sent to the printer on Monday")
    assert export(project, "out", "json").exit_code == 0
    names = sorted(p.name for p in (project / "out").iterdir())
    assert "units.json" in names and "units.csv" not in names
    assert (project / "out" / "NOTE.md").read_text() == "sent to the printer on Monday"
    assert run("validate", project / "out").exit_code == 0


def test_an_export_edited_since_is_not_overwritten(project):
    assert export(project, "out").exit_code == 0
    sheet = project / "out" / "units.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8-sig").replace("Wolf", "Dire Wolf"))
    assert refused_line(project, lambda: export(project, "out", "xlsx")) == (
        "out/units.csv: not replaced: it changed since cardgen wrote it, so it is yours now; "
        "move it away and run again (nothing was written)"
    )


def test_a_second_build_replaces_the_kit_and_keeps_a_note(print_project):
    assert build(print_project, "kits").exit_code == 0
    kit = print_project / "kits" / "ptest"
    (kit / "printed.txt").write_text("printed 2 copies")
    sheet = print_project / "card_data" / "ptest" / "cards.csv"
    sheet.write_text(sheet.read_text().replace("c5,Card 05", "c5,Card Five"))
    assert build(print_project, "kits").exit_code == 0
    assert "Card Five" in pdf_text(kit / "print-a4.pdf")
    assert (kit / "printed.txt").read_text() == "printed 2 copies"
    assert sorted(p.name for p in (print_project / "kits").iterdir()) == [MARKER, "ptest"]


def test_a_file_of_the_users_where_the_kit_goes_is_refused(print_project):
    kit = print_project / "kits" / "ptest"
    kit.mkdir(parents=True)
    (kit / MARKER).write_text("")  # handed over by hand: cardgen owns none of what is here
    (kit / "print-a4.pdf").write_bytes(b"%PDF my own print file")
    assert refused_line(print_project, lambda: build(print_project, "kits")) == (
        "kits/ptest/print-a4.pdf: not overwritten: cardgen did not write this file "
        "(nothing was written)"
    )


def test_a_kit_made_before_markers_is_adopted(print_project):
    assert build(print_project, "kits").exit_code == 0
    kit = print_project / "kits" / "ptest"
    (kit / MARKER).unlink()
    (print_project / "kits" / MARKER).unlink()
    result = build(print_project, "kits")
    assert result.exit_code == 0, result.stderr
    assert (kit / MARKER).is_file()


# A failure halfway leaves the previous output ---------------------------------------------------


def test_a_writer_failing_halfway_through_an_export_keeps_the_previous_one(project, monkeypatch):
    from cardgen.data import export as exporter

    assert export(project, "out").exit_code == 0
    before = snapshot(project)

    def broken(game, folder):
        (folder / "half.json").write_text("[")
        raise OSError(28, "No space left on device")

    monkeypatch.setitem(exporter.WRITERS, "json", broken)
    result = export(project, "out", "json")
    assert result.exit_code == 1
    assert one_line(result) == "out: cannot write the export: No space left on device"
    assert snapshot(project) == before


def test_a_writer_failing_halfway_through_a_build_keeps_the_previous_kit(
    print_project, monkeypatch
):
    from cardgen.printkit.backends import tts

    data = print_project / "card_data"
    assert run("build", "ptest", "--data", data, "--out", "kits", "--no-png").exit_code == 0
    before = snapshot(print_project)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tts, "write_tts", broken)
    sheet = data / "ptest" / "cards.csv"
    sheet.write_text(sheet.read_text().replace("c5,Card 05", "c5,Card Five"))
    before["card_data/ptest/cards.csv"] = sheet.read_bytes()
    result = run("build", "ptest", "--data", data, "--out", "kits", "--no-png")
    assert result.exit_code == 1
    assert "build failed, previous output kept" in one_line(result)
    assert snapshot(print_project) == before


def test_a_move_failing_while_publishing_puts_everything_back(print_project, monkeypatch):
    from cardgen.data import outputs

    assert build(print_project, "kits").exit_code == 0
    (print_project / "kits" / "ptest" / "printed.txt").write_text("mine")
    before = snapshot(print_project)
    moves = []
    real_move = outputs._move

    def failing_move(source, target):
        moves.append(target)
        if len(moves) == 3:  # the old kit is half moved out
            raise OSError(5, "Input/output error")
        real_move(source, target)

    monkeypatch.setattr(outputs, "_move", failing_move)
    result = build(print_project, "kits", "--paper", "a4")
    assert result.exit_code == 1
    assert "Input/output error" in one_line(result)
    assert snapshot(print_project) == before


# --changed tells the truth ---------------------------------------------------------------------


def pdftotext(path: Path) -> str:
    """The text of a PDF (poppler's pdftotext: the shipped books are large for pdfplumber)."""
    done = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(done.stdout.split())


def build_vl(root: Path, *options: str):
    data = root / "card_data"
    return run("build", "vita_luna", "--data", data, "--out", "kits", "--no-png", *options)


@pytest.fixture(scope="module")
def vita_luna_built(tmp_path_factory) -> Path:
    """A copy of Vita Luna and its whole kit (print PDF, TTS sheets, rulebooks), built once."""
    root = tmp_path_factory.mktemp("vita_luna")
    shutil.copytree(REPO_ROOT / "card_data" / "vita_luna", root / "card_data" / "vita_luna")
    here = Path.cwd()
    os.chdir(root)
    try:
        assert build_vl(root).exit_code == 0
    finally:
        os.chdir(here)
    return root


@pytest.fixture
def vita_luna(vita_luna_built: Path, tmp_path: Path, monkeypatch) -> Path:
    shutil.copytree(vita_luna_built, tmp_path, dirs_exist_ok=True)  # keeps times: still current
    monkeypatch.chdir(tmp_path)
    return tmp_path


def rename_wolf(root: Path, name: str) -> None:
    sheet = root / "card_data" / "vita_luna" / "creatures.csv"
    text = sheet.read_text(encoding="utf-8")
    assert text.count("wolf,Wolf,") == 1
    sheet.write_text(text.replace("wolf,Wolf,", f"wolf,{name},"), encoding="utf-8")


def warned_after_renaming(vita_luna: Path, command: Callable[[], Result]) -> str:
    """The Wolf renamed Wolfhound, then `command()`, which succeeds; its warnings."""
    rename_wolf(vita_luna, "Wolfhound")
    result = command()
    assert result.exit_code == 0, result.stderr
    return result.stderr.strip()


def test_changed_rebuilds_every_output_that_shows_the_card(vita_luna):
    kit = vita_luna / "kits" / "vita_luna"
    tts_before = {p.name: p.read_bytes() for p in (kit / "tts").iterdir()}
    assert build_vl(vita_luna, "--changed").stderr.strip() == (
        "vita_luna: warning: nothing changed since the last build"
    )
    rename_wolf(vita_luna, "Wolfhound")
    result = build_vl(vita_luna, "--changed")
    assert result.exit_code == 0, result.stderr
    assert "1 card(s) changed (wolf): rebuilt the whole kit" in result.output
    assert "warning" not in result.stderr
    for name in ("print-a4.pdf", "print-a4-subset.pdf", "rules.pdf", "rules-booklet.pdf"):
        assert "Wolfhound" in pdftotext(kit / name), name
    assert "Elephant" not in pdftotext(kit / "print-a4-subset.pdf")  # only the changed card
    assert {p.name: p.read_bytes() for p in (kit / "tts").iterdir()} != tts_before
    again = build_vl(vita_luna, "--changed")
    assert again.stderr.strip() == "vita_luna: warning: nothing changed since the last build"


def test_changed_names_what_it_did_not_rebuild(vita_luna):
    kit = vita_luna / "kits" / "vita_luna"
    changed = partial(build_vl, vita_luna, "--changed", "--no-tts")
    assert warned_after_renaming(vita_luna, changed) == (
        "vita_luna: warning: out of date, not rebuilt by this run: tts/ (changed: wolf)"
    )
    assert "Wolfhound" in pdftotext(kit / "print-a4.pdf")


def test_a_subset_build_names_the_outputs_it_left_out_of_date(vita_luna):
    kit = vita_luna / "kits" / "vita_luna"
    assert warned_after_renaming(vita_luna, partial(build_vl, vita_luna, "--id", "wolf")) == (
        "vita_luna: warning: out of date, not rebuilt by this run: print-a4.pdf, reference.pdf, "
        "rules-booklet.pdf, rules.pdf, tts/ (changed: wolf)"
    )
    assert "Wolfhound" in pdftotext(kit / "print-a4-subset.pdf")
    assert "Wolfhound" not in pdftotext(kit / "print-a4.pdf")
    result = build_vl(vita_luna, "--changed")  # the full kit still shows the old wolf
    assert "1 card(s) changed (wolf)" in result.output
    assert "Wolfhound" in pdftotext(kit / "print-a4.pdf")


def test_rules_alone_names_the_print_kit_it_left_out_of_date(vita_luna):
    kit = vita_luna / "kits" / "vita_luna"
    rules = partial(run, "rules", "vita_luna", "--data", vita_luna / "card_data", "--out", "kits")
    assert warned_after_renaming(vita_luna, rules) == (
        "vita_luna: warning: out of date, not rebuilt by this run: print-a4.pdf, tts/ "
        "(changed: wolf)"
    )
    assert "Wolfhound" in pdftotext(kit / "rules.pdf")
