"""The `code` layout element: vector rectangles in the card's colours that decode to the card,
in the PNG faces, the print PDF and the Tabletop Simulator sheets; left out with --no-codes;
never on a back."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.data.codes import payload
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.backends.png import render_png
from cardgen.printkit.backends.tts import write_tts
from cardgen.printkit.draw import RectOp
from cardgen.printkit.faces import build_faces
from cardgen.printkit.layout import LayoutError, load_layout, render_face
from cardgen.printkit.layout.code import QUIET, SIZES, modules
from companion.scan.photo import codes

from .shipped import SCANNED, faces, game

CODE = """
[[elements]]
type = "code"
x = 50
y = 75
size = {size}
color = "{ink}"
paper = "{paper}"
game = "riposte"
card_type = "combat_card"
card = "{{{{ id }}}}"
"""


def _face(tmp_path: Path, card: str = "scissor_cut", **keys):
    values = {"size": 8, "ink": "#1A1A1A", "paper": "#F7F3EA"} | keys
    (tmp_path / "t.toml").write_text(CODE.format(**values), encoding="utf-8")
    layout = load_layout(tmp_path / "t.toml", tmp_path)
    face, _ = render_face(layout, {"id": card}, 63, 88, 3, {}, lambda s: (None, "none"))
    return face


def _read(image: Image.Image) -> list[str]:
    return [found.text for found in codes(image.convert("L"))]


def test_a_code_is_a_few_merged_rectangles_in_the_cards_colours(tmp_path: Path) -> None:
    face = _face(tmp_path)
    quiet, *dark = face.ops
    assert isinstance(quiet, RectOp) and (quiet.x, quiet.y, quiet.w, quiet.h) == (50, 75, 8, 8)
    assert quiet.style.fill == "#F7F3EA"
    assert {op.style.fill for op in dark} == {"#1A1A1A"}
    side, rects = modules(payload("riposte", "combat_card", "scissor_cut"), "m")
    assert side == 15  # Micro QR M3, error level M
    dark_modules = sum(w * h for _, _, w, h in rects)
    assert len(dark) == len(rects) < dark_modules / 2
    unit = 8 / (side + 2 * QUIET)
    low, high = 50 + QUIET * unit - 1e-9, 58 - QUIET * unit + 1e-9
    assert all(low <= op.x and op.x + op.w <= high for op in dark)
    assert _read(render_png(face, 300)) == [payload("riposte", "combat_card", "scissor_cut")]


@pytest.mark.parametrize("name", SIZES)
def test_a_named_size_sets_the_square(tmp_path: Path, name: str) -> None:
    paper, *_ = _face(tmp_path, size=f"'{name}'").ops
    assert isinstance(paper, RectOp) and paper.w == paper.h == SIZES[name]


@pytest.mark.parametrize(
    ("keys", "words"),
    [({"ink": "#777777", "paper": "#888888"}, "contrast of 1.3:1; a camera needs at least 3:1"),
     ({"size": "'x'"}, "size = 'x' is not a length")],
)  # fmt: skip
def test_a_code_that_cannot_be_read_is_refused_in_one_line(tmp_path, keys, words) -> None:
    with pytest.raises(LayoutError, match=words):
        _face(tmp_path, **keys)


def test_a_code_without_the_cards_ids_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="code needs game, card_type and card"):
        _face(tmp_path, card="")


@pytest.mark.parametrize(("game_id", "type_id"), [(g, t) for g, ts in SCANNED.items() for t in ts])
def test_each_played_card_type_prints_its_code_and_its_back_none(game_id, type_id) -> None:
    images = faces(game_id, type_id)
    card = next(c for c in images if not c.startswith("back:"))
    assert _read(images[card]) == [payload(game_id, type_id, card)]
    backs = [image for name, image in images.items() if name.startswith("back:")]
    assert backs and all(_read(back) == [] for back in backs)


def test_no_codes_leaves_them_out() -> None:
    spec = next(t for t in game("riposte").spec.types if t.id == "combat_card")
    made = build_faces(game("riposte"), spec, 3.0, {"bind"}, codes=False)
    assert _read(render_png(made.fronts["bind"], 300)) == []


def test_the_command_line_builds_with_and_without_codes(tmp_path: Path) -> None:
    for flags, expected in (([], 1), (["--no-codes"], 0)):
        out = tmp_path / ("codes" if expected else "none")
        args = ["build", "riposte", "--type", "combat_card", "--id", "bind", "--no-tts",
                "--data", str(REPO_ROOT / "card_data"), "--out", str(out), *flags]  # fmt: skip
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        png = out / "riposte" / "png" / "combat_card" / "bind.png"
        assert len(_read(Image.open(png))) == expected


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
def test_the_print_pdf_carries_the_code_as_vectors(tmp_path: Path) -> None:
    args = ["build", "riposte", "--type", "combat_card", "--id", "bind", "--no-tts", "--no-png",
            "--data", str(REPO_ROOT / "card_data"), "--out", str(tmp_path)]  # fmt: skip
    assert CliRunner().invoke(main, args).exit_code == 0
    pdf = tmp_path / "riposte" / "print-a4-subset.pdf"
    subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-png", str(pdf),
                    str(tmp_path / "page")], check=True)  # fmt: skip
    page = Image.open(next(tmp_path.glob("page*.png")))
    assert _read(page) == [payload("riposte", "combat_card", "bind")]


def test_the_tabletop_simulator_sheet_carries_every_code(tmp_path: Path) -> None:
    """Each card of a TTS sheet (150 ppi: 2.5 px modules, a JPEG) still holds its code, read
    from its own cell of the sheet."""
    spec = next(t for t in game("riposte").spec.types if t.id == "combat_card")
    chosen = {"bind", "feint", "scissor_cut", "slant"}
    made = build_faces(game("riposte"), spec, 3.0, chosen)
    sheet = Image.open(write_tts(game("riposte"), [made], tmp_path)[0]).convert("L")
    copies = [made.cards[face].id for face in made.copies]  # in the sheet's order
    cell_w, cell_h = sheet.width // 10, sheet.height // 7
    for index, card in enumerate(copies):
        left, top = (index % 10) * cell_w, (index // 10) * cell_h
        cell = sheet.crop((left, top, left + cell_w, top + cell_h))
        assert [f.text for f in codes(cell)] == [payload("riposte", "combat_card", card)], card
