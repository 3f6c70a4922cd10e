"""`cardgen proof`: every unique face once with its id and copy count; the ink saver."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from cardgen.cli import main
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.backends.png import render_png
from cardgen.printkit.draw import EllipseOp, Face, IconOp, RectOp, Style, TextOp
from cardgen.printkit.faces import build_faces
from cardgen.printkit.ink_saver import ink_saved_face, light_fill
from cardgen.printkit.layout.context import contrast_ratio
from cardgen.printkit.proof import entries, proof_entries
from tests.print.test_copies import _check_pdf

DATA = REPO_ROOT / "card_data"


@pytest.fixture(scope="module")
def va_proof(tmp_path_factory):
    out = tmp_path_factory.mktemp("proof")
    result = CliRunner().invoke(main, ["proof", "va_card_game", "--data", str(DATA),
                                       "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    return out / "va_card_game" / "proof"


def test_entries_hold_each_front_and_each_back_once_with_its_count():
    game = load_game_or_raise(DATA / "riposte")
    faces = build_faces(game, game.spec.type("combat_card"), 0.0)
    found = entries(faces)
    fronts, backs = found[:-1], found[-1:]
    assert [e.title for e in fronts] == list(dict.fromkeys(faces.copies))
    for entry in fronts:
        n = faces.copies.count(entry.title)
        assert entry.detail == f"combat_card · {n} cop{'y' if n == 1 else 'ies'}"
    assert backs[0].title == "back: Combat"
    assert backs[0].detail == f"combat_card back · {len(faces.copies)} copies"


def test_the_proof_shows_every_unique_face_with_its_id_and_count(va_proof):
    pdf = va_proof / "proof-a4.pdf"
    _check_pdf(pdf)
    with pdfplumber.open(pdf) as document:
        text = "\n".join(page.extract_text() or "" for page in document.pages)
        pages = len(document.pages)
    game = load_game_or_raise(DATA / "va_card_game")
    for type_id in ("hero", "equipment", "life_tracker"):
        for card in game.cards[type_id]:
            assert card.id in text, card.id
    # 15 heroes and 8 pieces of equipment per set, one tracker; 5 backs
    assert len(re.findall(r"Player [12] heroes · 1 copy", text)) == 30
    assert len(re.findall(r"Player [12] equipment · [12] cop", text)) == 16
    assert "life_tracker · 2 copies" in text
    for back in ("Hero · Sun", "Hero · Moon", "Equipment · Sun", "Equipment · Moon", "Life"):
        assert f"back: {back}" in text
    pngs = sorted(va_proof.glob("proof-page*.png"))
    assert len(pngs) == pages
    width, height = Image.open(pngs[0]).size
    assert abs(width - 210 / 25.4 * 110) <= 1 and abs(height - 297 / 25.4 * 110) <= 1  # A4


def test_a_proof_replaces_only_its_own_folder(tmp_path):
    kit = tmp_path / "riposte"
    runner = CliRunner()
    args = ["--data", str(DATA), "--out", str(tmp_path)]
    assert runner.invoke(main, ["build", "riposte", "--no-png", "--no-tts", *args]).exit_code == 0
    before = sorted(p.name for p in kit.iterdir())
    result = runner.invoke(main, ["proof", "riposte", "--type", "tracker", *args])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in kit.iterdir()) == sorted([*before, "proof"])
    again = runner.invoke(main, ["build", "riposte", "--no-png", "--no-tts", *args])
    assert again.exit_code == 0 and (kit / "proof" / "proof-a4.pdf").is_file()


def test_an_unknown_type_is_refused_in_one_line(tmp_path):
    result = CliRunner().invoke(main, ["proof", "riposte", "--type", "dragon",
                                       "--out", str(tmp_path)])  # fmt: skip
    assert result.exit_code == 2 and "'dragon' is no component type" in result.output


# --- the ink saver ------------------------------------------------------------------------------


def _dark_card() -> Face:
    ground = RectOp(-3, -3, 69, 94, Style(fill="#0072B2"))
    disc = EllipseOp(10, 60, 4, 4, Style(fill="#1A1A1A"))
    icon = IconOp(None, 7, 57, 6, "#FFFFFF", "#1A1A1A")
    title = TextOp(5, 12, "Stone Sentinel", "bold", 14, "#FFFFFF")
    frame = RectOp(4, 4, 55, 80, Style(stroke="#FFFFFF"))
    return Face(63, 88, 3, [ground, disc, icon, title, frame])


def test_the_ink_saver_lightens_grounds_and_keeps_text_readable():
    saved = ink_saved_face(_dark_card())
    ground, disc, icon, title, frame = saved.ops
    assert ground.style.fill == light_fill("#0072B2") == "#D1E6F1"  # 18 % of the blue kept
    assert title.color != "#FFFFFF"
    assert contrast_ratio(title.color, ground.style.fill) >= 7  # was white on blue
    assert frame.style.stroke != "#FFFFFF"
    # a small dark disc keeps its ink, and the white icon on it stays white
    assert disc.style.fill == "#1A1A1A" and (icon.ink, icon.paper) == ("#FFFFFF", "#1A1A1A")
    assert saved.key == ""


def test_the_ink_saver_keeps_card_codes_dark():
    game = load_game_or_raise(DATA / "riposte")
    faces = build_faces(game, game.spec.type("combat_card"), 3.0, {"bind"})
    face = faces.fronts["bind"]
    saved = ink_saved_face(face)
    small = [
        (before, after)
        for before, after in zip(face.ops, saved.ops, strict=True)
        if isinstance(before, RectOp) and before.w * before.h < 1 and before.style.fill
    ]
    assert small and all(b.style.fill == a.style.fill for b, a in small)


def test_build_with_the_ink_saver_writes_its_own_pdf_and_leaves_screens_alone(tmp_path: Path):
    args = ["build", "riposte", "--type", "combat_card", "--ink-saver", "--no-tts",
            "--data", str(DATA), "--out", str(tmp_path)]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    kit = tmp_path / "riposte"
    _check_pdf(kit / "print-a4-subset-inksaver.pdf")
    png = Image.open(kit / "png" / "combat_card" / "bind.png").convert("RGB")
    game = load_game_or_raise(DATA / "riposte")
    face = build_faces(game, game.spec.type("combat_card"), 3.0, {"bind"}).fronts["bind"]
    full = render_png(face, 300)
    assert ImageChops.difference(png, full).getbbox() is None, "PNG faces keep their colour"
    assert ImageChops.difference(png, render_png(ink_saved_face(face), 300)).getbbox()


def test_an_ink_saver_proof_names_its_backs_as_the_plain_one_does():
    game = load_game_or_raise(DATA / "riposte")
    plain, _ = proof_entries(game, ("combat_card",))
    saved, _ = proof_entries(game, ("combat_card",), ink_saver=True)
    assert [e.title for e in saved] == [e.title for e in plain]
    assert [e.detail for e in saved] == [e.detail for e in plain]
    assert all(s.face.key.endswith(":ink-saver") for s in saved)
