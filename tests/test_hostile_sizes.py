"""Sizes no press prints ("Secrets that hold", item 8): a game whose manifest gives a component
a side longer than any press sheet (a 30 m card, 50 in, 1 km, 1e9 mm) is refused by
`cardgen build` at once, in one line naming the manifest and the size, and builds nothing.

Each build runs as a process of its own under a timeout: the 30 m card of the hostile corpus
(`tests/hostile/sheets.py`, SIZE_CASES) was once drawn as a picture 354,000 pixels wide and the
build never returned, which an in-process test would only have waited on.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.data.units import LARGEST_SIDE_MM, too_large

from .hostile.sheets import SIZE_CASES, ManifestCase, write_manifest_case

TIMEOUT = 60  # seconds: a refusal takes well under one, starting Python included
SUMMARY = re.compile(r"^\S+: (\d+ problem\(s\)|not built, fix the data first)$")


def cardgen(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cardgen.cli", *args]
    try:
        return subprocess.run(command, cwd=folder.parent, capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"cardgen {' '.join(args)} did not return within {TIMEOUT} s")


@pytest.mark.parametrize("case", SIZE_CASES, ids=[c.name for c in SIZE_CASES])
def test_a_size_no_press_prints_is_refused_at_once_in_one_line(tmp_path: Path, case: ManifestCase):
    folder = write_manifest_case(tmp_path, case)
    started = time.monotonic()
    done = cardgen(folder, "build", folder.name, "--out", "out")
    assert time.monotonic() - started < TIMEOUT
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    problems = [line for line in lines if not SUMMARY.match(line)]
    assert len(problems) == 1, problems
    assert problems[0].startswith("g/manifest.json: ") and case.expect in problems[0], problems
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file()]


def test_the_largest_side_is_a_press_sheets_and_the_shipped_sizes_fit():
    assert too_large(LARGEST_SIDE_MM, 707) is None  # B1, the largest sheet most printers run
    assert too_large(330, 400) is None  # Vita Luna's board, the largest shipped component
    assert too_large(LARGEST_SIDE_MM + 1, 10) == (
        "a side of 1,001 mm is longer than any press sheet (at most 1,000 mm)"
    )
