#!/usr/bin/env python3
"""Fetch the Game Icons pictures the games name, with their credits, into each game's folder.

A card's `art` cell may name a picture of the Game Icons library (`game-icons:wolf-head`; over
4,000 single-path vector pictures under CC BY 3.0). This script finds every such name in every
game's sheets and layouts, takes the pictures from the npm package `@iconify-json/game-icons`
(the pinned version below, fetched with `npm pack`: nothing is installed), and writes each one
into `card_data/<game>/art/game-icons/<name>.svg`, recording beside it in `SOURCES.json` where
it came from, its authors, its licence and the digest of the file written. The rulebooks' credits
and the top-level CREDITS file are made from those records (this script writes CREDITS too).

The fetched files are committed with the data, so a build needs no network: the script only
calls npm when a name has no file yet, and it never overwrites a file it did not write (or that
was edited since). A name the package does not have is an error naming the sheet, row and column.

    python scripts/fetch_art.py                 # every game; fetches only what is missing
    python scripts/fetch_art.py vita_luna       # one game
    python scripts/fetch_art.py --check         # fetch nothing; exit 1 if a picture is missing
    python scripts/fetch_art.py --package x.tgz # use a package file already at hand
"""

from __future__ import annotations

import argparse
import csv
import difflib
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cardgen.data.art import LIBRARIES, SOURCES_FILE, read_sources  # noqa: E402
from cardgen.data.readers.raw import column_letter  # noqa: E402

PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"  # pinned: a new version may redraw a picture; change it on purpose
LIBRARY = "game-icons"
SITE = "https://game-icons.net"
GENERATOR = "scripts/fetch_art.py"
AUTHORS = Path(__file__).with_name("game-icons-authors.json")  # who drew which icon
CC0_URL = "https://creativecommons.org/publicdomain/zero/1.0/"
NAME_IN_CELL = re.compile(r"\bgame-icons:([A-Za-z0-9_.-]+)")
SHEET_SUFFIXES = (".csv", ".tsv", ".json", ".xlsx")


class FetchError(Exception):
    """A problem a designer fixes (a wrong name, no npm): printed as one line, exit 1."""


@dataclass
class Uses:
    """Where each picture is named: name -> ["creatures.csv row 3, column art", ...]."""

    places: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, where: str) -> None:
        self.places.setdefault(name, []).append(where)


def shown(path: Path) -> str:
    """A path as a message names it: from the repository's top when it lies inside."""
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


# finding the names ---------------------------------------------------------------------------
def _scan_rows(rows: list[list[str]], label: str, uses: Uses) -> None:
    header = rows[0] if rows else []
    for r, row in enumerate(rows[1:], start=2):
        for c, cell in enumerate(row):
            for match in NAME_IN_CELL.finditer(str(cell or "")):
                column = header[c] if c < len(header) and header[c] else column_letter(c)
                uses.add(match.group(1), f"{label} row {r}, column {column}")


def _scan_sheet(path: Path, label: str, uses: Uses) -> None:
    if path.suffix in (".csv", ".tsv"):
        text = path.read_text(encoding="utf-8-sig")
        dialect = "excel-tab" if path.suffix == ".tsv" else "excel"
        _scan_rows(list(csv.reader(io.StringIO(text), dialect)), label, uses)
    elif path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, list):
            for r, row in enumerate(data, start=2):
                items = row.items() if isinstance(row, dict) else []
                for key, value in items:
                    for match in NAME_IN_CELL.finditer(json.dumps(value)):
                        uses.add(match.group(1), f"{label} row {r}, column {key}")
    elif path.suffix == ".xlsx":
        from openpyxl import load_workbook

        book = load_workbook(path, read_only=True, data_only=True)
        for sheet in book.worksheets:
            rows = [
                ["" if v is None else str(v) for v in row]
                for row in sheet.iter_rows(values_only=True)
            ]
            _scan_rows(rows, f"{label} [{sheet.title}]", uses)


def find_uses(game: Path, templates: Path) -> Uses:
    """Every `game-icons:` name in a game's sheets and in the layouts that draw it."""
    uses = Uses()
    for path in sorted(game.iterdir()):
        if path.is_file() and path.suffix in SHEET_SUFFIXES and path.name != "manifest.json":
            _scan_sheet(path, f"{shown(game)}/{path.name}", uses)
    layouts = [templates / game.name, templates / "base"]  # base layouts draw for every game
    for path in sorted(p for folder in layouts if folder.is_dir() for p in folder.rglob("*.toml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in NAME_IN_CELL.finditer(line):
                uses.add(match.group(1), f"{shown(path)} line {n}")
    return uses


# the package -------------------------------------------------------------------------------
@dataclass
class Package:
    icons: dict[str, dict]
    aliases: dict[str, dict]
    info: dict
    width: int
    height: int

    def body(self, name: str) -> str | None:
        seen = set()
        while name in self.aliases and name not in self.icons and name not in seen:
            seen.add(name)
            name = self.aliases[name].get("parent", "")
        icon = self.icons.get(name)
        return icon["body"] if icon else None


def npm_pack(destination: Path) -> Path:
    """The package's tarball, fetched (and checked against the registry's digest) by npm."""
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError(
            "npm is needed to fetch new pictures: install it (Debian: apt-get install npm, "
            "or `bash scripts/system-deps.sh npm`) and run again"
        )
    spec = f"{PACKAGE}@{VERSION}"
    result = subprocess.run(
        [npm, "pack", spec, "--json", "--pack-destination", str(destination)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no message"])[-1]
        raise FetchError(f"npm pack {spec} failed: {last}")
    name = json.loads(result.stdout)[0]["filename"]
    return destination / name


def read_package(tarball: Path) -> Package:
    with tarfile.open(tarball, "r:gz") as archive:

        def member(name: str) -> dict:
            handle = archive.extractfile(f"package/{name}")
            if handle is None:
                raise FetchError(f"{tarball.name} has no {name}; is it {PACKAGE}?")
            return json.loads(handle.read().decode("utf-8"))

        icons, info = member("icons.json"), member("info.json")
    return Package(icons["icons"], icons.get("aliases", {}), info,
                   int(icons.get("width", 512)), int(icons.get("height", 512)))  # fmt: skip


# writing -----------------------------------------------------------------------------------
def svg_text(name: str, body: str, width: int, height: int) -> str:
    paths = re.findall(r'\sd="([^"]+)"', body)
    if not paths or "<path" not in body or re.search(r"<(?!path|/path)\w", body):
        raise FetchError(f"game-icons:{name}: the package's picture is not a plain path")
    shapes = "\n".join(f'  <path fill="currentColor" d="{d}"/>' for d in paths)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">\n'
        f"  <title>{name}</title>\n"
        f"  <desc>Game Icons ({SITE}), CC BY 3.0: see {SOURCES_FILE} beside this file.</desc>\n"
        f"{shapes}\n</svg>\n"
    )


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def library_record(package: Package) -> dict:
    info = package.info
    author = info.get("author", {})
    license_ = info.get("license", {})
    return {
        "name": info.get("name", "Game Icons"),
        "source": f"npm:{PACKAGE}@{VERSION}",
        "url": SITE,
        "author": author.get("name", ""),
        "author_url": author.get("url", ""),
        "license": license_.get("title", ""),
        "license_spdx": license_.get("spdx", ""),
        "license_url": license_.get("url", ""),
    }


def icon_authors() -> dict[str, dict]:
    """Each icon's author (name, url, licence) from `game-icons-authors.json`: the package names
    only the library, while its licence asks for "Icons made by {author}"."""
    if not AUTHORS.is_file():
        return {}
    table = json.loads(AUTHORS.read_text(encoding="utf-8"))
    return {
        name: table["authors"][slug] for slug, names in table["icons"].items() for name in names
    }


def write_pictures(folder: Path, wanted: list[str], package: Package) -> list[str]:
    """Write the `wanted` pictures into `folder` and record them; returns the names written."""
    folder.mkdir(parents=True, exist_ok=True)
    record_path = folder / SOURCES_FILE
    record = read_sources(record_path)
    if record_path.is_file() and record.get("generator") != GENERATOR:
        raise FetchError(f"{shown(record_path)} was not written by {GENERATOR}; "
                         "move it away to fetch pictures here")  # fmt: skip
    record["generator"] = GENERATOR
    record["library"] = library_record(package)
    written = []
    authors = icon_authors()
    for name in wanted:
        body = package.body(name)
        assert body is not None  # checked by the caller
        data = svg_text(name, body, package.width, package.height).encode("utf-8")
        target = folder / f"{name}.svg"
        entry = record["files"].get(target.name)
        if target.exists():
            current = digest(target.read_bytes())
            if entry is None or entry.get("sha256") != current:
                raise FetchError(
                    f"not overwriting {shown(target)}: {GENERATOR} did not write it "
                    "(or it was edited since); move it away to fetch it again"
                )
        if not target.exists() or digest(target.read_bytes()) != digest(data):
            target.write_bytes(data)
            written.append(name)
        author = authors.get(name, {})
        entry = {
            "art": f"{LIBRARY}:{name}",
            "title": name.replace("-", " ").capitalize(),
            "author": author.get("name", record["library"]["author"]),
            "sha256": digest(data),
        }
        if author.get("url"):
            entry["author_url"] = author["url"]
        if author.get("license") == "CC0":
            entry["license"], entry["license_url"] = "CC0 1.0", CC0_URL
        record["files"][target.name] = entry
    record["files"] = dict(sorted(record["files"].items()))
    record_path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return written


def unknown_names(uses: Uses, package: Package) -> list[str]:
    lines = []
    for name, places in sorted(uses.places.items()):
        if package.body(name) is None:
            close = difflib.get_close_matches(name, list(package.icons), n=1)
            hint = f" (did you mean game-icons:{close[0]}?)" if close else ""
            for where in places:
                lines.append(f"{where}: game-icons:{name} is not in {PACKAGE} {VERSION}{hint}")
    return lines


# credits -----------------------------------------------------------------------------------
def credits_text(games: list[Path]) -> str:
    """The top-level CREDITS file: every recorded picture, game by game."""
    from cardgen.data.art import credits

    lines = [
        "# Credits",
        "",
        "The card pictures of the games in card_data/ come from the Game Icons library",
        f"({SITE}), taken from the npm package {PACKAGE} {VERSION}. Each picture is by the",
        "author named beside it and licensed under CC BY 3.0",
        "(https://creativecommons.org/licenses/by/3.0/) unless another licence is named.",
        f"This file is written by {GENERATOR} from each game's art/*/{SOURCES_FILE}.",
        "The typefaces a game's manifest names follow its pictures, each with where it comes",
        "from and the licence file shipped beside it in the game's folder.",
    ]
    for game in games:
        found = credits(game)
        manifest = json.loads((game / "manifest.json").read_text(encoding="utf-8"))
        fonts = {k: v for k, v in (manifest.get("fonts") or {}).items() if not k.startswith("_")}
        if not found and not fonts:
            continue
        lines += ["", f"## {manifest.get('name') or game.name}", ""]
        lines += [f"- {c.title} ({c.art}): icons made by {c.author}, {c.license}" for c in found]
        for use, family in sorted(fonts.items()):  # the typefaces the manifest names
            licence = f"{game.name}/{family.get('licence', '')}"
            lines.append(f"- Typeface, {use}: {family.get('source', '')}; licence {licence}")
    return "\n".join(lines) + "\n"


def write_credits(path: Path, text: str) -> None:
    """CREDITS is rewritten from the records, unless someone else wrote the file there."""
    if path.is_file() and f"written by {GENERATOR}" not in path.read_text(encoding="utf-8"):
        raise FetchError(f"not overwriting {shown(path)}: {GENERATOR} did not write it")
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game folders under card_data (default: all)")
    parser.add_argument("--check", action="store_true", help="fetch nothing; fail if missing")
    parser.add_argument("--package", type=Path, help="a package tarball to read instead of npm")
    parser.add_argument(
        "--refresh", action="store_true", help="read the package again for every name in use"
    )
    parser.add_argument("--data", type=Path, default=REPO / "card_data")
    parser.add_argument("--templates", type=Path, default=REPO / "templates")
    args = parser.parse_args(argv)
    assert LIBRARIES[LIBRARY]  # the folder the card database reads these names from
    every = sorted(p for p in args.data.iterdir() if (p / "manifest.json").is_file())
    games = [args.data / g for g in args.games] or every
    try:
        missing = {}
        all_uses = {}
        for game in games:
            if not (game / "manifest.json").is_file():
                raise FetchError(f"{game}: no such game (no manifest.json)")
            uses = find_uses(game, args.templates)
            all_uses[game] = uses
            folder = game / LIBRARIES[LIBRARY]
            need = [
                n
                for n in sorted(uses.places)
                if args.refresh or not (folder / f"{n}.svg").is_file()
            ]
            if need:
                missing[game] = need
        if missing and args.check:
            for game, names in missing.items():
                for name in names:
                    print(f"{all_uses[game].places[name][0]}: game-icons:{name} is not fetched "
                          f"yet (run {GENERATOR})", file=sys.stderr)  # fmt: skip
            return 1
        if missing:
            with tempfile.TemporaryDirectory() as tmp:
                tarball = args.package or npm_pack(Path(tmp))
                package = read_package(tarball)
            problems = [line for g in missing for line in unknown_names(all_uses[g], package)]
            if problems:
                raise FetchError("\n".join(problems))
            for game, names in missing.items():
                done = write_pictures(game / LIBRARIES[LIBRARY], names, package)
                print(f"{game.name}: {len(names)} picture(s) recorded, {len(done)} written")
        if not args.check and args.data == REPO / "card_data":
            write_credits(REPO / "CREDITS", credits_text(every))
    except FetchError as exc:
        print(f"fetch_art: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
