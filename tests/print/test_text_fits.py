"""Text never under 6 pt, and text that cannot fit its box is an error naming the card and the
layout element, unless the build (`BuildOptions.text_overflow`) or the layout
(`[options] text_overflow = "warn"`) asks for a warning instead."""

from __future__ import annotations

import csv
import itertools
import json
import shutil
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import build_kit
from cardgen.printkit.build import BuildOptions
from cardgen.printkit.draw import IconOp, TextOp
from cardgen.printkit.icons import load_icons
from cardgen.printkit.layout import LayoutError, TextOverflowError, load_layout, render_face
from cardgen.printkit.layout.text import MIN_SIZE_PT, TextStyle, fit_text, layout_text

from .kit_pdfs import PAPERS, assert_no_text_under, shipped_games, shipped_kits

ICONS = load_icons(REPO_ROOT / "templates" / "icons.json")
GAME = "va_card_game"
LONG = "An endless speech about the blade and its long history. " * 12


def copy_game(root: Path, too_long: set[str] | None = None) -> int:
    """The shipped game and its templates in `root`, the text of the equipment cards in
    `too_long` (default: the broadsword; empty: none) far too long; how many cards that is."""
    too_long = {"broadsword"} if too_long is None else too_long
    data = root / "card_data" / GAME
    shutil.copytree(REPO_ROOT / "card_data" / GAME, data)
    shutil.copytree(REPO_ROOT / "templates", root / "templates")
    manifest = json.loads((data / "manifest.json").read_text(encoding="utf-8"))
    for spec in manifest["types"]:  # the data's own length limit would catch it first
        for field in spec["fields"]:
            if spec["id"] == "equipment" and field["name"] == "text":
                field["max"] = 10_000
    (data / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    path = data / "equipment.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if row["id"] in too_long or "*" in too_long:
            row["text"] = LONG
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    load_layout.cache_clear()
    return sum(1 for row in rows if row["text"] == LONG)


def build(root: Path, **options):
    game = load_game_or_raise(root / "card_data" / GAME)
    defaults = {"png": False, "tts": False, "types": ("equipment",)}
    return build_kit(game, root / "output", BuildOptions(**{**defaults, **options}))


def test_text_too_long_for_its_box_fails_the_build_naming_card_and_element(tmp_path):
    copy_game(tmp_path)
    with pytest.raises(TextOverflowError) as caught:
        build(tmp_path)
    message = str(caught.value)
    assert "1 text(s) do not fit" in message
    assert "equipment broadsword: templates/va_card_game/equipment.toml element" in message
    assert "(text): text does not fit" in message and "even at 7 pt" in message
    assert caught.value.overflows == [message.splitlines()[1].strip()]
    assert not (tmp_path / "output" / GAME / "print-a4-subset.pdf").exists()  # nothing published


def test_every_overflowing_card_is_named_at_once(tmp_path):
    count = copy_game(tmp_path, {"*"})
    with pytest.raises(TextOverflowError) as caught:
        build(tmp_path)
    assert count > 1 and len(caught.value.overflows) == count
    named = {line.split(":")[0] for line in caught.value.overflows}
    assert len(named) == count  # "equipment <id>" once per card
    shown = str(caught.value).splitlines()
    assert len(shown) == 1 + min(count, 20) + (count > 20)


def test_the_build_option_makes_it_a_warning(tmp_path):
    copy_game(tmp_path)
    report = build(tmp_path, text_overflow="warn")
    assert any("broadsword" in p and "text does not fit" in p for p in report.problems)
    assert (tmp_path / "output" / GAME / "print-a4-subset.pdf").is_file()


def test_the_layout_option_makes_it_a_warning(tmp_path):
    copy_game(tmp_path)
    layout = tmp_path / "templates" / GAME / "equipment.toml"
    text = layout.read_text(encoding="utf-8")
    head, rest = text.split("[[elements]]", 1)
    layout.write_text(f'{head}[options]\ntext_overflow = "warn"\n\n[[elements]]{rest}', "utf-8")
    report = build(tmp_path)
    assert any("broadsword" in p and "text does not fit" in p for p in report.problems)


def test_an_unknown_overflow_setting_is_refused(tmp_path):
    (tmp_path / "t.toml").write_text('[options]\ntext_overflow = "ignore"\n', "utf-8")
    load_layout.cache_clear()
    with pytest.raises(LayoutError, match="text_overflow must be one of error, warn"):
        load_layout(tmp_path / "t.toml", tmp_path)
    copy_game(tmp_path / "g", set())
    with pytest.raises(LayoutError, match="text_overflow must be one of error, warn"):
        build(tmp_path / "g", text_overflow="maybe")


def render(tmp_path: Path, toml: str):
    (tmp_path / "t.toml").write_text(toml, encoding="utf-8")
    load_layout.cache_clear()
    layout = load_layout(tmp_path / "t.toml", tmp_path)
    return render_face(layout, {}, 63, 88, 3, ICONS, lambda s: (None, "missing"))


def test_sizes_under_the_floor_are_raised_to_six_points(tmp_path):
    face, problems = render(
        tmp_path,
        '[[elements]]\ntype = "text"\nw = 50\nh = 10\ntext = "tiny"\nsize = 3\n'
        '[[elements]]\ntype = "text"\ny = 20\nw = 20\nh = 3\ntext = "a b c d e f g"\nsize = 8\n'
        "min_size = 4\n"
        '[[elements]]\ntype = "mark"\ny = 40\nsize = 2\nshape = "Q"\n',
    )
    sizes = [op.size_pt for op in face.ops if isinstance(op, TextOp)]
    assert problems == [] and min(sizes) == pytest.approx(MIN_SIZE_PT)


def test_shrinking_lands_on_the_minimum_itself():
    text = "word " * 14
    size, _, fitted = fit_text(text, 30, 9.2, TextStyle(size=6.3, min_size=6), ICONS)
    assert fitted and size == 6.0  # 6.3 does not fit; 5.8 would be under the minimum


def test_lines_after_an_inline_icon_stay_in_their_box():
    text = "one two three four five six :poisonous: seven eight nine ten eleven twelve thirteen"
    ops, fitted, size = layout_text(text, 0, 0, 20, 40, TextStyle(size=9), ICONS)
    assert fitted
    baselines = sorted({round(op.baseline, 3) for op in ops if isinstance(op, TextOp)})
    pitch = size / (72 / 25.4) * 1.18
    assert all(abs((b - a) - pitch) < 1e-2 for a, b in itertools.pairwise(baselines))
    assert max(baselines) < 40
    assert any(isinstance(op, IconOp) for op in ops)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game_id", shipped_games())
def test_no_character_of_a_print_kit_is_under_six_points(run_tmp, game_id, paper):
    folder = shipped_kits(run_tmp) / paper / game_id
    pdfs = [folder / f"print-{paper}.pdf", folder / f"calibration-{paper}.pdf"]
    assert_no_text_under(pdfs, MIN_SIZE_PT)
