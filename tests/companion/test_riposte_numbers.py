"""Riposte's numbers live in card_data/riposte/rule_numbers.csv (issue 26): in a copy of the data,
one cell set to 15 damage to win validates, prints 15 in the rulebook and the reference sheet,
and ends the companion's games at 15, not 12; a number out of range is refused in one line."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from companion.games.riposte import RiposteRules, data_from_game
from companion.games.riposte.scenarios import clash, round_start
from companion.games.riposte.state import OVER, TURN_UP

SHIPPED = REPO_ROOT / "card_data" / "riposte"


def with_number(root: Path, number: str, value: str, column: str = "value") -> Path:
    """A copy of Riposte's data in `root`/riposte with one cell of rule_numbers.csv changed, as
    a designer changes it in a spreadsheet."""
    folder = root / "riposte"
    shutil.copytree(SHIPPED, folder)
    sheet = folder / "rule_numbers.csv"
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"))))
    at = rows[0].index(column)
    (row,) = [r for r in rows if r[0] == number]
    row[at] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    sheet.write_text(out.getvalue(), encoding="utf-8")
    return folder


def validate(root: Path):
    return CliRunner().invoke(main, ["validate", "riposte", "--data", str(root)])


@pytest.fixture(scope="module")
def fifteen(tmp_path_factory) -> Path:
    """A copy whose damage to win is 15 (the tracker cites it, so it follows)."""
    return with_number(tmp_path_factory.mktemp("data"), "damage_to_win", "15")


def test_fifteen_damage_to_win_validates(fifteen):
    result = validate(fifteen.parent)
    assert result.exit_code == 0, result.output
    game = load_game_or_raise(fifteen)
    assert game.numbers["damage_to_win"] == 15
    assert {t["max_value"] for t in game.cards["tracker"]} == {15}
    assert "reaching 15 or more loses the game" in game.by_id("life-and-damage")["decision"]


def test_the_companion_ends_the_game_at_fifteen_not_twelve(fifteen):
    shipped, tuned = RiposteRules(), RiposteRules(data_from_game(load_game_or_raise(fifteen)))
    assert (shipped.data.limit, tuned.data.limit) == (12, 15)
    hands = (["fan_of_steel", "whirlwind"], ["twin_fangs", "whirlwind"])  # a strike for 3
    for rules, before, over in ((shipped, 11, True), (tuned, 11, False), (tuned, 12, True)):
        state = round_start(rules, *hands, damage=(0, before))
        after = clash(rules, state, "fan_of_steel", "twin_fangs").state
        assert after.damage == (0, before + 3)
        assert after.phase == (OVER if over else TURN_UP), (rules.data.limit, before)
        assert (after.winner == 0) is over


def test_the_rulebook_and_the_reference_print_fifteen(fifteen, tmp_path):
    from pypdf import PdfReader

    result = CliRunner().invoke(
        main, ["rules", "riposte", "--data", str(fifteen.parent), "--out", str(tmp_path / "kits")]
    )
    assert result.exit_code == 0, result.output
    kit = tmp_path / "kits" / "riposte"

    def text(name: str) -> str:
        pages = PdfReader(str(kit / name)).pages
        return " ".join(" ".join(page.extract_text().split()) for page in pages)

    rules, reference = text("rules.pdf"), text("reference.pdf")
    assert "reaches 15 or more has lost" in rules
    assert "a strip from 0 to 15+" in rules
    assert "Keep going until a player has taken 15 or more damage" in rules
    assert "Damage to win 15 damage" in rules  # the :::numbers table
    assert "12 or more" not in rules and "12+" not in rules
    assert "Check for 15+ damage" in reference and "12+" not in reference


def test_a_threshold_at_the_damage_to_win_is_refused(tmp_path):
    """The characters' thresholds stay below the number, wherever it is set."""
    with_number(tmp_path, "damage_to_win", "10")
    result = validate(tmp_path)
    assert result.exit_code == 1
    assert "characters.csv:2:G: threshold_3: 10 is above the maximum of 9" in result.stderr


def test_the_printed_characters_say_fifteen(fifteen):
    """A character card's last line is the damage to win, from the rule numbers, not the layout."""
    from cardgen.printkit.draw import TextOp
    from cardgen.printkit.faces import build_faces

    game = load_game_or_raise(fifteen)
    faces = build_faces(game, game.spec.type("character"), 0.0, codes=False)
    for face in faces.fronts.values():  # each line of text is its own op
        words = " ".join(op.text for op in face.ops if isinstance(op, TextOp))
        assert "15+ damage: you are defeated." in words and "12+" not in words
