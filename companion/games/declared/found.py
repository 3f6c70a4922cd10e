"""The declared games in reach: every game folder in the data root whose manifest has a table.

Looked up when asked (the chooser, a saved game's id), not once at import, so a game made by
`cardgen new` while the companion runs appears on the next look. A folder is read again only when
its manifest or a sheet changed; a game whose data has an error is left off the chooser (and a
saved game of it says it cannot be played), never a traceback: `cardgen validate` names the
problem.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"


def roots() -> list[Path]:
    """The data root the print kit uses (`--data`'s default: $CARDGEN_DATA, ./card_data, the
    checkout's card_data), and the checkout's card_data beside it."""
    from cardgen.data.project import REPO_ROOT, data_root

    found: list[Path] = []
    for root in (data_root(), REPO_ROOT / "card_data"):
        if root.is_dir() and root.resolve() not in [r.resolve() for r in found]:
            found.append(root)
    return found


def _stamp(folder: Path) -> tuple[tuple[str, int], ...]:
    """What changes when a designer saves the manifest or a sheet."""
    return tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.iterdir() if p.is_file()))


def declares_table(folder: Path) -> dict[str, Any] | None:
    """The manifest of `folder` when it declares a table, else None (unreadable counts as none)."""
    try:
        raw = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return raw if isinstance(raw, dict) and isinstance(raw.get("table"), dict) else None


def folders() -> dict[str, tuple[Path, dict[str, Any]]]:
    """Game id -> (folder, manifest) of every declared game in reach; the first root wins."""
    out: dict[str, tuple[Path, dict[str, Any]]] = {}
    for root in roots():
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            raw = declares_table(folder)
            if raw is not None and isinstance(raw.get("id"), str):
                out.setdefault(raw["id"], (folder, raw))
    return out


def load(folder: Path) -> Any:
    """The game in `folder`, loaded and validated (a DataError when it has errors)."""
    return _load(folder.resolve(), _stamp(folder))


@lru_cache(maxsize=16)
def _load(folder: Path, stamp: tuple[tuple[str, int], ...]) -> Any:
    from cardgen.data.database import load_game_or_raise

    return load_game_or_raise(folder)


def loads(folder: Path) -> bool:
    """Whether the game in `folder` loads without errors (so it may be offered)."""
    from cardgen.data.errors import DataError

    try:
        return load(folder).table is not None
    except DataError:
        return False
