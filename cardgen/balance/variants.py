"""A number the designer may change, found in the data and changed in a copy of it.

`--vary NAME=A..B` and `--tune CARD.STAT` name either a rule number (`damage_to_win`, a row of
the game's rule-number sheet) or a card's stat (`creature.wolf.attack`: card type, card id,
field; `wolf.attack` when the id is one card's). Its allowed values are the rule number's min and
max, or the field's min and max in the manifest. A variant is the game's snapshot with that one
cell rewritten, in whatever format the sheet is saved (CSV, JSON or a worksheet), so the loader
reads it as it would the designer's own edit: citations of the number, field bounds that cite it
and every check follow, and the variant travels to every worker (a Dask cluster too) as data.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from cardgen.balance.snapshot import Snapshot, load, scratch
from cardgen.data.errors import DataError, Location
from cardgen.data.game import Game
from cardgen.data.readers.csv_reader import decode, sniff_delimiter
from cardgen.data.records import Card
from cardgen.data.suggest import did_you_mean

RANGE = re.compile(r"^\s*(-?\d+)\s*(?:\.\.|:|-)\s*(-?\d+)\s*$")
MAX_VALUES = 64  # values one sweep may play


class VariantError(ValueError):
    """A target or value the data cannot take; the message is one line for the designer."""


@dataclass(frozen=True)
class Target:
    """A number in the data: what it is called, where its cell is, and what it may be."""

    name: str  # as the designer wrote it: damage_to_win, creature.wolf.attack
    label: str  # in words: "Damage to win", "Wolf's attack"
    sheet: str  # the sheet holding it
    row: Card  # its row, which knows its file, row and columns
    field: str  # the column: "value" for a rule number
    value: int  # as the data has it now
    low: int | None  # the allowed range; None where the data declares no bound
    high: int | None
    card: str = ""  # the card whose stat it is ("" for a rule number)
    kind: str = ""  # "rule number" or "card stat"

    def check(self, value: int, flag: str) -> None:
        """Refuse a value outside the declared range, in one line."""
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise VariantError(
                f"{flag} {self.name}={value}: outside its allowed range {self.span} "
                f"(declared in the {self.sheet} {'sheet' if self.card == '' else 'manifest'})"
            )

    @property
    def span(self) -> str:
        low = "" if self.low is None else str(self.low)
        high = "" if self.high is None else str(self.high)
        return f"{low}..{high}"

    def allowed(self) -> list[int]:
        if self.low is None or self.high is None:
            raise VariantError(
                f"--tune {self.name}: its range is not declared (give the field a min and max "
                "in the manifest), so there is nothing to search"
            )
        return list(range(self.low, self.high + 1))


def find(game: Game, name: str, flag: str = "--vary") -> Target:
    """The rule number or card stat `name` names, or VariantError in one line."""
    parts = name.strip().split(".")
    if len(parts) == 1:
        return _rule_number(game, parts[0], flag)
    if len(parts) == 2:
        hits = [c for c in game.records() if c.id == parts[0]]
        if len(hits) != 1:
            why = "is no card" if not hits else "names cards of several types"
            types = ", ".join(t.id for t in game.spec.types)
            raise VariantError(f"{flag} {name}: {parts[0]} {why} (write TYPE.CARD.FIELD; "
                               f"types: {types})")  # fmt: skip
        return _card_stat(game, hits[0].type, parts[0], parts[1], name, flag)
    if len(parts) == 3:
        return _card_stat(game, parts[0], parts[1], parts[2], name, flag)
    raise VariantError(f"{flag} {name}: name a rule number (damage_to_win) or a card's stat "
                       "(TYPE.CARD.FIELD, e.g. creature.wolf.attack)")  # fmt: skip


def _rule_number(game: Game, number_id: str, flag: str) -> Target:
    numbers = game.numbers
    spec = game.spec.numbers_type
    if number_id not in numbers.records or spec is None:
        declared = list(numbers)
        listed = ", ".join(declared) or "none: this game's data declares no rule numbers"
        raise VariantError(f"{flag} {number_id}: no such rule number in {game.id} (rule "
                           f"numbers: {listed}){did_you_mean(number_id, declared)}")  # fmt: skip
    record = numbers.records[number_id]
    row = next(r for r in numbers.rows if r.id == number_id)
    return Target(number_id, record.name, spec.sheet, row, "value", record.value, record.min,
                  record.max, kind="rule number")  # fmt: skip


def _card_stat(game: Game, type_id: str, card_id: str, field: str, name: str, flag: str) -> Target:
    types = [t.id for t in game.spec.types]
    if not game.spec.has_type(type_id):
        raise VariantError(f"{flag} {name}: no card type {type_id} in {game.id} (types: "
                           f"{', '.join(types)}){did_you_mean(type_id, types)}")  # fmt: skip
    spec = game.spec.type(type_id)
    ids = [c.id for c in game.cards.get(type_id, [])]
    if card_id not in ids:
        raise VariantError(f"{flag} {name}: no {spec.name} {card_id} in {game.id}"
                           f"{did_you_mean(card_id, ids)}")  # fmt: skip
    fields = {f.name: f for f in spec.fields}
    numeric = [f.name for f in spec.fields if f.type == "int"]
    if field not in fields:
        hint = did_you_mean(field, numeric)
        raise VariantError(f"{flag} {name}: a {spec.name} has no field {field} (numbers: "
                           f"{', '.join(numeric) or 'none'}){hint}")  # fmt: skip
    if fields[field].type != "int":
        raise VariantError(f"{flag} {name}: {field} is a {fields[field].type} field, not a whole "
                           f"number (numbers: {', '.join(numeric) or 'none'})")  # fmt: skip
    card = next(c for c in game.cards[type_id] if c.id == card_id)
    f = fields[field]
    low = None if f.min is None else int(f.min)
    high = None if f.max is None else int(f.max)
    label = f"{card.name}'s {f.title.lower()}"
    return Target(name, label, spec.sheet, card, field, int(card[field]), low, high, card_id,
                  "card stat")  # fmt: skip


def parse_vary(text: str) -> tuple[str, list[int]]:
    """`NAME=A..B` (or a list `NAME=1,3,5`) as the name and its values, in order."""
    if "=" not in text:
        raise VariantError(f"--vary {text}: write NAME=A..B, e.g. damage_to_win=10..15")
    name, _, values = text.partition("=")
    found = RANGE.match(values)
    if found:
        first, last = int(found[1]), int(found[2])
        if first > last:
            raise VariantError(f"--vary {text}: the range runs from {first} down to {last}; "
                               f"write {name}={last}..{first}")  # fmt: skip
        chosen = list(range(first, last + 1))
    else:
        try:
            chosen = sorted({int(v) for v in values.split(",") if v.strip()})
        except ValueError:
            raise VariantError(f"--vary {text}: give whole numbers, as A..B or A,B,C") from None
    if not chosen:
        raise VariantError(f"--vary {text}: give the values to play, as A..B or A,B,C")
    if len(chosen) > MAX_VALUES:
        raise VariantError(f"--vary {text}: {len(chosen)} values; a sweep plays at most "
                           f"{MAX_VALUES}")  # fmt: skip
    return name.strip(), chosen


# --- the variant: one cell rewritten in the snapshot ---------------------------------------------


def with_value(snapshot: Snapshot, target: Target, value: int) -> Snapshot:
    """The snapshot with `target`'s cell set to `value`, checked as `cardgen validate` would
    (VariantError naming the first problem when the data is not valid at that value)."""
    where = target.row.origin
    column = target.row.columns.get(target.field, target.field)
    path, _, worksheet = where.path.partition("[")
    file = PurePosixPath(Path(path).as_posix()).name
    files = dict(snapshot.files)
    if file not in files or where.row is None:
        raise VariantError(f"{target.name}: its sheet {file} is not in the game's folder")
    content = files[file]
    suffix = file.lower().rsplit(".", 1)[-1]
    if suffix == "xlsx":
        files[file] = _xlsx(content, worksheet.rstrip("]"), where.row, column, value)
    elif suffix == "json":
        files[file] = _json(content, where.row, column, value)
    else:
        files[file] = _csv(content, where.row, column, value)
    changed = Snapshot(snapshot.name, tuple(sorted(files.items())))
    try:
        load(changed)
    except DataError as exc:
        said = str(exc.problems[0]) if exc.problems else str(exc)
        said = said.replace(f"{scratch() / changed.digest}/", "")  # the designer's file names
        raise VariantError(f"{target.name}={value}: the data is not valid then ({said})") from None
    return changed


def _column_index(letters: str) -> int:
    index = 0
    for char in letters:
        index = index * 26 + ord(char.upper()) - 64
    return index - 1


def _csv(content: bytes, row: int, column: str, value: int) -> bytes:
    text = decode(content, Location("variant"))
    delimiter = sniff_delimiter(text)
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    cells = rows[row - 1]
    index = _column_index(column)
    cells.extend([""] * (index + 1 - len(cells)))
    cells[index] = str(value)
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator="\n").writerows(rows)
    return buffer.getvalue().encode("utf-8")


def _json(content: bytes, row: int, key: str, value: int) -> bytes:
    data = json.loads(decode(content, Location("variant")))
    items = data["cards"] if isinstance(data, dict) else data
    items[row - 1][key] = value
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def _xlsx(content: bytes, worksheet: str, row: int, column: str, value: int) -> bytes:
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(content), rich_text=True)
    book[worksheet][f"{column}{row}"] = value
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
