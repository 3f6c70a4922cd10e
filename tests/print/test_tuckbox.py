"""Tuck boxes: sized from the cards and the deck's thickness, drawn to fit the paper, read back."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.draw import PolygonOp
from cardgen.printkit.faces import back_face
from cardgen.printkit.paper import PAPERS_MM
from cardgen.printkit.sheets import mark_area
from cardgen.printkit.tuckbox import (
    CARD_THICKNESS_MM,
    DEPTH_EASE_MM,
    EASE_MM,
    Deck,
    TuckBox,
    decks,
    fitted,
    net_extent,
    net_ops,
    outline,
    place,
    write_tuckboxes,
)
from tests.print.conftest import make_print_game

PT_PER_MM = 72 / 25.4


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.parametrize("copies, thickness", [(30, 0.32), (60, 0.32), (30, 0.6), (1, 0.32)])
def test_the_box_is_sized_from_the_cards_and_the_decks_thickness(copies: int, thickness: float):
    box = TuckBox.for_deck(63, 88, copies, thickness)
    assert box.width == 63 + 2 * EASE_MM
    assert box.height == 88 + 2 * EASE_MM
    assert box.depth == pytest.approx(max(copies * thickness + DEPTH_EASE_MM, 5.0))
    w, h = box.net_size
    assert w == pytest.approx(2 * box.width + 2 * box.depth + box.glue)
    assert h == pytest.approx(box.height + 2 * (box.depth + box.tuck))
    xs = [x for x, _ in outline(box)]
    ys = [y for _, y in outline(box)]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0, w, 0, h))


def test_a_deck_per_back_and_copies_counted():
    game = load_game_or_raise(REPO_ROOT / "card_data" / "vita_luna")
    found = {deck.name: deck.copies for deck in decks(game)}
    creature = next(t for t in game.spec.types if t.id == "creature")
    by_deck: dict[str, int] = {}
    for card in game.copies("creature"):
        by_deck[card.values["deck"]] = by_deck.get(card.values["deck"], 0) + 1
    for value, face in creature.back.faces.items():
        assert found[f"{creature.plural} - {face.label}"] == by_deck[value]
    assert sum(found.values()) == game.count("creature") + game.count("singular")


def test_a_net_too_large_for_the_paper_names_the_paper_it_needs(tmp_path: Path):
    game = make_print_game(tmp_path, cards=2, art=False)
    csv = game / "cards.csv"
    csv.write_text("id,name,text,art,quantity\nc0,Big,,,150\n", encoding="utf-8")
    result = run("tuckbox", "ptest", "--data", tmp_path / "card_data", "--out", tmp_path / "out")
    assert result.exit_code == 0
    assert "larger than a4 paper allows; it needs A3 (297 x 420 mm) paper" in result.output
    assert not (tmp_path / "out" / "ptest" / "tuckboxes-a4.pdf").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_shipped_deck_box_fits_its_page(paper: str):
    for game_id in ("vita_luna", "riposte", "va_card_game", "luturas"):
        game = load_game_or_raise(REPO_ROOT / "card_data" / game_id)
        for deck in fitted(decks(game), paper, 0.32):  # spare cards shared as the paper needs
            box = TuckBox.for_deck(deck.card_w, deck.card_h, deck.copies, 0.32)
            placed = place(box, net_ops(box, game.name, deck), paper)
            assert placed is not None, f"{game_id} {deck.name}"
            area = mark_area(placed.page_w, placed.page_h)
            cut = net_extent(placed, box)
            assert (placed.page_w, placed.page_h) in (PAPERS_MM[paper], PAPERS_MM[paper][::-1])
            assert cut.x >= area.x - 1e-6 and cut.right <= area.right + 1e-6
            assert cut.y >= area.y - 1e-6 and cut.bottom <= area.bottom + 1e-6
            assert sorted((cut.w, cut.h)) == pytest.approx(sorted(box.net_size))


@pytest.mark.parametrize("game_id", ["luturas", "va_card_game"])
def test_a_game_with_decklists_gets_a_box_per_play_deck(game_id: str):
    """Luturas's two starter decks and VA's four player decks each get one box, holding every
    copy their rows count (types mixed), in the back most of them show; no box per type."""
    game = load_game_or_raise(REPO_ROOT / "card_data" / game_id)
    lists = next(t for t in game.spec.types if t.kind == "decklist")
    wanted: dict[str, int] = {}
    for row in game.cards[lists.id]:
        wanted[row["deck"]] = wanted.get(row["deck"], 0) + int(row["count"])
    found = {deck.name: deck for deck in decks(game) if deck.type_id != "spare"}
    assert {name: deck.copies for name, deck in found.items()} == wanted
    for name, deck in found.items():
        shown = Counter()
        for row in game.cards[lists.id]:
            card = game.by_id(row["card"])
            if row["deck"] == name and card is not None:
                face = back_face(game.spec.type(card.type), card, row)
                if face is not None:
                    shown[face] += int(row["count"])
        assert deck.face == shown.most_common(1)[0][0], name


def test_the_command_writes_one_box_per_deck_and_the_pdf_reads_back(tmp_path: Path):
    make_print_game(tmp_path, cards=12, art=False)
    out = tmp_path / "out"
    result = run("tuckbox", "ptest", "--data", tmp_path / "card_data", "--out", out,
                 "--card-thickness", "0.5")  # fmt: skip
    assert result.exit_code == 0, result.output
    pdf = out / "ptest" / "tuckboxes-a4.pdf"
    assert "1 tuck box(es)" in result.output and pdf.is_file()
    subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, check=True)
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    assert all(" yes " in line for line in fonts.stdout.splitlines()[2:])
    box = TuckBox.for_deck(63, 88, 12, 0.5)  # poker cards, 12 copies, 0.5 mm each
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 1  # the double-sided duos have no box
        page = document.pages[0]
        text = page.extract_text()
        assert "Print Test" in text and "Cards" in text and "12 cards" in text
        assert "tuck box for Cards" in text
        # The cut line: the one closed black path round the net, as wide and tall as the net.
        cuts = [c for c in page.curves if c["stroking_color"] in ((0,), (0, 0, 0), [0], [0, 0, 0])]
        assert cuts, "no cut line found"
        cut = max(cuts, key=lambda c: (c["x1"] - c["x0"]) * (c["bottom"] - c["top"]))
        size = ((cut["x1"] - cut["x0"]) / PT_PER_MM, (cut["bottom"] - cut["top"]) / PT_PER_MM)
        assert sorted(size) == pytest.approx(sorted(box.net_size), abs=0.05)
        # Fold lines are dashed: many short strokes, none longer than a dash.
        dashes = [ln for ln in page.lines if ln["stroking_color"] not in ((0,), (0, 0, 0))]
        assert len(dashes) > 50
        assert max(((ln["x1"] - ln["x0"]) ** 2 + (ln["bottom"] - ln["top"]) ** 2) ** 0.5
                   for ln in dashes) / PT_PER_MM <= 2.5 + 1e-3  # fmt: skip
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(tmp_path / "box")], check=True)
    assert (tmp_path / "box-1.png").stat().st_size > 0
    again = run("tuckbox", "ptest", "--data", tmp_path / "card_data", "--out", out)
    assert again.exit_code == 0  # its own earlier file is replaced


def test_a_thickness_out_of_range_is_refused_in_one_line(tmp_path: Path):
    make_print_game(tmp_path, cards=2, art=False)
    result = run("tuckbox", "ptest", "--data", tmp_path / "card_data", "--card-thickness", "40")
    assert result.exit_code != 0
    assert "--card-thickness 40: expected 0.05 to 5 mm per card" in result.output
    assert "Traceback" not in result.output


def test_names_are_on_the_faces_and_the_cut_is_one_closed_path():
    from cardgen.data.spec import BackFace

    deck = Deck("card", "Heroes - Red", 63, 88, 40, BackFace("Red", "#D55E00", "R"))
    box = TuckBox.for_deck(63, 88, 40, 0.32)
    ops = net_ops(box, "My Game", deck)
    texts = [op.text for op in ops if hasattr(op, "text")]
    assert texts.count("My Game") == 2  # front and back
    assert texts.count("Heroes - Red") >= 4  # front, back, both lids
    assert texts.count("My Game - Heroes - Red") == 2  # both sides
    closed = [op for op in ops if isinstance(op, PolygonOp) and op.closed and op.style.stroke]
    assert len(closed) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rest_of_luturas_box_is_boxed_by_back_and_shared_when_too_thick(tmp_path, paper):
    """Beside the two starter decks, the cards no deck holds get boxes by back: every card of
    the game is in exactly one box, and spares too many for one box on the paper are shared
    between boxes that fit ("(1 of 2)")."""
    game = load_game_or_raise(REPO_ROOT / "card_data" / "luturas")
    boxed = list(fitted(decks(game), paper, CARD_THICKNESS_MM))
    printed = sum(game.count(t.id) for t in game.spec.types if t.kind == "card")
    assert sum(deck.copies for deck in boxed) == printed
    spare = [deck for deck in boxed if deck.name.startswith("Spare cards")]
    assert {deck.face.label for deck in spare} == {"Soldier", "Luturas"}
    pages, problems = write_tuckboxes(game, tmp_path / "boxes.pdf", paper, CARD_THICKNESS_MM)
    assert problems == [] and pages == len(boxed)
