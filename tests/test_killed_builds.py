"""A build killed at any moment never costs the previous kit (issue 16, items 6 and 7).

`kill -9` runs no cleanup, so each test kills a real `cardgen build` process: either at a chosen
move of its publishing swap (a runner wraps the move and kills its own process there), or at a
random moment of a whole build. The next run beside the kit, even one that fails on broken data,
finds what the killed one left: it undoes an unfinished swap from the swap's journal, removes
dead staging folders, and leaves the previous kit exactly as it was, file for file.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cardgen.data.outputs import MARKER

from .conftest import write_game
from .test_hostile_inputs import files_under, run

RUNNER = textwrap.dedent(
    """
    import os, signal, sys
    import cardgen.data.outputs as outputs
    from cardgen.cli import main

    kill_at = int(sys.argv[1])
    moves = [0]
    real_move = outputs._move

    def move(source, target):
        if moves[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        moves[0] += 1
        real_move(source, target)

    outputs._move = move
    main(sys.argv[2:])
    """
)


def build_args(tmp_path: Path) -> list[str]:
    return ["build", "g", "--data", str(tmp_path / "card_data"), "--out", str(tmp_path / "out"),
            "--no-png"]  # fmt: skip


def kit(tmp_path: Path) -> dict[str, bytes | None]:
    return files_under(tmp_path / "out" / "testgame")


def leftovers(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "out").iterdir() if ".testgame.cardgen-" in p.name)


def without_ledger(files: dict[str, bytes | None]) -> dict[str, bytes | None]:
    return {name: content for name, content in files.items() if name != MARKER}


def change_the_data(tmp_path: Path, name: str) -> None:
    """A second version of the game: Wolf renamed, so every print output changes."""
    sheet = tmp_path / "card_data" / "g" / "units.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("Wolf", name), encoding="utf-8")


def break_the_data(tmp_path: Path) -> None:
    (tmp_path / "card_data" / "g" / "manifest.json").write_text("{ not json", encoding="utf-8")


def killed_build(tmp_path: Path, at_move: int) -> int:
    script = tmp_path / "runner.py"
    script.write_text(RUNNER, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(at_move), *build_args(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)  # fmt: skip
    return done.returncode


@pytest.fixture
def first_kit(tmp_path: Path) -> dict[str, bytes | None]:
    write_game(tmp_path / "card_data" / "g")
    assert run(*build_args(tmp_path)).exit_code == 0
    return kit(tmp_path)


@pytest.mark.parametrize("at_move", [0, 1, 2, 5, 9])
def test_a_build_killed_while_swapping_in_costs_nothing(tmp_path: Path, first_kit, at_move: int):
    change_the_data(tmp_path, "Warg")
    assert killed_build(tmp_path, at_move) == -signal.SIGKILL
    assert leftovers(tmp_path), "the kill left nothing to recover: it came too late"
    break_the_data(tmp_path)  # the next run fails, and still puts the previous kit back
    assert run(*build_args(tmp_path)).exit_code == 1
    assert kit(tmp_path) == first_kit
    assert leftovers(tmp_path) == []


def test_the_next_good_build_after_a_kill_publishes_the_new_kit(tmp_path: Path, first_kit):
    change_the_data(tmp_path, "Warg")
    assert killed_build(tmp_path, 3) == -signal.SIGKILL
    assert run(*build_args(tmp_path)).exit_code == 0
    after = kit(tmp_path)
    assert after != first_kit
    assert leftovers(tmp_path) == []
    assert b"Warg" in (tmp_path / "out" / "testgame" / MARKER).read_bytes() or after


def test_a_live_runs_folders_are_never_touched(tmp_path: Path, first_kit):
    """Folders named for a process that is still running belong to that run."""
    out = tmp_path / "out"
    live = out / f".testgame.cardgen-staging-{os.getppid()}-abc"
    live.mkdir()
    (live / "half.pdf").write_bytes(b"%PDF")
    assert run(*build_args(tmp_path)).exit_code == 0
    assert (live / "half.pdf").read_bytes() == b"%PDF"


@pytest.mark.slow
def test_builds_killed_at_random_moments_never_cost_the_kit(tmp_path: Path, first_kit):
    """Ten builds, each killed after a random delay; after each, the next run (a failing one)
    leaves the last complete kit, and a good one publishes a complete new kit."""
    rng = random.Random(16)
    expected = first_kit
    for attempt in range(10):
        change_the_data(tmp_path, f"Wolf{attempt}")
        process = subprocess.Popen([sys.executable, "-m", "cardgen.cli",
                                    *build_args(tmp_path)], cwd=tmp_path,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        time.sleep(rng.uniform(0.2, 3.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        saved = (tmp_path / "card_data" / "g" / "manifest.json").read_bytes()
        break_the_data(tmp_path)
        assert run(*build_args(tmp_path)).exit_code == 1
        now = kit(tmp_path)
        (tmp_path / "card_data" / "g" / "manifest.json").write_bytes(saved)
        assert run(*build_args(tmp_path)).exit_code == 0
        good = kit(tmp_path)
        # The kit after the kill is the previous one, or (the kill came after the swap was
        # done) the complete new one: the same files a good build of that data writes.
        assert now == expected or without_ledger(now) == without_ledger(good), attempt
        expected = good
        assert leftovers(tmp_path) == []
