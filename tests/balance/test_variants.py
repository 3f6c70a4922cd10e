"""Naming a number in the data, its allowed values, and a copy of the data with it changed."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from cardgen.balance.snapshot import Snapshot, from_folder, load
from cardgen.balance.variants import VariantError, find, parse_vary, with_value

from .conftest import SHIPPED, assert_refused_in_one_line, copy_game, run


def test_a_rule_number_and_a_card_stat_are_found_with_their_ranges() -> None:
    riposte = load(from_folder(SHIPPED / "riposte"))
    number = find(riposte, "damage_to_win")
    assert (number.value, number.low, number.high, number.kind) == (12, 4, 15, "rule number")
    vita = load(from_folder(SHIPPED / "vita_luna"))
    wolf = find(vita, "creature.wolf.attack")
    assert (wolf.card, wolf.value, wolf.low, wolf.high) == ("wolf", 3, 0, 9)
    assert find(vita, "wolf.attack").row == wolf.row  # the type may be left out
    assert wolf.allowed() == list(range(10))


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("creature.wulf.attack", "no Creature wulf in vita_luna; did you mean wolf?"),
        ("creature.wolf.atack", "has no field atack (numbers: attack, health, quantity)"),
        ("creature.wolf.name", "name is a text field, not a whole number"),
        ("creatur.wolf.attack", "no card type creatur in vita_luna"),
        ("damage_to_win", "no such rule number in vita_luna"),
        ("a.b.c.d", "name a rule number"),
    ],
)
def test_a_wrong_name_is_refused_in_one_line(name: str, words: str) -> None:
    vita = load(from_folder(SHIPPED / "vita_luna"))
    with pytest.raises(VariantError, match=words.replace("(", r"\(").replace(")", r"\)")):
        find(vita, name)


def test_values_are_read_as_a_range_or_a_list() -> None:
    assert parse_vary("damage_to_win=10..15") == ("damage_to_win", [10, 11, 12, 13, 14, 15])
    assert parse_vary("creature.wolf.attack=5,2,3") == ("creature.wolf.attack", [2, 3, 5])
    for bad, words in (("x", "write NAME=A..B"), ("x=5..2", "from 5 down to 2"),
                       ("x=a..b", "give whole numbers"), ("x=1..999", "at most")):  # fmt: skip
        with pytest.raises(VariantError, match=words):
            parse_vary(bad)


def test_the_changed_cell_is_what_the_loader_reads(tmp_path: Path) -> None:
    data = from_folder(SHIPPED / "riposte")
    target = find(load(data), "damage_to_win")
    changed = with_value(data, target, 14)
    game = load(changed)
    assert game.numbers["damage_to_win"] == 14
    assert game.by_id("damage_tracker_orange")["max_value"] == 14  # a cell citing it follows
    assert load(data).numbers["damage_to_win"] == 12  # the original is untouched
    differ = [rel for (rel, body), (_, new) in zip(data.files, changed.files, strict=True)
              if body != new]  # fmt: skip
    assert differ == ["rule_numbers.csv"]


def test_a_value_the_rest_of_the_data_refuses_names_the_cell() -> None:
    data = from_folder(SHIPPED / "riposte")
    target = find(load(data), "damage_to_win")
    with pytest.raises(VariantError) as caught:
        with_value(data, target, 10)  # Cato's third threshold is 10: it must lie below
    said = str(caught.value)
    assert "riposte/characters.csv:2:G: threshold_3: 10 is above the maximum of 9" in said
    assert "/tmp" not in said


def test_a_json_sheet_is_changed_too(tmp_path: Path) -> None:
    folder = copy_game("vita_luna", tmp_path)
    with open(folder / "creatures.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    (folder / "creatures.csv").unlink()
    (folder / "creatures.json").write_text(json.dumps(rows), encoding="utf-8")
    data: Snapshot = from_folder(folder)
    target = find(load(data), "creature.wolf.attack")
    assert load(with_value(data, target, 7)).by_id("wolf")["attack"] == 7


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("riposte", "--vary", "damage_to_win=3..5"),
            "--vary damage_to_win=3: outside its allowed range 4..15",
        ),
        (("riposte", "--vary", "damage_to_wn=10..12"), "did you mean damage_to_win?"),
        (
            ("vita_luna", "--vary", "creature.wolf.attack=8..10"),
            "creature.wolf.attack=10: outside its allowed range 0..9",
        ),
        (("vita_luna", "--tune", "creature.wolf.text"), "text is a text field"),
        (("riposte", "--tune", "damage_to_win"), "a rule number has no kind to match"),
        (
            ("vita_luna", "--vary", "wolf.attack=1..2", "--tune", "wolf.attack"),
            "--vary and --tune: give one or the other",
        ),
        (("vita_luna", "--suggest", "-1"), "--suggest -1: give a whole number"),
    ],
)
def test_a_question_the_data_cannot_take_is_refused_in_one_line(
    tmp_path: Path, args: tuple, words: str
) -> None:
    assert_refused_in_one_line(tmp_path, args, words)


def test_a_sweep_with_no_playable_value_says_why_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("riposte", "--vary", "damage_to_win=9..10", "--games", 2, "--out", out)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["--vary damage_to_win: no value could be played (damage_to_win=9: the data "
                     "is not valid then (riposte/characters.csv:2:G: threshold_3: 10 is above "
                     "the maximum of 8))"], result.output  # fmt: skip
    assert not (out / "riposte" / "balance-vary-damage_to_win").exists()
