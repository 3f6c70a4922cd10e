"""`cardgen build --collisions error|warn`: a collision stops the build in one line naming the
card and elements, and publishes nothing; `warn` prints the kit and the same line as a warning."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from cardgen.cli import main

from .test_collisions import OVERLAPPING, made

LINE = "coll card c1: subtitle overlaps title"


def build(root: Path, *more: str) -> Result:
    made(root, OVERLAPPING)
    argv = ["build", "coll", "--data", str(root / "card_data"), "--out", str(root / "out"),
            "--no-png", "--no-tts", *more]  # fmt: skip
    return CliRunner().invoke(main, argv, prog_name="cardgen", catch_exceptions=False)


def test_a_collision_stops_the_build_in_one_line(tmp_path):
    result = build(tmp_path)
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if line.strip()]
    assert said == [f"coll: build failed, previous output kept: {LINE}"]
    assert "Traceback" not in result.output
    assert not list((tmp_path / "out").rglob("*.pdf"))  # no PDF, whole or half-written


def test_the_default_is_error(tmp_path):
    assert build(tmp_path, "--collisions", "error").exit_code == 1


def test_warn_builds_and_names_the_collision_in_one_line(tmp_path):
    result = build(tmp_path, "--collisions", "warn")
    assert result.exit_code == 0, result.output
    assert f"coll: warning: {LINE}" in result.stderr.splitlines()
    assert (tmp_path / "out" / "coll" / "print-a4.pdf").is_file()


def test_the_option_is_documented():
    result = CliRunner().invoke(main, ["build", "--help"], prog_name="cardgen")
    assert "--collisions [error|warn]" in result.output
    assert "sit on the art" in " ".join(result.output.split())
