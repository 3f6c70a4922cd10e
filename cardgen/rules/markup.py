"""The rule-text markup: a small Markdown subset plus directives for parts made from the data.

    # Chapter            ## Section          ### Subsection
    A paragraph, with **bold**, *italic* and inline icons like :poisonous:.
    1. A numbered step   - A bullet          > Example: a boxed worked example
    | Head | Head |      (a table: the first row is the header; a |-----|--| separator row
                          sets the columns' widths in proportion to its dashes)
    :::toc  :::components  :::glossary  :::clarifications  :::appendix  :::diagram NAME
    :::columns  :::single  :::pagebreak

Parsing only splits lines into blocks; escaping and inline markup happen when typesetting, so
text from the cards (`<`, `&`, `<b>`) always prints as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

NUMBERED = re.compile(r"^\s*(\d+)[.)]\s+(.*)$")
BULLET = re.compile(r"^\s*[-*•]\s+(.*)$")


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
        if stripped.startswith(":::"):
            close()
            name, *args = stripped[3:].split()
            blocks.append(Block("directive", name.lower(), args=args, line=number))
            continue
        heading = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if heading:
            close()
            blocks.append(Block("heading", heading[2].strip(), level=len(heading[1]), line=number))
            continue
        numbered, bullet = NUMBERED.match(line), BULLET.match(line)
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
        if stripped.startswith("|") and stripped.endswith("|"):
            cells = [c.strip() for c in stripped[1:-1].split("|")]
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
    return blocks
