"""The issue's own check: raise the Wolf's attack to 6 in a copy of the data, run the simulator,
and the Wolf comes out as the top outlier, on its plot, in the page and in the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import copy_game, read_csv, run, set_cell

GAMES = 500


@pytest.mark.slow
def test_an_overpowered_wolf_is_the_top_outlier(tmp_path: Path) -> None:
    game = copy_game("vita_luna", tmp_path / "designer")
    set_cell(game / "creatures.csv", "wolf", "attack", "6")
    out = tmp_path / "out"
    result = run(game, "--games", GAMES, "--seed", 1, "--out", out)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    stronger = next(i for i, line in enumerate(lines) if "stronger than the cards" in line)
    assert lines[stronger + 1].strip().startswith("Wolf when dealt: "), result.stdout
    rows = read_csv(out / "vita_luna" / "balance" / "cards.csv")
    wolf = {r["measure"]: r for r in rows if r["card"] == "wolf"}
    assert wolf["dealt"]["outlier"] == "strong"
    assert float(wolf["dealt"]["low"]) > float(wolf["dealt"]["kind_win_rate"])
    dealt = sorted(
        (r for r in rows if r["outlier"] == "strong" and r["measure"] == "dealt"),
        key=lambda r: float(r["kind_win_rate"]) - float(r["low"]),
    )
    assert dealt[0]["card"] == "wolf"
    page = (out / "vita_luna" / "balance" / "report.html").read_text(encoding="utf-8")
    outliers = page.split("<h2>Outliers</h2>", 1)[1].split("<h2>", 1)[0]
    assert outliers.index("Wolf") < outliers.index("</tr>", outliers.index("<td>"))
    assert "Wolf (n=" in page  # the Wolf's row on the plots
