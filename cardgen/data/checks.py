"""Checks across records: unique ids, references between cards, art files, and deck rules."""

from __future__ import annotations

import os
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from cardgen.data.art import ArtNameError, art_path, library_name
from cardgen.data.effects import Vocabulary, misplaced, render
from cardgen.data.errors import Problems, clip, describe, quoted
from cardgen.data.game import Game
from cardgen.data.records import Card
from cardgen.data.spec import CountRule, DeckFormat, TypeSpec
from cardgen.data.suggest import did_you_mean

MOST_COPIES = 10_000  # of one card: more is a typo (or a file meant to exhaust memory)
MOST_COMPONENTS = 200_000  # of one type, all copies counted: what a print kit lays out


def check_game(game: Game, problems: Problems) -> None:
    _check_ids(game, problems)
    for spec in game.spec.types:
        cards = game.cards.get(spec.id, [])
        _check_unique_fields(spec, cards, problems)
        _check_refs(game, spec, cards, problems)
        _check_images(game, spec, cards, problems)
        _check_copies(spec, cards, problems)
        _check_backs(spec, cards, problems)
        _check_effect_texts(spec, cards, problems)
        if spec.kind == "decklist":
            _check_decks(game, spec, cards, problems)


def _check_ids(game: Game, problems: Problems) -> None:
    seen: dict[str, Card] = {}
    for card in game.records():
        if game.spec.type(card.type).kind == "decklist":
            continue
        if not card.id:
            continue
        first = seen.get(card.id)
        if first is not None:
            also = first.where("id")
            problems.error(card.where("id"), f"duplicate id {quoted(card.id)}: also used at {also}")
        else:
            seen[card.id] = card


def _check_unique_fields(spec: TypeSpec, cards: list[Card], problems: Problems) -> None:
    for f in spec.fields:
        if not f.unique:
            continue
        seen: dict[Any, Card] = {}
        for card in cards:
            value = card.get(f.name)
            if value in ("", None):
                continue
            if value in seen:
                problems.error(
                    card.where(f.name),
                    f"{f.name} {describe(value)} must be unique but is also at "
                    f"{seen[value].where(f.name)}",
                )
            else:
                seen[value] = card


def _check_refs(game: Game, spec: TypeSpec, cards: list[Card], problems: Problems) -> None:
    index = {c.id: c for c in game.records() if game.spec.type(c.type).kind != "decklist"}
    for f in spec.fields:
        if f.type not in ("ref", "refs"):
            continue
        for card in cards:
            targets = card.get(f.name)
            for target in [targets] if isinstance(targets, str) else list(targets or ()):
                if not target:
                    continue
                found = index.get(target)
                if found is None:
                    hint = did_you_mean(str(target), index)
                    problems.error(
                        card.where(f.name), f"{f.name}: no card has the id {describe(target)}{hint}"
                    )
                elif "*" not in f.to and found.type not in f.to:
                    wanted = " or ".join(f.to)
                    problems.error(
                        card.where(f.name),
                        f"{f.name}: {quoted(target)} is a {found.type}, not a {wanted}",
                    )


def _same_words(a: str, b: str) -> bool:
    """The same words, whatever the spacing, the apostrophe, and bold or italic marks (the
    printed text may set `**Deploy:**` in bold; `\\*` is a typed asterisk)."""

    def plain(text: str) -> str:
        text = re.sub(r"(?<!\\)\*+", "", text.replace("\u2019", "'")).replace("\\*", "*")
        return " ".join(text.split())

    return plain(a) == plain(b)


def _check_effect_texts(spec: TypeSpec, cards: list[Card], problems: Problems) -> None:
    """A card's printed effect says what its declaration does: a blank text cell is filled with
    the sentence rendered from the declaration; a written one must be that sentence, and the
    error quotes it whole so the designer can paste it. Text with no declaration is refused."""
    for f in spec.fields:
        vocabulary = f.options.get("vocabulary")
        text_field = f.options.get("text_field")
        if f.type != "effect" or not isinstance(vocabulary, Vocabulary) or not text_field:
            continue
        limit = next((t.max for t in spec.fields if t.name == text_field), None)
        for card in cards:
            if {f.name, text_field} & card.invalid:
                continue
            effects, written = card.get(f.name) or (), card.get(text_field) or ""
            if not effects:
                if written:
                    problems.error(
                        card.where(f.name),
                        f"{f.name}: {clip(card.name)} prints an effect but declares none here; "
                        f"declare what {text_field} says",
                    )
                continue
            wrong = misplaced(effects, vocabulary, spec.id)
            if wrong:
                problems.error(card.where(f.name), f"{f.name}: {wrong}, not a {spec.id}")
                continue
            sentence = render(effects, vocabulary)
            if limit is not None and len(sentence) > limit:
                problems.error(
                    card.where(f.name),
                    f"{f.name}: the sentence it prints is {len(sentence)} characters, over "
                    f"the {text_field} limit of {limit:g}",
                )
            elif not written:
                card.values[text_field] = sentence
            elif not _same_words(written, sentence):
                problems.error(
                    card.where(text_field),
                    f"{text_field} differs from {f.name}; it should read: {sentence}",
                )


def inside_folder(folder: Path, path: str) -> Path:
    """Where `path` (relative to `folder`) really leads, every link followed; ValueError when that
    is outside `folder` (a link to elsewhere, or a linked folder), OSError when it cannot be
    followed (a loop of links, a name too long)."""
    root = Path(os.path.realpath(folder))
    try:
        target = Path(os.path.realpath(folder / path, strict=False))
    except RuntimeError as exc:  # Python 3.11 reports a loop of links so
        raise OSError(str(exc)) from None
    if not target.is_relative_to(root):
        raise ValueError(path)
    return target


def _check_images(game: Game, spec: TypeSpec, cards: list[Card], problems: Problems) -> None:
    """Art is read from the game's folder only: a path, or a link, leading out of it is refused
    (the print kit would embed any image on the disk, and an export copy it)."""
    for f in spec.fields:
        if f.type != "image":
            continue
        for card in cards:
            path = card.get(f.name)
            if not path:
                continue
            if _missing_library_art(game, card, f.name, path, problems):
                continue
            try:
                found = inside_folder(game.spec.folder, art_path(path)).is_file()
            except ValueError:
                problems.error(
                    card.where(f.name),
                    f"{f.name}: {quoted(path)} leads outside the game's folder (through a link); "
                    "put the image itself in the folder",
                )
                continue
            except OSError as exc:
                problems.error(
                    card.where(f.name),
                    f"{f.name}: cannot follow {quoted(path)} ({clip(exc.strerror or str(exc))})",
                )
                continue
            if not found:
                problems.warning(
                    card.where(f.name),
                    f"{f.name}: no image at {quoted(path)}; the print kit will draw a placeholder",
                )


def _missing_library_art(
    game: Game, card: Card, field: str, value: str, problems: Problems
) -> bool:
    """A library picture (`game-icons:wolf-head`) must have been fetched: an error, not the
    warning a missing drawing gets, since the name may be misspelt (cardgen.data.art)."""
    try:
        if library_name(value) is None:  # a path: checked as a file below
            return False
    except ArtNameError as exc:
        problems.error(card.where(field), f"{field}: {exc}")
        return True
    if (game.spec.folder / art_path(value)).is_file():
        return False
    problems.error(
        card.where(field),
        f"{field}: {quoted(value)} has not been fetched into {art_path(value)}; run "
        "scripts/fetch_art.py (names as at game-icons.net)",
    )
    return True


def _check_copies(spec: TypeSpec, cards: list[Card], problems: Problems) -> None:
    """Copies are laid out one by one: a count past any real game's is refused before a build
    tries to lay out a billion cards."""
    qfield = spec.quantity_field
    if not qfield or spec.kind == "decklist":
        return
    total = 0
    for card in cards:
        count = card.get(qfield) or 0
        if count > MOST_COPIES:
            problems.error(
                card.where(qfield),
                f"{qfield}: {count} copies of one card; a print kit holds at most {MOST_COPIES}",
            )
            continue
        total += count
    if total > MOST_COMPONENTS and cards:
        problems.error(
            cards[0].origin.at(None),
            f"{total} {spec.plural.lower()} in all; a print kit holds at most {MOST_COMPONENTS}",
        )


def _check_backs(spec: TypeSpec, cards: list[Card], problems: Problems) -> None:
    back = spec.back
    field = spec.field(back.field)
    if field is None or back.style not in ("by_field", "double_sided"):
        return
    if back.style == "by_field" and field.type == "choice":
        return  # choice values are checked against the faces when the manifest loads
    if back.style == "double_sided" and not back.faces:
        return  # the other side is drawn from the value alone
    for card in cards:
        value = str(card.get(back.field) or "")
        if not value and back.style == "double_sided" and back.plain is None:
            problems.error(
                card.where(back.field),
                f"{back.field}: empty, and the manifest declares no plain back for one-sided items",
            )
        elif value and value not in back.faces:
            problems.error(
                card.where(back.field),
                f"{back.field}: no card back is declared for {quoted(value)} "
                f"(backs: {', '.join(back.faces)}){did_you_mean(value, back.faces)}",
            )


def _check_decks(game: Game, spec: TypeSpec, rows: list[Card], problems: Problems) -> None:
    decks: dict[str, list[Card]] = defaultdict(list)
    for row in rows:
        decks[row["deck"]].append(row)
    for deck, deck_rows in decks.items():
        fmt_ids = {r.get("format") or spec.default_format for r in deck_rows}
        if len(fmt_ids) > 1:
            problems.error(
                deck_rows[0].where("format"),
                f"deck {quoted(deck)} names several formats "
                f"({clip(', '.join(sorted(fmt_ids)), 80)}); use one",
            )
            continue
        fmt = game.spec.deck_formats.get(fmt_ids.pop())
        if fmt is not None:
            _check_deck(game, deck, deck_rows, fmt, problems)


def _deck_cards(game: Game, rows: list[Card]) -> list[tuple[Card, Card, int]]:
    """(decklist row, card, count) for every row whose card exists (refs report the rest)."""
    out = []
    for row in rows:
        card = game.by_id(row["card"])
        if card is not None and row.get("count"):
            out.append((row, card, int(row["count"])))
    return out


def _matches(card: Card, rule: CountRule) -> bool:
    if rule.types and card.type not in rule.types:
        return False
    return all(_same(card.get(k), v) for k, v in rule.where.items())


def _same(value: Any, wanted: Any) -> bool:
    if isinstance(value, tuple | list):
        return wanted in value
    return str(value).lower() == str(wanted).lower()


def _check_deck(
    game: Game, deck: str, rows: list[Card], fmt: DeckFormat, problems: Problems
) -> None:
    first = rows[0].where("deck")
    entries = _deck_cards(game, rows)
    total = sum(n for _, _, n in entries)
    sized = not any(row.invalid & {"card", "count"} for row in rows)  # else reported already
    if sized and fmt.min_cards is not None and total < fmt.min_cards:
        problems.error(
            first,
            f"deck {quoted(deck)} has {total} cards; {fmt.id} decks need at least {fmt.min_cards}",
        )
    if sized and fmt.max_cards is not None and total > fmt.max_cards:
        problems.error(
            first,
            f"deck {quoted(deck)} has {total} cards; {fmt.id} decks allow at most {fmt.max_cards}",
        )
    per_card: dict[str, int] = defaultdict(int)
    for row, card, count in entries:
        if fmt.allowed_types and card.type not in fmt.allowed_types:
            problems.error(
                row.where("card"),
                f"deck {quoted(deck)}: a {card.type} cannot go in a {fmt.id} deck",
            )
        per_card[card.id] += count
    limit = fmt.copy_limit
    reported: set[str] = set()
    for row, card, _ in entries:
        if limit is None or card.id in reported or card.type in limit.exempt_types:
            continue
        if limit.field and limit.field in card.invalid:
            continue
        allowed = _copy_limit(card, limit)
        if allowed is not None and per_card[card.id] > allowed:
            reported.add(card.id)
            why = f" ({limit.rule})" if limit.rule else ""
            problems.error(
                row.where("count"),
                f"deck {quoted(deck)} holds {per_card[card.id]} copies of {clip(card.name)} "
                f"({card.id}); "
                f"at most {allowed} allowed{why}",
            )
    for rule in fmt.counts:
        if any(card.invalid & (set(rule.where) | {"id"}) for _, card, _ in entries):
            continue  # a broken cell is reported already; counting around it would mislead
        n = sum(count for _, card, count in entries if _matches(card, rule))
        what = rule.rule or _describe(rule)
        if rule.min is not None and n < rule.min:
            problems.error(first, f"deck {quoted(deck)} has {n} {what}; needs at least {rule.min}")
        if rule.max is not None and n > rule.max:
            problems.error(first, f"deck {quoted(deck)} has {n} {what}; allows at most {rule.max}")


def _copy_limit(card: Card, limit: Any) -> int | None:
    if limit.field:
        value = card.get(limit.field)
        key = str(value).lower() if isinstance(value, bool) else str(value)
        if key in limit.by_value:
            return int(limit.by_value[key])
    return limit.max


def _describe(rule: CountRule) -> str:
    parts = [" or ".join(rule.types) if rule.types else "cards"]
    parts += [f"{k}={v}" for k, v in rule.where.items()]
    return " with ".join(parts)
