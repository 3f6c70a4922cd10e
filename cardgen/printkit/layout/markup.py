r"""The card-text markup: `**bold**`, `*italic*` and escapes, read into runs of plain text.

    **Poisonous**: kills outright.     bold where both markers pair up
    *Once per turn.*                    italic
    ***Last words***                    bold italic
    2 \* 3 costs \:heart:               a literal asterisk, and a colon that starts no icon
    C:\\games                           a literal backslash (only before * : or \)

A marker that finds no partner prints as typed (`5*` stays `5*`), and so do markers whose pairs
cross rather than nest (`**a *b** c*`: which was meant cannot be told). Markers only pair around
text that does not start or end with a space (an italic marker, also not inside a word: `2*3*4`
stays as typed), so ordinary asterisks in card text are safe. The
markup is read here into runs, never handed to a backend: what reaches the PDF is text drawn in
the bold or italic font, so nothing in a cell can inject markup of the PDF or of the rulebooks.
Inline icons (`:heart:`) are found later, in each plain run (`cardgen.printkit.layout.text`);
an escaped colon is kept as `ESCAPED_COLON` until then, so it starts no icon.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from cardgen.printkit.backends.fonts import style_of, styled

# Private-use stand-ins for escaped characters while markers are paired; turned back by `plain`.
ESCAPED_STAR = "\ue000"
ESCAPED_BACKSLASH = "\ue001"
ESCAPED_COLON = "\ue002"
_ESCAPES = {"*": ESCAPED_STAR, "\\": ESCAPED_BACKSLASH, ":": ESCAPED_COLON}
_ESCAPE = re.compile(r"\\([*\\:])")
_RESTORE = str.maketrans({ESCAPED_STAR: "*", ESCAPED_BACKSLASH: "\\", ESCAPED_COLON: ":"})

# Switches between paired markers: control characters no card text holds (records refuse them).
BOLD_ON, BOLD_OFF, ITALIC_ON, ITALIC_OFF = "\x01", "\x02", "\x03", "\x04"
_BOTH = re.compile(r"\*\*\*(?=[^\s*])(.+?)(?<=[^\s*])\*\*\*", re.DOTALL)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.DOTALL)
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])", re.DOTALL)
_SWITCH = re.compile("([\x01-\x04])")
# An escaped colon in the rulebook: a soft hyphen after it (invisible) keeps `:name:` from
# reading as an icon there.
RULE_COLON = ":\u00ad"
MARKERS = re.compile(r"\*|\\[*\\:]")  # text without any of these needs no parsing


class Run(NamedTuple):
    """Consecutive text in one emphasis (escapes not yet turned back: see `plain`)."""

    text: str
    bold: bool = False
    italic: bool = False


def plain(text: str) -> str:
    """Text as printed: escaped characters turned back into themselves."""
    return text.translate(_RESTORE)


@lru_cache(maxsize=4096)  # a deck repeats its texts: each is read once
def runs(text: str) -> tuple[Run, ...]:
    """`text` as runs of plain, bold, italic or bold italic text."""
    if not MARKERS.search(text):
        return (Run(text),)
    escaped = _ESCAPE.sub(lambda m: _ESCAPES[m[1]], _SWITCH.sub("", text))
    text = _BOTH.sub(lambda m: BOLD_ON + ITALIC_ON + m[1] + ITALIC_OFF + BOLD_OFF, escaped)
    text = _BOLD.sub(lambda m: BOLD_ON + m[1] + BOLD_OFF, text)
    text = _ITALIC.sub(lambda m: ITALIC_ON + m[1] + ITALIC_OFF, text)
    if _is_tangled(text):
        return (Run(escaped),)
    found: list[Run] = []
    bold = italic = False
    for piece in _SWITCH.split(text):
        if piece in (BOLD_ON, BOLD_OFF):
            bold = piece == BOLD_ON
        elif piece in (ITALIC_ON, ITALIC_OFF):
            italic = piece == ITALIC_ON
        elif piece:
            found.append(Run(piece, bold, italic))
    return tuple(found)


def _is_tangled(text: str) -> bool:
    """Whether a bold pair and an italic pair cross (`**a *b** c*`) rather than nest."""
    open_now: list[str] = []
    for switch in _SWITCH.findall(text):
        if switch in (BOLD_ON, ITALIC_ON):
            open_now.append(switch)
        elif not open_now or open_now.pop() != {BOLD_OFF: BOLD_ON, ITALIC_OFF: ITALIC_ON}[switch]:
            return True
    return False


def font_for(base: str, run: Run) -> str:
    """The font key (`cardgen.printkit.backends.fonts.FONTS`) of `run` in text set in `base`:
    emphasis adds to the layout's font (bold text with an italic run sets it bold italic), in
    the same family. A family without the style asked for keeps `base` (a display face with a
    single weight stays itself where the text is emphasised)."""
    style = style_of(base)
    bold = run.bold or style in ("bold", "bolditalic")
    italic = run.italic or style in ("italic", "bolditalic")
    return styled(base, bold, italic) or base


def escape(text: str) -> str:
    """Text made literal for the card-text markup: it prints exactly as given."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def to_rule_markup(text: str, star: str) -> str:
    """Card text in the rulebook's markup (`cardgen.rules.markup`): bold runs as its `**`,
    italic ones as `*`, every literal asterisk as `star` (which never starts emphasis there).
    Bold italic is set bold: the rule markup has no marker for both that cannot tangle. Text
    without emphasis is left as typed, asterisks aside (escapes are for the cards' markup)."""
    found = runs(text)
    if not any(run.bold or run.italic for run in found):
        return text.replace("*", star)
    merged: list[tuple[str, str]] = []  # (marker, text), neighbours in one emphasis joined
    for run in found:
        marker = "**" if run.bold else "*" if run.italic else ""
        body = run.text.replace(ESCAPED_COLON, RULE_COLON)
        body = plain(body).replace("*", star)
        if merged and merged[-1][0] == marker:
            merged[-1] = (marker, merged[-1][1] + body)
        else:
            merged.append((marker, body))
    out = []
    for marker, body in merged:
        stripped = body.strip()
        if not marker or not stripped:
            out.append(body)
            continue
        lead = body[: len(body) - len(body.lstrip())]
        trail = body[len(body.rstrip()) :]
        out.append(f"{lead}{marker}{stripped}{marker}{trail}")
    return "".join(out)
