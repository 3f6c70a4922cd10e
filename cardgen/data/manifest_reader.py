"""Reading one JSON object of a manifest: each value checked for its type as it is taken, and
every problem recorded (wrong type, unknown key, a name that cannot name a file) instead of
raised, so that one run of `cardgen validate` reports them all."""

from __future__ import annotations

import math
from typing import Any

from cardgen.data.errors import Location, Problems, clip, describe, quoted
from cardgen.data.fields import LARGEST, SAFE_ID
from cardgen.data.readers.json_reader import NumberText
from cardgen.data.remote import looks_like_url, url_problem
from cardgen.data.suggest import did_you_mean

LONGEST_NAME = 64  # a game's, a type's or a sheet's id names folders and files


class _Reader:
    """Reads one JSON object, recording wrong types and unknown keys as problems."""

    def __init__(self, obj: Any, where: str, problems: Problems, loc: Location) -> None:
        self.where, self.problems, self.loc = where, problems, loc
        if not isinstance(obj, dict):
            self.fail(f"should be an object ({{...}}), not {type(obj).__name__}")
            obj = {}
        self.obj: dict[str, Any] = obj
        self.used: set[str] = set()

    def fail(self, message: str) -> None:
        self.problems.error(self.loc, f"{self.where}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        self.used.add(key)
        if key not in self.obj:
            return default
        value = self.obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        numeric = int in kinds or float in kinds
        if numeric and isinstance(value, NumberText):
            self.fail(f'"{key}" is a number of {len(value)} digits; no game needs one that long')
            return default
        ok = isinstance(value, kind) and not (isinstance(value, bool) and numeric)
        if not ok:
            names = " or ".join(k.__name__ for k in kinds)
            self.fail(f'"{key}" should be {names}, not {describe(value)}')
            return default
        if numeric and not _sane_number(value):
            self.fail(f'"{key}" is {describe(value)}: not a number any game needs')
            return default
        return value

    def name(self, key: str, default: str) -> str:
        """An id that names folders and files (a game's, a type's, a sheet's): a plain name.
        One that is not is refused (and kept, so nothing else fails because of it)."""
        value = self.get(key, str, default) or default
        if len(value) > LONGEST_NAME or not SAFE_ID.fullmatch(value):
            self.fail(
                f'"{key}" {quoted(value)} is not a plain name: use up to {LONGEST_NAME} letters, '
                "digits, _, - and . (not first)"
            )
        return value

    def sheet(self, default: str) -> tuple[str, str]:
        """The `"sheet"`: a plain name, or an http(s) address (cardgen.data.remote) the sheet is
        fetched from, which is then cached and named as `default`. (name, address or "")."""
        value = self.obj.get("sheet")
        if isinstance(value, str) and looks_like_url(value):
            self.used.add("sheet")
            problem = url_problem(value)
            if problem:
                self.fail(f'"sheet": {problem}')
                return default, ""
            return default, value.strip()
        return self.name("sheet", default), ""

    def names(self, key: str) -> tuple[str, ...]:
        """A list of names (types, values): text only, since each is looked up and compared."""
        items = self.get(key, list, []) or []
        wrong = [item for item in items if not isinstance(item, str | int | float)]
        if wrong or any(isinstance(item, bool) for item in items):
            self.fail(f'"{key}" should list names, not {describe((wrong or [True])[0])}')
        return tuple(
            str(item)
            for item in items
            if isinstance(item, str | int | float) and not isinstance(item, bool)
        )

    def need(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.obj:
            self.fail(f'"{key}" is missing')
        return self.get(key, kind)

    def finish(self, allowed_extra: set[str] | None = None) -> None:
        known = self.used | (allowed_extra or set())
        for key in sorted(set(self.obj) - known):
            if not key.startswith("_"):  # "_comment" and friends are notes for people
                self.fail(f'unknown key "{clip(key)}"{did_you_mean(key, sorted(known))}')


def _sane_number(value: Any) -> bool:
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return not isinstance(value, int | float) or abs(value) <= LARGEST
