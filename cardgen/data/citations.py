"""Rule numbers cited in cells: `{damage_to_win}` or `{hand - start_cards}` in braces.

A cell of a game that declares rule numbers (`cardgen.data.numbers`) may cite them: a text cell's
citations are replaced by the numbers ("reaching {damage_to_win} or more loses" prints "reaching
12 or more loses"), and a number cell holding only a citation takes its value. So the words on the
cards, the rulings and the trackers follow the one number in the rule-number sheet. A citation is
names and whole numbers joined by `+` and `-`; a name no rule number has is refused, in the
words of the cell that holds it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cardgen.data.errors import clip, quoted

_TERM = r"(?:[a-z][a-z0-9_]*|[0-9]{1,9})"
CITATION = re.compile(r"\{\s*(" + _TERM + r"(?:\s*[-+]\s*" + _TERM + r")*)\s*\}")
_TOKEN = re.compile(r"[-+]|[a-z][a-z0-9_]*|[0-9]+")


class CitationError(ValueError):
    """A citation naming no rule number; the message is shown to the designer."""


def evaluate(expression: str, numbers: Mapping[str, int]) -> int:
    """The value of `expression` (`hand - 1`): every name a rule number of `numbers`."""
    total, sign = 0, 1
    for token in _TOKEN.findall(expression):
        if token in "+-":
            sign = 1 if token == "+" else -1
            continue
        if token.isdigit():
            total += sign * int(token)
            continue
        if token not in numbers:
            known = ", ".join(sorted(numbers)) or "none"
            raise CitationError(
                f"{{{clip(expression)}}} cites {quoted(token)}, which is no rule number "
                f"(declared: {clip(known, 120)})"
            )
        total += sign * numbers[token]
    return total


def cite(text: str, numbers: Mapping[str, int]) -> str:
    """`text` with every citation replaced by its number."""
    return CITATION.sub(lambda match: str(evaluate(match[1], numbers)), text)


def is_citation(text: str) -> bool:
    """Whether `text` is one citation and nothing else (a bound in the manifest, `{hand - 1}`)."""
    return CITATION.fullmatch(text.strip()) is not None
