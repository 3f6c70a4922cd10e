"""Every field type parses what spreadsheets and JSON hold, to the same typed values."""

from __future__ import annotations

from cardgen.data.database import Game

from .conftest import load_clean


def test_fixture_game_loads_with_typed_values(game_dir):
    game: Game = load_clean(game_dir)
    wolf = game.by_id("wolf")
    assert wolf is not None
    assert wolf.values == {
        "id": "wolf",
        "name": "Wolf",
        "cost": 3,
        "speed": 1.5,
        "rare": False,
        "colour": "red",
        "tags": ("beast", "wild"),
        "power": "fly",
        "powers": ("fly", "swim"),
        "needs": {"any": 1, "ruby": 2},
        "partner": "owl",
        "positions": (1, 3),
        "serial": "S-1",
        "text": "Howls\nat night, loudly.",
        "art": "",
        "quantity": 2,
    }


def test_empty_optional_cells_take_defaults(game_dir):
    owl = load_clean(game_dir).by_id("owl")
    assert owl["speed"] is None
    assert owl["tags"] == ()
    assert owl["needs"] == {}
    assert owl["rare"] is True
    assert owl["text"] == 'Says "who".'


def test_quantity_expands_copies(game_dir):
    game = load_clean(game_dir)
    assert [c.id for c in game.copies("unit")] == ["wolf", "wolf", "owl"]
    assert game.count("gem") == 6


def test_keywords_load_by_set(game_dir):
    game = load_clean(game_dir)
    assert set(game.keywords) == {"power", "gem"}
    assert game.keyword("power", "fly")["name"] == "Fly"


def test_keyword_cells_accept_printed_names_and_case(tmp_path):
    from .conftest import UNITS_CSV, write_game

    folder = write_game(tmp_path / "g", {"units.csv": UNITS_CSV.replace("fly;swim", "FLY; Swim")})
    assert load_clean(folder).by_id("wolf")["powers"] == ("fly", "swim")


def test_header_matches_ignoring_case_and_spaces(tmp_path):
    from .conftest import UNITS_CSV, write_game

    header, rest = UNITS_CSV.split("\n", 1)
    header = header.replace("name", " Name ").replace("cost", "COST")
    folder = write_game(tmp_path / "g", {"units.csv": header + "\n" + rest})
    assert load_clean(folder).by_id("wolf")["cost"] == 3
