"""Whatever bytes or text arrive, the loader answers with records or its own clear error."""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.data.database import load_game
from cardgen.data.errors import DataError, Location
from cardgen.data.readers import read_csv, read_json, read_xlsx
from cardgen.data.readers.csv_reader import parse_csv_text

from .conftest import write_game

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


def only_data_errors(read: Callable[[Path], object], path: Path) -> None:
    try:
        read(path)
    except DataError as exc:
        assert exc.problems and all(str(p.location).startswith(str(path)) for p in exc.problems)


def _read_xlsx_units(path: Path) -> object:
    return read_xlsx(path, "units")


@pytest.mark.parametrize(
    ("suffix", "read"),
    [(".csv", read_csv), (".json", read_json), (".xlsx", _read_xlsx_units)],
    ids=["csv", "json", "xlsx"],
)
@SETTINGS
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_as_a_sheet(
    tmp_path_factory: pytest.TempPathFactory,
    suffix: str,
    read: Callable[[Path], object],
    data: bytes,
) -> None:
    """Each reader meets the same hostile bytes, so one test serves all three formats."""
    path = tmp_path_factory.mktemp("b") / f"s{suffix}"
    path.write_bytes(data)
    only_data_errors(read, path)


@SETTINGS
@given(st.text(max_size=1500))
def test_arbitrary_text_as_csv(text):
    with contextlib.suppress(DataError):
        parse_csv_text(text, Location("s.csv"))


cells = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=12)


@SETTINGS
@given(st.lists(st.lists(cells, min_size=1, max_size=6), min_size=1, max_size=8))
def test_arbitrary_csv_tables_as_a_card_sheet(tmp_path_factory, table):
    """Any table a spreadsheet could save, put where a sheet goes, gives records or problems."""
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(table)
    folder = write_game(tmp_path_factory.mktemp("g") / "g", {"units.csv": buffer.getvalue()})
    game, problems = load_game(folder)
    assert game is not None
    assert all(str(p.location).startswith(str(folder)) or "g/" in str(p.location) for p in problems)


@SETTINGS
@given(st.binary(max_size=600))
def test_arbitrary_bytes_as_manifest(tmp_path_factory, data):
    folder = write_game(tmp_path_factory.mktemp("m") / "g")
    (folder / "manifest.json").write_bytes(data)
    game, problems = load_game(folder)
    assert game is None and problems


manifest_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=12,
)


@SETTINGS
@given(
    st.dictionaries(
        st.sampled_from(
            ["id", "name", "players", "types", "keywords", "deck_formats", "sizes", "default_size"]
        ),
        manifest_values,
    )
)
def test_arbitrary_manifest_shapes(tmp_path_factory, obj):
    import json

    folder = write_game(tmp_path_factory.mktemp("m") / "g")
    (folder / "manifest.json").write_text(json.dumps(obj), encoding="utf-8")
    load_game(folder)  # must not raise
