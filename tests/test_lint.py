"""The code's own checks, run as tests: ruff (lint and format) and mypy over the same paths as
`make lint`. Inside the suite they run beside the other tests on the workers instead of before
them all, so `make test` still refuses code that fails them at no cost in wall time."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardgen.data.project import REPO_ROOT

LINTED = ("cardgen", "companion", "tests", "benchmarks")
TYPED = ("cardgen", "companion/engine", "companion/games")


def run(*command: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *command], cwd=REPO_ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}"


def test_ruff_finds_nothing() -> None:
    run("ruff", "check", *LINTED)


def test_ruff_leaves_the_format_as_it_is() -> None:
    run("ruff", "format", "--check", *LINTED)


@pytest.mark.slow
def test_mypy_finds_nothing() -> None:
    run("mypy", *TYPED)
