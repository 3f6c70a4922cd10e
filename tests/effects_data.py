"""Effects declared in the data: the vocabulary, the parser and a copied Luturas data folder
the test_effects_data* modules (and the companion's new-card tests) share."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

from cardgen.data.database import load_game
from cardgen.data.effects import (
    Effect,
    load_vocabulary,
    parse_effects,
    render,
)
from cardgen.data.project import REPO_ROOT

LUTURAS = REPO_ROOT / "card_data" / "luturas"
RAW = json.loads((LUTURAS / "manifest.json").read_text(encoding="utf-8"))
VOCABULARY = load_vocabulary(RAW["effects"])
NATURES = ("aquatic", "flammable", "botanical", "nuclear", "terrestrial", "plasmatic", "prismatic")
KEYWORDS = {"nature": {n: n for n in NATURES}}
DECLARING = {"lutura": "effect", "tool": "effect", "strategy": "effect", "soldier": "ability"}


def parse(cell: str) -> tuple[Effect, ...]:
    return parse_effects(cell, VOCABULARY, KEYWORDS)


def text(cell: str) -> str:
    return render(parse(cell), VOCABULARY)


def copy_luturas(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "luturas"
    shutil.copytree(LUTURAS, folder)
    return folder


def edit_sheet(folder: Path, sheet: str, change) -> None:
    path = folder / f"{sheet}.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    header = list(rows[0])
    rows = change(rows)
    out = io.StringIO()
    writer = csv.DictWriter(out, header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def set_cells(card_id: str, **cells: str):
    def change(rows):
        for row in rows:
            if row["id"] == card_id:
                row.update(cells)
        return rows

    return change


def errors(folder: Path) -> list[str]:
    _, problems = load_game(folder)
    return [str(p) for p in problems if p.is_error]


def manifest_errors(tmp_path: Path, change) -> list[str]:
    folder = copy_luturas(tmp_path)
    raw = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    change(raw)
    (folder / "manifest.json").write_text(json.dumps(raw), encoding="utf-8")
    return errors(folder)


def new_card(rows):
    fernwing = next(r for r in rows if r["id"] == "fernwing")
    rows.append(
        {
            **fernwing,
            "id": "mossling",
            "serial": "LT3-069",
            "name": "Mossling",
            "effect": "",
            "does": "deploy, may: heal 1 own_luturas nature=botanical, draw 1",
            "quantity": "2",
        }
    )
    return rows
