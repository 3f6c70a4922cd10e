"""Rasters too coarse for print, or cropped hard to fit: `cardgen sheet` and card art both say
so, one line per file and problem, with the numbers (effective ppi, pixels, share cut away)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.printkit.artcheck import cropped_share, effective_ppi, placement_warnings

from .conftest import build, make_print_game


def images(folder: Path, size: tuple[int, int], count: int = 2, back: bool = True) -> Path:
    folder.mkdir()
    for i in range(count):
        Image.new("RGB", size, "#0072B2").save(folder / f"card{i}.png")
    if back:
        Image.new("RGB", (744, 1039), "#999999").save(folder / "back.png")
    return folder


def sheet(*args: str):
    return CliRunner().invoke(main, ["sheet", *args], catch_exceptions=False)


def warnings(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("warning: ")]


def test_sheet_warns_on_a_small_square_image_naming_file_and_numbers(tmp_path):
    folder = images(tmp_path / "cards", (500, 500), count=1)
    result = sheet(str(folder), "--out", str(tmp_path / "s.pdf"))
    assert result.exit_code == 0 and (tmp_path / "s.pdf").is_file()  # a warning, not a refusal
    card = folder / "card0.png"
    assert warnings(result) == [
        f"warning: {card}: 144 ppi (500 x 500 px over 63 x 88 mm); print needs 300 ppi, 744 x 1039 px",
        f"warning: {card}: 28% of the image is cut off to fill 63 x 88 mm (image 1.00:1, box 0.72:1)",
    ]


def test_sheet_is_quiet_for_images_made_at_300_ppi(tmp_path):
    folder = images(tmp_path / "cards", (744, 1039))
    result = sheet(str(folder), "--out", str(tmp_path / "s.pdf"))
    assert result.exit_code == 0 and warnings(result) == []


def test_sheet_checks_the_image_over_the_card_and_its_bleed(tmp_path):
    """With --image-bleed 3 the image covers 69 x 94 mm: 744 px there is only 274 ppi."""
    folder = images(tmp_path / "cards", (744, 1039), count=1, back=False)
    result = sheet(str(folder), "--image-bleed", "3", "--out", str(tmp_path / "s.pdf"))
    assert warnings(result) == [
        f"warning: {folder / 'card0.png'}: 274 ppi (744 x 1039 px over 69 x 94 mm); print needs 300 ppi, 815 x 1110 px"
    ]
    folder = images(tmp_path / "bled", (815, 1111), count=1, back=False)
    result = sheet(str(folder), "--image-bleed", "3", "--out", str(tmp_path / "b.pdf"))
    assert warnings(result) == []


def test_sheet_names_a_coarse_shared_back_once(tmp_path):
    folder = images(tmp_path / "cards", (744, 1039), count=3, back=False)
    Image.new("RGB", (372, 520), "#000000").save(folder / "back.png")
    result = sheet(str(folder), "--out", str(tmp_path / "s.pdf"))
    assert [w.split(": ")[1] for w in warnings(result)] == [str(folder / "back.png")]


def test_card_art_warns_once_per_file_however_many_cards_share_it(tmp_path):
    """The test game's 12 cards share one 600 x 400 px image in a 53 x 30 mm box."""
    make_print_game(tmp_path)
    _, report = build(tmp_path, png=False, tts=False)
    art = [p for p in report.problems if "art/a.png" in p]
    assert art == [
        "card c0: art/a.png: 288 ppi (600 x 400 px over 53 x 30 mm); print needs 300 ppi, 626 x 354 px",
        "card c0: art/a.png: 15% of the image is cut off to fill 53 x 30 mm (image 1.50:1, box 1.77:1)",
    ]


def test_card_art_at_300_ppi_and_the_boxs_shape_is_quiet(tmp_path):
    game = make_print_game(tmp_path)
    Image.new("RGB", (626, 354), "#CC79A7").save(game / "art" / "a.png")
    _, report = build(tmp_path, png=False, tts=False)
    assert [p for p in report.problems if "art/a.png" in p] == []


def test_effective_ppi_follows_the_fit():
    # cover scales the image until both sides fill the box: the tighter side decides
    assert effective_ppi((500, 500), (63, 88), "cover") == pytest.approx(500 * 25.4 / 88)
    # contain scales it until it fits inside: the looser side decides
    assert effective_ppi((500, 500), (63, 88), "contain") == pytest.approx(500 * 25.4 / 63)


def test_cropping_up_to_three_percent_is_fine():
    assert cropped_share((1000, 1000), (100, 100)) == 0
    assert cropped_share((1000, 1000), (97, 100)) == pytest.approx(0.03)
    box = (100 * 25.4 / 300, 100 * 25.4 / 300)  # 100 px wide at 300 ppi: resolution is fine
    assert placement_warnings("a.png", (103, 100), box) == []  # 2.9 % cut away
    assert len(placement_warnings("a.png", (104, 100), box)) == 1  # 3.8 %
    assert placement_warnings("a.png", (200, 100), box, "contain") == []  # contain cuts nothing
