"""`cardgen build --copies N`: each card N times instead of the box's count, and says so."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.build import BuildOptions, pdf_name, print_run
from cardgen.printkit.faces import build_faces
from cardgen.printkit.paper import PrintOptions

DATA = REPO_ROOT / "card_data"


def test_the_print_run_takes_each_face_n_times_in_the_boxs_order():
    game = load_game_or_raise(DATA / "riposte")
    faces = build_faces(game, game.spec.type("combat_card"), 3.0)
    box = print_run(faces)
    assert box == faces.copies and len(box) == game.count("combat_card")
    unique = list(dict.fromkeys(box))
    assert print_run(faces, 1) == unique
    assert print_run(faces, 3) == [face_id for face_id in unique for _ in range(3)]


def test_the_file_name_says_what_it_holds():
    paper = PrintOptions(paper="letter")
    assert pdf_name(BuildOptions(print=paper)) == "print-letter.pdf"
    assert pdf_name(BuildOptions(print=paper, copies=1)) == "print-letter-copies1.pdf"
    assert pdf_name(BuildOptions(copies=2, ink_saver=True)) == "print-a4-copies2-inksaver.pdf"
    assert pdf_name(BuildOptions(ids=("bind",), copies=1)) == "print-a4-subset-copies1.pdf"


def _names_printed(pdf: Path, names: set[str]) -> tuple[Counter, list[str]]:
    """How often each card's name is printed (its first word, in large type on the name band),
    and the pages' labels."""
    first_words = {name.split()[0]: name for name in names}
    printed: Counter = Counter()
    labels = []
    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            lines = (page.extract_text() or "").splitlines()
            labels.append(lines[-1] if lines else "")
            words = page.extract_words(extra_attrs=["size"])
            printed.update(
                first_words[w["text"]] for w in words if w["size"] >= 9 and w["text"] in first_words
            )
    return printed, labels


@pytest.mark.parametrize("copies", [1, 2])
def test_a_proof_print_holds_each_card_n_times(tmp_path, copies):
    args = ["build", "va_card_game", "--type", "equipment", "--copies", str(copies), "--no-png",
            "--no-tts", "--data", str(DATA), "--out", str(tmp_path)]  # fmt: skip
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "va_card_game" / f"print-a4-subset-copies{copies}.pdf"
    assert pdf.is_file()
    game = load_game_or_raise(DATA / "va_card_game")
    names = {card.name for card in game.cards["equipment"]}
    printed, labels = _names_printed(pdf, names)
    # each piece of equipment has a face per player set: both printed `copies` times
    assert printed == {name: 2 * copies for name in names}
    assert all("(" + f"{copies} of each, not the box's count)" in label for label in labels)
    _check_pdf(pdf)


def test_copies_must_be_a_small_positive_number(tmp_path):
    result = CliRunner().invoke(main, ["build", "riposte", "--copies", "0", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--copies" in result.output and "Traceback" not in result.output


def _check_pdf(pdf: Path) -> None:
    """Fonts embedded, structure sound (pdffonts and qpdf, when installed)."""
    if shutil.which("pdffonts"):
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
        rows = fonts.stdout.splitlines()[2:]
        assert rows and all(row.split()[-5] == "yes" for row in rows), fonts.stdout
    if shutil.which("qpdf"):
        check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
