"""The "did you mean" of every refusal that names something unknown.

A misspelt type, column, keyword, zone or layout key is most often one or two letters off, or in
the wrong case; naming the closest known name saves the designer reading a list. Case is ignored
in the comparison, and the suggestion is spelt as the known name is.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(value: str, names: Iterable[str]) -> str | None:
    """The known name most like `value` (ignoring case), or None when none is close."""
    by_lower: dict[str, str] = {}
    for name in names:
        by_lower.setdefault(str(name).lower(), str(name))
    close = difflib.get_close_matches(str(value).lower(), list(by_lower), n=1, cutoff=0.6)
    return by_lower[close[0]] if close else None


def did_you_mean(value: str, names: Iterable[str]) -> str:
    """`; did you mean creature?` to end a refusal, or "" when no name is close."""
    name = closest(value, names)
    return f"; did you mean {name}?" if name is not None else ""
