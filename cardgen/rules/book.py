"""A game's rulebook, booklet and quick-reference sheet, from templates and the card database.

`templates/<game>/rules.md` and `reference.md` are Jinja2 templates of the rule markup
(`cardgen.rules.markup`); `templates/<game>/book.toml` holds the title, tagline and accent colour;
`templates/<game>/diagrams/*.toml` are layouts drawn as vector diagrams. Component counts, the
glossary, the clarifications, the card appendix and the rule numbers (`numbers.<id>`, and the
`:::numbers` table) come from the data, so they cannot drift.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment

from cardgen.data.art import credits as art_credits
from cardgen.data.database import Game
from cardgen.data.export import cell_text
from cardgen.data.outputs import Owner, claim, publish, staging_beside
from cardgen.data.suggest import did_you_mean
from cardgen.printkit.anatomy import card_parts
from cardgen.printkit.faces import (
    PRINTED_KINDS,
    base_context,
    build_faces,
    printed_type,
    templates_root,
)
from cardgen.printkit.icons import icon_set
from cardgen.printkit.layout import LayoutError, load_layout, render_face
from cardgen.printkit.layout.text import MIN_SIZE_PT
from cardgen.printkit.paper import PAPERS_MM
from cardgen.printkit.typefaces import font_table
from cardgen.rules.anatomy import AnatomyDrawing, callouts
from cardgen.rules.backends.typeset import Book, Context, Theme, flowables
from cardgen.rules.markup import MarkupError, literal, literal_inline, parse

A5 = (148.0, 210.0)
TEXT_FIELDS = ("text", "effect", "ability", "meaning", "power", "rules")


def _is_rules_text(name: str) -> bool:
    return name in TEXT_FIELDS or name.startswith(("ability", "effect"))


STAT_TYPES = (
    "int", "number", "ints", "choice", "choices", "keyword", "keywords", "keyword_counts", "bool",
)  # fmt: skip
MM = 72 / 25.4


class RulesError(ValueError):
    """A rulebook template that cannot be rendered; the message names the file."""


@dataclass
class RulesReport:
    files: list[Path] = field(default_factory=list)
    pages: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _size_text(spec, game: Game) -> str:
    size = spec.size or game.spec.default_size
    if size.shape == "round":
        return f"{size.width_mm:g} mm round"
    return f"{size.width_mm:g} x {size.height_mm:g} mm"


def _back_text(spec) -> str:
    back = spec.back
    if back.style == "fixed" and back.face:
        return f"{back.face.label} ({back.face.mark})"
    if back.style == "by_field":
        return ", ".join(f"{f.label} ({f.mark})" for f in back.faces.values())
    if back.style == "double_sided":
        return f"two-sided: the other side shows its {back.field.replace('_', ' ')}"
    return "one-sided"


def _values(find: Any, text: Any = lambda value: value) -> Any:
    """A template function: the record `find(...)` finds, as a dict (empty if there is none)."""

    def look(*key: str) -> dict[str, Any]:
        found = find(*key)
        return text(dict(found.values)) if found is not None else {}

    return look


def as_markup(value: Any) -> Any:
    """Data as the rule markup reads it: every string inside `value` made `literal`, so a card's
    or a clarification's text prints as typed, never as a heading, a list, a table or bold."""
    if isinstance(value, str):
        return literal(value)
    if isinstance(value, dict):
        return {key: as_markup(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(as_markup(item) for item in value)
    return value


def credit_groups(game: Game) -> list[dict[str, str]]:
    """The game's pictures grouped by author and licence, as its rulebook credits them
    ("Icons made by Lorc, CC BY 3.0: Archer, Atom"), from each picture's recorded source."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for credit in art_credits(game.spec.folder):
        key = (credit.author, credit.license, credit.url)
        groups.setdefault(key, []).append(credit.title)
    return [
        {"author": author, "license": license_, "url": url, "pictures": ", ".join(titles)}
        for (author, license_, url), titles in sorted(groups.items())
    ]


def font_credits(game: Game) -> list[dict[str, str]]:
    """The typefaces the game's manifest names, as its rulebook credits them: the family's
    use ("display", "text"), where it came from and the licence file shipped beside it."""
    folder = game.spec.folder
    return [
        {
            "use": name,
            "source": family.source,
            "licence": family.licence.relative_to(folder).as_posix() if family.licence else "",
        }
        for name, family in sorted(game.spec.fonts.items())
    ]


class GameBook:
    """Everything the rule templates and directives read from one game."""

    def __init__(self, game: Game, examples: Mapping[str, Any] | None = None) -> None:
        self.examples = dict(examples or {})  # worked examples played by the rules engine
        self.game = game
        self.root = templates_root(game)
        self.folder = self.root / game.id
        self.icons = icon_set(self.root, game.id)
        self.settings = self._settings()
        self.pending: list[str] = []  # problems met while drawing diagrams

    def _settings(self) -> dict[str, Any]:
        path = self.folder / "book.toml"
        if not path.is_file():
            return {}
        try:
            return tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise RulesError(f"{path}: not valid TOML: {exc}") from None

    # data for templates ---------------------------------------------------------------------
    def template_context(self, markup: bool = True) -> dict[str, Any]:
        """What templates read. With `markup` (the rule templates) text from the data is made
        literal for the rule markup; without (diagrams, drawn by the print kit) it is as typed."""
        text = as_markup if markup else (lambda value: value)
        game = self.game
        spec = game.spec
        cards = {t.id: [text(dict(c.values)) for c in game.cards.get(t.id, [])]
                 for t in spec.types}  # fmt: skip
        clar = {row["id"]: text(dict(row.values)) for row in game.cards.get("clarification", [])}
        return {
            "game": text({"id": spec.id, "name": spec.name, "summary": spec.summary,
                          "info": spec.info, "players_min": spec.players_min,
                          "players_max": spec.players_max}),
            "types": {t.id: text({"id": t.id, "name": t.name, "plural": t.plural, "kind": t.kind,
                                  "count": game.count(t.id), "description": t.description})
                      for t in spec.types},
            "cards": cards,
            "card": _values(game.by_id, text),
            "count": game.count,
            "kw": _values(game.keyword, text),
            "keywords": {s: [text(dict(c.values)) for c in words.values()]
                         for s, words in game.keywords.items()},
            "clarification": lambda cid: clar.get(cid, {}).get("decision", f"[{cid}?]"),
            "numbers": dict(game.numbers),
            "rule_numbers": [text(asdict(r)) for r in game.numbers.records.values()],
            "ex": self.examples,
            "clarifications": list(clar.values()),
            "art_credits": text(credit_groups(game)),
            "font_credits": text(font_credits(game)),
            "book": self.settings,
            "deck_formats": {fid: text(f.summary()) for fid, f in spec.deck_formats.items()},
        }  # fmt: skip

    # directives: their text from the data is set as typed (`literal_inline`) -----------------
    def components(self) -> list[list[str]]:
        game = self.game
        rows = [["Component", "Count", "Size", "Back"]]
        for spec in game.spec.types:
            if spec.kind in PRINTED_KINDS:
                rows.append([literal_inline(spec.plural), str(game.count(spec.id)),
                             _size_text(spec, game), literal_inline(_back_text(spec))])  # fmt: skip
            elif spec.kind == "die":
                dice = sorted({str(c.get("die")) for c in game.cards.get(spec.id, [])})
                faces = len(game.cards.get(spec.id, []))
                rows.append(["Dice", str(len(dice)), literal_inline(", ".join(dice)),
                             f"{faces} faces described"])  # fmt: skip
        return rows

    def glossary(self) -> list[tuple[str, list[tuple[str, str, str]]]]:
        result = []
        for set_id, words in self.game.keywords.items():
            keyword_set = self.game.spec.keyword_sets.get(set_id)
            title = keyword_set.name if keyword_set else set_id
            entries = [(str(w.get("icon") or ""), literal_inline(str(w.get("name"))),
                        literal_inline(str(w.get("summary") or "")))
                       for w in words.values()]  # fmt: skip
            result.append((literal_inline(title), entries))
        return result

    def clarifications(self) -> list[tuple[str, str, str, str]]:
        rows = self.game.cards.get("clarification", [])
        return [
            (
                str(r.id),
                literal_inline(str(r.get("topic", ""))),
                literal_inline(str(r.get("question", ""))),
                literal_inline(str(r.get("decision", ""))),
            )
            for r in rows
        ]

    def numbers(self) -> list[list[str]]:
        """The `:::numbers` table: every rule number with its value and what it does."""
        rows = [["Rule", "Value", "What it does"]]
        for number in self.game.numbers.records.values():
            value = f"{number.value} {number.unit}".strip()
            rows.append([literal_inline(number.name), literal_inline(value),
                         literal_inline(number.description)])  # fmt: skip
        return rows

    def appendix(self) -> list[tuple[str, list[str], list[list[str]]]]:
        game = self.game
        tables = []
        for spec in game.spec.types:
            if spec.kind not in PRINTED_KINDS or not game.cards.get(spec.id):
                continue
            stats = [f for f in spec.fields if f.type in STAT_TYPES and f.name != "quantity"][:7]
            texts = [f for f in spec.fields if f.type == "text" and _is_rules_text(f.name)][:1]
            header = ["Name", *[f.title for f in stats + texts], "Copies"]
            rows = []
            for card in game.cards[spec.id]:
                values = [self._cell(card.get(f.name), f) or "-" for f in stats + texts]
                rows.append([card.name, *values, str(game.quantity(card))])
            rows = [[literal_inline(cell) for cell in row] for row in rows]
            tables.append((f"{spec.plural} ({game.count(spec.id)})", header, rows))
        return tables

    def _cell(self, value: Any, spec) -> str:
        """A value as the appendix prints it: keywords by their printed names."""
        if spec.type in ("keyword", "keywords", "keyword_counts") and value:

            def name(k: str) -> str:
                word = self.game.keyword(spec.set, k)
                return str(word.get("name")) if word else k

            if spec.type == "keyword":
                return name(value)
            if spec.type == "keywords":
                return ", ".join(name(k) for k in value)
            return ", ".join(f"{name(k)} x{n}" for k, n in value.items())
        return cell_text(value, spec).replace("_", " ")

    def diagram(self, name: str, text_floor: float = MIN_SIZE_PT) -> tuple[float, float, list]:
        """A diagram's size (mm) and ops, no text under `text_floor` pt (a diagram printed
        smaller than drawn is drawn again with its text larger, so that it prints at 6 pt)."""
        path = self.folder / "diagrams" / f"{name}.toml"
        layout = load_layout(path, self.root)
        width = float(layout.options.get("width", 120))
        height = float(layout.options.get("height", 80))
        context = {**base_context(self.game, self.game.spec.types[0]),
                   **self.template_context(markup=False), "side": "front"}  # fmt: skip
        face, problems = render_face(layout, context, width, height, 0.0, self.icons,
                                     lambda src: (None, "diagrams draw no art"),
                                     text_floor=text_floor,
                                     fonts=font_table(self.game.spec))  # fmt: skip
        if text_floor <= MIN_SIZE_PT:  # drawn again larger: the same problems, said once
            self.pending.extend(f"diagram {name}: {p}" for p in problems)
        return width, height, face.ops

    def anatomy(self, name: str) -> AnatomyDrawing | None:
        """The card anatomy diagram `name` declares (`cardgen.rules.anatomy`), or None if
        `name` is a drawn diagram; a declaration that names no card or part is refused."""
        path = self.folder / "diagrams" / f"{name}.toml"
        try:
            declared = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            return None  # not an anatomy: drawn (and its problems said) as a layout
        if "card" not in declared:
            return None
        try:
            parts = card_parts(self.game, str(declared["card"]))
            return callouts(declared, parts, str(path))
        except ValueError as exc:
            raise RulesError(f"{path}: {exc}" if str(path) not in str(exc) else str(exc)) from None

    def card_faces(self, ids: list[str]) -> list[tuple[float, float, list]]:
        """The printed fronts of the cards `ids` (width mm, height mm, ops), drawn by the print
        kit from the same data and layouts as the kit's sheets; an id of no printed card is a
        problem of the book."""
        out = []
        for card_id in ids:
            spec = printed_type(self.game, card_id)
            if spec is None:
                known = [c.id for c in self.game.records()]
                self.pending.append(f":::cover: no printed card {card_id!r}"
                                    f"{did_you_mean(card_id, known)}")  # fmt: skip
                continue
            faces = build_faces(self.game, spec, 0.0, ids={card_id}, codes=False)
            front = faces.front(card_id)
            out.append((front.width, front.height, front.ops))
        return out

    # rendering ----------------------------------------------------------------------------------
    def render_text(self, name: str) -> str:
        path = self.folder / name
        if not path.is_file():
            raise RulesError(f"{path}: no such template")
        env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False,
                                   trim_blocks=True, lstrip_blocks=True)  # fmt: skip
        try:
            return env.from_string(path.read_text(encoding="utf-8")).render(self.template_context())
        except TemplateError as exc:
            line = getattr(exc, "lineno", None)
            where = f"{path}:{line}" if line else str(path)
            raise RulesError(f"{where}: {exc}") from None

    def theme(self, body: float = 10.0) -> Theme:
        accent = str(self.settings.get("accent", "#0072B2"))
        tint = str(self.settings.get("tint", "#EAF2F8"))
        fonts = font_table(self.game.spec)
        headings = " ".join(str(self.settings.get("heading_font", "bold")).lower().split())
        if headings not in fonts:
            raise RulesError(
                f"{self.folder / 'book.toml'}: heading_font = {headings!r} is not a font of this "
                f"game{did_you_mean(headings, sorted(fonts))}"
            )
        return Theme(accent, tint, body, fonts, headings)

    def context(self) -> Context:
        return Context(self.icons, self.components, self.glossary, self.clarifications,
                       self.appendix, self.diagram, numbers=self.numbers,
                       faces=self.card_faces, anatomy=self.anatomy)  # fmt: skip

    def write(self, template: str, path: Path, pagesize_mm: tuple[float, float], body: float,
              margin: float = 16) -> tuple[int, list[str]]:  # fmt: skip
        try:
            blocks = parse(self.render_text(template))
        except MarkupError as exc:  # lines of the rendered template, as other messages count
            raise RulesError(f"{self.folder / template}: {exc}") from None
        ctx = self.context()
        title = str(self.settings.get("title", self.game.name))
        pagesize = (pagesize_mm[0] * MM, pagesize_mm[1] * MM)
        story = flowables(blocks, ctx, self.theme(body))
        ctx.problems += self.pending
        self.pending = []
        book = Book(
            str(path), pagesize, title, self.theme(body), margin, ctx.first_template, ctx.covered
        )
        try:
            book.multiBuild(story)
        except LayoutError as exc:
            raise RulesError(f"{self.folder}: {exc}") from None
        return book.page, ctx.problems


def impose_booklet(source: Path, target: Path, sheet_mm: tuple[float, float]) -> int:
    """A5 pages two-up on landscape sheets in saddle-stitch order (see cardgen.rules.booklet)."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    from cardgen.rules.booklet import booklet_order

    reader = PdfReader(str(source))
    pages = reader.pages
    width, height = max(sheet_mm) * MM, min(sheet_mm) * MM
    writer = PdfWriter()
    for left, right in booklet_order(len(pages)):
        sheet = PageObject.create_blank_page(width=width, height=height)
        for number, x in ((left, 0.0), (right, width / 2)):
            if number:
                page = pages[number - 1]
                dx = x + (width / 2 - float(page.mediabox.width)) / 2
                dy = (height - float(page.mediabox.height)) / 2
                sheet.merge_transformed_page(page, Transformation().translate(dx, dy))
        writer.add_page(sheet)
    writer.add_metadata({"/Title": "Booklet: print double-sided, flip on the short edge, fold"})
    with open(target, "wb") as handle:
        writer.write(handle)
    return len(writer.pages)


RULES_OUTPUTS = ("rules.pdf", "rules-booklet.pdf", "reference.pdf")


def write_rules(
    game: Game, folder: Path, paper: str = "a4", examples: Mapping[str, Any] | None = None
) -> RulesReport:
    """rules.pdf, rules-booklet.pdf and reference.pdf, written into `folder` (a staging folder).
    `examples`: the worked examples the templates print as `ex` (see cardgen.kit)."""
    book = GameBook(game, examples)
    report = RulesReport()
    sheet = PAPERS_MM[paper]
    pages, problems = book.write("rules.md", folder / "rules.pdf", sheet, 10.0, 18)
    report.pages["rules"], report.problems = pages, problems
    a5 = folder / "rules-a5.pdf"
    book.write("rules.md", a5, A5, 9.5, 13)
    report.pages["booklet"] = impose_booklet(a5, folder / "rules-booklet.pdf", sheet)
    a5.unlink()
    landscape = (max(sheet), min(sheet))
    pages, problems = book.write("reference.md", folder / "reference.pdf", landscape, 8.5, 10)
    report.pages["reference"] = pages
    report.problems += problems
    if pages > 2:
        report.problems.append(f"the reference sheet runs to {pages} pages; it should be 2")
    report.files = [folder / name for name in RULES_OUTPUTS]
    return report


def build_rules(
    game: Game, folder: Path, paper: str = "a4", examples: Mapping[str, Any] | None = None
) -> RulesReport:
    """The three books into `folder` (a game's kit folder): staged, then published in place of
    the previous ones (`cardgen.data.outputs`); a folder cardgen does not own is refused."""
    claim(folder, Owner.KIT)
    with staging_beside(folder) as staging:
        report = write_rules(game, staging, paper, examples)
        publish(folder, staging, Owner.KIT, f"cardgen rules {game.id}", RULES_OUTPUTS)
    report.files = [folder / path.name for path in report.files]
    return report
