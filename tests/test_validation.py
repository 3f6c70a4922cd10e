"""Each kind of mistake is reported once, as `path:row:column: message`, and all in one run."""

from __future__ import annotations

import copy
import json

import pytest

from .conftest import DECKS_CSV, MANIFEST, UNITS_CSV, error_lines, write_game

HEADER = UNITS_CSV.split("\n", 1)[0]
OWL = "owl,Owl,2,,yes,blue,,swim,,,,,S-2,,,1"


def units(*rows: str, header: str = HEADER) -> str:
    return "\n".join([header, *rows]) + "\n"


def wolf(**changes: str) -> str:
    cells = dict(
        id="wolf", name="Wolf", cost="3", speed="1.5", rare="no", colour="red", tags="beast",
        power="fly", powers="fly;swim", needs="ruby:2", partner="owl", positions="1;3",
        serial="S-1", text="", art="", quantity="2",
    )  # fmt: skip
    cells.update(changes)
    return ",".join(cells.values())


CASES = {
    "unknown column": (
        units(wolf() + ",x", OWL + ",", header=HEADER + ",colour2"),
        "g/units.csv:1:Q: unknown column 'colour2'",
    ),
    "missing required value": (
        units(wolf(cost=""), OWL),
        "g/units.csv:2:C: cost: a value is required here",
    ),
    "not a number": (
        units(wolf(cost="three"), OWL),
        "g/units.csv:2:C: cost: 'three' is not a whole number",
    ),
    "not a whole number": (
        units(wolf(cost="2.5"), OWL),
        "g/units.csv:2:C: cost: '2.5' is not a whole number",
    ),
    "above range": (
        units(wolf(cost="9"), OWL),
        "g/units.csv:2:C: cost: 9 is above the maximum of 5",
    ),
    "below range": (
        units(wolf(cost="-1"), OWL),
        "g/units.csv:2:C: cost: -1 is below the minimum of 0",
    ),
    "bad choice": (
        units(wolf(colour="green"), OWL),
        "g/units.csv:2:F: colour: 'green' is not one of: red, blue",
    ),
    "bad bool": (units(wolf(rare="maybe"), OWL), "g/units.csv:2:E: rare: 'maybe' is not yes or no"),
    "unknown keyword": (
        units(wolf(powers="fly;dig"), OWL),
        "g/units.csv:2:I: powers: 'dig' is not a known power keyword",
    ),
    "keyword from another set": (
        units(wolf(power="ruby"), OWL),
        "g/units.csv:2:H: power: 'ruby' is not a known power keyword",
    ),
    "keyword listed twice": (
        units(wolf(powers="fly;Fly"), OWL),
        "g/units.csv:2:I: powers: fly is listed twice",
    ),
    "bad keyword count": (
        units(wolf(needs="ruby:0"), OWL),
        "g/units.csv:2:J: needs: 0 is below the minimum of 1",
    ),
    "int list out of range": (
        units(wolf(positions="1;6"), OWL),
        "g/units.csv:2:L: positions: 6 is above the maximum of 5",
    ),
    "duplicate id": (
        units(wolf(), OWL, wolf(serial="S-9")),
        "g/units.csv:4:A: duplicate id 'wolf': also used at g/units.csv:2:A",
    ),
    "unique field repeated": (
        units(wolf(), OWL.replace("S-2", "S-1")),
        "g/units.csv:3:M: serial 'S-1' must be unique but is also at g/units.csv:2:M",
    ),
    "reference to a missing card": (
        units(wolf(partner="bat"), OWL),
        "g/units.csv:2:K: partner: no card has the id 'bat'",
    ),
    "reference to the wrong type": (
        units(wolf(partner="ruby_gem"), OWL),
        "g/units.csv:2:K: partner: 'ruby_gem' is a gem, not a unit",
    ),
    "text too long": (
        units(wolf(name="W" * 31), OWL),
        "g/units.csv:2:B: name: text is 31 characters, over the limit of 30",
    ),
    "image outside the folder": (
        units(wolf(art="../secret.png"), OWL),
        "g/units.csv:2:O: art: '../secret.png' must be a path inside the game's folder",
    ),
    "missing required column": (
        "id,name,colour\nwolf,Wolf,red\n",
        "g/units.csv:1: missing column 'cost', which every Unit needs",
    ),
    "repeated column name": (
        units(wolf() + ",3", OWL + ",2", header=HEADER + ",Cost"),
        "g/units.csv:1:Q: column name 'Cost' repeats column C",
    ),
}


def first_matching(lines: list[str], expected: str) -> str:
    return next((line for line in lines if line.startswith(expected)), "")


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_error_kind_points_at_its_cell(tmp_path, case):
    sheet, expected = CASES[case]
    lines = error_lines(write_game(tmp_path / "g", {"units.csv": sheet}))
    assert first_matching(lines, expected), f"expected {expected!r} in {lines}"


def test_all_problems_reported_in_one_run(tmp_path):
    sheet = units(wolf(cost="x", colour="green", partner="bat"), OWL.replace("2,,yes", "9,,maybe"))
    lines = error_lines(write_game(tmp_path / "g", {"units.csv": sheet}))
    assert len(lines) == 5, lines
    assert {line.split(": ")[0] for line in lines} == {
        "g/units.csv:2:C",
        "g/units.csv:2:F",
        "g/units.csv:2:K",
        "g/units.csv:3:C",
        "g/units.csv:3:E",
    }


def test_broken_cell_gives_exactly_one_line(tmp_path):
    lines = error_lines(write_game(tmp_path / "g", {"units.csv": units(wolf(cost="x"), OWL)}))
    assert lines == ["g/units.csv:2:C: cost: 'x' is not a whole number"]


@pytest.mark.parametrize(
    ("decks", "expected"),
    [
        ("deck,card,count\nstarter,wolf,2\n", "g/decks.csv:2:A: deck 'starter' has 2 cards; std decks need at least 3"),
        ("deck,card,count\nstarter,wolf,2\nstarter,ruby_gem,5\n", "g/decks.csv:2:A: deck 'starter' has 7 cards; std decks allow at most 6"),
        ("deck,card,count\nstarter,wolf,3\n", "g/decks.csv:2:C: deck 'starter' holds 3 copies of Wolf (wolf); at most 2 allowed"),
        ("deck,card,count\nstarter,wolf,1\nstarter,owl,2\n", "g/decks.csv:3:C: deck 'starter' holds 2 copies of Owl (owl); at most 1 allowed"),
        ("deck,card,count\nstarter,owl,1\nstarter,ruby_gem,3\n", "g/decks.csv:2:A: deck 'starter' has 0 red units; needs at least 1"),
        ("deck,card,count\nstarter,wolf,2\nstarter,dragon,1\n", "g/decks.csv:3:B: card: no card has the id 'dragon'"),
    ],
)  # fmt: skip
def test_deck_construction_rules(tmp_path, decks, expected):
    lines = error_lines(write_game(tmp_path / "g", {"decks.csv": decks}))
    assert first_matching(lines, expected), f"expected {expected!r} in {lines}"


def test_copy_limit_exemption_allows_many_gems(tmp_path):
    decks = DECKS_CSV.replace("ruby_gem,3", "ruby_gem,4").replace("wolf,2", "wolf,1")
    assert error_lines(write_game(tmp_path / "g", {"decks.csv": decks})) == []


def test_missing_sheet_is_named(tmp_path):
    lines = error_lines(write_game(tmp_path / "g", {"gems.csv": None}))
    assert lines[0].startswith("g/manifest.json: no sheet for Gems: expected gems.csv")


def test_sheet_stored_twice_is_refused(tmp_path):
    folder = write_game(tmp_path / "g", {"gems.json": '[{"id": "x", "name": "X", "kind": "ruby"}]'})
    lines = error_lines(folder)
    assert any("Gems are stored twice" in line and "gems.json" in line for line in lines), lines


def manifest_with(**changes):
    manifest = copy.deepcopy(MANIFEST)
    unit = manifest["types"][0]
    for path, value in changes.items():
        if path == "field_type":
            unit["fields"][2]["type"] = value
        elif path == "typo":
            unit["fields"][2]["requried"] = True
        elif path == "drop_face":
            del unit["back"]["faces"]["blue"]
        elif path == "bad_set":
            unit["fields"][7]["set"] = value
        elif path == "bad_colour":
            unit["back"]["faces"]["red"]["color"] = value
    return manifest


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"field_type": "integer"}, "types[unit].fields[cost]: \"type\" 'integer' is not one of"),
        ({"typo": True}, 'types[unit].fields[cost]: unknown key "requried"'),
        ({"drop_face": True}, 'types[unit]: back.faces has no face for colour "blue"'),
        ({"bad_set": "spell"}, "types[unit].fields[power]: keyword set 'spell' is not declared"),
        ({"bad_colour": "red"}, "\"color\" should look like #1A2B3C, not 'red'"),
    ],
)
def test_manifest_mistakes_are_explained(tmp_path, change, expected):
    lines = error_lines(write_game(tmp_path / "g", manifest=manifest_with(**change)))
    assert any(expected in line for line in lines), lines
    assert all(line.startswith("g/manifest.json") for line in lines)


def test_manifest_that_is_not_json(tmp_path):
    folder = write_game(tmp_path / "g")
    (folder / "manifest.json").write_text('{"id": "g",\n  "name": }', encoding="utf-8")
    lines = error_lines(folder)
    assert lines == ["g/manifest.json:2: not valid JSON: Expecting value"]


def test_json_sheet_errors_name_record_and_field(tmp_path):
    records = [
        {"id": "ruby_gem", "name": "Ruby", "kind": "ruby"},
        {"id": "x", "name": "X", "kind": "opal"},
    ]
    folder = write_game(tmp_path / "g", {"gems.csv": None, "gems.json": json.dumps(records)})
    assert error_lines(folder) == [
        "g/gems.json:2:kind: kind: 'opal' is not a known gem keyword (known: any, ruby)"
    ]
