"""The checks a manifest passes as a whole, once each part of it has been read on its own.

A name used in one place must be declared in another (keyword sets, card types, deck formats,
the fields a deck rule looks at), defaults must be valid values, and effect fields need the
game's effect words. Each check adds its problems to the manifest's list; none stops at the
first, so a designer sees everything to fix in one run.
"""

from __future__ import annotations

from typing import Any

from cardgen.data.effects import (
    EffectError,
    Vocabulary,
    keyword_sets_used,
    load_vocabulary,
    type_names,
)
from cardgen.data.errors import Location, Problems, clip, describe, quoted
from cardgen.data.fields import FieldValueError, ParseContext, parse_cell
from cardgen.data.spec import DeckFormat, GameSpec, TypeSpec
from cardgen.data.suggest import did_you_mean


def check_references(spec: GameSpec, problems: Problems, loc: Location) -> None:
    """Names the manifest uses must exist: keyword sets, referenced types, deck formats."""
    type_ids = {t.id for t in spec.types}
    sheets: dict[str, str] = {}
    for t in spec.types:
        where = f"types[{t.id}]"
        if t.sheet.lower() in sheets:
            problems.error(
                loc, f"{where}: sheet {quoted(t.sheet)} is also used by {sheets[t.sheet.lower()]}"
            )
        sheets[t.sheet.lower()] = t.id
        for f in t.fields:
            if f.set and f.set not in spec.keyword_sets:
                hint = did_you_mean(f.set, spec.keyword_sets)
                problems.error(
                    loc,
                    f"{where}.fields[{f.name}]: keyword set {quoted(f.set)} is not declared{hint}",
                )
            for target in f.to:
                if target != "*" and target not in type_ids:
                    hint = did_you_mean(target, type_ids)
                    problems.error(
                        loc, f"{where}.fields[{f.name}]: no card type {quoted(target)}{hint}"
                    )
        _check_print_by_deck(spec, t, problems, loc)
        if t.kind == "decklist":
            formats = [t.default_format] if t.default_format else []
            fmt_field = t.field("format")
            formats += list(fmt_field.values) if fmt_field else []
            if not formats:
                problems.error(loc, f'{where}: a decklist needs "default_format" or a format field')
            for fid in formats:
                if fid not in spec.deck_formats:
                    hint = did_you_mean(fid, spec.deck_formats)
                    problems.error(loc, f"{where}: deck format {quoted(fid)} is not declared{hint}")
    if len({t.id for t in spec.types}) != len(spec.types):
        problems.error(loc, "types: two types share an id")
    for fmt in spec.deck_formats.values():
        named = list(fmt.allowed_types)
        named += list(fmt.copy_limit.exempt_types) if fmt.copy_limit else []
        named += [t for c in fmt.counts for t in c.types]
        for type_name in named:
            if type_name not in type_ids:
                hint = did_you_mean(str(type_name), type_ids)
                problems.error(
                    loc, f"deck_formats.{fmt.id}: no card type {describe(type_name)}{hint}"
                )
        _check_format_fields(spec, fmt, problems, loc)


def _check_print_by_deck(spec: GameSpec, t: TypeSpec, problems: Problems, loc: Location) -> None:
    """`print_by_deck` names a decklist type, and a `by_deck` back a field of its rows."""
    where = f"types[{t.id}]"
    decks = next((d for d in spec.types if d.id == t.print_by_deck), None)
    if t.print_by_deck and (decks is None or decks.kind != "decklist"):
        problems.error(
            loc, f'{where}: "print_by_deck" {quoted(t.print_by_deck)} is not a decklist type'
        )
    if t.print_by_deck and t.field("deck") is not None:
        problems.error(
            loc, f'{where}: a field named "deck" would hide the copy\'s deck from its layouts'
        )
    if t.back.style != "by_deck":
        return
    if not t.print_by_deck:
        problems.error(loc, f'{where}.back: style "by_deck" needs the type\'s "print_by_deck"')
    elif decks is not None and decks.kind == "decklist" and decks.field(t.back.field) is None:
        problems.error(
            loc, f"{where}.back: field {quoted(t.back.field)} is not a field of {decks.id}"
        )


def _check_format_fields(spec: GameSpec, fmt: DeckFormat, problems: Problems, loc: Location):
    """A copy limit read off a field, and a count of cards with some field's value, must name a
    field the cards they look at have: else the rule would silently never apply."""
    allowed = set(fmt.allowed_types) or {t.id for t in spec.card_types}
    where = f"deck_formats.{clip(fmt.id, 40)}"
    limit = fmt.copy_limit
    if limit is not None and limit.field:
        looked_at = allowed - set(limit.exempt_types)
        if not any(t.field(limit.field) for t in spec.types if t.id in looked_at):
            problems.error(
                loc,
                f'{where}.copy_limit: "field" {quoted(limit.field)} is not a field of '
                f"{' or '.join(sorted(looked_at)) or 'any card type'}",
            )
    for i, rule in enumerate(fmt.counts):
        types = set(rule.types) or allowed
        for key, value in rule.where.items():
            if isinstance(value, list | dict):
                problems.error(
                    loc,
                    f'{where}.counts[{i}]: "where" {quoted(key)} should be one value, not '
                    f"{describe(value)}",
                )
            if not any(t.field(key) for t in spec.types if t.id in types):
                problems.error(
                    loc,
                    f'{where}.counts[{i}]: "where" names {quoted(key)}, which is not a field of '
                    f"{' or '.join(sorted(types)) or 'any card type'}",
                )


def vocabulary_of(raw: Any, problems: Problems, loc: Location) -> Vocabulary | None:
    if raw is None:
        return None
    try:
        return load_vocabulary(raw)
    except EffectError as exc:
        problems.error(loc, str(exc))
        return None


def attach_vocabulary(spec: GameSpec, problems: Problems, loc: Location) -> None:
    """An effect field parses with the game's vocabulary, and its `text_field` (the printed
    words checked against, or filled from, the declaration) must be a text field of its type."""
    vocabulary = spec.effects
    if vocabulary is not None:
        for set_id in sorted(keyword_sets_used(vocabulary) - set(spec.keyword_sets)):
            problems.error(loc, f"effects: keyword set {quoted(set_id)} is not declared")
        for type_id in sorted(type_names(vocabulary) - {t.id for t in spec.types}):
            hint = did_you_mean(type_id, [t.id for t in spec.types])
            problems.error(loc, f"effects: no card type {quoted(type_id)}{hint}")
    for t in spec.types:
        for f in t.fields:
            if f.type != "effect":
                continue
            where = f"types[{t.id}].fields[{f.name}]"
            if vocabulary is None:
                problems.error(
                    loc, f'{where}: an effect field needs the manifest\'s "effects" words'
                )
                continue
            object.__setattr__(f, "options", {**f.options, "vocabulary": vocabulary})
            text = f.options.get("text_field")
            shown = t.field(text) if text else None
            if text and (shown is None or shown.type != "text"):
                problems.error(
                    loc, f"{where}: text_field {quoted(text)} is not a text field of {t.id}"
                )


def check_defaults(spec: GameSpec, problems: Problems, loc: Location) -> None:
    """Defaults must themselves be valid values (keywords are checked when the sheet loads)."""
    ctx = ParseContext()
    for t in spec.types:
        for f in t.fields:
            if f.default is None or f.type in ("keyword", "keywords", "keyword_counts", "effect"):
                continue
            try:
                parse_cell(f.default, f, ctx)
            except FieldValueError as exc:
                problems.error(loc, f"types[{t.id}].fields[{f.name}]: default {exc}")
