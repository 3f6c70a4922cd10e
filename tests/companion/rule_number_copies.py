"""A copy of a shipped game's data with cells of its rule_numbers.csv changed, as a designer
changes them in a spreadsheet, and what `cardgen` makes of that copy: its validation and the text
of its rulebook and reference sheet (shared by the per-game rule-number tests)."""

from __future__ import annotations

import csv
import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardgen.cli import main
from cardgen.data.database import load_game_or_raise
from cardgen.data.errors import DataError
from cardgen.data.game import Game
from cardgen.data.numbers import RuleNumbers
from cardgen.data.project import REPO_ROOT


def with_numbers(root: Path, game: str, **values: int | str) -> Path:
    """A copy of `game`'s data in `root`/`game` whose rule numbers `values` (id=value) are set."""
    folder = root / game
    shutil.copytree(REPO_ROOT / "card_data" / game, folder)
    sheet = folder / "rule_numbers.csv"
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"))))
    at = rows[0].index("value")
    for number, value in values.items():
        (row,) = [r for r in rows if r[0] == number]
        row[at] = str(value)
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    sheet.write_text(out.getvalue(), encoding="utf-8")
    return folder


def tuned_fixtures(game: str, rules_of: Callable[[Game], object], **values: int | str):
    """The module fixtures `tuned` (a copy of `game`'s data with the rule numbers `values` set)
    and `tuned_rules` (`rules_of` that copy): `tuned, tuned_rules = tuned_fixtures(...)`."""

    @pytest.fixture(scope="module")
    def tuned(tmp_path_factory: pytest.TempPathFactory) -> Path:
        return with_numbers(tmp_path_factory.mktemp("data"), game, **values)

    @pytest.fixture(scope="module")
    def tuned_rules(tuned: Path) -> object:
        return rules_of(load_game_or_raise(tuned))

    return tuned, tuned_rules


def validate(root: Path, game: str) -> Result:
    return CliRunner().invoke(main, ["validate", game, "--data", str(root)])


def refusals(result: Result) -> list[str]:
    """The lines of a refused validation that name a problem (not the count of them)."""
    return [line for line in result.stderr.splitlines() if "problem(s)" not in line]


def book_texts(folder: Path, out: Path) -> dict[str, str]:
    """The rulebook's and the reference sheet's text, built from the copy in `folder`, each
    flattened to single spaces: {"rules": ..., "reference": ...}."""
    from pypdf import PdfReader

    game = folder.name
    result = CliRunner().invoke(
        main, ["rules", game, "--data", str(folder.parent), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output

    def text(name: str) -> str:
        pages = PdfReader(str(out / game / f"{name}.pdf")).pages
        return " ".join(" ".join(page.extract_text().split()) for page in pages)

    return {name: text(name) for name in ("rules", "reference")}


def refused_line(root: Path, game: str, **values: int | str) -> str:
    """The one line with which `cardgen validate` refuses a copy of `game` whose rule numbers
    `values` are set (asserting that it is refused, and in exactly one line)."""
    with_numbers(root, game, **values)
    result = validate(root, game)
    assert result.exit_code == 1, result.output
    (line,) = refusals(result)
    return line


def assert_played_as_the_sheet_says(game: str, played: dict[str, object]) -> None:
    """The engine plays with rule_numbers.csv's numbers (`played`: each number's id, and the
    value the engine plays with), and the game's rule templates set none of their own."""
    numbers = load_game_or_raise(REPO_ROOT / "card_data" / game).numbers
    assert played == {name: numbers[name] for name in played}
    for page in ("rules.md", "reference.md"):
        text = (REPO_ROOT / "templates" / game / page).read_text(encoding="utf-8")
        assert not re.findall(r"{% set \w+ = \d+ %}", text), page


def expect_refusal(root: Path, game: str, ending: str) -> None:
    """`cardgen validate` refuses the copy of `game` in `root` with a line that ends in
    `ending`."""
    result = validate(root, game)
    assert result.exit_code == 1
    assert any(line.endswith(ending) for line in refusals(result)), result.stderr


def missing_number_message(game: str, number: str, read: Callable[[Game], object]) -> str:
    """What `read` (a game's data reader) says of the shipped data of `game` with the rule number
    `number` taken out; asserts it is one line that starts by naming the sheet."""
    shipped = load_game_or_raise(REPO_ROOT / "card_data" / game)
    kept = {k: r for k, r in shipped.numbers.records.items() if k != number}
    shipped.numbers = RuleNumbers(kept, shipped.numbers.source, game=game)
    with pytest.raises(DataError) as refused:
        read(shipped)
    message = str(refused.value)
    assert "\n" not in message and message.startswith(shipped.numbers.source + ": "), message
    return message
