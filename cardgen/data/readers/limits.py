"""Refuse files past a sane size before reading them, so a stray video never hangs a build."""

from __future__ import annotations

import os
from pathlib import Path

from cardgen.data.errors import DataError, Location

DEFAULT_MAX_MB = 32.0


def max_bytes() -> int:
    """The limit in bytes: `CARDGEN_MAX_FILE_MB` (default 32 MB), generous for any card sheet."""
    raw = os.environ.get("CARDGEN_MAX_FILE_MB", "")
    try:
        mb = float(raw) if raw else DEFAULT_MAX_MB
    except ValueError:
        mb = DEFAULT_MAX_MB
    return int(mb * 1024 * 1024)


def check_size(path: Path, location: Location) -> int:
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError.at(location, f"cannot read the file: {exc.strerror or exc}") from None
    limit = max_bytes()
    if size > limit:
        raise DataError.at(
            location,
            f"the file is {size / 1048576:.0f} MB, over the {limit / 1048576:.0f} MB limit for a "
            "card sheet (is it the right file? raise CARDGEN_MAX_FILE_MB if it really is)",
        )
    return size


def read_bytes(path: Path, location: Location) -> bytes:
    check_size(path, location)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise DataError.at(location, f"cannot read the file: {exc.strerror or exc}") from None
