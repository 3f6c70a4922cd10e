"""Text in a box: runs of plain, bold and italic words and inline icons (`:poisonous:`) broken
into lines, shrunk to fit.

Card text may emphasise with `**bold**` and `*italic*` (`cardgen.printkit.layout.markup`); each
word is measured and drawn in its own font, so lines break where the bold words really end. It
is never handed on as markup: `<`, `&` or `<b>` in a card's text print as typed. Sizes step down
by half a point from the layout's size to its minimum (6 pt by default, and never less: the
legibility floor for print); text that still does not fit is an error naming the card and
element (`cardgen.printkit.layout.errors.TextOverflowError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from cardgen.printkit.backends.fonts import ASCENT, PT_PER_MM, text_width_mm
from cardgen.printkit.draw import IconOp, Op, TextOp
from cardgen.printkit.icons import Icon
from cardgen.printkit.layout.markup import font_for, plain, runs

TOKEN = re.compile(r":([a-z0-9_]+):|(\S+?)(?=:[a-z0-9_]+:|\s|$)|(\s+)")
MIN_SIZE_PT = 6.0
ICON_EM = 1.0
_PIECES = re.compile(r"\S+|\s+")


class Token(NamedTuple):
    """A word (`text`, in `font`) or an inline icon; a tuple, since a card's text makes many.

    `glued`: no space before it (a word run on from an icon, `:poisonous:,`, or from a word in
    another font, `**Poison**ous`)."""

    text: str
    icon: Icon | None = None
    font: str = "regular"
    glued: bool = False

    def width(self, size_pt: float) -> float:
        if self.icon is not None:
            return size_pt / PT_PER_MM * ICON_EM
        return text_width_mm(self.text, self.font, size_pt)


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


def tokenize(text: str, icons: dict[str, Icon], font: str = "regular") -> list[list[Token]]:
    """Paragraphs of word and icon tokens, each word in its run's font (emphasis added to
    `font`); an unknown `:name:` stays literal text."""
    paragraphs: list[list[Token]] = [[]]
    after_word = False  # the last piece was a word, so a word of the next run is glued to it
    for run in runs(text.replace("\r\n", "\n")):
        run_font = font_for(font, run)
        for piece in _PIECES.findall(run.text):
            if piece.isspace():
                paragraphs.extend([] for _ in range(piece.count("\n")))
                after_word = False
                continue
            _tokenize_chunk(piece, icons, paragraphs[-1], run_font, after_word)
            after_word = True
    return paragraphs


def _tokenize_chunk(
    chunk: str, icons: dict[str, Icon], tokens: list[Token], font: str, glue: bool
) -> None:
    """The words and icons of a run without whitespace, added to `tokens`; `glue`: the first
    sticks to what came before."""
    if ":" not in chunk:  # no icon can start here
        tokens.append(Token(plain(chunk), None, font, glue))
        return
    for match in TOKEN.finditer(chunk):
        icon_name, word, _ = match.groups()
        if icon_name and icon_name in icons:
            tokens.append(Token("", icons[icon_name], font, glue))
        else:
            piece = word if word is not None else match.group(0)
            tokens.append(Token(plain(piece), None, font, glue))
        glue = True  # what follows in the same chunk sticks to it


def _widths(paragraphs: list[list[Token]], size: float) -> list[list[float]]:
    """Each token's width at `size` (as `Token.width`), measured once for all that follows."""
    icon = size / PT_PER_MM * ICON_EM
    return [
        [icon if t.icon is not None else text_width_mm(t.text, t.font, size) for t in paragraph]
        for paragraph in paragraphs
    ]


def _split_long(token: Token, width: float, size: float) -> list[Token]:
    if token.icon is not None or token.width(size) <= width:
        return [token]
    pieces, current = [], ""
    glued = token.glued
    for char in token.text:
        if current and text_width_mm(current + char, token.font, size) > width:
            pieces.append(Token(current, None, token.font, glued))
            current, glued = char, False
        else:
            current += char
    return [*pieces, Token(current, None, token.font, glued)] if current else pieces


Lines = list[list[Token]]
Widths = list[list[float]]


def _break(
    paragraphs: list[list[Token]], widths: Widths, width: float, space: float, size: float
) -> tuple[Lines, Widths]:
    """Lines of tokens no wider than `width` (a word wider than that is split), with the width
    of each token on them; `space` is the width between words (in the layout's own font)."""
    lines: Lines = []
    line_widths: Widths = []
    for paragraph, measured in zip(paragraphs, widths, strict=True):
        line: list[Token] = []
        on_line: list[float] = []
        used = 0.0
        for original, original_w in zip(paragraph, measured, strict=True):
            if original.icon is not None or original_w <= width:
                pieces = [(original, original_w)]
            else:
                pieces = [(p, p.width(size)) for p in _split_long(original, width, size)]
            for token, w in pieces:
                extra = w if (not line or token.glued) else space + w
                if line and used + extra > width + 1e-6:
                    lines.append(line)
                    line_widths.append(on_line)
                    line, on_line, used = [token], [w], w
                else:
                    line.append(token)
                    on_line.append(w)
                    used += extra
        lines.append(line)
        line_widths.append(on_line)
    return lines, line_widths


def break_lines(
    paragraphs: list[list[Token]], width: float, font: str, size: float
) -> list[list[Token]]:
    space = text_width_mm(" ", font, size)
    return _break(paragraphs, _widths(paragraphs, size), width, space, size)[0]


def _line_width(line: list[Token], widths: list[float], space: float) -> float:
    total = 0.0
    for i, (token, w) in enumerate(zip(line, widths, strict=True)):
        if i and not token.glued:
            total += space
        total += w
    return total


def _fit(
    text: str, w: float, h: float, style: TextStyle, icons: dict[str, Icon]
) -> tuple[float, Lines, Widths, bool]:
    paragraphs = tokenize(text, icons, style.font)
    size = style.size
    while True:
        widths = _widths(paragraphs, size)
        split = any(x > w + 1e-6 for measured in widths for x in measured)
        at_minimum = size <= style.min_size + 1e-9
        if not split or at_minimum:  # (a word is split only once the text is at its minimum)
            space = text_width_mm(" ", style.font, size)
            lines, line_widths = _break(paragraphs, widths, w, space, size)
            # Leading sits between lines: the last line needs only its own size.
            height = ((len(lines) - 1) * style.leading + 1) * size / PT_PER_MM
            if height <= h + 1e-6:
                return size, lines, line_widths, True
            if at_minimum:
                return size, lines, line_widths, False
        size = max(size - 0.5, style.min_size)  # the last step lands on the minimum itself


def fit_text(
    text: str, w: float, h: float, style: TextStyle, icons: dict[str, Icon]
) -> tuple[float, list[list[Token]], bool]:
    """The largest size from style.size down to style.min_size at which the text fits the box."""
    size, lines, _, fitted = _fit(text, w, h, style, icons)
    return size, lines, fitted


def layout_text(
    text: str, x: float, y: float, w: float, h: float, style: TextStyle, icons: dict[str, Icon]
) -> tuple[list[Op], bool, float]:
    """Ops for `text` in the box, whether it fitted, and the size used."""
    size, lines, line_widths, fitted = _fit(text, w, h, style, icons)
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
    for index, (line, widths) in enumerate(zip(lines, line_widths, strict=True)):
        baseline = top + index * line_h + ASCENT * size_mm + (line_h - size_mm) / 2
        line_w = _line_width(line, widths, space)
        cursor = x
        if style.align == "center":
            cursor = x + (w - line_w) / 2
        elif style.align == "right":
            cursor = x + w - line_w
        ops += _line_ops(line, widths, cursor, baseline, size, space, style)
    return ops, fitted, size


def _line_ops(
    line: list[Token],
    widths: list[float],
    cursor: float,
    baseline: float,
    size: float,
    space: float,
    style: TextStyle,
) -> list[Op]:
    """One line's ops from `cursor`: a text op for each run of words in one font (spaces kept
    inside it, as one string), an icon op for each icon."""
    ops: list[Op] = []
    run, run_x, run_font = "", cursor, style.font
    for i, (token, token_w) in enumerate(zip(line, widths, strict=True)):
        gap = 0.0 if (i == 0 or token.glued) else space
        if run and (token.icon is not None or token.font != run_font):  # the run ends here
            ops.append(TextOp(run_x, baseline, run, run_font, size, style.color))
            run = ""
        if token.icon is not None:
            cursor += gap
            icon_size = size / PT_PER_MM * ICON_EM
            icon_top = baseline - icon_size * 0.82
            ops.append(IconOp(token.icon, cursor, icon_top, icon_size, style.color, style.paper))
            cursor += icon_size
            continue
        if not run:
            run_x, run, run_font = cursor + gap, token.text, token.font
        else:
            run += " " * (gap > 0) + token.text
        cursor += gap + token_w
    if run:
        ops.append(TextOp(run_x, baseline, run, run_font, size, style.color))
    return ops
