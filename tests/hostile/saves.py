"""Hostile saved-game files: what an import may be handed instead of a file the companion wrote.

Each case turns a good export (a dict) into the bytes of a hostile file and names what the
one-line refusal says. Numbers and nesting no Python value can be dumped as are written as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.store.files import MAX_IMPORT_BYTES

Good = dict[str, Any]


@dataclass(frozen=True)
class SaveCase:
    name: str
    file: Callable[[Good], bytes]
    expect: str


def _with(**changes: Any) -> Callable[[Good], bytes]:
    return lambda good: json.dumps({**good, **changes}).encode()


def _without(key: str) -> Callable[[Good], bytes]:
    return lambda good: json.dumps({k: v for k, v in good.items() if k != key}).encode()


def _raw(key: str, text: str) -> Callable[[Good], bytes]:
    """`key` set to the JSON text `text`, written as it is."""

    def file(good: Good) -> bytes:
        return json.dumps({**good, key: "@@raw@@"}).replace('"@@raw@@"', text).encode()

    return file


def _bytes(data: bytes) -> Callable[[Good], bytes]:
    return lambda good: data


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _log_entry(text: str) -> Callable[[Good], bytes]:
    """A log whose first entry holds `text` (JSON) as its value."""

    def file(good: Good) -> bytes:
        log = [{"type": "roll_tile", "value": "@@raw@@"}, *good["log"]]
        return json.dumps({**good, "log": log}).replace('"@@raw@@"', text).encode()

    return file


SEED = "seed is not a whole number in range"
FORMAT = "not a saved game of this companion (unknown format)"
NOT_JSON = "not a saved game (not JSON)"
NESTED = "nested too deeply"
LONG = "holds a number that long"
MISSING = "seed, options or log missing"

SAVE_CASES = [
    # 6. seeds out of a 64-bit integer's range, or no whole number at all
    SaveCase("seed 2**63", _with(seed=2**63), SEED),
    SaveCase("seed -2**63-1", _with(seed=-(2**63) - 1), SEED),
    SaveCase("seed 10**30", _with(seed=10**30), SEED),
    SaveCase("seed -10**30", _with(seed=-(10**30)), SEED),
    SaveCase("seed 40 digits", _raw("seed", "9" * 40), SEED),
    SaveCase("seed 41 digits", _raw("seed", "9" * 41), LONG),
    SaveCase("seed 5000 digits", _raw("seed", "9" * 5000), LONG),
    SaveCase("seed 1e30", _with(seed=1e30), SEED),
    SaveCase("seed 1.5", _with(seed=1.5), SEED),
    SaveCase("seed 1e400", _raw("seed", "1e400"), SEED),
    SaveCase("seed NaN", _raw("seed", "NaN"), SEED),
    SaveCase("seed text", _with(seed="5"), SEED),
    SaveCase("seed true", _with(seed=True), SEED),
    SaveCase("seed a list", _with(seed=[1]), SEED),
    SaveCase("seed an object", _with(seed={}), SEED),
    SaveCase("seed null", _with(seed=None), MISSING),
    SaveCase("seed missing", _without("seed"), MISSING),
    # 6. the format, exactly the number 1
    SaveCase("format true", _with(format=True), FORMAT),
    SaveCase("format 1.0", _with(format=1.0), FORMAT),
    SaveCase("format text", _with(format="1"), FORMAT),
    SaveCase("format 2", _with(format=2), FORMAT),
    SaveCase("format 0", _with(format=0), FORMAT),
    SaveCase("format -1", _with(format=-1), FORMAT),
    SaveCase("format null", _with(format=None), FORMAT),
    SaveCase("format missing", _without("format"), FORMAT),
    SaveCase("format a list", _with(format=[1]), FORMAT),
    SaveCase("format an object", _with(format={"v": 1}), FORMAT),
    SaveCase("format 5000 digits", _raw("format", "9" * 5000), LONG),
    # 6. nesting: never a RecursionError
    SaveCase("log nested 40", _raw("log", "[" + _nested(40) + "]"), NESTED),
    SaveCase("log nested 500", _raw("log", "[" + _nested(500) + "]"), NESTED),
    SaveCase("log nested 900", _raw("log", "[" + _nested(900) + "]"), NESTED),
    SaveCase("log nested 990", _raw("log", "[" + _nested(990) + "]"), NESTED),
    SaveCase("log nested 3000", _raw("log", "[" + _nested(3000) + "]"), NESTED),
    SaveCase("log nested 100000", _raw("log", "[" + _nested(100_000) + "]"), NESTED),
    SaveCase("action nested 990", _log_entry(_nested(990)), NESTED),
    SaveCase("options nested 990", _raw("options", '{"forgiving": ' + _nested(990) + "}"), NESTED),
    SaveCase("options nested 3000", _raw("options", '{"x": ' + _nested(3000) + "}"), NESTED),
    SaveCase("name nested 990", _raw("name", _nested(990)), NESTED),
    SaveCase("objects nested 500", _raw("options", '{"a":' * 500 + "1" + "}" * 500), NESTED),
    # numbers inside the log
    SaveCase("action 5000 digits", _log_entry("9" * 5000), LONG),
    SaveCase("action 41 digits", _log_entry("9" * 41), LONG),
    SaveCase("action 1e400", _log_entry("1e400"), "damaged"),
    SaveCase("action NaN", _log_entry("NaN"), "damaged"),
    SaveCase("action 2**64", _log_entry(str(2**64)), "damaged"),
    # the shape of the file
    SaveCase("a list", _bytes(b"[1, 2]"), FORMAT),
    SaveCase("a string", _bytes(b'"saved"'), FORMAT),
    SaveCase("a number", _bytes(b"5"), FORMAT),
    SaveCase("null", _bytes(b"null"), FORMAT),
    SaveCase("empty", _bytes(b""), NOT_JSON),
    SaveCase("spaces", _bytes(b"   \n"), NOT_JSON),
    SaveCase("truncated", lambda good: json.dumps(good).encode()[:-5], NOT_JSON),
    SaveCase("open brackets", _bytes(b"[" * 100_000), NOT_JSON),
    SaveCase(
        "not UTF-8", _bytes(b'{"format": 1, "name": "\xff\xfe"}'), "not a saved game (not text)"
    ),
    SaveCase("binary", _bytes(bytes(range(256)) * 4), "not a saved game (not text)"),
    SaveCase("too large", _bytes(b" " * (MAX_IMPORT_BYTES + 1)), "too large to be a saved game"),
    SaveCase("options a list", _with(options=[1]), MISSING),
    SaveCase("options text", _with(options="advanced"), MISSING),
    SaveCase("log an object", _with(log={"0": {"type": "roll_tile"}}), MISSING),
    SaveCase("log text", _with(log="roll"), MISSING),
    SaveCase("log null", _with(log=None), MISSING),
    SaveCase("log of numbers", _with(log=[1, 2]), "entry 1 of the log"),
    SaveCase("log of nulls", _with(log=[None]), "entry 1 of the log"),
    SaveCase("log of lists", _with(log=[["roll_tile"]]), "entry 1 of the log"),
    SaveCase("log of wrong values", _with(log=[{"type": "roll_tile", "value": "4"}]), "damaged"),
    SaveCase("log 100 KB type", _with(log=[{"type": "x" * 100_000}]), "damaged"),
    SaveCase("game unknown", _with(game="chess"), "for 'chess', which this companion"),
    SaveCase("game 100 KB", _with(game="g" * 100_000), "for another game, which this companion"),
    SaveCase("game an object", _with(game={"a": 1}), "for another game, which this companion"),
    SaveCase("game a number", _with(game=7), "for another game, which this companion"),
    SaveCase("game missing", _without("game"), "for another game, which this companion"),
    # names: refused in one line saying which name and why (`companion.store.names`)
    SaveCase("name 1 MB", _with(name="a" * 1_048_576),
             "the saved game's name is 1,048,576 characters; at most 60"),
    SaveCase("name 61 characters", _with(name="n" * 61),
             "the saved game's name is 61 characters; at most 60"),
    SaveCase("name with a newline", _with(name="Kitchen\n# HEADING"),
             "the saved game's name holds a line break (U+000A)"),
    SaveCase("name with a tab", _with(name="tab\tand"), "the saved game's name holds a tab"),
    SaveCase("name with a NUL", _with(name="nul\x00"), "holds a control character (U+0000"),
    SaveCase("name with an escape", _with(name="\x1b[31mred"), "holds a control character (U+001B"),
    SaveCase("name with a bidi override", _with(name="right\u202eto left"),
             "holds an invisible formatting character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    SaveCase("name with a bidi isolate", _with(name="a\u2067b"), "(U+2067 RIGHT-TO-LEFT ISOLATE)"),
    SaveCase("name with a zero-width space", _with(name="zero\u200bwidth"),
             "holds an invisible formatting character (U+200B ZERO WIDTH SPACE)"),
    SaveCase("name with a zero-width joiner", _with(name="a\u200db"), "(U+200D ZERO WIDTH JOINER)"),
    SaveCase("name with a line separator", _with(name="line\u2028separator"),
             "holds a line break (U+2028"),
    SaveCase("name an object", _with(name={"a": [1]}), "the saved game's name is not text"),
    SaveCase("name a number", _with(name=7), "the saved game's name is not text"),
    SaveCase("player name 1 MB", _with(options={"names": ["a" * 1_048_576, "Ben"]}),
             "player 1's name is 1,048,576 characters; at most 24"),
    SaveCase("player name 25 characters", _with(options={"names": ["Ana", "b" * 25]}),
             "player 2's name is 25 characters; at most 24"),
    SaveCase("player name with a bidi override", _with(options={"names": ["Ana", "B\u202eN"]}),
             "player 2's name holds an invisible formatting character (U+202E"),
    SaveCase("player name with a newline", _with(options={"names": ["A\nB", "Ben"]}),
             "player 1's name holds a line break (U+000A)"),
    SaveCase("player name with a zero-width space", _with(options={"names": ["Ana", "Be\u200bn"]}),
             "player 2's name holds an invisible formatting character (U+200B"),
    SaveCase("player name with a NUL", _with(options={"names": ["Ana\x00", "Ben"]}),
             "player 1's name holds a control character (U+0000"),
    SaveCase("player name empty", _with(options={"names": ["", "Ben"]}),
             "player 1's name is empty"),
    SaveCase("player name blank", _with(options={"names": ["Ana", " \u3000 "]}),
             "player 2's name is empty"),
    SaveCase("player name a number", _with(options={"names": [5, "Ben"]}),
             "player 1's name is not text"),
    SaveCase("player names text", _with(options={"names": "Ana"}),
             "the players' names are not a list of names"),
    SaveCase("player names alike", _with(options={"names": ["Ana", " Ana  "]}),
             "player 1 and player 2 have the same name"),
    SaveCase("player names 1000", _with(options={"names": [f"P{i}" for i in range(1000)]}),
             "the save lists 1,000 players' names; at most 8"),
]  # fmt: skip

# A saved game's names that are text, however much Markdown they hold: accepted (runs of spaces
# made one), then shown as they read, never as Markdown (`parts.plain`).
NAMES = [
    "![](http://example.com/tracker.png)",
    "[click](javascript:alert(1))",
    "<img src=x onerror=alert(1)>",
    ":red[alarm] :material/warning: $x^2$",
    "**bold** _it_ `code` ~~gone~~ :smile:",
    "# HEADING",
    "- a list item",
    "1. first",
    "www.example.com a@example.com",
    "Kitchen \u00a0 table",
    "Küche 台所 مطبخ",
    "   ",
]

# Players' names that are text, two a game (Markdown, HTML, math, icons and bare links within
# the 24 characters a name may have): accepted, then shown literally on every page.
PLAYER_NAMES = [
    ("[a](http://x.test)", "![i](http://x.test/p)"),
    (":red[R] $x^2$ **b**", "<img src=x onerror=y>"),
    ("# H :material/home: _i_", "- li `c` :smile: ~~s~~"),
    ("1. www.x.test a@x.test", "Zoë | 李 | مريم"),
]
