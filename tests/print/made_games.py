"""Small games written to a folder for the print tests: the fields and back most types share, a
manifest from its types, and `write_game`, which lays out card_data/<id>/ (manifest, sheets, art)
and templates/ (the base templates, the icons and the game's own layouts) under a root."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from cardgen.data.project import REPO_ROOT

ID = {"name": "id", "type": "id", "required": True}
NAME = {"name": "name", "type": "text", "required": True}
TEXT = {"name": "text", "type": "text"}
QUANTITY = {"name": "quantity", "type": "int", "default": 1}
DECK_BACK = {"style": "fixed", "label": "Deck", "color": "#0072B2", "mark": "diamond"}


def kind(tid: str, sheet: str, of: str, *fields: dict, **more: Any) -> dict[str, Any]:
    """A component type: its id, sheet, kind, fields and anything else (size, back)."""
    return {"id": tid, "sheet": sheet, "kind": of, **more, "fields": list(fields)}


def manifest(gid: str, name: str, *types: dict, **more: Any) -> dict[str, Any]:
    """A game for one or two players with `types`."""
    return {"id": gid, "name": name, "players": {"min": 1, "max": 2}, **more, "types": list(types)}


def write_game(root: Path, described: dict[str, Any], sheets: dict[str, list[str]],
               layouts: dict[str, str] | None = None) -> Path:  # fmt: skip
    """card_data/<id>/ under `root` with the manifest `described` and each sheet's rows (header
    first), and templates/ with the base templates, the icons and `layouts` (type id: TOML)."""
    game = root / "card_data" / described["id"]
    game.mkdir(parents=True)
    (game / "manifest.json").write_text(json.dumps(described), encoding="utf-8")
    for sheet, rows in sheets.items():
        (game / f"{sheet}.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    templates = root / "templates"
    if not templates.exists():
        shutil.copytree(REPO_ROOT / "templates" / "base", templates / "base")
        shutil.copy(REPO_ROOT / "templates" / "icons.json", templates / "icons.json")
    if layouts:
        (templates / described["id"]).mkdir()
        for tid, layout in layouts.items():
            (templates / described["id"] / f"{tid}.toml").write_text(layout, encoding="utf-8")
    return game
