r"""The rule-text markup: a small Markdown subset plus directives for parts made from the data.

    # Chapter            ## Section          ### Subsection
    A paragraph, with **bold**, *italic* and inline icons like :poisonous:.
    1. A numbered step   - A bullet          > Example: a boxed worked example
    | Head | Head |      (a table: the first row is the header; a |-----|--| separator row
                          sets the columns' widths in proportion to its dashes)
    :::toc  :::components  :::glossary  :::clarifications  :::numbers  :::appendix
    :::diagram NAME
    :::columns  :::single  :::pagebreak
    \# not a heading   a \| b (a bar, not a cell)   \\ (a backslash)

Parsing only splits lines into blocks; escaping and inline markup happen when typesetting, so
text from the cards (`<`, `&`, `<b>`) always prints as typed. Text from the data goes into a
template through `literal` (and into a directive's paragraph through `literal_inline`), so a
clarification holding a line `# HEADING`, a `|` or a `*` prints as typed too, never as markup;
only the card-text markup's own `**bold**` and `*italic*` print as they do on the cards.
Bold and italic markers that overlap (`**a *b** c*`) are refused, naming the line (the
typesetter would fail on them); a marker left open prints as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

from cardgen.printkit.layout.markup import to_rule_markup
from cardgen.rules.backends.inline import BOLD, ITALIC

NUMBERED = re.compile(r"^\s*(\d+)[.)]\s+(.*)$")
BULLET = re.compile(r"^\s*[-*•]\s+(.*)$")
ESCAPED = re.compile(r"\\([\\|#>:\-•0-9])")  # \# prints #: a backslash keeps it literal
LINE_BREAK = re.compile(r"\s*[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]\s*")
STARTS_BLOCK = re.compile(r"^(\s*)(?=#|>|\||:::|[-*•]\s|\d+[.)]\s)")
TAG = re.compile(r"<(/?)([bi])>")
STAR = "\u2217"  # ∗: an asterisk from the data, which must never start bold or italic


class MarkupError(ValueError):
    """Rule text the typesetter cannot set; `line` is where its block starts."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def literal_inline(text: str) -> str:
    """Text from the data as a paragraph prints it: the card-text markup's bold and italic
    (`**Poisonous**`, `cardgen.printkit.layout.markup`) as on the card, and every other
    asterisk printed as typed, never starting bold or italic."""
    return to_rule_markup(text, STAR)


def literal(text: str) -> str:
    """Text from the data as a template inserts it: one line (a line break would start a new
    block), with no marker a block or a table cell would read. Text without any is unchanged."""
    text = LINE_BREAK.sub(" ", literal_inline(text))
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    return STARTS_BLOCK.sub(lambda m: m[1] + "\\", text, count=1)


def _unescape(text: str) -> str:
    return ESCAPED.sub(r"\1", text)


def _cells(line: str) -> list[str] | None:
    """A table row's cells (`| a | b |`), split at each `|` no backslash escapes; None when the
    line is no row (its last `|` is escaped, or missing)."""
    cells: list[str] = []
    current: list[str] = []
    chars = iter(line[1:])
    for char in chars:
        if char == "\\":
            current += [char, next(chars, "")]
        elif char == "|":
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    return cells if cells and not "".join(current).strip() else None


def emphasis_problem(text: str) -> str | None:
    """Why the typesetter's bold and italic (`cardgen.rules.backends.inline`) would come out
    tangled in `text`, or None: the same substitutions, then a check that every tag closes the
    innermost open one."""
    marked = ITALIC.sub(r"<i>\1</i>", BOLD.sub(r"<b>\1</b>", escape(text, quote=False)))
    open_tags: list[str] = []
    for closing, tag in TAG.findall(marked):
        if not closing:
            open_tags.append(tag)
        elif not open_tags or open_tags.pop() != tag:
            return "bold (**) and italic (*) markers overlap; close the inner one first"
    return None


@dataclass
class Block:
    kind: str  # heading | paragraph | numbered | bullets | example | table | directive
    text: str = ""
    level: int = 0
    items: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    args: list[str] = field(default_factory=list)
    line: int = 0  # where it starts in the rendered template, for messages


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    current: Block | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            blocks.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            close()
            continue
        marked = not stripped.startswith("\\")  # an escaped marker starts text, nothing else
        if marked and stripped.startswith(":::"):
            close()
            name, *args = stripped[3:].split()
            blocks.append(Block("directive", name.lower(), args=args, line=number))
            continue
        heading = re.match(r"^(#{1,3})\s+(.*)$", stripped) if marked else None
        if heading:
            close()
            blocks.append(Block("heading", heading[2].strip(), level=len(heading[1]), line=number))
            continue
        numbered, bullet = (NUMBERED.match(line), BULLET.match(line)) if marked else (None, None)
        if numbered or bullet:
            kind = "numbered" if numbered else "bullets"
            item = numbered[2] if numbered else bullet[1] if bullet else ""
            if current is None or current.kind != kind:
                close()
                current = Block(kind, line=number)
            current.items.append(item.strip())
            continue
        if stripped.startswith(">"):
            content = stripped[1:].strip()
            if current is None or current.kind != "example":
                close()
                current = Block("example", content, line=number)
            else:
                current.text += "\n" + content
            continue
        cells = _cells(stripped) if stripped.startswith("|") else None
        if cells is not None:
            if all(re.fullmatch(r":?-{3,}:?", c) for c in cells):
                if current is not None and current.kind == "table":  # dash counts set widths
                    current.args = [str(len(c.strip(":"))) for c in cells]
                continue  # a Markdown separator row
            if current is None or current.kind != "table":
                close()
                current = Block("table", line=number)
            current.rows.append(cells)
            continue
        if current is not None and current.kind in ("numbered", "bullets") and raw.startswith("  "):
            current.items[-1] += " " + stripped  # a continued list item
            continue
        if current is None or current.kind != "paragraph":
            close()
            current = Block("paragraph", stripped, line=number)
        else:
            current.text += " " + stripped
    close()
    for block in blocks:
        _finish(block)
    return blocks


def _finish(block: Block) -> None:
    """Escapes resolved, and the text checked as the typesetter will set it."""
    if block.kind == "directive":
        return
    block.text = _unescape(block.text)
    block.items = [_unescape(item) for item in block.items]
    block.rows = [[_unescape(cell) for cell in row] for row in block.rows]
    units = [*block.text.split("\n"), *block.items, *(cell for row in block.rows for cell in row)]
    for unit in units:
        problem = emphasis_problem(unit)
        if problem:
            shown = unit if len(unit) <= 40 else unit[:39] + "…"
            raise MarkupError(block.line, f"{problem} in {shown!r}")
