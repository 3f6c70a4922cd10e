"""Every refusal that names an unknown thing suggests the known name closest to it."""

from __future__ import annotations

import copy

import pytest

from cardgen.data.suggest import closest, did_you_mean
from cardgen.printkit.layout.errors import LayoutError
from cardgen.printkit.layout.template import load_layout

from .conftest import MANIFEST, UNITS_CSV, error_lines, write_game


def test_the_closest_name_ignores_case_and_is_spelt_as_known():
    assert closest("Creatures", ["creature", "spell"]) == "creature"
    assert closest("SPEL", ["creature", "spell"]) == "spell"
    assert closest("zzz", ["creature", "spell"]) is None
    assert did_you_mean("colur", ["colour", "cost"]) == "; did you mean colour?"
    assert did_you_mean("qqq", ["colour", "cost"]) == ""


def units_with(**cells: str) -> str:
    header, wolf, rest = UNITS_CSV.split("\n", 2)
    names = header.split(",")
    row = dict(zip(names, wolf.split(","), strict=False))
    row.update(cells)
    return "\n".join([header, ",".join(row.values()), rest])


def manifest_with(change) -> dict:
    manifest = copy.deepcopy(MANIFEST)
    change(manifest)
    return manifest


def rename_type_target(m: dict) -> None:
    m["types"][0]["fields"].append({"name": "friend", "type": "ref", "to": ["units"]})


def misspell_manifest_key(m: dict) -> None:
    m["playrs"] = m.pop("players")


def misspell_format_type(m: dict) -> None:
    m["deck_formats"]["std"]["allowed_types"] = ["unit", "gems"]


CASES = {
    "a card id": ({"units.csv": units_with(partner="ow")}, None, "; did you mean owl?"),
    "a choice": ({"units.csv": units_with(colour="bleu")}, None, "; did you mean blue?"),
    "a keyword": ({"units.csv": units_with(power="fyl")}, None, "; did you mean fly?"),
    "a column": (
        {"units.csv": UNITS_CSV.replace(",colour,", ",colur,", 1)},
        None,
        "unknown column 'colur'",
    ),
    "a type a field points at": ({}, rename_type_target, "; did you mean unit?"),
    "a manifest key": ({}, misspell_manifest_key, "; did you mean players?"),
    "a type a deck format allows": ({}, misspell_format_type, "; did you mean gem?"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_misspelt_name_in_the_data_gets_a_suggestion(tmp_path, case):
    sheets, change, expected = CASES[case]
    manifest = manifest_with(change) if change else None
    lines = error_lines(write_game(tmp_path / "g", sheets, manifest))
    assert any(expected in line for line in lines), lines
    if case == "a column":
        assert any("did you mean colour?" in line for line in lines), lines


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ('[[elements]]\ntype = "txt"\ntext = "x"\n', "; did you mean text?"),
        ('[[element]]\ntype = "text"\ntext = "x"\n', "; did you mean elements?"),
    ],
    ids=["element type", "layout key"],
)
def test_a_misspelt_name_in_a_layout_gets_a_suggestion(tmp_path, layout, expected):
    path = tmp_path / "unit.toml"
    path.write_text(layout, encoding="utf-8")
    with pytest.raises(LayoutError) as refused:
        load_layout(path, tmp_path)
    assert expected in str(refused.value)
