"""The words on an action's button, looked up in a game's table of words by the action's type.

Each page used to say its buttons in a long chain of `if kind == ...: return ...`, the same shape
in every game; a table from action type to its words (fixed words, or a small function of what the
page knows) says the same in one place per game, and this lookup is the chain written once. A type
with no words in the table reads as its own name ("next_battle" -> "Next battle"), unless the page
says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Action = dict[str, Any]
Said = str | Callable[..., str]


def plain(kind: str) -> str:
    """An action type as words, for a type no table words yet: a new action still gets a
    readable button."""
    return kind.replace("_", " ").capitalize()


def say(
    words: Mapping[str, Said],
    action: Action,
    *context: Any,
    otherwise: Callable[..., str] | None = None,
) -> str:
    """The words of `action`: its type's entry in `words`, called with `context` then the action
    when it is a function; a type the table lacks is said by `otherwise` (same arguments), or
    plainly."""
    kind = action["type"]
    said = words.get(kind)
    if said is None:
        return otherwise(*context, action) if otherwise else plain(kind)
    return said if isinstance(said, str) else said(*context, action)
