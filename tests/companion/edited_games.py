"""A shipped game's data copied with one cell changed, as a designer would in a spreadsheet."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from cardgen.data.project import REPO_ROOT


def edited(tmp_path: Path, game: str, sheet: str, card: str, field: str, value: str) -> Path:
    """A copy of a shipped game with one cell changed, as a designer would in a spreadsheet."""
    folder = tmp_path / game
    shutil.copytree(REPO_ROOT / "card_data" / game, folder)
    path = folder / f"{sheet}.csv"
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if row["id"] == card:
            row[field] = value
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return folder
