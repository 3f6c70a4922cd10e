"""`cardgen new`: a game that validates, builds and declares its table the moment it is made.

A designer's first minutes with a new game decide whether they keep going, so each shape is made
in a scratch data root and put through what they would do next (validate, build), and every way
the command can be refused is checked to say so in one line and to leave the disk as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result
from pypdf import PdfReader

from cardgen.data.database import load_game
from cardgen.scaffold import SHAPES

from .test_cli_refusals import run, snapshot


def refused(result: Result, *words: str) -> None:
    """Refused in one line on stderr, naming `words`, with no traceback and nothing on stdout."""
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    assert result.stdout == ""


def make(tmp_path: Path, name: str, *options: object) -> Path:
    data = tmp_path / "card_data"
    result = run("new", name, "--data", data, *options)
    assert result.exit_code == 0, result.output
    assert len(result.stdout.strip().splitlines()) == 2  # what was made, and what to do next
    return data / name


@pytest.mark.parametrize("shape", SHAPES)
def test_each_shape_is_a_valid_game_with_a_table(tmp_path: Path, shape: str) -> None:
    folder = make(tmp_path, "first_game", "--shape", shape)
    game, problems = load_game(folder)
    assert game is not None
    assert [str(p) for p in problems] == []
    assert game.table is not None
    assert game.id == "first_game" and game.name == "First Game"
    assert len(game.table.seats) == game.spec.players_min == game.spec.players_max
    assert game.numbers.records  # numbers the rulebook and the table cite
    deck = [t for t in game.spec.types if t.kind == "card"]
    assert 8 <= sum(len(game.cards[t.id]) for t in deck) <= 12  # a few example rows
    layouts = tmp_path / "templates" / "first_game"
    for name in ("rules.md", "reference.md", "book.toml", f"{deck[0].id}.toml"):
        assert (layouts / name).is_file(), name
    rules = (layouts / "rules.md").read_text(encoding="utf-8")
    for section in ("# Overview", "# Components", "# Setup", "# A turn", "# Winning",
                    "# Clarifications"):  # fmt: skip
        assert section in rules
    assert run("validate", "first_game", "--data", tmp_path / "card_data").exit_code == 0


def test_players_set_the_seats(tmp_path: Path) -> None:
    game, _ = load_game(make(tmp_path, "brawl", "--players", "3"))
    assert game is not None and game.table is not None
    assert game.table.seats == ("Player 1", "Player 2", "Player 3")
    assert game.spec.players_min == game.spec.players_max == 3


def test_starting_health_is_cited_from_the_rule_numbers(tmp_path: Path) -> None:
    """The designer's "change the starting health" is one cell: the table follows it."""
    folder = make(tmp_path, "duel")
    sheet = folder / "rule_numbers.csv"
    lines = sheet.read_text(encoding="utf-8").splitlines()
    lines = [line.replace(",20,", ",30,") if line.startswith("start_health,") else line
             for line in lines]  # fmt: skip
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    game, problems = load_game(folder)
    assert game is not None and game.table is not None, problems
    assert game.table.counter("health").start == 30


@pytest.mark.parametrize("shape", SHAPES)  # a few seconds each: not marked slow
def test_each_shape_builds_a_print_kit_and_a_rulebook(tmp_path: Path, shape: str) -> None:
    folder = make(tmp_path, "fresh", "--shape", shape)
    out = tmp_path / "out"
    result = run("build", "fresh", "--data", folder.parent, "--out", out, "--no-png", "--no-tts")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    game, _ = load_game(folder)
    assert game is not None
    names = [c.name for t in game.spec.types if t.kind == "card" for c in game.cards[t.id]]
    for pdf in ("print-a4.pdf", "rules.pdf", "reference.pdf", "rules-booklet.pdf"):
        assert len(PdfReader(out / "fresh" / pdf).pages) >= 1, pdf
    rules = " ".join(p.extract_text() for p in PdfReader(out / "fresh" / "rules.pdf").pages)
    printed = " ".join(p.extract_text() for p in PdfReader(out / "fresh" / "print-a4.pdf").pages)
    for name in names:
        assert name in rules
        assert name in printed
    assert "Fresh" in rules and "Clarifications" in rules


def test_an_existing_folder_is_refused_and_kept(tmp_path: Path) -> None:
    folder = make(tmp_path, "taken")
    (folder / "creatures.csv").write_text("id,name,power\nmine,Mine,1\n", encoding="utf-8")
    before = snapshot(tmp_path)
    refused(run("new", "taken", "--data", folder.parent), "taken", "already exists")
    refused(run("new", "taken", "--data", folder.parent, "--shape", "solo"), "already exists")
    assert snapshot(tmp_path) == before


def test_an_existing_game_id_is_refused(tmp_path: Path) -> None:
    """Another folder whose manifest has the id: two games of one id would shadow each other."""
    data = tmp_path / "card_data"
    (data / "elsewhere").mkdir(parents=True)
    (data / "elsewhere" / "manifest.json").write_text(json.dumps({"id": "clash"}), "utf-8")
    before = snapshot(tmp_path)
    refused(run("new", "clash", "--data", data), "clash", "elsewhere")
    assert snapshot(tmp_path) == before


def test_existing_layouts_are_refused_and_kept(tmp_path: Path) -> None:
    make(tmp_path, "one")
    mine = tmp_path / "templates" / "two"
    mine.mkdir()
    (mine / "rules.md").write_text("# my own rules\n", encoding="utf-8")
    before = snapshot(tmp_path)
    refused(run("new", "two", "--data", tmp_path / "card_data"), "templates/two", "already exists")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("name", ["Duel", "my-duel", "1duel", "my duel", "all", "base", "x" * 41])
def test_a_bad_name_is_refused_before_anything_is_written(tmp_path: Path, name: str) -> None:
    refused(run("new", name, "--data", tmp_path / "card_data"), name[:10])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--shape", "solo", "--players", "2"), ("--players 2", "solo")),
        (("--players", "1"), ("--players 1", "duel")),
        (("--players", "9"), ("--players 9",)),
        (("--shape", "dual"), ("--shape dual", "did you mean duel")),
    ],
)
def test_a_shape_that_cannot_seat_them_is_refused(
    tmp_path: Path, options: tuple[str, ...], words: tuple[str, ...]
) -> None:
    refused(run("new", "game", "--data", tmp_path / "card_data", *options), *words)
    assert list(tmp_path.iterdir()) == []


def test_a_failure_midway_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rename that fails after the layouts are in place takes the layouts back out."""
    import os

    from cardgen.scaffold import new as scaffold

    real = os.rename
    calls = []

    def second_fails(src: object, dst: object) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(scaffold.os, "rename", second_fails)
    refused(run("new", "halfway", "--data", tmp_path / "card_data"), "halfway", "No space left")
    assert len(calls) == 2
    assert list(tmp_path.iterdir()) == []


def test_the_data_root_keeps_its_other_games_printable(tmp_path: Path) -> None:
    """A data root with no templates/ beside it gets one: the shared layouts, and each game it
    already holds keeps the layouts it printed with."""
    make(tmp_path, "first")
    templates = tmp_path / "templates"
    assert (templates / "base" / "card.toml").is_file()
    assert (templates / "icons.json").is_file()
    make(tmp_path, "second", "--shape", "solo")
    assert sorted(p.name for p in templates.iterdir() if p.is_dir()) == ["base", "first", "second"]
