"""A name the command line does not know is refused, in one line, before anything is written.

A typo in `--type` or `--id` used to build an empty, 0-page print-<paper>-subset.pdf over the
previous one and exit 0. Every option that names something (a game, a type, a card, a paper, a
duplex mode, a shop profile, a format) now refuses an unknown name with the names it knows and a
suggestion, exits non-zero, and leaves every file as it was.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.printkit.shop import shop_profiles

from .conftest import write_game
from .print.conftest import make_print_game

CARDS = sorted([f"c{i}" for i in range(12)] + [f"d{i}" for i in range(7)])


def run(*args: object):
    argv = [str(a) for a in args]
    return CliRunner().invoke(main, argv, prog_name="cardgen", catch_exceptions=False)


def snapshot(root: Path) -> dict[str, bytes | None]:
    return {
        p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
    }


@pytest.fixture
def kit(tmp_path: Path, monkeypatch) -> Path:
    """A game with a built kit and a subset PDF of one card, as a designer would have them."""
    monkeypatch.chdir(tmp_path)
    make_print_game(tmp_path)
    assert build(tmp_path).exit_code == 0
    assert build(tmp_path, "--id", "c3").exit_code == 0
    assert (tmp_path / "out" / "ptest" / "print-a4-subset.pdf").is_file()
    return tmp_path


def build(root: Path, *options: object):
    data = root / "card_data"
    return run("build", "ptest", "--data", data, "--out", "out", "--no-png", "--no-tts", *options)


def refused(result, message: str, code: int = 1) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.stderr.strip() == message
    assert result.stdout == ""


def build_refused(kit: Path, options: tuple[object, ...], message: str) -> None:
    """`cardgen build` with `options` is refused with `message`, and the kit is as it was."""
    before = snapshot(kit)
    refused(build(kit, *options), message)
    assert snapshot(kit) == before


def test_a_mistyped_type_is_refused_and_the_subset_kept(kit):
    build_refused(
        kit,
        ("--type", "cards"),
        "--type cards: no such printed type in ptest (printed types: card, duo); "
        "did you mean card?",
    )


def test_an_unknown_card_id_is_refused(kit):
    build_refused(
        kit,
        ("--id", "c55"),
        f"--id c55: no such card in ptest (cards: {', '.join(CARDS)}); did you mean c5?",
    )


def test_a_card_id_of_another_type_is_refused(kit):
    duos = ", ".join(c for c in CARDS if c.startswith("d"))
    build_refused(
        kit,
        ("--type", "duo", "--id", "c3"),
        f"--id c3: no such card in ptest of type duo (cards: {duos})",
    )


def test_changed_with_a_mistyped_type_is_refused(kit):
    build_refused(
        kit,
        ("--changed", "--type", "duos"),
        "--type duos: no such printed type in ptest (printed types: card, duo); did you mean duo?",
    )


@pytest.mark.parametrize(
    "command",
    [
        ["build", "ptst", "--out", "out"],
        ["validate", "ptst"],
        ["export", "ptst", "--format", "csv", "--out", "exported"],
        ["rules", "ptst", "--out", "out"],
    ],
    ids=["build", "validate", "export", "rules"],
)
def test_a_mistyped_game_is_refused(kit, command):
    before = snapshot(kit)
    data = kit / "card_data"
    refused(
        run(*command, "--data", data),
        f"ptst: no such game (games in {data}: ptest); did you mean ptest?",
    )
    assert snapshot(kit) == before


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--paper", "A4", "--paper A4: no such paper (papers: a4, letter); did you mean a4?"),
        ("--paper", "a5", "--paper a5: no such paper (papers: a4, letter)"),
        (
            "--duplex",
            "lng",
            "--duplex lng: no such duplex mode (duplex modes: long, none, short); "
            "did you mean long?",
        ),
    ],
)
def test_a_mistyped_paper_or_duplex_is_refused(kit, option, value, message):
    build_refused(kit, (option, value), message)


def test_a_mistyped_paper_is_refused_by_rules_and_sheet(kit):
    before = snapshot(kit)
    message = "--paper A4: no such paper (papers: a4, letter); did you mean a4?"
    refused(run("rules", "ptest", "--data", kit / "card_data", "--paper", "A4"), message)
    refused(run("sheet", kit / "card_data" / "ptest" / "art", "--paper", "A4"), message)
    assert snapshot(kit) == before


def test_a_mistyped_shop_is_refused(kit):
    names = ", ".join(sorted(shop_profiles()))
    build_refused(
        kit,
        ("--shop", "tcg"),
        f"--shop tcg: no such shop profile (shop profiles: {names}); did you mean tgc?",
    )


def test_a_mistyped_format_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_game(tmp_path / "data" / "testgame")
    before = snapshot(tmp_path)
    result = run("export", "testgame", "--format", "xls", "--data", tmp_path / "data")
    refused(result, "--format xls: no such format (formats: csv, json, xlsx); did you mean xlsx?")
    assert snapshot(tmp_path) == before


def test_a_mistyped_option_is_one_line(kit):
    before = snapshot(kit)
    refused(
        build(kit, "--tpye", "card"),
        "cardgen build: No such option '--tpye'. (Did you mean one of: '--paper', '--type'?) "
        "(see cardgen build --help)",
        code=2,
    )
    refused(
        run("export", "ptest", "--data", kit / "card_data"),
        "cardgen export: Missing option '--format'. (see cardgen export --help)",
        code=2,
    )
    assert snapshot(kit) == before


def test_the_installed_command_refuses_without_a_traceback(kit):
    data = str(kit / "card_data")
    command = ["build", "ptest", "--type", "creatures", "--data", data, "--out", "out"]
    done = subprocess.run(
        [sys.executable, "-m", "cardgen.cli", *command], capture_output=True, text=True, cwd=kit
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "--type creatures: no such printed type in ptest (printed types: card, duo)"
    )
    assert "Traceback" not in done.stdout + done.stderr
