"""Where games live and how a name on the command line becomes a game folder."""

from __future__ import annotations

import os
from pathlib import Path

from cardgen.data.errors import DataError, Location
from cardgen.data.manifest import MANIFEST_NAME
from cardgen.data.suggest import did_you_mean

REPO_ROOT = Path(__file__).resolve().parents[2]


def data_root(explicit: Path | None = None) -> Path:
    """`--data`, else `$CARDGEN_DATA`, else ./card_data, else the checkout's card_data."""
    if explicit is not None:
        return explicit
    env = os.environ.get("CARDGEN_DATA")
    if env:
        return Path(env)
    here = Path.cwd() / "card_data"
    return here if here.is_dir() else REPO_ROOT / "card_data"


def templates_for(game_folder: Path) -> Path:
    """The layout templates of the game in `game_folder`: a `templates` folder beside its data
    root (one with `base/`, as `cardgen new` makes for a project of its own), else the
    checkout's."""
    sibling = game_folder.parent.parent / "templates"
    return sibling if (sibling / "base").is_dir() else REPO_ROOT / "templates"


def output_root() -> Path:
    env = os.environ.get("CARDGEN_OUTPUT")
    if env:
        return Path(env)
    return Path.cwd() / "output" if (Path.cwd() / "card_data").is_dir() else REPO_ROOT / "output"


def game_ids(root: Path) -> list[str]:
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / MANIFEST_NAME).is_file())


def game_folder(name: str, root: Path) -> Path:
    """A game id under the data root, or a path to any folder with a manifest."""
    as_path = Path(name)
    if (as_path / MANIFEST_NAME).is_file():
        return as_path
    candidate = root / name
    if (candidate / MANIFEST_NAME).is_file():
        return candidate
    ids = game_ids(root)
    known = ", ".join(ids) or "none"
    raise DataError.at(
        Location(name), f"no such game (games in {root}: {known}){did_you_mean(name, ids)}"
    )


def resolve_games(names: tuple[str, ...] | list[str], root: Path) -> list[Path]:
    if not names or list(names) == ["all"]:
        ids = game_ids(root)
        if not ids:
            raise DataError.at(Location(str(root)), "no games here (no folder with manifest.json)")
        return [root / i for i in ids]
    return [game_folder(n, root) for n in names]
