"""`cardgen sheet FOLDER`: ready-made images imposed with backs by name or one shared back."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pdfplumber
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.printkit.imagesheet import collect

COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"]


def make_images(folder: Path, count: int, backs: str = "shared") -> None:
    folder.mkdir()
    for i in range(count):
        Image.new("RGB", (744, 1039), COLOURS[i % len(COLOURS)]).save(folder / f"card{i:02d}.png")
        if backs == "named":
            Image.new("RGB", (744, 1039), "#000000").save(folder / f"card{i:02d}-back.png")
    if backs == "shared":
        Image.new("RGB", (744, 1039), "#999999").save(folder / "back.png")


def run(*args: str):
    return CliRunner().invoke(main, ["sheet", *args], catch_exceptions=False)


def test_backs_by_name_shared_or_none(tmp_path):
    make_images(tmp_path / "named", 3, "named")
    assert [(c.front.name, c.back.name) for c in collect(tmp_path / "named")] == [
        ("card00.png", "card00-back.png"), ("card01.png", "card01-back.png"), ("card02.png", "card02-back.png")
    ]  # fmt: skip
    make_images(tmp_path / "shared", 2, "shared")
    assert {c.back.name for c in collect(tmp_path / "shared")} == {"back.png"}
    make_images(tmp_path / "none", 2, "none")
    assert all(c.back is None for c in collect(tmp_path / "none"))


def test_sheet_pdf_pages_and_shared_back_embedded_once(tmp_path):
    make_images(tmp_path / "cards", 12, "shared")
    result = run(str(tmp_path / "cards"), "--out", str(tmp_path / "s.pdf"))
    assert result.exit_code == 0, result.output
    assert "12 cards, 4 pages" in result.output
    listing = subprocess.run(
        ["pdfimages", "-list", tmp_path / "s.pdf"], capture_output=True, text=True, check=True
    )
    rows = [r.split() for r in listing.stdout.splitlines()[2:]]
    assert len(rows) == 24  # 12 fronts + 12 back placements
    assert len({r[10] for r in rows}) == 13  # each file stored once: 12 fronts, 1 shared back
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:
        assert len(pdf.pages) == 4
        assert "sheet 1 of 2" in pdf.pages[0].extract_text()


def test_unreadable_image_is_one_line_and_writes_nothing(tmp_path):
    make_images(tmp_path / "cards", 2, "none")
    (tmp_path / "cards" / "card01.png").write_bytes(b"not an image")
    result = CliRunner().invoke(
        main, ["sheet", str(tmp_path / "cards"), "--out", str(tmp_path / "s.pdf")]
    )
    assert result.exit_code == 1
    assert result.stderr.strip() == f"{tmp_path / 'cards' / 'card01.png'}: not a readable image"
    assert not (tmp_path / "s.pdf").exists()


def test_empty_folder(tmp_path):
    (tmp_path / "cards").mkdir()
    result = CliRunner().invoke(main, ["sheet", str(tmp_path / "cards")])
    assert result.exit_code == 1 and "no card images here" in result.stderr
