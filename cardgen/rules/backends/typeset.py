"""Blocks of rule text into platypus flowables, and the page templates they flow through.

Styles use the game's fonts (`cardgen.printkit.typefaces`); headings feed a table of contents;
`:::columns` and `:::single` switch between one- and two-column pages; directives expand into
tables, glossaries, clarifications, the card appendix and the print kit's drawings (`drawings`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from cardgen.printkit.backends.fonts import PDF_NAMES, VERA
from cardgen.printkit.backends.painter import register_fonts
from cardgen.printkit.layout.text import MIN_SIZE_PT
from cardgen.rules.anatomy import AnatomyDrawing
from cardgen.rules.backends.drawings import AnatomyFigure, CardRow, Diagram
from cardgen.rules.backends.inline import inline
from cardgen.rules.markup import Block

INK = "#1A1A1A"
# Each heading's font size, leading, space before and space after, in body sizes; and whether it
# is in the theme's accent colour (a third-level heading is in ink, like the text under it).
HEADINGS = {  # font, leading, space before and after (times the body size), in the accent
    "title": (3.6, 4.2, 0.0, 0.8, True),  # the heading a book opens with: its cover's title
    "h1": (2.1, 2.5, 0.0, 1.0, True),
    "h2": (1.4, 1.8, 1.1, 0.4, True),
    "h3": (1.1, 1.45, 0.7, 0.2, False),
}


@dataclass
class Theme:
    """A book's look: its colours, body size and fonts (the game's, by the names layouts give
    them: `cardgen.printkit.typefaces`; `headings` names the one headings are set in)."""

    accent: str = "#0072B2"
    tint: str = "#EAF2F8"
    body: float = 10.0
    fonts: Mapping[str, str] = field(default_factory=lambda: VERA)
    headings: str = "bold"

    def font(self, name: str) -> str:
        """reportlab's name of the font layouts call `name` ("regular", "display bold")."""
        return PDF_NAMES[self.fonts[name]]

    def cell_font(self) -> tuple:
        """A table cell's own font: unset, reportlab opens every cell in Helvetica, which is
        then listed (not embedded) in the PDF though no text is set in it (print-standards.md
        section 5.2)."""
        return ("FONTNAME", (0, 0), (-1, -1), self.font("regular"))

    def styles(self) -> dict[str, ParagraphStyle]:
        register_fonts()
        regular, bold = self.font("regular"), self.font("bold")
        heading = self.font(self.headings)
        size = self.body
        base = ParagraphStyle(
            "body",
            fontName=regular,
            fontSize=size,
            leading=size * 1.35,
            textColor=colors.HexColor(INK),
            alignment=TA_LEFT,
            spaceAfter=size * 0.5,
        )
        accent = colors.HexColor(self.accent)
        cell = ParagraphStyle(  # never under 8 pt, the floor for player aids
            "cell",
            base,
            fontSize=max(8.0, size * 0.9),
            leading=max(9.6, size * 1.15),
            spaceAfter=0,
        )
        headings = {
            name: ParagraphStyle(
                name,
                base,
                fontName=heading,
                fontSize=size * font,
                leading=size * leading,
                textColor=accent if accented else base.textColor,
                spaceBefore=size * before,
                spaceAfter=size * after,
                keepWithNext=1,
            )
            for name, (font, leading, before, after, accented) in HEADINGS.items()
        }
        return {
            "body": base,
            **headings,
            "contents": ParagraphStyle("contents", headings["h1"]),  # not itself an entry
            "cell": cell,
            "head": ParagraphStyle("head", cell, fontName=bold),
            "example": ParagraphStyle("example", base, fontSize=size * 0.95, spaceAfter=2),
            "small": ParagraphStyle("small", base, fontSize=size * 0.8, leading=size),
        }


@dataclass
class Context:
    """What the directives draw from: the game's data, its icons and its diagrams."""

    icons: dict
    components: Callable[[], list[list[str]]]
    glossary: Callable[[], list[tuple[str, list[tuple[str, str, str]]]]]  # set, (icon, name, text)
    clarifications: Callable[[], list[tuple[str, str, str, str]]]  # id, topic, question, answer
    appendix: Callable[[], list[tuple[str, list[str], list[list[str]]]]]  # title, header, rows
    # name, smallest text size (pt) -> (width mm, height mm, ops)
    diagram: Callable[[str, float], tuple[float, float, list]]
    numbers: Callable[[], list[list[str]]] = list  # header and rows: the game's rule numbers
    # card ids -> each card's printed front as (width mm, height mm, ops); unknown ids said
    faces: Callable[[list[str]], list[tuple[float, float, list]]] = lambda ids: []
    # a diagram's name -> its card anatomy, if it is one (a printed card, its parts named)
    anatomy: Callable[[str], AnatomyDrawing | None] = lambda name: None
    problems: list[str] = field(default_factory=list)
    at_start: bool = True  # nothing typeset yet
    covered: bool = False  # the book opens with a cover: its contents get a page and a heading
    first_template: str = "one"


class Book(BaseDocTemplate):
    """One- and two-column page templates, a running footer, and a table of contents."""

    def __init__(
        self,
        path: str,
        pagesize: tuple[float, float],
        title: str,
        theme: Theme,
        margin_mm: float = 16,
        first: str = "one",
        covered: bool = False,
    ) -> None:
        super().__init__(
            path,
            pagesize=pagesize,
            title=title,
            author="cardgen",
            leftMargin=margin_mm * mm,
            rightMargin=margin_mm * mm,
            topMargin=margin_mm * mm,
            bottomMargin=(margin_mm + 4) * mm,
            initialFontName=theme.font("regular"),
            invariant=1,
        )
        self.theme, self.book_title, self.covered = theme, title, covered
        width, height = pagesize
        body_w, body_h = width - 2 * margin_mm * mm, height - (2 * margin_mm + 4) * mm
        x, y = margin_mm * mm, (margin_mm + 4) * mm
        gap = 6 * mm
        one = Frame(x, y, body_w, body_h, id="one")
        left = Frame(x, y, (body_w - gap) / 2, body_h, id="left")
        right = Frame(x + (body_w + gap) / 2, y, (body_w - gap) / 2, body_h, id="right")
        templates = [
            PageTemplate("one", [one], onPage=self._footer),
            PageTemplate("two", [left, right], onPage=self._footer),
        ]
        if first == "two":
            templates.reverse()  # platypus starts on the first template
        self.addPageTemplates(templates)

    def _footer(self, canvas, document) -> None:
        if self.covered and document.page == 1:
            return  # a cover carries no running footer
        canvas.saveState()
        canvas.setFont(self.theme.font("regular"), 8)
        canvas.setFillColor(colors.HexColor("#555555"))
        bottom = self.bottomMargin - 9 * mm
        canvas.drawString(self.leftMargin, bottom, self.book_title)
        canvas.drawRightString(self.pagesize[0] - self.rightMargin, bottom, f"{document.page}")
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Paragraph) and flowable.style.name in ("h1", "h2"):
            level = 0 if flowable.style.name == "h1" else 1
            if level == 0 and flowable.getPlainText().strip() == self.book_title:
                return  # the book's own title is not an entry of its contents
            self.notify("TOCEntry", (level, flowable.getPlainText(), self.page))


def _table(
    rows: list[list[str]],
    styles: dict,
    icons: dict,
    theme: Theme,
    widths: list[str] | None = None,
) -> Table:
    data = [
        [
            Paragraph(
                inline(cell, icons, styles["cell"].fontSize),
                styles["head"] if r == 0 else styles["cell"],
            )
            for cell in row
        ]
        for r, row in enumerate(rows)
    ]
    table = Table(data, colWidths=widths or _fitted_widths(rows), repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                theme.cell_font(),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(theme.tint)),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#999999")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def _fitted_widths(rows: list[list[str]]) -> list[str] | None:
    """Shares of the width from the content: no column narrower than its longest word."""
    if not rows or len(rows[0]) < 3:
        return None
    weights = []
    for column in range(len(rows[0])):
        cells = [row[column] for row in rows if column < len(row)]
        longest = max((len(word) for cell in cells for word in cell.split()), default=1)
        average = sum(len(cell) for cell in cells) / max(len(cells), 1)
        weights.append(max(longest + 1.5, average / 2.5, 3))
    total = sum(weights)
    return [f"{100 * w / total:.1f}%" for w in weights]


def _widths(header: list[str]) -> list[str]:
    """Name and text columns wide, stat columns narrow (as shares of the frame)."""
    wide = {0, len(header) - 2} if len(header) > 3 else {0}
    weights = [3.0 if i in wide else 1.3 for i in range(len(header))]
    weights[-1] = 1.2
    total = sum(weights)
    return [f"{100 * w / total:.1f}%" for w in weights]


def flowables(blocks: list[Block], ctx: Context, theme: Theme) -> list[Flowable]:
    styles = theme.styles()
    icons = ctx.icons
    size = theme.body
    out: list[Flowable] = []

    def para(text: str, style: str = "body") -> Paragraph:
        return Paragraph(inline(text, icons, styles[style].fontSize), styles[style])

    covered = ctx.covered = any(b.kind == "directive" and b.text == "cover" for b in blocks)
    for block in blocks:
        if block.kind == "heading":
            if block.level == 1 and out:
                out.append(CondPageBreak(60 * mm))
            title = covered and block.level == 1 and not out  # a cover's title, set large
            out.append(para(block.text, "title" if title else f"h{block.level}"))
        elif block.kind == "paragraph":
            out.append(para(block.text))
        elif block.kind in ("numbered", "bullets"):
            items = [ListItem(para(item), leftIndent=size * 1.6) for item in block.items]
            kind = "1" if block.kind == "numbered" else "bullet"
            out.append(
                ListFlowable(
                    items,
                    bulletType=kind,
                    start="1" if kind == "1" else None,
                    bulletFontName=theme.font("bold"),
                    bulletFontSize=size,
                    leftIndent=size * 1.6,
                    spaceAfter=size * 0.5,
                )
            )
        elif block.kind == "example":
            lines = [para(line, "example") for line in block.text.split("\n") if line]
            box = Table([[lines]], hAlign="LEFT")
            box.setStyle(
                TableStyle(
                    [
                        theme.cell_font(),
                        ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(theme.tint)),
                        ("LINEBEFORE", (0, 0), (0, -1), 2.5, colors.HexColor(theme.accent)),
                        ("LEFTPADDING", (0, 0), (-1, -1), 8),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                        ("TOPPADDING", (0, 0), (-1, -1), 5),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                    ]
                )
            )
            out += [KeepTogether([box]), Spacer(1, size * 0.6)]
        elif block.kind == "table":
            widths = None
            if block.args and len({int(a) for a in block.args}) > 1:
                total = sum(int(a) for a in block.args)
                widths = [f"{100 * int(a) / total:.1f}%" for a in block.args]
            out += [_table(block.rows, styles, icons, theme, widths), Spacer(1, size * 0.8)]
        elif block.kind == "directive":
            out += _directive(block, ctx, theme, styles, para)
        ctx.at_start = not out
    return out


def toc_style(theme: Theme) -> TableStyle:
    """The contents' table: no padding, the book's own font."""
    return TableStyle(
        [
            theme.cell_font(),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ]
    )


def _directive(block: Block, ctx: Context, theme: Theme, styles: dict, para) -> list[Flowable]:
    name, icons = block.text, ctx.icons
    if name == "toc":
        toc = TableOfContents(tableStyle=toc_style(theme))
        toc.levelStyles = [
            ParagraphStyle(
                "toc1",
                styles["body"],
                fontName=theme.font("bold"),
                leftIndent=0,
                firstLineIndent=0,
                spaceBefore=3,
            ),
            ParagraphStyle("toc2", styles["body"], leftIndent=14, firstLineIndent=0, spaceAfter=1),
        ]
        return [para("Contents", "contents"), toc] if ctx.covered else [toc]
    if name == "pagebreak":
        return [PageBreak()]
    if name == "cover":
        if not block.args:
            ctx.problems.append(f"line {block.line}: :::cover needs the ids of cards to show")
            return []
        faces = ctx.faces(list(block.args))
        return [Spacer(1, 10 * mm), CardRow(faces, 95), Spacer(1, 8 * mm)] if faces else []
    if name == "columns":
        if ctx.at_start:  # no page to break: the book opens on two columns
            ctx.first_template = "two"
            return []
        return [NextPageTemplate("two"), PageBreak()]
    if name == "single":
        return [NextPageTemplate("one"), PageBreak()]
    if name == "components":
        return [_table(ctx.components(), styles, icons, theme), Spacer(1, 8)]
    if name == "glossary":
        out: list[Flowable] = []
        for set_name, words in ctx.glossary():
            out.append(para(set_name, "h3"))
            for icon, word, text in words:
                mark = f":{icon}: " if icon in icons else ""
                out.append(para(f"{mark}**{word}**: {text}"))
        return out
    if name == "clarifications":
        rows = ctx.clarifications()
        if not rows:
            ctx.problems.append("the game has no clarifications sheet")
        return [
            para(f"**{i}. {topic}.** {question} *{answer}*")
            for i, (_, topic, question, answer) in enumerate(rows, start=1)
        ]
    if name == "numbers":
        numbers = ctx.numbers()
        if len(numbers) < 2:
            ctx.problems.append("the game declares no rule numbers")
            return []
        return [_table(numbers, styles, icons, theme), Spacer(1, 8)]
    if name == "appendix":
        out = []
        for title, header, cards in ctx.appendix():
            out.append(para(title, "h3"))
            out += [_table([header, *cards], styles, icons, theme), Spacer(1, 8)]
        return out
    if name == "diagram":
        if not block.args:
            ctx.problems.append(f"line {block.line}: :::diagram needs a name")
            return []
        name = block.args[0]
        drawing = ctx.anatomy(name)
        if drawing is not None:
            font = styles["body"].fontName
            return [AnatomyFigure(drawing, name, font, 8.0, theme.accent), Spacer(1, 8)]
        width, height, ops = ctx.diagram(name, MIN_SIZE_PT)  # drawn now: its problems reported

        def draw(floor: float, name: str = name) -> list:
            return ctx.diagram(name, floor)[2]

        return [Diagram(width, height, draw, name, ops), Spacer(1, 8)]
    ctx.problems.append(f"line {block.line}: unknown directive :::{name}")
    return []
