"""Art named in the data: where an `image` value's file lies, and whose picture it is.

An `image` field holds either a path inside the game's folder (`art/wolf.png`) or a library
name (`game-icons:wolf-head`). A library name is a file that `scripts/fetch_art.py` writes into
the game's folder (`art/game-icons/wolf-head.svg`) together with `SOURCES.json` beside it, which
records for every picture it wrote where it came from, who made it, its licence and the digest of
the file as written. That record is what the rulebooks' credits and the top-level CREDITS file
print, so a picture's credit cannot be forgotten once the picture is used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.suggest import did_you_mean

LIBRARIES = {"game-icons": "art/game-icons"}  # prefix -> folder inside the game's folder
SOURCES_FILE = "SOURCES.json"
ICON_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ArtNameError(ValueError):
    """A library name that cannot name a file (`game-icons:../x`, an unknown library)."""


def library_name(value: str) -> tuple[str, str] | None:
    """(`game-icons`, `wolf-head`) for a library name, None for a plain path.

    Raises ArtNameError for a value that looks like a library name but cannot be one."""
    prefix, sep, name = value.partition(":")
    if not sep or "/" in prefix or "." in prefix:
        return None
    if prefix not in LIBRARIES:
        raise ArtNameError(
            f"{value!r}: unknown art library {prefix!r} (known: {', '.join(LIBRARIES)})"
            f"{did_you_mean(prefix, LIBRARIES)}"
        )
    if not ICON_NAME.match(name):
        raise ArtNameError(f"{value!r}: an icon name is lower-case words joined by '-'")
    return prefix, name


def art_path(value: str) -> str:
    """The path inside the game's folder that an `image` value stands for."""
    named = library_name(value)
    if named is None:
        return value
    prefix, name = named
    return f"{LIBRARIES[prefix]}/{name}.svg"


def is_library_art(value: str) -> bool:
    try:
        return library_name(value) is not None
    except ArtNameError:
        return False


@dataclass(frozen=True)
class Credit:
    """One picture's provenance as `SOURCES.json` records it."""

    art: str  # the value cards use, e.g. game-icons:wolf-head
    title: str  # the picture's name in its library
    author: str
    source: str  # where the file came from (package and version)
    url: str  # where a reader finds the library
    license: str
    license_url: str


def sources_files(folder: Path) -> list[Path]:
    """Every provenance record under a game's art folder."""
    art = folder / "art"
    return sorted(art.rglob(SOURCES_FILE)) if art.is_dir() else []


def read_sources(path: Path) -> dict[str, Any]:
    """A `SOURCES.json` as a dict (`{"library": {...}, "files": {name: {...}}}`); empty if none."""
    if not path.is_file():
        return {"library": {}, "files": {}}
    data = json.loads(path.read_text(encoding="utf-8"))
    data.setdefault("library", {})
    data.setdefault("files", {})
    return data


def credits(folder: Path, used: set[str] | None = None) -> list[Credit]:
    """The credits of the pictures recorded in a game's folder (only `used` ones, if given),
    sorted by name."""
    found = []
    for path in sources_files(folder):
        data = read_sources(path)
        library = data["library"]
        for name, entry in data["files"].items():
            art = entry.get("art", name)
            if used is not None and art not in used:
                continue
            found.append(
                Credit(
                    art=art,
                    title=entry.get("title", name),
                    author=entry.get("author", library.get("author", "")),
                    source=library.get("source", ""),
                    url=library.get("url", ""),
                    license=entry.get("license", library.get("license", "")),
                    license_url=entry.get("license_url", library.get("license_url", "")),
                )
            )
    return sorted(found, key=lambda c: c.art)
