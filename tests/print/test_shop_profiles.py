"""Print-shop files to the shop's own numbers: for each shop and each component size the shipped
games use (poker, tarot, tiles, a long counter, round tokens), the PDF's MediaBox, TrimBox and
BleedBox (pypdf, points) and the images (pillow: pixels, dpi, mode) against the shop's published
figures, written out here by hand and never recomputed by the code under test; CMYK files draw
nothing in RGB; a size the shop does not print is refused in one line.
"""

from __future__ import annotations

import csv
import json
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.data.database import load_game_or_raise
from cardgen.kit import build_kit
from cardgen.printkit.backends.images import to_cmyk
from cardgen.printkit.build import BuildOptions
from cardgen.printkit.ink import cmyk_of
from cardgen.printkit.shop import _profile, shop_profiles

from .made_games import DECK_BACK, write_game

PT = 72.0  # points per inch
MM = 72 / 25.4  # points per mm

FIELDS = [{"name": "id", "type": "id", "required": True}, {"name": "name", "type": "text"}]
BACK = DECK_BACK
# fmt: off
MANIFEST = {
    "id": "shops",
    "name": "Shop Sizes",
    "players": {"min": 1, "max": 2},
    "sizes": {"tracker-strip": {"width": "140mm", "height": "30mm"},
              "small-board": {"width": "150mm", "height": "100mm"}},
    "types": [
        {"id": "card", "sheet": "cards", "kind": "card", "size": "poker", "back": BACK, "fields": FIELDS},
        {"id": "character", "sheet": "characters", "kind": "card", "size": "tarot", "back": BACK, "fields": FIELDS},
        {"id": "tile", "sheet": "tiles", "kind": "tile", "size": "tile", "fields": FIELDS},
        {"id": "tracker", "sheet": "trackers", "kind": "counter", "size": "tracker-strip", "fields": FIELDS},
        {"id": "marker", "sheet": "markers", "kind": "token", "size": "large-token", "fields": FIELDS},
        {"id": "board", "sheet": "boards", "kind": "board", "size": "small-board", "fields": FIELDS},
    ],
}
# fmt: on
SHEETS = {
    "cards": "c",
    "characters": "h",
    "tiles": "t",
    "trackers": "r",
    "markers": "m",
    "boards": "b",
}  # fmt: skip

# The shops' published figures: page (= trim + bleed) and trim in their own units, the file in
# pixels at their resolution, the image mode. Sources: shared/reference/print-standards.md 1.1-1.3
# and the `_comment`s in cardgen/printkit/presets/shops.json (sizes marked [assumed] there).
IN = PT
# fmt: off
PUBLISHED = {
    # shop, type: (page w, h), trim (w, h), bleed per side, (px w, h), dpi, image mode
    ("tgc", "card"): ((2.75 * IN, 3.75 * IN), (2.5 * IN, 3.5 * IN), 0.125 * IN, (825, 1125), 300, "RGB"),
    ("tgc", "character"): ((3 * IN, 5 * IN), (2.75 * IN, 4.75 * IN), 0.125 * IN, (900, 1500), 300, "RGB"),
    ("dtc", "card"): ((2.75 * IN, 3.75 * IN), (2.5 * IN, 3.5 * IN), 0.125 * IN, (825, 1125), 300, "CMYK"),
    ("dtc", "character"): ((3 * IN, 5 * IN), (2.75 * IN, 4.75 * IN), 0.125 * IN, (900, 1500), 300, "CMYK"),
    ("mpc", "card"): ((2.74 * IN, 3.74 * IN), (2.5 * IN, 3.5 * IN), 0.12 * IN, (822, 1122), 300, "RGB"),
    ("mpc", "character"): ((2.99 * IN, 4.99 * IN), (2.75 * IN, 4.75 * IN), 0.12 * IN, (897, 1497), 300, "RGB"),
    ("mbprint", "card"): ((69 * MM, 94 * MM), (63 * MM, 88 * MM), 3 * MM, (1035, 1410), 381, "CMYK"),
    ("generic", "card"): ((69 * MM, 94 * MM), (63 * MM, 88 * MM), 3 * MM, (1035, 1410), 381, "RGB"),
    ("generic", "character"): ((76 * MM, 126 * MM), (70 * MM, 120 * MM), 3 * MM, (1140, 1890), 381, "RGB"),
    ("generic", "tile"): ((51 * MM, 51 * MM), (45 * MM, 45 * MM), 3 * MM, (765, 765), 381, "RGB"),
    ("generic", "tracker"): ((146 * MM, 36 * MM), (140 * MM, 30 * MM), 3 * MM, (2190, 540), 381, "RGB"),
    ("generic", "marker"): ((38 * MM, 38 * MM), (32 * MM, 32 * MM), 3 * MM, (570, 570), 381, "RGB"),
    ("generic", "board"): ((156 * MM, 106 * MM), (150 * MM, 100 * MM), 3 * MM, (2340, 1590), 381, "RGB"),
}
# fmt: on
REFUSED = {
    "tgc": ["tile", "tracker", "marker", "board"],
    "dtc": ["tile", "tracker", "marker", "board"],
    "mpc": ["tile", "tracker", "marker", "board"],
    "mbprint": ["character", "tile", "tracker", "marker", "board"],
    "generic": [],
}
SHOPS = sorted(REFUSED)


def make_game(root: Path, manifest: dict = MANIFEST) -> Path:
    sheets = {sheet: ["id,name"] + [f"{prefix}{i},{sheet.title()} {i}" for i in range(2)]
              for sheet, prefix in SHEETS.items()}  # fmt: skip
    return write_game(root, manifest, sheets)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, tuple[Path, list[str]]]:
    """Each shop's files for the test game, built once: {shop: (folder, problems)}."""
    root = tmp_path_factory.mktemp("shops")
    game = load_game_or_raise(make_game(root))
    done = {}
    for shop in SHOPS:
        out = root / shop
        report = build_kit(game, out, BuildOptions(png=False, tts=False, shop=shop))
        done[shop] = (out / "shops" / f"shop-{shop}", report.problems)
    return done


def box(rect) -> tuple[float, float, float, float]:
    return tuple(float(v) for v in rect)  # type: ignore[return-value]


@pytest.mark.parametrize(("shop", "type_id"), sorted(PUBLISHED))
def test_pdf_boxes_and_images_match_the_shops_numbers(built, shop, type_id):
    (page_w, page_h), (trim_w, trim_h), bleed, px, dpi, mode = PUBLISHED[(shop, type_id)]
    folder, _ = built[shop]
    sides = ("back", "front") if type_id in ("card", "character") else ("front",)
    reader = PdfReader(folder / f"{type_id}.pdf")
    assert len(reader.pages) == 2 * len(sides)  # two cards, a page per side
    for page in reader.pages:
        assert box(page.mediabox) == pytest.approx((0, 0, page_w, page_h), abs=1e-3)
        assert box(page.bleedbox) == pytest.approx(box(page.mediabox), abs=1e-6)
        trim = (bleed, bleed, bleed + trim_w, bleed + trim_h)
        assert box(page.trimbox) == pytest.approx(trim, abs=1e-3)
        # the page in pixels at the shop's dpi is the image's size, to a thousandth of a pixel
        assert (page_w / PT * dpi, page_h / PT * dpi) == pytest.approx(px, abs=1e-3)
    kind, suffix = ("tiff", ".tif") if mode == "CMYK" else ("png", ".png")
    images = sorted((folder / kind / type_id).iterdir())
    prefix = SHEETS[f"{type_id}s"]
    assert [p.name for p in images] == [
        f"{prefix}{i}-{side}{suffix}" for i in range(2) for side in sides
    ]
    for path in images:
        with Image.open(path) as image:
            assert image.size == px
            assert image.mode == mode
            assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.01)


@pytest.mark.parametrize("shop", SHOPS)
def test_unsupported_sizes_are_refused_one_line_each(built, shop):
    folder, problems = built[shop]
    refusals = [p for p in problems if p.startswith(f"shop {shop}: ")]
    plural = {
        "character": "characters",
        "tile": "tiles",
        "tracker": "trackers",
        "marker": "markers",
        "board": "boards",
    }
    assert [r.split("no files for ")[1].split(" ")[0] for r in refusals] == [
        plural[t] for t in REFUSED[shop]
    ]
    assert all("\n" not in r for r in refusals)
    for type_id in REFUSED[shop]:
        assert not (folder / f"{type_id}.pdf").exists()


def test_refusal_names_the_component_and_the_shops_sizes(built):
    _, problems = built["tgc"]
    assert (
        "shop tgc: no files for trackers (140 x 30 mm counter): The Game Crafter takes these "
        "trims: poker 2.5 x 3.5 in, bridge 2.25 x 3.5 in, tarot 2.75 x 4.75 in, mini 1.75 x 2.5 in, "
        "square 3.5 x 3.5 in, euro-square 2.76 x 2.76 in, jumbo 3.5 x 5.5 in, micro 1.25 x 1.75 in"
    ) in problems
    assert (
        "shop tgc: no files for markers (32 mm round token): The Game Crafter takes"
        in "\n".join(problems)
    )
    _, problems = built["generic"]
    assert not [p for p in problems if p.startswith("shop generic: ")]  # it takes every piece


def test_the_generic_shop_writes_every_piece_whole(built):
    """Round tokens on the square around them (the face still round inside), the board as one
    sheet; sizes.csv says each piece's kind and trim."""
    folder, _ = built["generic"]
    for type_id in ("marker", "board"):
        assert (folder / f"{type_id}.pdf").is_file()
    text = (folder / "sizes.csv").read_text(encoding="utf-8")
    rows = {row["type"]: row for row in csv.DictReader(text.splitlines())}
    assert rows["marker"]["kind"] == "token" and rows["marker"]["trim"] == "32 mm round"
    assert rows["board"]["kind"] == "board" and rows["board"]["trim_mm"] == "150 x 100"
    corner = (
        Image.open(folder / "png" / "marker" / "m0-front.png").convert("RGB").getpixel((60, 60))
    )
    assert corner == (255, 255, 255)  # outside the circle (and its bleed): paper, not the token


def test_a_shop_that_prints_none_of_a_games_components_fails_in_one_line(tmp_path):
    manifest = {**MANIFEST, "id": "tiles", "types": MANIFEST["types"][2:3]}
    game = load_game_or_raise(make_game(tmp_path, manifest))
    with pytest.raises(ValueError) as failure:
        build_kit(game, tmp_path / "out", BuildOptions(png=False, tts=False, shop="tgc"))
    assert str(failure.value) == (
        "shop tgc: The Game Crafter prints none of these: tiles (45 x 45 mm tile); it takes these "
        "trims: poker 2.5 x 3.5 in, bridge 2.25 x 3.5 in, tarot 2.75 x 4.75 in, mini 1.75 x 2.5 in, "
        "square 3.5 x 3.5 in, euro-square 2.76 x 2.76 in, jumbo 3.5 x 5.5 in, micro 1.25 x 1.75 in"
    )


def pdf_colours(path: Path) -> tuple[Counter, float]:
    """Colour operators and image colour spaces in every page and form; the most ink of a k fill."""
    reader = PdfReader(path)
    found: Counter = Counter()
    inks = [0.0]
    seen: set[int] = set()

    def walk(content, resources) -> None:
        for operands, op in ContentStream(content, reader).operations:
            if op in (b"rg", b"RG", b"k", b"K", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"):
                found[op.decode()] += 1
            if op == b"k":
                inks.append(sum(float(v) for v in operands))
        for ref in ((resources or {}).get("/XObject") or {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Form":
                walk(xobject, xobject.get("/Resources"))
            else:
                found[f"image {xobject['/ColorSpace']}"] += 1
                found["smask"] += "/SMask" in xobject

    for page in reader.pages:
        walk(page.get_contents(), page["/Resources"])
    return found, max(inks)


@pytest.mark.parametrize("shop", ["dtc", "mbprint"])
def test_cmyk_shops_draw_only_in_cmyk_within_240_percent_ink(built, shop, tmp_path):
    folder, _ = built[shop]
    found, most_ink = pdf_colours(folder / "card.pdf")
    assert found["k"] > 0
    assert not {"rg", "RG", "g", "G", "sc", "scn", "SC", "SCN", "image /DeviceRGB"} & {
        k for k, v in found.items() if v
    }
    assert found["smask"] == 0  # no transparency
    assert most_ink <= 2.4 + 1e-6
    listing = subprocess.run(["pdfimages", "-list", folder / "card.pdf"], capture_output=True,
                             text=True, check=True).stdout  # fmt: skip
    assert "rgb" not in listing and "smask" not in listing


def test_cmyk_art_is_placed_as_cmyk(tmp_path):
    """Art (an RGB PNG with transparency) in a CMYK shop's PDF: converted, flattened, once."""
    manifest = json.loads(json.dumps(MANIFEST))
    manifest["id"] = "art"
    manifest["types"] = manifest["types"][:1]
    manifest["types"][0]["fields"].append({"name": "art", "type": "image"})
    game_dir = make_game(tmp_path, manifest)
    (game_dir / "cards.csv").write_text("id,name,art\nc0,A,a.png\nc1,B,a.png\n", encoding="utf-8")
    Image.new("RGBA", (900, 600), (200, 30, 30, 128)).save(game_dir / "a.png")
    game = load_game_or_raise(game_dir)
    build_kit(game, tmp_path / "out", BuildOptions(png=False, tts=False, shop="dtc"))
    found, _ = pdf_colours(tmp_path / "out" / "art" / "shop-dtc" / "card.pdf")
    assert found["image /DeviceCMYK"] == 1 and found["image /DeviceRGB"] == 0
    assert found["smask"] == 0


def test_rgb_shops_stay_rgb(built):
    found, _ = pdf_colours(built["tgc"][0] / "card.pdf")
    assert found["rg"] > 0 and found["k"] == 0


@pytest.mark.parametrize("shop", ["tgc", "mpc"])
def test_the_pdf_page_and_the_png_show_the_same_card(built, shop, tmp_path):
    """Rendered at the shop's dpi, the PDF page is the PNG: same size, same place, same colours."""
    folder, _ = built[shop]
    subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-png",
                    folder / "card.pdf", tmp_path / "page"], check=True)  # fmt: skip
    (render,) = tmp_path.glob("page*.png")
    with Image.open(render) as page, Image.open(folder / "png" / "card" / "c0-front.png") as png:
        assert page.size == png.size
        difference = ImageStat.Stat(ImageChops.difference(page.convert("RGB"), png)).mean
    assert max(difference) < 4  # anti-aliasing differs; a shifted or scaled card would not


def test_published_pixel_sizes_are_checked_when_profiles_load():
    profiles = shop_profiles()
    assert {s.name: s.px for s in profiles["tgc"].sizes}["poker"] == (825, 1125)
    assert {s.name: s.px for s in profiles["mpc"].sizes}["poker"] == (822, 1122)
    spec = {"name": "X", "dpi": 300, "colour": "rgb", "bleed": "0.125in", "safe": "0.125in",
            "sizes": {"poker": {"width": "2.5in", "height": "3.5in", "px": [822, 1122]}}}  # fmt: skip
    with pytest.raises(
        ValueError,
        match=r"x\.poker: px \[822, 1122\] is not the trim plus twice the bleed at 300 ppi \(\[825, 1125\]\)",
    ):
        _profile("x", spec)


def test_cmyk_formula_black_is_k_only_and_ink_is_capped():
    assert cmyk_of("#000000") == (0, 0, 0, 1)
    assert cmyk_of("#777777")[:3] == (0, 0, 0)  # greys: black ink only
    assert cmyk_of("#FFFFFF") == (0, 0, 0, 0)
    for colour in ("#800000", "#0072B2", "#E69F00", "#123456", "#010203", "#400040"):
        assert sum(cmyk_of(colour)) <= 2.4 + 1e-6


def test_images_convert_by_the_same_formula_as_pdf_colours():
    colours = [
        "#000000",
        "#FFFFFF",
        "#800000",
        "#0072B2",
        "#E69F00",
        "#777777",
        "#F0E442",
        "#123456",
    ]
    image = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        image.putpixel((x, 0), tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5)))
    converted = to_cmyk(image)
    for x, colour in enumerate(colours):
        expected = tuple(round(v * 255) for v in cmyk_of(colour))
        assert converted.getpixel((x, 0)) == pytest.approx(expected, abs=1)


@pytest.mark.parametrize(("shop", "condition"), [("dtc", "CGATS TR 001"), ("mbprint", "FOGRA39")])
def test_cmyk_shops_write_pdf_x1a(built, shop, condition):
    """What a PDF/X-1a:2001 preflight checks: a PDF 1.3 file with the GTS_PDFX output intent
    naming a registered printing condition, the PDF/X keys in its information, trapping said,
    TrimBox and BleedBox inside the MediaBox on every page, every font embedded; its colours
    are CMYK alone with no transparency (test above)."""
    path = built[shop][0] / "card.pdf"
    assert path.read_bytes().startswith(b"%PDF-1.3")
    reader = PdfReader(path)
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == condition
    assert intent["/RegistryName"] == "http://www.color.org"
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False" and info["/Title"]
    assert info["/CreationDate"] and info["/ModDate"] and intent["/Info"]
    assert "/ID" in reader.trailer
    # nothing PDF/X-1a forbids anywhere in the file: LZW compression, transfer curves,
    # halftones of other types than 1 and 5, encryption
    raw = path.read_bytes()
    assert b"/LZWDecode" not in raw and b"/TR " not in raw and b"/TR2" not in raw
    assert b"/HalftoneType" not in raw and "/Encrypt" not in reader.trailer
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        for box in (page.trimbox, page.bleedbox):
            x0, y0, x1, y1 = (float(v) for v in box)
            assert media[0] <= x0 < x1 <= media[2] and media[1] <= y0 < y1 <= media[3]
        assert "/TrimBox" in page and "/BleedBox" in page
    fonts = subprocess.run(["pdffonts", path], capture_output=True, text=True, check=True).stdout
    assert all(" yes " in line for line in fonts.splitlines()[2:])
    subprocess.run(["qpdf", "--check", path], capture_output=True, check=True)


def test_large_black_areas_are_rich_black_and_text_stays_on_black_ink(tmp_path):
    """In a CMYK file a full-bleed black back prints in rich black (60/40/40/100, 240 % ink);
    a small black shape and black text stay black ink alone."""
    from cardgen.printkit.backends.pdf import PdfDocument, Placement
    from cardgen.printkit.draw import Face, RectOp, Style, TextOp
    from cardgen.printkit.sheets import Page, Rect

    face = Face(63, 88, 3, [RectOp(-3, -3, 69, 94, Style("#000000", None)),
                            RectOp(5, 5, 4, 4, Style("#000000", None)),
                            TextOp(10, 40, "Back", "bold", 12, "#000000")])  # fmt: skip
    path = tmp_path / "black.pdf"
    document = PdfDocument(path, "black", cmyk=True)
    document.page(Page(69, 94, "back"), [Placement(face, Rect(3, 3, 63, 88), Rect(0, 0, 69, 94))])
    document.save()
    reader = PdfReader(path)
    streams = [reader.pages[0].get_contents()]
    streams += [x.get_object() for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    fills = [
        tuple(round(float(v), 2) for v in operands)
        for stream in streams
        for operands, operator in ContentStream(stream, reader).operations
        if operator == b"k"
    ]
    assert (0.6, 0.4, 0.4, 1.0) in fills  # the back
    assert (0.0, 0.0, 0.0, 1.0) in fills  # the small square and the text
    assert max(sum(f) for f in fills) <= 2.4 + 1e-6
