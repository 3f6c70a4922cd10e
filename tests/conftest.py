"""Shared fixtures: a small synthetic game that uses every field type and deck rule; and the order
in which pytest-xdist's workers take the suite (`make test`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardgen.data.database import Game, load_game

from .print.made_games import ID, NAME, kind

MANIFEST = {
    "id": "testgame",
    "name": "Test Game",
    "players": {"min": 1, "max": 2},
    "default_size": "poker",
    "keywords": {
        "sheet": "keywords",
        "sets": {"power": {"name": "Powers"}, "gem": {"name": "Gems"}},
    },
    "types": [
        {
            "id": "unit",
            "sheet": "units",
            "kind": "card",
            "back": {
                "style": "by_field",
                "field": "colour",
                "faces": {
                    "red": {"label": "Red", "color": "#D55E00", "mark": "triangle"},
                    "blue": {"label": "Blue", "color": "#0072B2", "mark": "square"},
                },
            },
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "name", "type": "text", "required": True, "max": 30},
                {"name": "cost", "type": "int", "required": True, "min": 0, "max": 5},
                {"name": "speed", "type": "number", "min": 0},
                {"name": "rare", "type": "bool"},
                {"name": "colour", "type": "choice", "values": ["red", "blue"], "required": True},
                {"name": "tags", "type": "choices", "values": ["beast", "hero", "wild"]},
                {"name": "power", "type": "keyword", "set": "power"},
                {"name": "powers", "type": "keywords", "set": "power"},
                {"name": "needs", "type": "keyword_counts", "set": "gem"},
                {"name": "partner", "type": "ref", "to": ["unit"]},
                {"name": "positions", "type": "ints", "min": 1, "max": 5},
                {"name": "serial", "type": "text", "unique": True},
                {"name": "text", "type": "text"},
                {"name": "art", "type": "image"},
                {"name": "quantity", "type": "int", "min": 0, "default": 1},
            ],
        },
        kind(
            "gem",
            "gems",
            "token",
            ID,
            NAME,
            {"name": "kind", "type": "keyword", "set": "gem", "required": True},
            {"name": "quantity", "type": "int", "min": 0, "default": 1},
            size="token",
            back={"style": "fixed", "label": "Gem", "color": "#009E73", "mark": "G"},
        ),
        {
            "id": "deck",
            "sheet": "decks",
            "kind": "decklist",
            "default_format": "std",
            "fields": [
                {"name": "deck", "type": "text", "required": True},
                {"name": "card", "type": "ref", "to": "*", "required": True},
                {"name": "count", "type": "int", "min": 1, "required": True},
            ],
        },
    ],
    "deck_formats": {
        "std": {
            "min_cards": 3,
            "max_cards": 6,
            "allowed_types": ["unit", "gem"],
            "copy_limit": {
                "max": 2,
                "field": "rare",
                "by_value": {"true": 1},
                "exempt_types": ["gem"],
            },
            "counts": [
                {"types": ["unit"], "where": {"colour": "red"}, "min": 1, "rule": "red units"}
            ],
        }
    },
}

KEYWORDS_CSV = """set,id,name,summary,icon
power,fly,Fly,Moves over others.,fly
power,swim,Swim,Crosses water.,swim
gem,ruby,Ruby,A red gem.,ruby
gem,any,Any gem,Counts as any gem.,any
"""

UNITS_CSV = """id,name,cost,speed,rare,colour,tags,power,powers,needs,partner,positions,serial,text,art,quantity
wolf,Wolf,3,1.5,no,red,beast;wild,Fly,fly;swim,ruby:2; any:1,owl,1;3,S-1,"Howls
at night, loudly.",,2
owl,Owl,2,,yes,blue,,swim,,,,,S-2,"Says ""who"".",,1
"""

GEMS_CSV = """id,name,kind,quantity
ruby_gem,Ruby gem,ruby,6
"""

DECKS_CSV = """deck,card,count
starter,wolf,2
starter,owl,1
starter,ruby_gem,3
"""

SHEETS = {
    "keywords.csv": KEYWORDS_CSV,
    "units.csv": UNITS_CSV,
    "gems.csv": GEMS_CSV,
    "decks.csv": DECKS_CSV,
}


def write_game(folder: Path, sheets: dict[str, str | bytes] | None = None, manifest=None) -> Path:
    """A game folder with the fixture's sheets, any of them replaced by `sheets` (None deletes)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(manifest or MANIFEST), encoding="utf-8")
    merged: dict[str, str | bytes | None] = {**SHEETS, **(sheets or {})}
    for name, content in merged.items():
        if content is None:
            continue
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content, encoding="utf-8", newline="")
    return folder


def load_clean(folder: Path) -> Game:
    game, problems = load_game(folder)
    errors = [str(p) for p in problems if p.is_error]
    assert game is not None and not errors, errors
    return game


def error_lines(folder: Path) -> list[str]:
    _, problems = load_game(folder)
    return [str(p) for p in problems if p.is_error]


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    return write_game(tmp_path / "testgame")


@pytest.fixture(autouse=True)
def _cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run each test from its tmp folder, so error paths are short and predictable."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="session")
def run_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every pytest worker of this run shares (the parent of each worker's base temp,
    as pytest-xdist's docs recommend), for outputs built once per run under a lock
    (`tests.print.kit_pdfs.shipped_kits`); a run without workers uses its own base temp."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


# --- spreading the suite over workers ---------------------------------------------------------
# `make test` runs `-n <workers> --dist loadfile --no-loadscope-reorder`: each test file goes to
# one worker whole, so a module-scoped fixture (a kit or a rulebook built once) is built once per
# run (loadgroup with marks per module would do the same, but does not group on pytest 9.2:
# pytest-xdist issue 1386), and files are handed out in the order of the collected tests, which
# the hook below sorts: the files holding the longest tests first. The longest tests themselves
# (each parametrisation) are units of their own (`_SpreadScheduling`), so that two of them in
# one file, or one beside a file's many short tests, run side by side on different workers.

# The tests that take longest, longest first (`pytest --durations`, two workers; each entry covers
# every parametrisation). Their files start at once, one per free worker, instead of one of them
# starting last and running on alone while the other workers idle. A renamed test only loses its
# place in the queue.
LONGEST = (
    "tests/ai/test_search.py::test_hard_wins_seven_of_ten_seeded_games",
    "tests/companion/test_conformance.py::test_random_playouts_keep_the_protocol",
    "tests/ai/test_playouts.py::test_va_hard_wins_more_games_than_the_strong_heuristic",
    "tests/print/test_art.py::test_each_picture_is_one_vector_form",
    "tests/companion/test_luturas_opponent.py::test_the_strong_app_beats_a_random_player_in_four_matches_of_five",
    "tests/codes/test_photos.py::test_every_shipped_card_reads_from_a_table_photo",
    "tests/companion/test_riposte_opponent.py::test_the_strong_app_beats_a_random_player_in_four_games_of_five",
    "tests/test_lint.py::test_mypy_finds_nothing",
)


def _queue_place(item: pytest.Item) -> int:
    """Where a test goes in the queue: the longest first, then other slow ones (the browser's
    mostly wait on the page, and overlap with the others), then the rest."""
    for place, prefix in enumerate(LONGEST):
        if item.nodeid.startswith(prefix):
            return place
    return len(LONGEST) + (0 if item.get_closest_marker("slow") else 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_queue_place)  # stable: the rest keep their order


def _own_unit(nodeid: str) -> bool:
    """One of the longest tests: handed to a worker alone, not with the rest of its file."""
    return nodeid.startswith(LONGEST)


try:
    from xdist.scheduler import LoadFileScheduling
except ImportError:  # pragma: no cover - a run without pytest-xdist has no workers to spread
    pass
else:

    class _SpreadScheduling(LoadFileScheduling):
        """pytest-xdist's loadfile, except that each of the longest tests is a unit alone."""

        def _split_scope(self, nodeid: str) -> str:
            return nodeid if _own_unit(nodeid) else super()._split_scope(nodeid)

    @pytest.hookimpl(optionalhook=True)  # `-p no:xdist` leaves the hook unknown, not an error
    def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
        if config.getvalue("dist") == "loadfile":
            return _SpreadScheduling(config, log)
        return None
