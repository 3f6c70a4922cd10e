"""`cardgen balance`: what it writes, that the numbers are the games' own, and its refusals."""

from __future__ import annotations

import importlib.metadata
from collections import Counter, defaultdict
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from cardgen import engines
from cardgen.balance.snapshot import from_folder
from cardgen.balance.workers import play_chunk
from cardgen.data.outputs import MARKER

from .conftest import SHIPPED, assert_refused_in_one_line, copy_game, read_csv, run, set_cell


def test_a_small_run_writes_the_report_and_its_figures(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("vita_luna", "--games", 6, "--seed", 4, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    folder = out / "vita_luna" / "balance"
    names = {p.name for p in folder.iterdir()}
    assert {"report.html", "cards.csv", "summary.csv", "lengths.csv", "effects.csv"} <= names
    assert (out / "vita_luna" / MARKER).is_file()
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") >= 4 and "http" not in page.split("<svg", 1)[0].lower()
    assert "Win rate when dealt" in page and "How often each rule or effect fires" in page
    assert "Vita Luna: 6 games" in result.stdout

    # The hand count: the same six games played here, every card's wins and games counted.
    records = play_chunk(from_folder(SHIPPED / "vita_luna"), "vita_luna", "app", 4, 0, 6)
    wins: defaultdict[tuple[str, str], float] = defaultdict(float)
    games: Counter[tuple[str, str]] = Counter()
    for record in records:
        for measure in ("dealt", "played", "owned"):
            for seat, cards in enumerate(getattr(record, measure)):
                for card in cards:
                    wins[card, measure] += 1.0 if record.winner == seat else 0.0
                    games[card, measure] += 1
    rows = read_csv(folder / "cards.csv")
    assert {(r["card"], r["measure"]) for r in rows} == set(games)
    for row in rows:
        key = (row["card"], row["measure"])
        assert int(row["games"]) == games[key]
        assert float(row["wins"]) == pytest.approx(wins[key])
    lengths = [int(r["actions"]) for r in read_csv(folder / "lengths.csv")]
    assert lengths == [r.length for r in records]
    summary = {r["figure"]: r["value"] for r in read_csv(folder / "summary.csv")}
    firsts = [r.first == r.winner for r in records]
    assert float(summary["first player win rate"]) == pytest.approx(sum(firsts) / 6, abs=1e-4)
    # The measures beside per-card rates, added after the first figures.
    assert float(summary["first player edge"]) == pytest.approx(sum(firsts) / 6 - 0.5, abs=1e-4)
    changes = sum(r.lead_changes for r in records) / 6
    assert float(summary["lead changes per game"]) == pytest.approx(changes, abs=1e-4)
    assert int(summary["skill games"]) == 6 and float(summary["skill: app beats random"]) > 0.5
    assert int(summary["outlier tests"]) == sum(r["p"] != "" for r in rows)
    assert "skill expression" in page and "card x measure pairs were tested" in page
    attacks = sum(dict(r.effects).get("action: attack", 0) for r in records)
    effects = {r["effect"]: int(r["times"]) for r in read_csv(folder / "effects.csv")}
    assert effects["action: attack"] == attacks


def test_moonlighter_reports_survival_by_dungeon(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("moonlighter", "--games", 4, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    depth = read_csv(out / "moonlighter" / "balance" / "depth.csv")
    assert depth and depth[0]["depth"] == "1" and depth[0]["reached"] == "4"
    assert "dungeon 1: reached by 4" in result.stdout


def test_the_data_on_disk_is_what_is_played(tmp_path: Path) -> None:
    """An edit in a copy of the data changes the games, and --compare-data shows the change."""
    game = copy_game("vita_luna", tmp_path / "edited")
    set_cell(game / "creatures.csv", "wolf", "attack", "6")
    out = tmp_path / "out"
    result = run(game, "--games", 8, "--workers", 1, "--out", out,
                 "--compare-data", SHIPPED / "vita_luna")  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = read_csv(out / "vita_luna" / "balance" / "compare.csv")
    assert {r["card"] for r in rows} >= {"wolf", "rat"}
    edited = play_chunk(from_folder(game), "vita_luna", "app", 1, 0, 8)
    shipped = play_chunk(from_folder(SHIPPED / "vita_luna"), "vita_luna", "app", 1, 0, 8)
    assert edited != shipped
    assert "compared:" in result.stdout


def test_luturas_plays_from_its_starter_decks(tmp_path: Path) -> None:
    result = run(SHIPPED / "luturas", "--games", 2, "--workers", 1, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    cards = (tmp_path / "out" / "luturas" / "balance" / "cards.csv").read_text(encoding="utf-8")
    assert "tidepup_g1" in cards and "crystal_aquatic" in cards


def test_compare_with_a_git_revision(tmp_path: Path) -> None:
    result = run(SHIPPED / "va_card_game", "--games", 3, "--workers", 1, "--out",
                 tmp_path / "out", "--compare", "HEAD")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "va_card_game" / "balance" / "compare.csv").is_file()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("vita_lun",), "vita_lun: no such game"),
        (("vita_luna", "--games", "0"), "--games 0: give a whole number from 1"),
        (("vita_luna", "--games", "-5"), "--games -5: give a whole number from 1"),
        (("vita_luna", "--games", "many"), "'many' is not a valid integer"),
        (("vita_luna", "--workers", "0"), "--workers 0: give a whole number from 1"),
        (("vita_luna", "--seed", "-1"), "--seed -1: give a whole number from 0"),
        (("vita_luna", "--bot", "genius"), "--bot genius: no such bot for vita_luna"),
        (("moonlighter", "--bot", "app"), "--bot app: no such bot for moonlighter"),
        (("vita_luna", "--scheduler", "localhost"), "--scheduler localhost: give the Dask"),
        (("vita_luna", "--compare", "HEAD", "--compare-data", "x"), "give one or the other"),
        (("vita_luna", "--compare", "no-such-revision-xyz"), "not a revision"),
        (("vita_luna", "--compare-data", "nowhere"), "--compare-data nowhere: no manifest.json"),
        (("vita_luna", "--compare-data", SHIPPED / "riposte"), "it holds riposte, not vita_luna"),
    ],
)
def test_mistakes_are_refused_in_one_line(tmp_path: Path, args: tuple, words: str) -> None:
    assert_refused_in_one_line(tmp_path, args, words)


def test_an_unknown_game_gets_a_suggestion(tmp_path: Path) -> None:
    result = run("vita_lun", "--out", tmp_path / "out")
    assert "did you mean vita_luna?" in result.output


def test_broken_data_is_reported_by_file_row_and_column(tmp_path: Path) -> None:
    game = copy_game("vita_luna", tmp_path)
    set_cell(game / "creatures.csv", "wolf", "attack", "three")
    result = run(game, "--games", 2, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "creatures.csv:2:D: attack: 'three' is not a whole number" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("points", "words"),
    [
        ([], "none is installed"),
        (
            [EntryPoint("broken", "no_such_provider_module:engine", "cardgen.engines")],
            "no_such_provider_module:engine does not load (No module named 'no_such_provider_module')",
        ),
    ],
    ids=["none-installed", "does-not-load"],
)
def test_without_the_companions_engines_balance_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, points: list[EntryPoint], words: str
) -> None:
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: points)
    engines.providers.cache_clear()
    try:
        result = run("riposte", "--games", 2, "--workers", 1, "--out", tmp_path / "out")
    finally:
        engines.providers.cache_clear()
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"cardgen balance needs the table companion's rules engines: {words} "
                     "(pip install -e .)"]  # fmt: skip
    assert not (tmp_path / "out").exists()
