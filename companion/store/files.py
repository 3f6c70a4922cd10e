"""Saved games as files: what an export holds, and the checks an imported file passes first.

A file comes from outside (another table, a shared save, a hand-edited copy), so it is read with
limits before anything trusts it: its size, its nesting, the length of its numbers, its format,
and the chance keys it carries for its played entries (`companion.engine.chance`). Each refusal
is one line saying why the file is not a saved game this companion can take.
"""

from __future__ import annotations

import json
import re
from typing import Any

from companion.engine.chance import STEP_KEY_BYTES, Chance
from companion.store.errors import StoreError

SAVE_FORMAT = 1  # of exported files (the database's own layout is `schema.FORMAT`)
MAX_IMPORT_BYTES = 5 * 1024 * 1024
MAX_NESTING = 32  # a save holds small records; anything deeper is damage, or meant to crash us
LONGEST_NUMBER = 40  # digits: a longer number in a file is damage (Python refuses 4,300 and more)
NESTED = "this saved game is damaged (its records are nested too deeply)"
NOT_JSON = "this is not a saved game (not JSON)"


class _TooLong(ValueError):
    """A number with more digits than any save holds."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > LONGEST_NUMBER:
        raise _TooLong(text)
    return int(text)


def _nesting(value: Any) -> int:
    """How deeply lists and objects nest in `value`, counted without recursion (a file nested
    thousands deep must not crash the count)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_NESTING:
                inner = item.values() if isinstance(item, dict) else item
                stack.extend((v, depth + 1) for v in inner)
    return deepest


def _balanced(text: str) -> bool:
    """Whether the brackets outside strings close as they open: a whole file nested deeply,
    rather than one cut off inside its brackets."""
    brackets = re.sub(r"[^\[\]{}]", "", re.sub(r'"(?:[^"\\]|\\.)*"', "", text))
    depth = 0
    for char in brackets:
        depth += 1 if char in "[{" else -1
        if depth < 0:
            return False
    return depth == 0


def read_file(data: bytes | str) -> dict[str, Any]:
    """An exported file's content, or StoreError saying in one line why it is no saved game."""
    if isinstance(data, bytes):
        if len(data) > MAX_IMPORT_BYTES:
            raise StoreError("this file is too large to be a saved game")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise StoreError("this is not a saved game (not text)") from None
    elif len(data) > MAX_IMPORT_BYTES:
        raise StoreError("this file is too large to be a saved game")
    try:
        content = json.loads(data, parse_int=_whole)
    except _TooLong:
        raise StoreError("this saved game is damaged (it holds a number that long)") from None
    except RecursionError:  # deeper than json can read here: say which of the two it is
        raise StoreError(NESTED if _balanced(data) else NOT_JSON) from None
    except ValueError:
        raise StoreError(NOT_JSON) from None
    fmt = content.get("format") if isinstance(content, dict) else None
    if type(fmt) is not int or fmt != SAVE_FORMAT:  # true == 1 and 1.0 == 1 in Python: not here
        raise StoreError("this is not a saved game of this companion (unknown format)")
    if _nesting(content) > MAX_NESTING:
        raise StoreError(NESTED)
    return content


def imported_chance(given: Any, seed: int, length: int) -> Chance:
    """The chance of an imported file's `length` entries (its "chance" keys, or its seed alone
    for a file from before the secrets), with a fresh secret for every entry after them."""
    if given is None:
        return Chance(seed).secured_from(length)
    damaged = StoreError("this saved game is damaged (its chance keys do not match its log)")
    if not isinstance(given, dict) or not isinstance(given.get("keys"), list):
        raise damaged
    since, texts = given.get("since"), given["keys"]
    if type(since) is not int or since < 0 or since + len(texts) != length:
        raise damaged
    try:
        keys = tuple(bytes.fromhex(text) for text in texts)
    except (TypeError, ValueError):
        raise damaged from None
    if any(len(key) != STEP_KEY_BYTES for key in keys):
        raise damaged
    fresh = Chance(seed).secured_from(length)
    return Chance(seed, fresh.secret, since, keys)
