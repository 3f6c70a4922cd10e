"""The page and the terminal summary: drawn the same way twice, names kept as text."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.balance.play import GameRecord
from cardgen.balance.report import page, summary_text, write_report
from cardgen.balance.stats import compare, figures
from cardgen.data.outputs import MARKER, OutputRefused

from .conftest import read_csv


def records(strong_wins: int) -> list[GameRecord]:
    return [
        GameRecord(i, True, 0 if i < strong_wins else 1, i % 2, 20 + i % 7,
                   (("ace", "pip"), ("pip",)), (("ace", "pip"), ("pip",)),
                   (("action: attack", 3),), None, (("ace",), ("pip",)))
        for i in range(60)
    ]  # fmt: skip


NAMES = {"ace": "<b>Ace</b> & Co", "pip": "Pip"}


def test_the_page_is_the_same_twice_and_keeps_names_as_text() -> None:
    fig = figures("g", "Game", "app", 3, False, NAMES, records(50), {"ace": "card", "pip": "card"})
    first, second = page(fig, None, None), page(fig, None, None)
    assert first == second
    assert "&lt;b&gt;Ace&lt;/b&gt; &amp; Co" in first and "<b>Ace</b>" not in first
    assert first.count("<svg") == 5  # dealt, played, owned, length, effects
    assert "<script" not in first and "http" not in first.split("<body>", 1)[1].split("<svg")[0]


def test_the_summary_names_the_outliers_strong_first() -> None:
    fig = figures("g", "Game", "app", 3, False, NAMES, records(50), {"ace": "card", "pip": "card"})
    lines = summary_text(fig)
    strong = lines.index(next(line for line in lines if "stronger than" in line))
    assert lines[strong + 1].strip().startswith("<b>Ace</b> & Co when dealt")
    assert any("weaker than" in line for line in lines)


def test_a_comparison_is_written_beside_the_report(tmp_path: Path) -> None:
    kinds = {"ace": "card", "pip": "card"}
    before = figures("g", "Game", "app", 3, False, NAMES, records(30), kinds)
    after = figures("g", "Game", "app", 3, False, NAMES, records(50), kinds)
    path = write_report(after, tmp_path / "out", compare(before, after), "revision HEAD")
    assert path == tmp_path / "out" / "g" / "balance" / "report.html"
    rows = {(r["card"], r["measure"]): r for r in read_csv(path.parent / "compare.csv")}
    assert rows["ace", "dealt"]["clear"] == "yes"
    assert float(rows["ace", "dealt"]["delta"]) > 0.3
    assert "What the change did (against revision HEAD)" in path.read_text(encoding="utf-8")
    assert (tmp_path / "out" / "g" / MARKER).is_file()


def test_a_file_edited_in_the_report_folder_is_not_overwritten(tmp_path: Path) -> None:
    fig = figures("g", "Game", "app", 3, False, NAMES, records(30))
    path = write_report(fig, tmp_path / "out")
    (path.parent / "cards.csv").write_text("my notes\n", encoding="utf-8")
    with pytest.raises(OutputRefused, match=r"cards\.csv: not replaced: it changed since"):
        write_report(fig, tmp_path / "out")
    assert (path.parent / "cards.csv").read_text(encoding="utf-8") == "my notes\n"
