"""Luturas's worked examples, played by the engine: on the shipped cards every story holds; a
designer's change that makes one false is named with its beat."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from companion.engine.examples import problems
from companion.games.luturas import examples
from companion.games.luturas.data import data_from_game


def edited(tmp_path: Path, sheet: str, card: str, cells: dict[str, str]) -> Path:
    """A copy of the shipped game with one card's cells changed, as a designer would."""
    folder = tmp_path / "luturas"
    shutil.copytree(REPO_ROOT / "card_data" / "luturas", folder)
    path = folder / f"{sheet}.csv"
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if row["id"] == card:
            row.update(cells)
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return folder


def test_the_examples_hold_on_the_shipped_cards() -> None:
    found = examples.worked_examples()
    assert problems(found) == []
    assert found["attack_then_upgrade"].damage_kept == 2
    assert found["bonus_double_reduction"].dealt == (5 + 2) * 2 - 2


def test_a_stronger_harpoon_breaks_the_damage_sum_by_name(tmp_path: Path) -> None:
    folder = edited(tmp_path, "tools", "tide_harpoon",
                    {"effect": "The assigned Lutura gets +3 Combat.",
                     "does": "always: boost 3 assigned"})  # fmt: skip
    found = problems(examples.worked_examples(data_from_game(load_game_or_raise(folder))))
    story = "rulebook example 'Bonuses, double damage, reductions' no longer holds: "
    assert found == [
        story + "the bonus is added, then doubled",
        story + "Bulwark Plate takes 2 off the doubled damage",
    ]
