"""Print-shop export: one card per page, TrimBox and BleedBox exact, shop pixel sizes, order."""

from __future__ import annotations

import csv

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from .conftest import build

PT = 72 / 25.4


@pytest.mark.parametrize(
    ("shop", "width", "height", "bleed"),
    [("generic", 63, 88, 3.0), ("tgc", 63.5, 88.9, 3.175), ("mpc", 63.5, 88.9, 3.05)],
)  # a 63 x 88 mm poker card goes to TGC and MPC at their own 2.5 x 3.5 in trim
def test_one_card_per_page_with_boxes(print_root, shop, width, height, bleed):
    out, _ = build(print_root, png=False, tts=False, shop=shop)
    reader = PdfReader(out / f"shop-{shop}" / "card.pdf")
    assert len(reader.pages) == 24  # 12 cards, front and back
    for page in reader.pages:
        trim = [float(v) / PT for v in page.trimbox]
        bleed_box = [float(v) / PT for v in page.bleedbox]
        media = [float(v) / PT for v in page.mediabox]
        assert abs((trim[2] - trim[0]) - width) < 0.01 and abs((trim[3] - trim[1]) - height) < 0.01
        assert bleed_box == pytest.approx(media, abs=1e-6)
        for side in range(2):
            assert abs(trim[side] - bleed_box[side] - bleed) < 0.1
            assert abs(bleed_box[side + 2] - trim[side + 2] - bleed) < 0.1


def test_front_then_back_by_default_and_back_first_for_drivethru(print_root):
    out, _ = build(print_root, png=False, tts=False, shop="dtc")
    with pdfplumber.open(out / "shop-dtc" / "card.pdf") as pdf:
        assert "Card 00" not in (pdf.pages[0].extract_text() or "")  # the back comes first
        assert "Card 00" in pdf.pages[1].extract_text()
    out, _ = build(print_root, png=False, tts=False, shop="generic")
    with pdfplumber.open(out / "shop-generic" / "card.pdf") as pdf:
        assert "Card 00" in pdf.pages[0].extract_text()


def test_shop_pngs_and_quantities(print_root):
    out, _ = build(print_root, png=False, tts=False, shop="mpc")
    assert Image.open(out / "shop-mpc" / "png" / "card" / "c0-front.png").size == (822, 1122)
    with open(out / "shop-mpc" / "card-quantities.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12 and rows[0] == {"id": "c0", "name": "Card 00", "copies": "1"}
