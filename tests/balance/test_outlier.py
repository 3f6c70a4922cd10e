"""The issue's own check: raise the Wolf's attack to 6 in a copy of the data, run the simulator,
and the Wolf comes out as the top outlier, on its plot, in the page and in the terminal."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from .conftest import copy_game, read_csv, run, set_cell

GAMES = 500


@pytest.mark.slow
def test_an_overpowered_wolf_is_the_top_outlier(tmp_path: Path) -> None:
    game = copy_game("vita_luna", tmp_path / "designer")
    set_cell(game / "creatures.csv", "wolf", "attack", "6")
    out = tmp_path / "out"
    result = run(game, "--games", GAMES, "--seed", 1, "--out", out, "--suggest", 1)
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

    # The report names a change that brings the Wolf back: a weaker Wolf, by the same measure.
    said = [line.strip() for line in lines if line.strip().startswith("Wolf: ")]
    assert len(said) == 1, result.stdout
    found = re.match(r"Wolf: (attack|health) (\d+) -> (\d+) brings it (back|closest): when "
                     r"dealt ([\d.]+)% \[([\d.]+)%, ([\d.]+)%\], its kind ([\d.]+)%", said[0])  # fmt: skip
    assert found, said[0]
    before, after = int(found[2]), int(found[3])
    assert after < before  # less attack or less health: weaker
    rate, kind = float(found[5]), float(found[8])
    dealt = float(wolf["dealt"]["win_rate"]) * 100
    assert abs(rate - kind) < abs(dealt - float(wolf["dealt"]["kind_win_rate"]) * 100)
    assert "Changes that would bring them back" in page and html.escape(said[0]) in page
