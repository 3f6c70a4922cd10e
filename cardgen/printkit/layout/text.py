"""Text in a box: words and inline icons (`:poisonous:`) broken into lines, shrunk to fit.

Card text is drawn as plain runs, never parsed as markup, so `<`, `&` or `<b>` in a card's text
print as typed. Sizes step down by half a point from the layout's size to its minimum (6 pt by
default, and never less: the legibility floor for print); text that still does not fit is an
error naming the card and element (`cardgen.printkit.layout.errors.TextOverflowError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgen.printkit.backends.fonts import ASCENT, PT_PER_MM, text_width_mm
from cardgen.printkit.draw import IconOp, Op, TextOp
from cardgen.printkit.icons import Icon

TOKEN = re.compile(r":([a-z0-9_]+):|(\S+?)(?=:[a-z0-9_]+:|\s|$)|(\s+)")
MIN_SIZE_PT = 6.0
ICON_EM = 1.0


@dataclass(frozen=True)
class Token:
    text: str
    icon: Icon | None = None

    def width(self, font: str, size_pt: float) -> float:
        if self.icon is not None:
            return size_pt / PT_PER_MM * ICON_EM
        return text_width_mm(self.text, font, size_pt)


@dataclass(frozen=True)
class TextStyle:
    font: str = "regular"
    size: float = 9.0
    min_size: float = MIN_SIZE_PT
    leading: float = 1.18
    color: str = "#000000"
    paper: str = "#FFFFFF"
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom


def tokenize(text: str, icons: dict[str, Icon]) -> list[list[Token]]:
    """Paragraphs of word and icon tokens; an unknown `:name:` stays literal text."""
    paragraphs = []
    for paragraph in text.replace("\r\n", "\n").split("\n"):
        tokens: list[Token] = []
        glue = False  # a word directly after an icon (":poisonous:," ) sticks to it
        for match in TOKEN.finditer(paragraph):
            icon_name, word, space = match.groups()
            if space:
                glue = False
                continue
            if icon_name and icon_name in icons:
                tokens.append(Token("", icons[icon_name]))
                glue = True
                continue
            piece = word if word is not None else match.group(0)
            if glue and tokens:
                tokens.append(Token("\u200b" + piece))  # zero-width marker: no space before
            else:
                tokens.append(Token(piece))
            glue = False
        paragraphs.append(tokens)
    return paragraphs


def _split_long(token: Token, width: float, font: str, size: float) -> list[Token]:
    if token.icon is not None or token.width(font, size) <= width:
        return [token]
    pieces, current = [], ""
    for char in token.text:
        if current and text_width_mm(current + char, font, size) > width:
            pieces.append(Token(current))
            current = char
        else:
            current += char
    return [*pieces, Token(current)] if current else pieces


def break_lines(
    paragraphs: list[list[Token]], width: float, font: str, size: float
) -> list[list[Token]]:
    space = text_width_mm(" ", font, size)
    lines: list[list[Token]] = []
    for paragraph in paragraphs:
        line: list[Token] = []
        used = 0.0
        for original in paragraph:
            for token in _split_long(original, width, font, size):
                glued = token.text.startswith("\u200b")
                w = token.width(font, size)
                extra = w if (not line or glued) else space + w
                if line and used + extra > width + 1e-6:
                    lines.append(line)
                    line, used = [token], w
                else:
                    line.append(token)
                    used += extra
        lines.append(line)
    return lines


def _line_width(line: list[Token], font: str, size: float) -> float:
    space = text_width_mm(" ", font, size)
    total = 0.0
    for i, token in enumerate(line):
        if i and not token.text.startswith("\u200b"):
            total += space
        total += token.width(font, size)
    return total


def fit_text(
    text: str, w: float, h: float, style: TextStyle, icons: dict[str, Icon]
) -> tuple[float, list[list[Token]], bool]:
    """The largest size from style.size down to style.min_size at which the text fits the box."""
    paragraphs = tokenize(text, icons)
    size = style.size
    while True:
        lines = break_lines(paragraphs, w, style.font, size)
        # Leading sits between lines: the last line needs only its own size.
        height = ((len(lines) - 1) * style.leading + 1) * size / PT_PER_MM
        split = any(t.width(style.font, size) > w + 1e-6 for para in paragraphs for t in para)
        at_minimum = size <= style.min_size + 1e-9
        if height <= h + 1e-6 and (not split or at_minimum):
            return size, lines, True  # a word is split only once the text is at its minimum
        if at_minimum:
            return size, lines, False
        size = max(size - 0.5, style.min_size)  # the last step lands on the minimum itself


def layout_text(
    text: str, x: float, y: float, w: float, h: float, style: TextStyle, icons: dict[str, Icon]
) -> tuple[list[Op], bool, float]:
    """Ops for `text` in the box, whether it fitted, and the size used."""
    size, lines, fitted = fit_text(text, w, h, style, icons)
    size_mm = size / PT_PER_MM
    line_h = size_mm * style.leading
    block_h = len(lines) * line_h
    top = y
    if style.valign == "middle":
        top = y + (h - block_h) / 2
    elif style.valign == "bottom":
        top = y + h - block_h
    ops: list[Op] = []
    space = text_width_mm(" ", style.font, size)
    for index, line in enumerate(lines):
        baseline = top + index * line_h + ASCENT * size_mm + (line_h - size_mm) / 2
        line_w = _line_width(line, style.font, size)
        cursor = x
        if style.align == "center":
            cursor = x + (w - line_w) / 2
        elif style.align == "right":
            cursor = x + w - line_w
        run = ""
        run_x = cursor
        for i, token in enumerate(line):
            gap = 0.0 if (i == 0 or token.text.startswith("\u200b")) else space
            if token.icon is not None:
                if run:
                    ops.append(TextOp(run_x, baseline, run, style.font, size, style.color))
                    run = ""
                cursor += gap
                icon_size = size_mm * ICON_EM
                icon_top = baseline - icon_size * 0.82
                ops.append(
                    IconOp(token.icon, cursor, icon_top, icon_size, style.color, style.paper)
                )
                cursor += icon_size
                run_x = cursor
                continue
            piece = token.text.replace("\u200b", "")
            if not run:
                run_x = cursor + gap
                run = piece
            else:
                run += " " * (gap > 0) + piece
            cursor += gap + token.width(style.font, size)
        if run:
            ops.append(TextOp(run_x, baseline, run, style.font, size, style.color))
    return ops, fitted, size
