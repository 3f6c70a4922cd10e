"""Hostile folders: a unit's art reached through links that lead out of the game's folder, each
refused in one line."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..conftest import write_game
from .units import PNG, UNIT_FIELDS, bat, write_units


@dataclass(frozen=True)
class FolderCase:
    """A unit whose art is `art` in a folder `arrange` sets up (`outside` is beside the game)."""

    name: str
    art: str
    arrange: Callable[[Path, Path], None]
    expect: str


def _link(target: str, name: str = "art/bat.png") -> Callable[[Path, Path], None]:
    def arrange(game: Path, outside: Path) -> None:
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target.format(outside=outside), path)

    return arrange


def _linked_folder(game: Path, outside: Path) -> None:
    os.symlink(outside, game / "art")


def _linked_root(game: Path, outside: Path) -> None:
    os.symlink("/", game / "art")


OUTSIDE = "leads outside the game's folder (through a link)"
FOLDER_CASES = [
    FolderCase("art linked out", "art/bat.png", _link("{outside}/secret.png"), OUTSIDE),
    FolderCase(
        "art linked out relatively", "art/bat.png", _link("../../outside/secret.png"), OUTSIDE
    ),
    FolderCase("art linked to /etc", "art/bat.png", _link("/etc/hostname"), OUTSIDE),
    FolderCase("art folder linked out", "art/secret.png", _linked_folder, OUTSIDE),
    FolderCase(
        "art linked to a missing file outside",
        "art/bat.png",
        _link("{outside}/nothing.png"),
        OUTSIDE,
    ),
    FolderCase("art folder linked to /", "art/etc/hostname", _linked_root, OUTSIDE),
]


def write_folder_case(root: Path, case: FolderCase) -> Path:
    outside = root / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.png").write_bytes(PNG)
    folder = write_game(root / "g")
    case.arrange(folder, outside)
    write_units(folder, "csv", [bat({"art": case.art})], list(UNIT_FIELDS))
    return folder
