"""Write a game back out as CSV, XLSX or JSON, in a folder that loads to the same records.

Designers move a game into the tool they like and back; the exported folder carries the manifest
and every referenced image. It is written into a staging folder first and published at the end
(`cardgen.data.outputs`), so a failed export never leaves half a game behind, and an export never
writes into a folder cardgen did not make (a game's data, a project) nor loses a file it did not
write there.
"""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from typing import Any

from cardgen.data.art import SOURCES_FILE, art_path, is_library_art
from cardgen.data.checks import inside_folder
from cardgen.data.database import Game
from cardgen.data.fields import FieldSpec
from cardgen.data.manifest import MANIFEST_NAME
from cardgen.data.outputs import OutputRefused, Owner, claim, publish, staging_beside
from cardgen.data.records import Card
from cardgen.data.remote import local_manifest
from cardgen.data.spec import TypeSpec

FORMATS = ("csv", "xlsx", "json")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet would run as a formula
XLSX_CELL = 32_767  # characters an XLSX cell holds; readers cut the rest off


def cell_text(value: Any, spec: FieldSpec) -> str:
    """A value as a designer would type it into a cell."""
    if value is None:
        return ""
    if spec.type == "keyword_counts":
        return "; ".join(f"{k}:{v}" for k, v in value.items())
    if isinstance(value, tuple | list):
        return "; ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def json_value(value: Any) -> Any:
    if isinstance(value, tuple):  # items that are no plain value (declared effects) as typed
        return [
            v if v is None or isinstance(v, str | int | float | bool) else str(v) for v in value
        ]
    return value


def _sheet_types(game: Game) -> list[TypeSpec]:
    types = list(game.spec.types)
    if game.spec.keyword_type:
        types.insert(0, game.spec.keyword_type)
    if game.spec.numbers_type:
        types.insert(0, game.spec.numbers_type)
    return types


def _rows(game: Game, spec: TypeSpec) -> list:
    if spec is game.spec.numbers_type:
        return list(game.numbers.rows)
    if spec is game.spec.keyword_type:
        return [card for words in game.keywords.values() for card in words.values()]
    return game.cards.get(spec.id, [])


def _typed(card: Card, spec: FieldSpec) -> Any:
    """A cell's value as the designer typed it: a citation of rule numbers stays a citation."""
    return card.cited.get(spec.name, card.get(spec.name))


def _write_csv(game: Game, folder: Path) -> None:
    for spec in _sheet_types(game):
        with open(folder / f"{spec.sheet}.csv", "w", encoding="utf-8-sig", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\r\n")
            writer.writerow(spec.field_names)
            for card in _rows(game, spec):
                writer.writerow([cell_text(_typed(card, f), f) for f in spec.fields])


def _write_json(game: Game, folder: Path) -> None:
    for spec in _sheet_types(game):
        records = [
            {f.name: json_value(_typed(card, f)) for f in spec.fields} for card in _rows(game, spec)
        ]
        text = json.dumps(records, ensure_ascii=False, indent=2)
        (folder / f"{spec.sheet}.json").write_text(text + "\n", encoding="utf-8")


def _write_xlsx(game: Game, folder: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    book = Workbook()
    book.remove(book.active)
    for spec in _sheet_types(game):
        sheet = book.create_sheet(spec.sheet[:31])
        sheet.append(spec.field_names)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for card in _rows(game, spec):
            row = []
            for f in spec.fields:
                value = _typed(card, f)
                plain = f.type in ("int", "number", "bool") and value is not None
                plain = plain and f.name not in card.cited
                row.append(value if plain else cell_text(value, f))
            sheet.append(row)
            _keep_as_text(sheet[sheet.max_row], row)
        for column in sheet.iter_cols(min_row=1, max_row=1):
            width = max(len(str(c.value or "")) for c in column) + 4
            sheet.column_dimensions[column[0].column_letter].width = min(max(width, 8), 60)
        for row in sheet.iter_rows(min_row=2):
            for cell in row:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
        sheet.freeze_panes = "A2"
    book.save(folder / f"{game.spec.id}.xlsx")


def _check_xlsx(game: Game, destination: Path) -> None:
    """Refuse, before writing, a value an XLSX cell cannot hold whole: the round trip would
    silently lose its end."""
    for spec in _sheet_types(game):
        for card in _rows(game, spec):
            for f in spec.fields:
                text = cell_text(_typed(card, f), f)
                if len(text) > XLSX_CELL:
                    raise OutputRefused(
                        destination,
                        f"{card.id or spec.id} {f.name} is {len(text)} characters; an XLSX cell "
                        f"holds {XLSX_CELL} (export as csv or json instead)",
                    )


def _keep_as_text(cells: Any, values: list[Any]) -> None:
    """Text stays text: `=HYPERLINK(...)` in a card's text is written as the text it is, never
    as a live formula (openpyxl makes any string starting with = one), and marked so a
    spreadsheet keeps it text when the cell is edited. The round trip stays exact."""
    for cell, value in zip(cells, values, strict=True):
        if isinstance(value, str) and value:
            cell.data_type = "s"
            if value.startswith(FORMULA_STARTS):
                cell.quotePrefix = True


WRITERS = {"csv": _write_csv, "xlsx": _write_xlsx, "json": _write_json}


def _referenced_images(game: Game) -> set[str]:
    paths = set()
    for card in game.records():
        for f in game.spec.type(card.type).fields:
            if f.type == "image" and card.get(f.name):
                paths.add(art_path(card[f.name]))
                if is_library_art(card[f.name]):  # with the record of its source and licence
                    paths.add(str(Path(art_path(card[f.name])).parent / SOURCES_FILE))
    return paths


def _font_files(game: Game) -> set[str]:
    """The manifest's font files and their licences, relative to the game's folder: an export
    names them in its manifest, so it carries them too."""
    folder = game.spec.folder
    paths: set[str] = set()
    for family in game.spec.fonts.values():
        for path in (*family.files.values(), family.licence):
            if path is not None:
                paths.add(path.relative_to(folder).as_posix())
    return paths


def _image_inside(game: Game, rel: str) -> Path | None:
    """The image file `rel` really is, when it lies inside the game's folder: a link leading out
    of it is never followed, whatever loaded the game (validation refuses such links too)."""
    try:
        source = inside_folder(game.spec.folder, rel)
    except (ValueError, OSError):
        return None
    return source if source.is_file() else None


def export_game(game: Game, fmt: str, destination: Path) -> Path:
    """Write `game` as `fmt` into `destination` and return it.

    The destination is new, empty, or an earlier export: cardgen's files there are replaced whole,
    other files are kept. Anything else is refused (OutputRefused) before a file is written.
    """
    if fmt not in WRITERS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    if fmt == "xlsx":
        _check_xlsx(game, destination)
    claim(destination, Owner.EXPORT)
    with staging_beside(destination) as staging:
        manifest = json.dumps(local_manifest(game.spec.raw), ensure_ascii=False, indent=2)
        (staging / MANIFEST_NAME).write_text(manifest + "\n", encoding="utf-8")
        WRITERS[fmt](game, staging)
        for rel in sorted(_referenced_images(game) | _font_files(game)):
            source = _image_inside(game, rel)
            if source is not None:
                (staging / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, staging / rel)
        publish(destination, staging, Owner.EXPORT, f"cardgen export {game.id} --format {fmt}")
    return destination
