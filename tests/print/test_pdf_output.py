"""The built PDF read back: page sizes, fonts, text, duplex pairing, marks, bleed, reuse."""

from __future__ import annotations

import hashlib
import itertools
import subprocess

import pdfplumber
import pytest
from pypdf import PdfReader

from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets import impose

from .conftest import build, make_print_game

PT = 72 / 25.4


def words(page) -> dict[str, tuple[float, float]]:
    """Centre (mm, from the top-left) of each word on a pdfplumber page.

    Text turned upside down (short-edge backs) is read back to front; it is keyed both ways.
    """
    found = {}
    for w in page.extract_words():
        centre = ((w["x0"] + w["x1"]) / 2 / PT, (w["top"] + w["bottom"]) / 2 / PT)
        found[w["text"]] = centre
        found.setdefault(w["text"][::-1], centre)
    return found


@pytest.mark.parametrize(("paper", "size"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_pages_are_the_paper_size(print_root, paper, size):
    out, _ = build(print_root, print=PrintOptions(paper=paper), png=False, tts=False)
    reader = PdfReader(out / f"print-{paper}.pdf")
    for page in reader.pages:
        w, h = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
        assert sorted((round(w, 1), round(h, 1))) == sorted(size) or abs(w - size[0]) < 0.5


def test_every_font_is_embedded(print_root):
    out, _ = build(print_root, png=False, tts=False)
    listing = subprocess.run(
        ["pdffonts", out / "print-a4.pdf"], capture_output=True, text=True, check=True
    )
    rows = listing.stdout.splitlines()[2:]
    assert rows, "no fonts listed"
    assert all(row.split()[-5] == "yes" for row in rows), listing.stdout  # the emb column


def test_each_card_name_is_text_on_its_page(print_root):
    out, _ = build(print_root, png=False, tts=False)
    imposition = impose(12, 63, 88, PrintOptions())
    with pdfplumber.open(out / "print-a4.pdf") as pdf:
        fronts = [p for p in imposition.pages if p.side == "front"]
        for number, page in enumerate(fronts):
            text = pdf.pages[2 * number].extract_text()
            for slot in page.slots:
                assert f"Card {slot.item:02d}" in text


def test_markup_in_card_text_prints_literally(print_root):
    out, _ = build(print_root, png=False, tts=False)
    with pdfplumber.open(out / "print-a4.pdf") as pdf:
        assert "<b>tags</b> &" in pdf.pages[0].extract_text()


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
def test_each_back_lands_behind_its_own_front(print_root, duplex):
    # each type on sheets of its own (`gang=False`): the duo sheet follows two card sheets
    out, _ = build(print_root, print=PrintOptions(duplex=duplex), png=False, tts=False, gang=False)
    with pdfplumber.open(out / "print-a4.pdf") as pdf:
        front, back = pdf.pages[4], pdf.pages[5]
        width, height = float(front.width) / PT, float(front.height) / PT
        front_words = {k[2:]: v for k, v in words(front).items() if k.startswith("F-")}
        back_words = {k[2:]: v for k, v in words(back).items() if k.startswith("B-")}
        assert sorted(front_words) == sorted(back_words) == [f"d{i}" for i in range(7)]
        for card, (fx, fy) in front_words.items():
            bx, by = back_words[card]
            # Turn the back sheet over the way the printer does, and the back must sit on the front.
            # On a landscape page the long edge runs across, so the flips swap (section 2.4).
            flips_x = (duplex is Duplex.LONG) != (width > height)
            seen = (width - bx, by) if flips_x else (bx, height - by)
            cx = fx  # card centre x equals the centred text's centre x
            assert abs(seen[0] - cx) < 1.0, (card, seen, (fx, fy))
            # the text sits below the card centre; turned, it stays within the same card
            trim = next(
                s.trim
                for s in impose(7, 63, 88, PrintOptions()).pages[0].slots
                if f"d{s.item}" == card
            )
            assert trim.y <= seen[1] <= trim.bottom


def test_crop_marks_stay_off_the_cards(print_root):
    out, _ = build(print_root, png=False, tts=False, gang=False)  # the cards' own sheets
    page_plan = impose(12, 63, 88, PrintOptions()).pages[0]
    with pdfplumber.open(out / "print-a4.pdf") as pdf:
        page = pdf.pages[0]
        short = [
            ln
            for ln in page.lines
            if ((ln["x1"] - ln["x0"]) ** 2 + (ln["bottom"] - ln["top"]) ** 2) ** 0.5 < 15 * PT
        ]
        assert len(short) == len(page_plan.marks)
        for line in short:
            x0, x1 = line["x0"] / PT, line["x1"] / PT
            top, bottom = line["top"] / PT, line["bottom"] / PT
            for slot in page_plan.slots:
                p = slot.paint
                assert x1 < p.x or x0 > p.right or bottom < p.y or top > p.bottom
            assert line["linewidth"] >= 0.25


def test_trim_pitch_from_the_marks_is_the_card_size(print_root):
    out, _ = build(print_root, png=False, tts=False, gang=False)  # one back: shared cuts
    grid = impose(12, 63, 88, PrintOptions()).grid
    with pdfplumber.open(out / "print-a4.pdf") as pdf:
        page = pdf.pages[0]
        xs = sorted(
            {round(ln["x0"] / PT, 2) for ln in page.lines if abs(ln["x1"] - ln["x0"]) < 0.01}
        )
        ys = sorted(
            {round(ln["top"] / PT, 2) for ln in page.lines if abs(ln["bottom"] - ln["top"]) < 0.01}
        )
    assert [round(b - a, 1) for a, b in itertools.pairwise(xs)] == [63.0] * grid.cols
    assert [round(b - a, 1) for a, b in itertools.pairwise(ys)] == [88.0] * grid.rows


def test_shared_art_and_backs_are_embedded_once(print_root, tmp_path):
    out, _ = build(print_root, png=False, tts=False)
    listing = subprocess.run(
        ["pdfimages", "-list", out / "print-a4.pdf"], capture_output=True, text=True, check=True
    )
    rows = [r.split() for r in listing.stdout.splitlines()[2:]]
    assert len(rows) == 12  # one placement per card
    assert len({r[10] for r in rows}) == 1  # one image object
    small = out / "print-a4.pdf"
    big_root = tmp_path / "big"
    make_print_game(big_root, cards=120)
    big_out, _ = build(big_root, png=False, tts=False)
    growth = ((big_out / "print-a4.pdf").stat().st_size - small.stat().st_size) / 108
    assert growth < 4000, f"{growth:.0f} bytes per extra card"


def first_page(out, name: str):
    """The first page of print-a4.pdf at 100 dpi (as <name>-1.png), and where its first card's
    trim box lies (12 poker cards on A4)."""
    from PIL import Image

    subprocess.run(
        ["pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", out / "print-a4.pdf", out / name],
        check=True,
    )
    image = Image.open(next(out.glob(f"{name}*.png"))).convert("RGB")
    return image, impose(12, 63, 88, PrintOptions()).pages[0].slots[0].trim


def test_bleed_is_printed_round_the_block(print_root):
    out, _ = build(print_root, png=False, tts=False, gang=False)
    image, corner = first_page(out, "page")
    px = 100 / 25.4

    def colour(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(x_mm * px), round(y_mm * px)))

    assert colour(corner.x - 1.5, corner.y + 40) == pytest.approx(
        (230, 159, 0), abs=12
    )  # in the bleed
    assert colour(corner.x - 4.5, corner.y + 40) == (255, 255, 255)  # beyond the bleed: paper
    assert colour(corner.x + 2, corner.y + 2) == pytest.approx((230, 159, 0), abs=12)


def test_pdf_is_valid_and_reproducible(print_root):
    out, _ = build(print_root, png=False, tts=False)
    first = hashlib.sha256((out / "print-a4.pdf").read_bytes()).hexdigest()
    assert (
        subprocess.run(["qpdf", "--check", out / "print-a4.pdf"], capture_output=True).returncode
        == 0
    )
    out, _ = build(print_root, png=False, tts=False)
    assert hashlib.sha256((out / "print-a4.pdf").read_bytes()).hexdigest() == first


def test_failed_build_keeps_the_previous_kit(print_root):
    from cardgen.printkit.layout import LayoutError

    out, _ = build(print_root, png=False, tts=False)
    before = (out / "print-a4.pdf").read_bytes()
    layout = print_root / "templates" / "ptest" / "card.toml"
    layout.write_text(
        layout.read_text() + '\n[[elements]]\ntype = "text"\ntext = "{{ no_such_field }}"\n'
    )
    from cardgen.printkit.layout.template import load_layout

    load_layout.cache_clear()
    with pytest.raises(LayoutError, match="no_such_field"):
        build(print_root, png=False, tts=False)
    assert (out / "print-a4.pdf").read_bytes() == before
    assert not [p for p in (print_root / "output").iterdir() if p.name.startswith(".")]


def test_missing_art_gets_a_placeholder_and_a_warning(print_root):
    (print_root / "card_data" / "ptest" / "art" / "a.png").unlink()
    out, report = build(print_root, png=False, tts=False)
    assert any("art 'art/a.png' is missing" in p for p in report.problems)
    with pdfplumber.open(out / "print-a4.pdf") as pdf:
        assert "art/a.png" in pdf.pages[0].extract_text()  # the placeholder's label


def test_png_and_tts_outputs(print_root):
    out, _ = build(print_root)
    from PIL import Image

    front = Image.open(out / "png" / "card" / "c0.png")
    assert front.size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))  # trim + 2 x 3 mm bleed
    assert (out / "png" / "card" / "back-deck.png").is_file()
    assert (out / "png" / "duo" / "d0-back.png").is_file()
    sheet = Image.open(out / "tts" / "card-sheet1.jpg")
    assert sheet.width % 10 == 0 and sheet.height % 7 == 0
    assert sheet.width // 10 == 372


def test_board_pieces_show_their_own_part_of_the_board(tmp_path):
    """Each piece of a split board shows the board region it names (read back from text)."""
    import json

    root = tmp_path
    make_print_game(root, cards=1)
    manifest_path = root / "card_data" / "ptest" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["sizes"] = {"big": {"width": "330mm", "height": "400mm"}}
    manifest["types"].append(
        {"id": "board", "sheet": "boards", "kind": "board", "size": "big",
         "fields": [{"name": "id", "type": "id", "required": True}]}
    )  # fmt: skip
    manifest_path.write_text(json.dumps(manifest))
    (root / "card_data" / "ptest" / "boards.csv").write_text("id\nmain\n")
    labels = "\n".join(
        f'[[elements]]\ntype = "text"\nx = {x}\ny = {y}\nw = 40\nh = 10\ntext = "AT-{x}-{y}"\nsize = 10\n'
        for x in (10, 280) for y in (10, 380)
    )  # fmt: skip
    (root / "templates" / "ptest" / "board.toml").write_text(labels)
    out, _ = build(root, png=False, tts=False, types=("board",))
    from cardgen.printkit.sheets import split_board

    pieces = split_board(330, 400, PrintOptions())
    visible = []
    with pdfplumber.open(out / "print-a4-subset.pdf") as pdf:  # --type board: a subset build
        for piece, page in zip(pieces, pdf.pages[0::2], strict=True):
            t = piece.trim  # pdfplumber ignores clipping: keep the words inside the piece
            found = {
                w
                for w, (x, y) in words(page).items()
                if t.x <= x <= t.right and t.y <= y <= t.bottom
            }
            visible.append({w for w in found if w.startswith("AT-")})
    assert visible == [{"AT-10-10"}, {"AT-280-10"}, {"AT-10-380"}, {"AT-280-380"}]


def test_png_art_passed_through_renders_its_pixels(print_root):
    """Art goes into the PDF undecoded (PNG predictors); rendered, it shows its real colour."""
    out, _ = build(print_root, png=False, tts=False)
    listing = subprocess.run(
        ["pdfimages", "-list", out / "print-a4.pdf"], capture_output=True, text=True, check=True
    )
    assert listing.stdout.splitlines()[2].split()[3:5] == ["600", "400"]  # the PNG's own size
    image, trim = first_page(out, "art")
    px = 100 / 25.4
    centre = image.getpixel((round((trim.x + 31.5) * px), round((trim.y + 35) * px)))
    assert centre == pytest.approx((204, 121, 167), abs=3)
