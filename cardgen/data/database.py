"""Load a whole game: its manifest, then every sheet in whichever format it was saved.

A sheet named `creatures` may be `creatures.csv` (or `.tsv`), `creatures.json`, or a worksheet
`creatures` in any `.xlsx` workbook of the game's folder. Exactly one of these must exist, so a
stale export left beside the real sheet is reported instead of silently winning.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cardgen.data import remote
from cardgen.data.checks import check_game
from cardgen.data.errors import DataError, Location, Problem, Problems, quoted
from cardgen.data.fields import ParseContext
from cardgen.data.game import Game
from cardgen.data.manifest import MANIFEST_NAME, load_manifest
from cardgen.data.numbers import RuleNumbers, read_numbers, resolve_bounds
from cardgen.data.readers import RawSheet, read_csv, read_json, read_xlsx, worksheet_names
from cardgen.data.records import cards_from_sheet
from cardgen.data.spec import GameSpec, TypeSpec
from cardgen.data.table_reader import read_table

TEXT_SUFFIXES = {".csv": "csv", ".tsv": "csv", ".json": "json"}

__all__ = ["Game", "load_game", "load_game_or_raise"]  # Game lives in cardgen.data.game


@dataclass(frozen=True)
class SheetSource:
    format: str  # csv | json | xlsx
    path: Path
    worksheet: str = ""


def display_path(path: Path) -> str:
    """Paths as the person typed them: relative to where they stand, when possible."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path.resolve()) if relative.startswith("..") else relative


def find_sources(folder: Path, sheet: str, workbooks: dict[Path, list[str]]) -> list[SheetSource]:
    found = []
    for suffix, fmt in TEXT_SUFFIXES.items():
        for candidate in folder.iterdir():
            if candidate.is_file() and candidate.name.lower() == (sheet + suffix).lower():
                found.append(SheetSource(fmt, candidate))
    for book, names in workbooks.items():
        for name in names:
            if name.lower() == sheet.lower():
                found.append(SheetSource("xlsx", book, name))
    return found


def read_source(source: SheetSource) -> RawSheet:
    shown = display_path(source.path)
    if source.format == "csv":
        return read_csv(source.path, Location(shown))
    if source.format == "json":
        return read_json(source.path, Location(shown))
    return read_xlsx(source.path, source.worksheet, shown)


def _workbooks(folder: Path, problems: Problems) -> dict[Path, list[str]]:
    books: dict[Path, list[str]] = {}
    for path in sorted(folder.glob("*.xlsx")):
        if path.name.startswith("~$"):  # Excel's lock file while the workbook is open
            continue
        try:
            books[path] = worksheet_names(path, display_path(path))
        except DataError as exc:
            problems.extend(exc.problems)
    return books


def _load_sheet(
    folder: Path, spec: TypeSpec, books: dict[Path, list[str]], problems: Problems
) -> tuple[RawSheet | None, str]:
    sources = find_sources(folder, spec.sheet, books)
    where = Location(display_path(folder / MANIFEST_NAME))
    if spec.url:
        return _load_remote(folder, spec, sources, where, problems)
    if not sources:
        problems.error(
            where,
            f"no sheet for {spec.plural}: expected {spec.sheet}.csv, {spec.sheet}.json "
            f"or a worksheet named {spec.sheet!r} in an .xlsx workbook",
        )
        return None, ""
    if len(sources) > 1:
        names = ", ".join(
            display_path(s.path) + (f"[{s.worksheet}]" if s.worksheet else "") for s in sources
        )
        problems.error(where, f"{spec.plural} are stored twice ({names}); keep only one")
        return None, ""
    try:
        return read_source(sources[0]), sources[0].format
    except DataError as exc:
        problems.extend(exc.problems)
        return None, ""


def _load_remote(
    folder: Path, spec: TypeSpec, sources: list[SheetSource], where: Location, problems: Problems
) -> tuple[RawSheet | None, str]:
    """A sheet the manifest keeps at an address: fetched (or its cached copy) and read like a
    file, its cells named by the sheet and the address; a local sheet of that name is ignored,
    and said to be."""
    for s in sources:
        shown = display_path(s.path) + (f"[{s.worksheet}]" if s.worksheet else "")
        problems.warning(
            Location(shown), f"ignored: the manifest reads {spec.plural} from {spec.url}"
        )
    try:
        got = remote.fetch(folder, spec.sheet, spec.url, where)
        if got.note:
            problems.warning(where, got.note)
        shown = f"{spec.sheet} ({spec.url})"
        if got.format == "csv":
            return read_csv(got.path, Location(shown)), "csv"
        if got.format == "json":
            return read_json(got.path, Location(shown)), "json"
        names = worksheet_names(got.path, shown)
        named = [n for n in names if n.lower() == spec.sheet.lower()]
        if not named and len(names) != 1:
            problems.error(
                where,
                f"{spec.plural}: the workbook at {spec.url} has {len(names)} worksheets "
                f"({', '.join(names)}) and none is named {spec.sheet!r}",
            )
            return None, ""
        return read_xlsx(got.path, (named or names)[0], shown), "xlsx"
    except DataError as exc:
        problems.extend(exc.problems)
        return None, ""


def _keyword_aliases(game: Game) -> dict[str, dict[str, str]]:
    aliases: dict[str, dict[str, str]] = {}
    for set_id, words in game.keywords.items():
        table = aliases.setdefault(set_id, {})
        for kid, card in words.items():
            for alias in (kid, card.get("name", "")):
                key = " ".join(str(alias).lower().replace("_", " ").replace("-", " ").split())
                if key:
                    table.setdefault(key, kid)
    return aliases


def _unused_files(folder: Path, spec: GameSpec, books: dict[Path, list[str]], problems: Problems):
    sheets = {t.sheet.lower() for t in spec.types}
    for extra in (spec.keyword_type, spec.numbers_type):
        if extra is not None:
            sheets.add(extra.sheet.lower())
    for path in sorted(folder.iterdir()):
        stem, suffix = path.stem.lower(), path.suffix.lower()
        if suffix in TEXT_SUFFIXES and path.name != MANIFEST_NAME and stem not in sheets:
            problems.warning(
                Location(display_path(path)), "no card type uses this sheet; it is ignored"
            )
    for book, names in books.items():
        for name in names:
            if name.lower() not in sheets:
                problems.warning(
                    Location(f"{display_path(book)}[{name}]"),
                    "no card type uses this worksheet; it is ignored",
                )


def load_game(folder: Path) -> tuple[Game | None, list[Problem]]:
    """The game in `folder` and every problem found; the game is None if the manifest is broken.

    Cross-record checks (duplicate ids, references, decks) run here too, so a caller gets the same
    verdict as `cardgen validate`.
    """
    problems = Problems()
    try:
        spec = load_manifest(folder, display_path(folder / MANIFEST_NAME))
    except DataError as exc:
        return None, exc.problems
    books = _workbooks(folder, problems)
    numbers, formats = None, {}
    if spec.numbers_type:
        sheet, fmt = _load_sheet(folder, spec.numbers_type, books, problems)
        if sheet is not None:
            formats[spec.numbers_type.sheet] = fmt
            numbers = read_numbers(sheet, spec.numbers_type, problems, spec.id)
            manifest = Location(display_path(folder / MANIFEST_NAME))
            spec = resolve_bounds(spec, numbers, problems, manifest)
    none = RuleNumbers(source=display_path(folder / MANIFEST_NAME), game=spec.id)
    game = Game(spec, formats=formats, numbers=none if numbers is None else numbers)
    if spec.keyword_type:
        sheet, fmt = _load_sheet(folder, spec.keyword_type, books, problems)
        if sheet is not None:
            game.formats[spec.keyword_type.sheet] = fmt
            plain = ParseContext(numbers=numbers)
            for card in cards_from_sheet(sheet, spec.keyword_type, plain, problems):
                words = game.keywords.setdefault(card["set"], {})
                if card.id in words:
                    problems.error(
                        card.where("id"),
                        f"keyword {quoted(card.id)} is declared twice in {card['set']}",
                    )
                words.setdefault(card.id, card)
    ctx = ParseContext(_keyword_aliases(game), numbers)
    for type_spec in spec.types:
        sheet, fmt = _load_sheet(folder, type_spec, books, problems)
        game.cards[type_spec.id] = []
        if sheet is not None:
            game.formats[type_spec.sheet] = fmt
            game.cards[type_spec.id] = cards_from_sheet(sheet, type_spec, ctx, problems)
    _unused_files(folder, spec, books, problems)
    check_game(game, problems)
    manifest = Location(display_path(folder / MANIFEST_NAME))
    game.table = read_table(spec.raw.get("table"), game, problems, manifest)
    return game, problems.items


def load_game_or_raise(folder: Path) -> Game:
    """For tools that need clean data (print kit, rulebooks, companion): errors stop them."""
    game, problems = load_game(folder)
    errors = [p for p in problems if p.is_error]
    if game is None or errors:
        raise DataError(errors or problems)
    return game


def refresh_remote(folders: Iterable[Path]) -> list[str]:
    """Fetch every URL sheet of the games in `folders` (for `cardgen build --watch`), caching
    what changed; the sheets whose content changed, as "game/sheet". A game whose manifest does
    not load, or whose sheet cannot be fetched, is left for the build to report."""
    changed = []
    for folder in folders:
        try:
            spec = load_manifest(folder)
        except DataError:
            continue
        for sheet, url in remote.remote_sheets(spec):
            try:
                if remote.fetch(folder, sheet, url, Location(url)).changed:
                    changed.append(f"{folder.name}/{sheet}")
            except DataError:
                continue
    return changed
