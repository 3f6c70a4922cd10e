"""Names that come from outside: the players' names and a saved game's name, checked once here
wherever they come in (an imported file now; a name typed at the table when a page asks for one).

A name is one line of letters of any script, digits, punctuation, symbols and spaces: at most
MOST characters for a player (MOST_GAME for a saved game), runs of spaces (any of Unicode's
space separators) collapsed to one and trimmed. Refused, in one line naming which name and why:
what is not text, an empty name, a longer one, and any character that is not printable (a
control character, a line break, a tab, a bidi override or isolate, a zero-width space or
joiner, a private-use or unassigned code point), since each of these changes how the text
around it is drawn or hides what it says.

No page asks for a name yet: the names a new game gets are the rules' own ("Player 1") or the
registry's ("Rival", "Luna"). A page that asks for one checks it with `refusal` (one line to show
under the box), and the options it starts the game with through `checked_options`.

The pages show every name as plain text besides (`companion.screens.parts.plain`): this check
keeps a name short and honest; escaping keeps it inert.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from companion.store.errors import StoreError

MOST = 24  # characters of a player's name
MOST_GAME = 60  # characters of a saved game's name (the store's MAX_NAME)
MOST_PLAYERS = 8  # names in a save's options: no game here seats more
SPACES = re.compile(r"[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")  # Unicode's Zs
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
KINDS = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "half of a character (a lone surrogate)",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
}


class NameRefused(StoreError):
    """A name that may not be shown: the message says whose and why, in one line."""


def collapsed(text: str) -> str:
    """`text` with each run of spaces made one space, and none at either end."""
    return SPACES.sub(" ", text).strip(" ")


def refusal(text: Any, who: str, most: int = MOST) -> str | None:
    """Why `text` may not be `who`'s name ("player 2's name is 1,048,576 characters; at most
    24"), or None when it may (after `collapsed`)."""
    if not isinstance(text, str):
        return f"{who} is not text"
    name = collapsed(text)
    if not name:
        return f"{who} is empty"
    if len(name) > most:
        return f"{who} is {len(name):,} characters; at most {most}"
    if not name.isprintable():
        bad = next(c for c in name if not c.isprintable())
        return f"{who} holds {_kind(bad)} (U+{ord(bad):04X}{_called(bad)})"
    return None


def checked(text: Any, who: str, most: int = MOST) -> str:
    """`text` as `who`'s name (`collapsed`), or NameRefused saying why not."""
    why = refusal(text, who, most)
    if why is not None:
        raise NameRefused(why)
    return collapsed(text)


def checked_save(content: dict[str, Any]) -> dict[str, Any]:
    """An exported file's content with its names checked and collapsed: the saved game's name
    (absent, null or blank: the game's title is used) and the players' names in its options.
    NameRefused names the first name refused."""
    found = dict(content)
    name = content.get("name")
    if name is not None and not (isinstance(name, str) and not collapsed(name)):
        found["name"] = checked(name, "the saved game's name", MOST_GAME)
    options = content.get("options")
    if isinstance(options, dict):
        found["options"] = checked_options(options)
    return found


def checked_options(options: dict[str, Any]) -> dict[str, Any]:
    """A game's options with the players' names in them (if any) checked and collapsed: for a
    game imported, and for one started with names typed at the table."""
    if options.get("names") is None:
        return options
    return {**options, "names": players(options["names"])}


def players(names: Any) -> list[str]:
    """A save's players' names, each checked: "player 2's name ..." says which one."""
    if not isinstance(names, list):
        raise NameRefused("the players' names are not a list of names")
    if len(names) > MOST_PLAYERS:
        raise NameRefused(f"the save lists {len(names):,} players' names; at most {MOST_PLAYERS}")
    kept = [checked(name, f"player {i + 1}'s name") for i, name in enumerate(names)]
    for i, name in enumerate(kept):
        if name in kept[:i]:
            first = kept.index(name) + 1
            raise NameRefused(f"player {first} and player {i + 1} have the same name")
    return kept


def _kind(char: str) -> str:
    if char in LINE_BREAKS:
        return "a line break"
    if char == "\t":
        return "a tab"
    return KINDS.get(unicodedata.category(char), "a character that is not printable")


def _called(char: str) -> str:
    called = unicodedata.name(char, "")
    return f" {called}" if called else ""
