"""A game's rules as the companion shows them at a tap, in the rulebook's own words.

Everything here is read from the rows the rulebook prints, through `cardgen.data` as the engines
read their numbers: the glossary (`keywords.csv`), the rulings (`clarifications.csv`), each card
type's fields (a creature's epics, a pawn's effect, a die face's meaning) and the quick-reference
sheet (`templates/<game>/reference.md`, rendered with the same data the rulebook renders it with).

A ruling names what it concerns in its own row: a column of keywords (Vita Luna's `epics`) and a
column of card ids (`concerns`); which columns those are is read from the manifest (any keyword
field, any ref field), so a game adds links by filling cells, not by changing code.

`Refusal` is how an engine's `check` says which ruling a refusal comes from without changing what
`check` returns: it is still the reason, a `str`, that also carries the ruling's id.

Pure Python: no Streamlit here; `companion.screens.rules_panel` draws what this module finds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.data.database import Game
    from cardgen.data.records import Card

KEYWORD_TYPES = ("keyword", "keywords")
REF_TYPES = ("ref", "refs")
HIDDEN_FIELDS = frozenset({"id", "name", "quantity", "art"})
ICON = re.compile(r"(?<![\w:]):[a-z0-9_]+:(?![\w:])")
SEPARATOR = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+$")


# --- refusals that name their ruling -------------------------------------------------------------


class Refusal(str):
    """A refusal's reason, word for word, that also names the ruling it follows (`ruling`, the
    id of a row of the game's clarifications.csv, or None). Being a `str`, it passes through
    `check(...) -> str | None`, `IllegalAction.reason` and every message unchanged."""

    ruling: str | None

    def __new__(cls, text: str, ruling: str | None = None) -> Refusal:
        made = super().__new__(cls, text)
        made.ruling = ruling
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # kept in the session, which may pickle it
        return (Refusal, (str(self), self.ruling))


def ruled(text: str, ruling: str) -> Refusal:
    """`text` as a refusal that follows the ruling `ruling` (a clarifications.csv id)."""
    return Refusal(text, ruling)


def ruling_of(reason: str | None) -> str | None:
    """The ruling a refusal follows, or None (no refusal, or one no ruling decides)."""
    return getattr(reason, "ruling", None)


def why(
    check: Callable[[Any, Any], str | None], state: Any, action: Any
) -> tuple[str | None, str | None]:
    """(reason, ruling id) for `action` in `state` by `check`: (None, None) if it is legal."""
    reason = check(state, action)
    return (None if reason is None else str(reason)), ruling_of(reason)


# --- what a tap explains -------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    """One row of clarifications.csv, with what it concerns."""

    id: str
    topic: str
    question: str
    decision: str
    keywords: tuple[str, ...] = ()  # keyword ids
    concerns: tuple[str, ...] = ()  # card ids

    def text(self) -> str:
        return f"{self.topic} {self.question} {self.decision}"


@dataclass(frozen=True)
class Entry:
    """What a tap on one thing explains: its name, what it is, its rule text and its rulings."""

    name: str
    kind: str  # "Epic", "Creature", "Pawn", ...
    lines: tuple[tuple[str, str], ...]  # (label, text): the rows the rulebook prints for it
    rulings: tuple[Ruling, ...]


@dataclass(frozen=True)
class Section:
    """One heading of the quick-reference sheet and what follows it, as Markdown."""

    title: str
    body: str

    def matches(self, words: Iterable[str]) -> bool:
        return _has_all(f"{self.title}\n{self.body}", words)


def _has_all(text: str, words: Iterable[str]) -> bool:
    low = text.lower()
    return all(word in low for word in words)


def search_words(query: str) -> list[str]:
    return [w for w in re.split(r"\s+", query.lower().strip()) if w]


class Rulebook:
    """One game's glossary, rulings and reference sheet, from its loaded card data."""

    def __init__(self, game: Game, templates: Path | None = None) -> None:
        self.game = game
        self.id = game.id
        self.name = game.name
        self.templates = templates
        self.rulings = {r.id: r for r in self._rulings()}

    def _rulings(self) -> list[Ruling]:
        spec = self.game.spec
        if not spec.has_type("clarification"):
            return []
        fields = spec.type("clarification").fields
        keyword_fields = [f.name for f in fields if f.type in KEYWORD_TYPES]
        ref_fields = [f.name for f in fields if f.type in REF_TYPES]
        return [
            Ruling(
                row.id,
                str(row.get("topic") or ""),
                str(row.get("question") or ""),
                str(row.get("decision") or ""),
                _ids(row, keyword_fields),
                _ids(row, ref_fields),
            )
            for row in self.game.cards.get("clarification", [])
        ]

    # --- look-ups -------------------------------------------------------------------------------

    def ruling(self, ruling_id: str) -> Ruling:
        return self.rulings[ruling_id]

    def about_keyword(self, keyword_id: str) -> tuple[Ruling, ...]:
        return tuple(r for r in self.rulings.values() if keyword_id in r.keywords)

    def about_card(self, card_id: str) -> tuple[Ruling, ...]:
        return tuple(r for r in self.rulings.values() if card_id in r.concerns)

    def find(self, type_id: str, field: str, value: Any) -> str | None:
        """The id of the first `type_id` row whose `field` is `value` (a pawn by its colour)."""
        rows = self.game.cards.get(type_id, [])
        return next((r.id for r in rows if r.get(field) == value), None)

    def keyword(self, set_id: str, keyword_id: str) -> Entry:
        """A glossary word: its summary, and the rulings that name it."""
        word = self.game.keyword(set_id, keyword_id)
        if word is None:
            raise KeyError(f"{self.id} has no keyword {keyword_id!r} in {set_id!r}")
        keyword_set = self.game.spec.keyword_sets.get(set_id)
        kind = _singular(keyword_set.name) if keyword_set else set_id
        rulings = _first(self.about_keyword(keyword_id), {word.name}, {keyword_id})
        return Entry(word.name, kind, (("", str(word.get("summary") or "")),), rulings)

    def card(self, card_id: str) -> Entry:
        """A card (or tile, pawn, die face...): its printed fields, the glossary text of each
        keyword it has, and the rulings that name it or one of its keywords."""
        record = self.game.by_id(card_id)
        if record is None:
            raise KeyError(f"{self.id} has no card {card_id!r}")
        lines, keywords = self._lines(record)
        rulings = self.about_card(card_id) + tuple(
            r for k in keywords for r in self.about_keyword(k)
        )
        names = {record.name} | {name for name, _ in lines}  # its own and its keywords
        rulings = _first(_unique(rulings), names, {card_id, *keywords})
        name = record.name if record.get("name") else record.id.replace("_", " ").capitalize()
        return Entry(name, self.game.spec.type(record.type).name, tuple(lines), rulings)

    def group(
        self, type_id: str, field: str, value: Any, name: str, label: str,
        texts: Mapping[str, str],
    ) -> Entry:  # fmt: skip
        """Several rows read as one thing (a die: its faces), a line for each, named by its
        `label` field and worded by its `texts` fields (field -> words put before it), with the
        rulings that name any of the rows."""
        rows = [r for r in self.game.cards.get(type_id, []) if r.get(field) == value]
        lines = tuple(
            (str(row.get(label)),
             " ".join(f"{before}{row.get(f)}" for f, before in texts.items() if row.get(f)))
            for row in rows
        )  # fmt: skip
        rulings = tuple(r for row in rows for r in self.about_card(row.id))
        return Entry(name, self.game.spec.type(type_id).name, lines, _unique(rulings))

    def _lines(self, record: Card) -> tuple[list[tuple[str, str]], list[str]]:
        spec = self.game.spec.type(record.type)
        lines: list[tuple[str, str]] = []
        keywords: list[str] = []
        for f in spec.fields:
            value = record.get(f.name)
            hidden = f.name in HIDDEN_FIELDS or f.type in ("image", "id", "effect")
            if hidden or value in (None, "", ()):
                continue
            if f.type in KEYWORD_TYPES:
                ids = [value] if isinstance(value, str) else list(value)
                for k in ids:
                    word = self.game.keyword(f.set, k)
                    if word is not None:
                        keywords.append(k)
                        lines.append((word.name, str(word.get("summary") or "")))
                continue
            lines.append((f.title, _cell(value)))
        return lines, keywords

    # --- the Rules panel -----------------------------------------------------------------------

    @cached_property
    def reference(self) -> tuple[Section, ...]:
        """The quick-reference sheet, one section per heading, as Markdown."""
        if self.templates is None:
            return ()
        path = self.templates / self.id / "reference.md"
        if not path.is_file():
            return ()
        return sections(to_markdown(render_reference(self.game, path)))

    def search(self, query: str) -> tuple[tuple[Section, ...], tuple[Ruling, ...]]:
        """The reference sections and rulings holding every word of `query` (all of both for
        an empty query)."""
        words = search_words(query)
        found = tuple(s for s in self.reference if s.matches(words))
        rulings = tuple(r for r in self.rulings.values() if _has_all(r.text(), words))
        return found, rulings


def _ids(row: Card, fields: list[str]) -> tuple[str, ...]:
    found: list[str] = []
    for name in fields:
        value = row.get(name)
        found += [value] if isinstance(value, str) and value else list(value or ())
    return tuple(found)


def _first(rulings: tuple[Ruling, ...], names: set[str], ids: set[str]) -> tuple[Ruling, ...]:
    """The rulings most about a thing first: those headed with one of its `names`, then those
    naming one of its `ids` first among what they concern, then the rest, in the sheet's order."""
    low = {n.lower() for n in names}

    def rank(r: Ruling) -> int:
        if r.topic.lower() in low:
            return 0
        named = (r.keywords[:1] + r.concerns[:1]) if r.keywords or r.concerns else ()
        return 1 if set(named) & ids else 2

    return tuple(sorted(rulings, key=rank))


def _unique(rulings: Iterable[Ruling]) -> tuple[Ruling, ...]:
    return tuple({r.id: r for r in rulings}.values())


def _singular(plural: str) -> str:
    """One of a keyword set's words: "Card abilities" -> "Card ability", "Epics" -> "Epic"."""
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    return plural[:-1] if plural.endswith("s") else plural


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


# --- the reference sheet -------------------------------------------------------------------------


def template_context(game: Game, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a rule template reads, built as `cardgen.rules.book.GameBook.template_context`
    builds it (a test renders the sheet both ways and compares)."""
    spec = game.spec
    cards = {t.id: [dict(c.values) for c in game.cards.get(t.id, [])] for t in spec.types}
    clar = {row["id"]: dict(row.values) for row in game.cards.get("clarification", [])}

    def values(find: Callable[..., Card | None]) -> Callable[..., dict[str, Any]]:
        def look(*key: str) -> dict[str, Any]:
            found = find(*key)
            return dict(found.values) if found is not None else {}

        return look

    return {
        "game": {"id": spec.id, "name": spec.name, "summary": spec.summary, "info": spec.info,
                 "players_min": spec.players_min, "players_max": spec.players_max},
        "types": {t.id: {"id": t.id, "name": t.name, "plural": t.plural, "kind": t.kind,
                         "count": game.count(t.id), "description": t.description}
                  for t in spec.types},
        "cards": cards,
        "card": values(game.by_id),
        "count": game.count,
        "kw": values(game.keyword),
        "keywords": {s: [dict(c.values) for c in words.values()]
                     for s, words in game.keywords.items()},
        "clarification": lambda cid: clar.get(cid, {}).get("decision", f"[{cid}?]"),
        "clarifications": list(clar.values()),
        "numbers": dict(game.numbers),  # the rule numbers (cardgen.data.numbers), as the book
        "rule_numbers": [dict(vars(r)) for r in game.numbers.records.values()],
        "book": dict(settings or {}),
        "deck_formats": {fid: f.summary() for fid, f in spec.deck_formats.items()},
    }  # fmt: skip


def render_reference(game: Game, path: Path) -> str:
    """The reference template at `path` rendered as the rulebook renders it: the rule markup."""
    import tomllib

    from jinja2 import StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    book = path.parent / "book.toml"
    settings = tomllib.loads(book.read_text(encoding="utf-8")) if book.is_file() else {}
    env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                               lstrip_blocks=True)  # fmt: skip
    template = env.from_string(path.read_text(encoding="utf-8"))
    return template.render(template_context(game, settings))


def to_markdown(markup: str) -> str:
    """The rule markup as Markdown a page can show: directives (columns, diagrams, page breaks)
    dropped, inline icons dropped (their word follows them), and every table given the separator
    row Markdown needs under its first row."""
    out: list[str] = []
    lines = markup.splitlines()
    for i, raw in enumerate(lines):
        line = raw.rstrip()
        stripped = line.strip()
        if stripped.startswith(":::"):
            continue
        line = re.sub(r"(?<=\S) {2,}", " ", ICON.sub("", line)).rstrip()
        out.append(line)
        is_row = stripped.startswith("|") and stripped.endswith("|")
        above = lines[i - 1].strip() if i else ""
        starts_table = is_row and not (above.startswith("|") and above.endswith("|"))
        below = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if starts_table and not SEPARATOR.match(below):
            out.append("|" + "---|" * (stripped.count("|") - 1))
    return "\n".join(out)


def sections(markdown: str) -> tuple[Section, ...]:
    """Split at each `##` or `###` heading; the sheet's `#` title is left out."""
    found: list[Section] = []
    title, body = "", list[str]()
    for line in markdown.splitlines():
        heading = re.match(r"^(#{1,3})\s+(.*)$", line.strip())
        if heading:
            if title and "".join(body).strip():
                found.append(Section(title, "\n".join(body).strip()))
            title, body = ("" if len(heading[1]) == 1 else heading[2].strip()), []
            continue
        body.append(line)
    if title and "".join(body).strip():
        found.append(Section(title, "\n".join(body).strip()))
    return tuple(found)


# --- one rulebook per game, loaded once ----------------------------------------------------------


def rulebook(game_id: str) -> Rulebook:
    """The game's rulebook (its data folder and the templates the print kit uses for it), loaded
    once and again only when a file of its folder changed (a declared game being edited)."""
    from companion.games.shipped import data_folder

    folder = data_folder(game_id)
    stamp = tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.glob("*") if p.is_file()))
    return _rulebook(folder, stamp)


@cache
def _rulebook(folder: Path, stamp: tuple[tuple[str, int], ...]) -> Rulebook:
    from cardgen.data.database import load_game_or_raise
    from cardgen.data.project import templates_for

    return Rulebook(load_game_or_raise(folder), templates_for(folder))
