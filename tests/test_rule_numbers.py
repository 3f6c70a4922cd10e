"""Rule numbers as data (issue 26): a game's numbers declared once in a sheet, each with a name,
a description, a value and its range; cells and the manifest's field bounds cite them; every
refusal is one line naming the file, row and column; an engine asking for a number the data
lacks is told which, naming the game."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.database import load_game
from cardgen.data.errors import DataError
from cardgen.data.export import FORMATS, export_game
from cardgen.rules.book import GameBook

from .conftest import KEYWORDS_CSV, MANIFEST, UNITS_CSV, error_lines, load_clean, write_game

NUMBERS_CSV = """id,name,description,value,min,max,unit
most_cost,Most cost,The dearest a unit may be.,5,1,9,gems
hand,Hand,Cards each player holds.,4,1,{most_cost + 2},cards
"""


def numbered_manifest() -> dict:
    manifest = copy.deepcopy(MANIFEST)
    manifest["rule_numbers"] = {"sheet": "rule_numbers"}
    cost = next(f for f in manifest["types"][0]["fields"] if f["name"] == "cost")
    cost["max"] = "{most_cost}"
    return manifest


def numbered_game(folder: Path, sheets: dict | None = None, manifest: dict | None = None) -> Path:
    units = UNITS_CSV.replace('Says ""who"".', 'Says ""who"" {hand} times, at most {hand - 1}.')
    keywords = KEYWORDS_CSV.replace("Moves over others.", "Moves over {most_cost} others.")
    base = {"rule_numbers.csv": NUMBERS_CSV, "units.csv": units, "keywords.csv": keywords}
    return write_game(folder, {**base, **(sheets or {})}, manifest or numbered_manifest())


def test_numbers_load_and_the_cells_citing_them_follow(tmp_path):
    game = load_clean(numbered_game(tmp_path / "g"))
    assert dict(game.numbers) == {"most_cost": 5, "hand": 4}
    hand = game.numbers.records["hand"]
    assert (hand.name, hand.value, hand.min, hand.max, hand.unit) == ("Hand", 4, 1, 7, "cards")
    owl = game.by_id("owl")
    assert owl is not None and owl["text"] == 'Says "who" 4 times, at most 3.'
    assert owl.cited["text"] == 'Says "who" {hand} times, at most {hand - 1}.'
    assert game.keyword("power", "fly")["summary"] == "Moves over 5 others."
    field = game.spec.type("unit").field("cost")
    assert field is not None and field.max == 5


def test_changing_one_number_changes_the_checks_and_the_words(tmp_path):
    """The designer's one edit: the field bound and the text follow, with no other change."""
    sheet = NUMBERS_CSV.replace("most_cost,Most cost,The dearest a unit may be.,5", "most_cost,"
                                "Most cost,The dearest a unit may be.,2")  # fmt: skip
    folder = numbered_game(tmp_path / "g", {"rule_numbers.csv": sheet})
    (line,) = error_lines(folder)
    assert line.endswith("g/units.csv:2:C: cost: 3 is above the maximum of 2"), line
    sheet = NUMBERS_CSV.replace("Cards each player holds.,4", "Cards each player holds.,6")
    owl = load_clean(numbered_game(tmp_path / "h", {"rule_numbers.csv": sheet})).by_id("owl")
    assert owl is not None and owl["text"] == 'Says "who" 6 times, at most 5.'


def _numbers(rows: str) -> dict[str, str]:
    return {"rule_numbers.csv": NUMBERS_CSV + rows}


def _with(**changes) -> dict:
    manifest = numbered_manifest()
    fields = manifest["types"][0]["fields"]
    for name, bound in changes.items():
        next(f for f in fields if f["name"] == name)["max"] = bound
    return manifest


NO_SECTION = copy.deepcopy(MANIFEST)
NO_SECTION["types"][0]["fields"][2]["max"] = "{most_cost}"

REFUSALS = [
    ("duplicate id", _numbers("hand,Hand again,Twice.,3,1,5,\n"), None,
     "rule_numbers.csv:4:A", "duplicate rule number 'hand': also at"),
    ("id not a name", _numbers("Big-Hand,Big,Too big.,3,1,5,\n"), None,
     "rule_numbers.csv:4:A", "is not a rule number's id"),
    ("value not a number", _numbers("lives,Lives,Lives.,x,1,5,\n"), None,
     "rule_numbers.csv:4:D", "value: 'x' is not a whole number"),
    ("value not whole", _numbers("lives,Lives,Lives.,2.5,1,5,\n"), None,
     "rule_numbers.csv:4:D", "value: '2.5' is not a whole number"),
    ("value missing", _numbers("lives,Lives,Lives.,,1,5,\n"), None,
     "rule_numbers.csv:4:D", "value: a value is required here"),
    ("min above max", _numbers("lives,Lives,Lives.,3,6,5,\n"), None,
     "rule_numbers.csv:4:E", "min: 6 is above the max of 5"),
    ("value above max", _numbers("lives,Lives,Lives.,9,1,5,\n"), None,
     "rule_numbers.csv:4:D", "value: 9 is above its max of 5"),
    ("value below min", _numbers("lives,Lives,Lives.,0,1,5,\n"), None,
     "rule_numbers.csv:4:D", "value: 0 is below its min of 1"),
    ("value above a cited max", _numbers("lives,Lives,Lives.,9,1,{hand},\n"), None,
     "rule_numbers.csv:4:D", "value: 9 is above its max of 4"),
    ("bound not a number", _numbers("lives,Lives,Lives.,3,1,lots,\n"), None,
     "rule_numbers.csv:4:F", "max: 'lots' is not a whole number"),
    ("bound cites no number", _numbers("lives,Lives,Lives.,3,1,{hnad},\n"), None,
     "rule_numbers.csv:4:F", "max: {hnad} cites 'hnad', which is no rule number"),
    ("description missing", _numbers("lives,Lives,,3,1,5,\n"), None,
     "rule_numbers.csv:4:C", "description: a value is required here"),
    ("unknown column", {"rule_numbers.csv": NUMBERS_CSV.replace(",unit\n", ",units\n")}, None,
     "rule_numbers.csv:1:G", "unknown column 'units'"),
    ("a text cell cites no number",
     {"units.csv": UNITS_CSV.replace('Says ""who"".', "Says {hnad}.")}, None,
     "units.csv:3:N", "text: {hnad} cites 'hnad', which is no rule number"),
    ("an int cell cites no number",
     {"units.csv": UNITS_CSV.replace("Wolf,3,", "Wolf,{lives},")}, None,
     "units.csv:2:C", "cost: {lives} cites 'lives'"),
    ("a bound cites no number", {}, _with(cost="{most_costs}"),
     "manifest.json", "types[unit].fields[cost]: max: {most_costs} cites 'most_costs'"),
    ("a bound is neither", {}, _with(cost="most_cost"),
     "manifest.json", "should be a number, or rule numbers cited in braces"),
    ("a bound cites without a sheet", {"rule_numbers.csv": None}, NO_SECTION,
     "manifest.json", 'cites rule numbers, but "rule_numbers" names no sheet of them'),
    ("no sheet", {"rule_numbers.csv": None}, None,
     "manifest.json", "no sheet for Rule numbers: expected rule_numbers.csv"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sheets", "manifest", "where", "expect"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_a_bad_number_is_refused_in_one_line(
    tmp_path, monkeypatch, sheets, manifest, where, expect
):
    monkeypatch.chdir(tmp_path)
    numbered_game(tmp_path / "data" / "g", sheets, manifest)
    result = CliRunner().invoke(main, ["validate", "--data", "data"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    problems = [line for line in lines if ": warning: " not in line and "problem(s)" not in line]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"data/g/{where}: "), problems[0]
    assert expect in problems[0], problems[0]


def test_an_engine_asking_for_a_number_the_data_lacks_is_told_which(tmp_path):
    game = load_clean(numbered_game(tmp_path / "g"))
    assert game.numbers.require(["hand"]) == {"hand": 4}
    with pytest.raises(DataError) as refused:
        game.numbers.require(["hand", "damage_to_win"])
    message = str(refused.value)
    assert "\n" not in message and "g/rule_numbers.csv: " in message
    assert "testgame's rules need the rule number 'damage_to_win'" in message
    plain = load_clean(write_game(tmp_path / "plain")).numbers
    with pytest.raises(
        DataError,
        match=r"plain/manifest.json: testgame's rules need the rule "
        r"number 'hand', which is not declared \(declared: none",
    ):
        plain.require(["hand"])


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_export_keeps_the_numbers_and_the_citations(tmp_path, fmt):
    game = load_clean(numbered_game(tmp_path / "g"))
    again, problems = load_game(export_game(game, fmt, tmp_path / fmt))
    assert again is not None and not [p for p in problems if p.is_error]
    assert again.numbers == game.numbers and again.numbers.records == game.numbers.records
    assert again.cards == game.cards and again.keywords == game.keywords
    owl = again.by_id("owl")
    assert owl is not None and owl.cited["text"] == 'Says "who" {hand} times, at most {hand - 1}.'


def test_a_game_without_rule_numbers_keeps_braces_as_typed(tmp_path):
    units = UNITS_CSV.replace('Says ""who"".', "Says {hand}.")
    owl = load_clean(write_game(tmp_path / "g", {"units.csv": units})).by_id("owl")
    assert owl is not None and owl["text"] == "Says {hand}." and not owl.cited


def test_the_rulebook_reads_the_numbers(tmp_path):
    book = GameBook(load_clean(numbered_game(tmp_path / "g")))
    context = book.template_context()
    assert context["numbers"] == {"most_cost": 5, "hand": 4}
    assert [r["id"] for r in context["rule_numbers"]] == ["most_cost", "hand"]
    assert book.numbers() == [
        ["Rule", "Value", "What it does"],
        ["Most cost", "5 gems", "The dearest a unit may be."],
        ["Hand", "4 cards", "Cards each player holds."],
    ]


def _cited_format(manifest: dict | None = None, **changes) -> dict:
    """The fixture's deck format with its counts and words citing the numbers, as a designer
    writes it: bounds that follow the hand and the dearest cost."""
    manifest = manifest or numbered_manifest()
    fmt = manifest["deck_formats"]["std"]
    fmt.update(
        description="From {hand - 1} to {hand + 2} cards.",
        min_cards="{hand - 1}",
        max_cards="{hand + 2}",
    )
    fmt["copy_limit"].update(
        max="{most_cost - 3}", by_value={"true": "{most_cost - 4}"}, rule="{most_cost - 3} each"
    )
    fmt["counts"][0].update(min="{most_cost - 4}", rule="at least {most_cost - 4} red unit")
    fmt.update(changes)
    return manifest


def test_a_deck_format_cites_the_numbers(tmp_path):
    """Deck-format bounds are rule numbers too: its counts and its words follow the sheet, and
    a decklist is checked against the numbers as they are now."""
    game = load_clean(numbered_game(tmp_path / "g", manifest=_cited_format()))
    fmt = game.spec.deck_formats["std"]
    assert (fmt.min_cards, fmt.max_cards, fmt.description) == (3, 6, "From 3 to 6 cards.")
    assert fmt.copy_limit is not None and fmt.copy_limit.max == 2
    assert fmt.copy_limit.by_value == {"true": 1} and fmt.copy_limit.rule == "2 each"
    assert (fmt.counts[0].min, fmt.counts[0].rule) == (1, "at least 1 red unit")
    assert GameBook(game).template_context()["deck_formats"]["std"]["max_cards"] == 6
    # The designer's one edit: a hand of 3 makes the starter deck of 6 cards one too many.
    sheet = NUMBERS_CSV.replace("Cards each player holds.,4", "Cards each player holds.,3")
    folder = numbered_game(tmp_path / "h", {"rule_numbers.csv": sheet}, _cited_format())
    (line,) = error_lines(folder)
    assert "decks.csv" in line and "6 cards" in line and "5" in line, line


FORMAT_REFUSALS = [
    ("a count cites no number", _cited_format(max_cards="{hands}"),
     "deck_formats.std.max_cards: {hands} cites 'hands', which is no rule number"),
    ("words cite no number", _cited_format(description="Up to {hands} cards."),
     "deck_formats.std.description: {hands} cites 'hands', which is no rule number"),
    ("a count is neither", _cited_format(min_cards="hand"),
     "deck_formats.std: \"min_cards\" should be a number, or rule numbers cited in braces"),
    ("min above max", _cited_format(min_cards="{hand + 5}"),
     "deck_formats.std.min_cards: 9 is above the max of 6"),
    ("a count below 0", _cited_format(min_cards="{hand - 5}"),
     "deck_formats.std.min_cards: {hand - 5} is -1, below 0"),
    ("cites without a sheet", _cited_format(copy.deepcopy(MANIFEST)),
     'deck_formats.std cites rule numbers, but "rule_numbers" names no sheet of them'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("manifest", "expect"),
    [case[1:] for case in FORMAT_REFUSALS],
    ids=[case[0] for case in FORMAT_REFUSALS],
)
def test_a_bad_deck_format_citation_is_refused_in_one_line(tmp_path, manifest, expect):
    sheets = None if "rule_numbers" in manifest else {"rule_numbers.csv": None}
    lines = error_lines(numbered_game(tmp_path / "g", sheets, manifest))
    # A min above its max also refuses every decklist of the format, in lines of their own.
    assert len([line for line in lines if "manifest.json" in line]) == 1, lines
    assert lines[0].startswith("g/manifest.json: "), lines
    assert expect in lines[0], lines
