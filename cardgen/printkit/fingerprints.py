"""What each card looked like at the last build, so `--changed` can print only what changed.

A card's fingerprint covers its own values, its type's layouts (front and back) and the icon
files; editing a layout therefore marks every card of that type changed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cardgen.data.database import Game
from cardgen.printkit.faces import templates_root
from cardgen.printkit.layout.template import find_layout


def _file_hash(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest() if path.is_file() else ""


def fingerprints(game: Game, type_ids: list[str]) -> dict[str, dict[str, str]]:
    root = templates_root(game)
    icons = _file_hash(root / "icons.json") + _file_hash(root / game.id / "icons.json")
    result: dict[str, dict[str, str]] = {}
    for type_id in type_ids:
        spec = game.spec.type(type_id)
        layouts = "".join(
            _file_hash(find_layout(root, game.id, spec.id, spec.kind, side))
            for side in ("front", "back")
        )
        manifest = json.dumps([t for t in game.spec.raw.get("types", []) if t.get("id") == type_id],
                              sort_keys=True, default=str)  # fmt: skip
        result[type_id] = {
            card.id: hashlib.sha1(
                (
                    json.dumps(card.values, sort_keys=True, default=str)
                    + layouts
                    + icons
                    + manifest
                ).encode("utf-8")
            ).hexdigest()
            for card in game.cards.get(type_id, [])
        }
    return result
