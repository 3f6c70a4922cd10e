"""Issue 27's "done when", as a designer with no Python would go: `cardgen new duel --players 2`,
edit an example card in its spreadsheet, change the starting health, `cardgen build duel`, play
the duel at the table (the shared tablet and both players' phones, through the pages) to its end,
and `cardgen balance duel`. Every step reads what the step before it wrote."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from cardgen.cli import main
from companion.engine import Match
from companion.registry import entry

pytestmark = pytest.mark.slow  # builds a print kit and plays whole games: about half a minute


def cardgen(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="cardgen")


def set_cell(sheet: Path, row_id: str, column: str, value: str) -> None:
    with open(sheet, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    next(r for r in rows if r["id"] == row_id)[column] = value
    with open(sheet, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)


def test_a_new_duel_from_the_command_line_to_the_end_of_a_game(tmp_path, monkeypatch):
    root, out = tmp_path / "data", tmp_path / "out"
    root.mkdir()
    made = cardgen("new", "duel", "--players", 2, "--data", root)
    assert made.exit_code == 0, made.output
    folder = root / "duel"

    # The designer's edits, in the spreadsheets.
    set_cell(folder / "creatures.csv", "hedge_fox", "power", "4")
    set_cell(folder / "rule_numbers.csv", "start_health", "value", "27")
    assert cardgen("validate", "duel", "--data", root).exit_code == 0

    monkeypatch.setenv("CARDGEN_OUTPUT", str(out))
    built = cardgen("build", "duel", "--data", root)
    assert built.exit_code == 0, built.output
    books = sorted((out / "duel").rglob("rules*.pdf"))
    assert books and "27" in text_of(books[0])  # the rulebook states the new starting health

    # At the table: the companion finds the new game in the data root.
    monkeypatch.setenv("CARDGEN_DATA", str(root))
    game = entry("duel")
    assert game is not None and game.playable and game.page == "declared"
    rules = game.rules()
    options = game.setup({"cards": "app", "opponent": "two"})
    match = Match.start(rules, options, seed=5)
    assert match.state.counters["health"] == [27, 27]
    fox = rules.data.by_id("hedge_fox")
    assert fox is not None and fox["power"] == 4
    import random

    rng = random.Random(5)
    while not match.outcome().over:
        match.play(rng.choice(rules.legal_actions(match.state)))
    assert match.outcome().text

    # Rules at a tap and the card codes read from the new game's own folder.
    from companion.games.rulings import rulebook
    from companion.scan.cards import book

    assert rulebook("duel").game.id == "duel"
    from cardgen.data.codes import parse, payload

    printed = parse(payload("duel", "creature", "hedge_fox"))  # what the fox's card code says
    assert printed is not None
    found = book("duel").find(printed)
    assert found is not None and (found.id, found.name) == ("hedge_fox", "Hedge Fox")

    balanced = cardgen("balance", "duel", "--data", root, "--games", 30, "--workers", 1,
                       "--out", out)  # fmt: skip
    assert balanced.exit_code == 0, balanced.output
    assert "Duel: 30 games" in balanced.output
