r"""Bold and italic typed in a spreadsheet cell, turned into the card-text markup on read.

A designer who makes a word bold in Excel or LibreOffice means it to print bold, so a cell
with runs of formatting (rich text) reads as the markup a CSV would hold: `**bold**`,
`*italic*`, and every `*` or `\` typed in such a cell escaped so it prints as typed
(docs/layouts.md, "Rich text"). calamine, the fast reader, gives only a cell's text; openpyxl
gives its runs, but only when it loads the whole workbook, so it is asked only when the
workbook's XML holds a bold or italic run at all.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

# A run's properties (<rPr>) turning bold or italic on, in the shared strings or a worksheet.
_RUN_EMPHASIS = re.compile(
    rb"<(?:\w+:)?rPr\b[^>]*>(?:(?!</(?:\w+:)?rPr>).){0,2000}?<(?:\w+:)?[bi](?:\s|/|>)", re.DOTALL
)


def has_emphasis(path: Path) -> bool:
    """Whether any cell of the workbook holds a bold or italic run (a quick look at its XML)."""
    with zipfile.ZipFile(path) as archive:
        names = [n for n in archive.namelist()
                 if n == "xl/sharedStrings.xml" or n.startswith("xl/worksheets/")]  # fmt: skip
        return any(_RUN_EMPHASIS.search(archive.read(name)) for name in names)


def escape_markup(text: str) -> str:
    r"""Text that prints as typed in the card-text markup: `\` and `*` escaped."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def runs_to_markup(runs: list[tuple[str, bool, bool]]) -> str:
    """(text, bold, italic) runs as markup; neighbours in one emphasis are joined first, and
    spaces at a run's ends stay outside its markers (a marker next to a space pairs with
    nothing)."""
    joined: list[tuple[str, bool, bool]] = []
    for text, bold, italic in runs:
        if joined and joined[-1][1:] == (bold, italic):
            joined[-1] = (joined[-1][0] + text, bold, italic)
        else:
            joined.append((text, bold, italic))
    out = []
    for text, bold, italic in joined:
        body = escape_markup(text)
        core = body.strip()
        marker = ("**" if bold else "") + ("*" if italic else "")
        if not core or not marker:
            out.append(body)
            continue
        lead, trail = body[: len(body) - len(body.lstrip())], body[len(body.rstrip()) :]
        out.append(f"{lead}{marker}{core}{marker[::-1]}{trail}")
    return "".join(out)


def rich_cells(path: Path, sheet: str) -> dict[tuple[int, int], str]:
    """The cells of worksheet `sheet` holding bold or italic runs, as markup, by (row, column)
    from 0 at A1."""
    from openpyxl import load_workbook
    from openpyxl.cell.rich_text import CellRichText, TextBlock

    workbook = load_workbook(path, rich_text=True, data_only=True)
    try:
        found: dict[tuple[int, int], str] = {}
        for row in workbook[sheet].iter_rows():
            for cell in row:
                value: Any = cell.value
                if not isinstance(value, CellRichText):
                    continue
                runs = []
                for block in value:
                    if isinstance(block, TextBlock):
                        font = block.font
                        runs.append((block.text, bool(font.b), bool(font.i)))
                    else:
                        runs.append((str(block), False, False))
                if any(bold or italic for _, bold, italic in runs):
                    found[(cell.row - 1, cell.column - 1)] = runs_to_markup(runs)
        return found
    finally:
        workbook.close()
