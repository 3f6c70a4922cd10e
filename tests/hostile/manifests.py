"""Hostile manifests: each case changes the test game's manifest (as an object, or as JSON text
for numbers no Python value can be written as) and says the one line it must be refused with."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..conftest import MANIFEST, write_game


@dataclass(frozen=True)
class ManifestCase:
    """A change to the fixture's manifest: a function of the manifest as an object, or text
    replacements of its JSON (for numbers no Python value can be written as)."""

    name: str
    expect: str
    change: Callable[[dict[str, Any]], None] | None = None
    replace: tuple[tuple[str, str], ...] = ()


def _unit(m: dict[str, Any]) -> dict[str, Any]:
    return m["types"][0]


def _field(m: dict[str, Any], name: str) -> dict[str, Any]:
    return next(f for f in _unit(m)["fields"] if f["name"] == name)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change setting `a.b.0.c` (list indexes as numbers) to `value`."""

    def change(m: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        here: Any = m
        for key in parents:
            here = here[int(key)] if isinstance(here, list) else here[key]
        here[int(last) if isinstance(here, list) else last] = value

    return change


PLAYERS = '"players": {"min": 1, "max": 2}'
PRESS = "a side of 30,000 mm is longer than any press sheet (at most 1,000 mm)"
COST = '{"name": "cost", "type": "int", "required": true, "min": 0, "max": 5}'


def _players(low: str, high: str) -> tuple[tuple[str, str], ...]:
    """The players' numbers written as JSON text: 400 digits, 1e400 and NaN are no Python int."""
    return ((PLAYERS, f'"players": {{"min": {low}, "max": {high}}}'),)


def _cost(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The cost field with `old` written as `new` in its JSON text."""
    return ((COST, COST.replace(old, new)),)


# Sizes no press prints: refused at once, before a page or a picture of them is made (a
# 30 m card was drawn as a picture 354,000 pixels wide, and the build never ended).
SIZE_CASES = [
    ManifestCase("card 30 m", PRESS, _set("types.0.size", {"width": "30000mm", "height": "88mm"})),
    ManifestCase("card 3000 cm", PRESS, _set("types.0.size", {"width": "63mm", "height": "3000cm"})),
    ManifestCase("card 50 in", "a side of 1,270 mm is longer than any press sheet",
                 _set("types.0.size", {"width": "50in", "height": "3.5in"})),
    ManifestCase("card 1001 mm", "a side of 1,001 mm is longer than any press sheet",
                 _set("types.0.size", {"width": "1001mm", "height": "88mm"})),
    ManifestCase("card 1 km", "not a length any component has",
                 _set("types.0.size", {"width": "100000cm", "height": "88mm"})),
    ManifestCase("card 1e9 mm", "not a length any component has",
                 _set("types.0.size", {"width": 1e9, "height": 88})),
    ManifestCase("token 30 m", PRESS, _set("types.1.size", {"diameter": "30000mm"})),
    ManifestCase("hex 30 m", "a side of 34,641 mm is longer than any press sheet",
                 _set("types.1.size", {"shape": "hex", "across_flats": "30000mm"})),
    ManifestCase("named size 30 m", "sizes.huge is not a size: a side of 30,000 mm",
                 _set("sizes", {"huge": {"width": "30000mm", "height": "88mm"}})),
    ManifestCase("default size 30 m", PRESS,
                 _set("default_size", {"width": "30000mm", "height": "30000mm"})),
]  # fmt: skip

MANIFEST_CASES = [
    ManifestCase(
        "players 400 digits",
        '"min" is a number of 400 digits',
        replace=_players("9" * 400, "2"),
    ),
    ManifestCase(
        "players 5000 digits",
        '"max" is a number of 5000 digits',
        replace=_players("1", "9" * 5000),
    ),
    ManifestCase(
        "players 30 digits",
        "not a number any game needs",
        replace=_players("1", "9" * 30),
    ),
    ManifestCase(
        "players 1e400",
        "\"max\" should be int, not 'inf'",
        replace=_players("1", "1e400"),
    ),
    ManifestCase(
        "players NaN",
        "\"min\" should be int, not 'nan'",
        replace=_players("NaN", "2"),
    ),
    ManifestCase("players a list", '"min" should be int, not a list', _set("players.min", [3])),
    ManifestCase(
        "players an object", '"max" should be int, not an object', _set("players.max", {})
    ),
    ManifestCase("players true", "\"min\" should be int, not 'True'", _set("players.min", True)),
    ManifestCase(
        "field max 5000 digits",
        '"max" is a number of 5000 digits',
        replace=_cost('"max": 5', '"max": ' + "9" * 5000),
    ),
    ManifestCase(
        "field min 1e400",
        "\"min\" is 'inf': not a number any game needs",
        replace=_cost('"min": 0', '"min": 1e400'),
    ),
    ManifestCase(
        "field min a list",
        '"min" should be int or float, not a list',
        lambda m: _field(m, "cost").update(min=[0]),
    ),
    ManifestCase(
        "default 5000 digits",
        "default '99999",
        replace=_cost('"max": 5', '"max": 5, "default": ' + "9" * 5000),
    ),
    ManifestCase(
        "default an object",
        "default expected free text, not an object",
        lambda m: _field(m, "text").update(default={"a": 1}),
    ),
    ManifestCase(
        "default a list",
        "default expected whole number, not a list",
        lambda m: _field(m, "quantity").update(default=[1]),
    ),
    ManifestCase(
        "quantity field of text",
        "\"quantity_field\" 'name' is a text field",
        _set("types.1.quantity_field", "name"),
    ),
    ManifestCase(
        "quantity field missing",
        "\"quantity_field\" 'copies' is not one of its fields",
        _set("types.1.quantity_field", "copies"),
    ),
    ManifestCase(
        "quantity field of bools",
        "\"quantity_field\" 'rare' is a bool field",
        _set("types.0.quantity_field", "rare"),
    ),
    ManifestCase(
        "copy limit on no field",
        "\"field\" 'stars' is not a field of unit",
        _set("deck_formats.std.copy_limit.field", "stars"),
    ),
    ManifestCase(
        "count where no field",
        "\"where\" names 'hue', which is not a field of unit",
        _set("deck_formats.std.counts.0.where", {"hue": "red"}),
    ),
    ManifestCase(
        "copy limit 30 digits",
        '"by_value" counts must be whole numbers, or rule numbers cited in braces (true)',
        _set("deck_formats.std.copy_limit.by_value", {"true": 10**30}),
    ),
    ManifestCase(
        "deck size 5000 digits",
        '"min_cards" is a number of 5000 digits',
        replace=(('"min_cards": 3', '"min_cards": ' + "9" * 5000),),
    ),
    ManifestCase(
        "game id traversal", "\"id\" '../../pwn' is not a plain name", _set("id", "../../pwn")
    ),
    ManifestCase(
        "game id absolute", "\"id\" '/tmp/pwn' is not a plain name", _set("id", "/tmp/pwn")
    ),
    ManifestCase(
        "game id 5000 characters", "is not a plain name: use up to 64", _set("id", "g" * 5000)
    ),
    ManifestCase(
        "type id traversal",
        "\"id\" '../pwn' is not a plain name",
        lambda m: m["types"].append(
            {
                "id": "../pwn",
                "sheet": "pwns",
                "kind": "token",
                "fields": [{"name": "id", "type": "id"}],
            }
        ),
    ),
    ManifestCase(
        "sheet traversal",
        "\"sheet\" '../../units' is not a plain name",
        _set("types.0.sheet", "../../units"),
    ),
    ManifestCase(
        "keyword sheet traversal",
        "\"sheet\" '../keywords' is not a plain name",
        _set("keywords.sheet", "../keywords"),
    ),
    ManifestCase(
        "field name 5000 characters",
        "should be lower_case_with_underscores",
        lambda m: _unit(m)["fields"].append({"name": "f" * 5000, "type": "text"}),
    ),
    ManifestCase("unknown key 5000 characters", 'unknown key "kkkk', _set("k" * 5000, 1)),
    ManifestCase(
        "type 5000 characters", '"type" \'tttt', lambda m: _field(m, "text").update(type="t" * 5000)
    ),
    ManifestCase(
        "colour 100 KB",
        '"color" should look like #1A2B3C, not \'rrrr',
        _set("types.1.back.color", "r" * 100_000),
    ),
    ManifestCase(
        "size 5000 digits",
        "is not a size",
        replace=(('"size": "token"', '"size": {"width": ' + "9" * 5000 + ', "height": 5}'),),
    ),
    ManifestCase(
        "size 1e400",
        "is not a size",
        replace=(('"size": "token"', '"size": {"width": 1e400, "height": 5}'),),
    ),
    ManifestCase(
        "size huge text",
        "is not a size",
        _set("types.1.size", {"width": "9" * 400 + "mm", "height": "5mm"}),
    ),
    ManifestCase(
        "size a kilometre",
        "not a length any component has",
        _set("types.1.size", {"width": "1000000mm", "height": "5mm"}),
    ),
    *SIZE_CASES,
    ManifestCase(
        "allowed type 100 KB",
        "no card type 'aaaa",
        _set("deck_formats.std.allowed_types", ["unit", "a" * 100_000]),
    ),
    ManifestCase(
        "allowed type object",
        '"allowed_types" should list names, not an object',
        _set("deck_formats.std.allowed_types", ["unit", {"a": 1}]),
    ),
]


def write_manifest_case(root: Path, case: ManifestCase) -> Path:
    manifest = copy.deepcopy(MANIFEST)
    if case.change:
        case.change(manifest)
    folder = write_game(root / "g", manifest=manifest)
    text = (folder / "manifest.json").read_text(encoding="utf-8")
    for old, new in case.replace:
        assert old in text, old
        text = text.replace(old, new)
    (folder / "manifest.json").write_text(text, encoding="utf-8")
    return folder
