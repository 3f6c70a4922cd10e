"""The typefaces a game names in its manifest: `"fonts"`, each family a TrueType file per style
in the game's own folder, with the licence it ships under.

    "fonts": {
      "display": {"regular": "fonts/Cinzel-Bold.ttf", "licence": "fonts/OFL.txt",
                  "source": "Cinzel by Natanael Gama, npm @expo-google-fonts/cinzel"},
      "text": {"regular": "fonts/Lato-Regular.ttf", "bold": "fonts/Lato-Bold.ttf", ...}
    }

A layout sets text in a family by its name (`font = "display"`, `font = "display bold"`); the
family named "text", when there is one, takes Vera's place for every other text of the game
(`font = "bold"` is then its bold). Only the files are read here (they exist, in the folder, as
.ttf); whether the PDF can embed one is for the print kit, which registers them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.errors import Location, Problems, clip, quoted
from cardgen.data.manifest_reader import _Reader

STYLES = ("regular", "bold", "italic", "bolditalic")
TEXT = "text"  # the family that sets every text a layout does not give a family
FAMILY_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
FONT_SUFFIXES = (".ttf",)  # TrueType outlines: reportlab embeds no CFF (.otf) font


@dataclass(frozen=True)
class FontFamily:
    """One family: its files by style (regular always), its licence file and where it came from."""

    name: str
    files: dict[str, Path]
    licence: Path | None
    source: str


def read_fonts(raw: Any, folder: Path, problems: Problems, loc: Location) -> dict[str, FontFamily]:
    """The manifest's `"fonts"` section as families; every problem recorded, naming its key."""
    if raw is None:
        return {}
    r = _Reader(raw, "fonts", problems, loc)
    families: dict[str, FontFamily] = {}
    for name in list(r.obj):
        if name.startswith("_"):
            continue
        where = f"fonts.{clip(name, 32)}"
        if not FAMILY_NAME.fullmatch(name) or name in STYLES:
            r.fail(f"{quoted(name)} is not a family name: lower-case letters, digits and _, "
                   f"not one of {', '.join(STYLES)}")  # fmt: skip
            r.used.add(name)
            continue
        fr = _Reader(r.get(name, dict, {}), where, problems, loc)
        files: dict[str, Path] = {}
        for style in STYLES:
            value = fr.get(style, str)
            if value is not None:
                path = _file(value, folder, f"{where}.{style}", FONT_SUFFIXES, fr)
                if path is not None:
                    files[style] = path
        if "regular" not in fr.obj:
            fr.fail('"regular" is missing: every family needs its regular file')
        licence_name = fr.get("licence", str)
        licence = None
        if licence_name is not None:
            licence = _file(licence_name, folder, f"{where}.licence", None, fr)
        else:
            fr.fail('"licence" is missing: name the licence file the font ships under')
        source = fr.get("source", str, "")
        fr.finish()
        if "regular" in files:
            families[name] = FontFamily(name, files, licence, source)
    r.finish()
    return families


def _file(
    value: str, folder: Path, where: str, suffixes: tuple[str, ...] | None, r: _Reader
) -> Path | None:
    """`value` as a file inside `folder`, or None with the problem recorded."""
    relative = Path(value)
    if relative.is_absolute() or ".." in relative.parts:
        r.problems.error(r.loc, f"{where}: {quoted(value)} must be a path inside the game folder")
        return None
    if suffixes and relative.suffix.lower() not in suffixes:
        r.problems.error(
            r.loc, f"{where}: {quoted(value)} is not a TrueType file (.ttf): the PDF embeds only "
            "TrueType outlines",
        )  # fmt: skip
        return None
    path = folder / relative
    if not path.is_file():
        r.problems.error(r.loc, f"{where}: {quoted(value)} is not in the game folder")
        return None
    return path
