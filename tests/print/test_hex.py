"""Hexagonal tiles: the size across flats, the honeycomb imposition, the PDF, and hex grids."""

from __future__ import annotations

import itertools
import math
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from cardgen.data.database import load_game_or_raise
from cardgen.data.units import size_from_spec
from cardgen.printkit.build import BuildOptions, build_game
from cardgen.printkit.draw import PolygonOp
from cardgen.printkit.icons import load_icons
from cardgen.printkit.layout import Renderer, load_layout
from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets import best_grid, impose, sheet_margins
from cardgen.printkit.sheets.hex import SQRT3, hex_grid, hex_points

from .made_games import ID, NAME, QUANTITY, kind, manifest, write_game

FLATS = 40.0
PT_PER_MM = 72 / 25.4


def test_a_hex_size_is_given_across_flats():
    pointy = size_from_spec({"shape": "hex", "across_flats": "40mm"})
    flat = size_from_spec({"shape": "hex", "across_flats": "4cm", "orientation": "flat"})
    assert (pointy.shape, pointy.width_mm) == ("hex_pointy", 40)
    assert pointy.height_mm == pytest.approx(40 * 2 / SQRT3)
    assert (flat.shape, flat.height_mm) == ("hex_flat", 40)
    assert flat.width_mm == pytest.approx(pointy.height_mm)


@pytest.mark.parametrize(
    "spec, message",
    [
        ({"shape": "hex"}, "across_flats"),
        ({"shape": "hex", "across_flats": "40mm", "orientation": "sideways"}, "pointy or flat"),
        ({"shape": "hex", "across_flats": "-4mm"}, "positive"),
        ({"shape": "octagon", "width": 3, "height": 3}, "rect, round or hex"),
    ],
)
def test_a_bad_hex_size_is_refused_in_one_line(spec: dict, message: str):
    with pytest.raises(ValueError, match=message) as error:
        size_from_spec(spec)
    assert "\n" not in str(error.value)


def _overlap(a: tuple, b: tuple, tolerance: float = 1e-6) -> bool:
    """Whether two convex polygons overlap by more than touching (separating axes)."""
    for polygon in (a, b):
        for (x1, y1), (x2, y2) in itertools.pairwise((*polygon, polygon[0])):
            nx, ny = y2 - y1, x1 - x2
            project_a = [nx * x + ny * y for x, y in a]
            project_b = [nx * x + ny * y for x, y in b]
            length = math.hypot(nx, ny)
            if (max(project_a) - min(project_b)) / length <= tolerance or (
                max(project_b) - min(project_a)
            ) / length <= tolerance:
                return False
    return True


def _centres(page) -> list[tuple[float, float]]:
    return [(s.trim.x + s.trim.w / 2, s.trim.y + s.trim.h / 2) for s in page.slots]


@pytest.mark.parametrize("shape", ["hex_pointy", "hex_flat"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_nest_in_a_honeycomb_within_the_margins(shape: str, paper: str):
    options = PrintOptions(paper=paper)
    w, h = (FLATS, FLATS * 2 / SQRT3) if shape == "hex_pointy" else (FLATS * 2 / SQRT3, FLATS)
    imposition = impose(30, w, h, options, True, shape)
    fronts = [p for p in imposition.pages if p.side == "front"]
    assert sum(len(p.slots) for p in fronts) == 30
    bleed = options.bleed_mm
    step = FLATS + 2 * bleed  # the gap between facing edges is both tiles' bleed
    first = fronts[0]
    centres = _centres(first)
    # Honeycomb: every tile's nearest neighbour is exactly one step away, and six directions.
    for i, (x, y) in enumerate(centres):
        distances = [math.hypot(x - u, y - v) for j, (u, v) in enumerate(centres) if j != i]
        assert min(distances) == pytest.approx(step)
    for (x1, y1), (x2, y2) in itertools.combinations(centres, 2):
        if math.hypot(x2 - x1, y2 - y1) < step * 1.01:
            angle = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 60
            expected = 0 if shape == "hex_pointy" else 30
            assert min(abs(angle - expected), 60 - abs(angle - expected)) < 1e-6
    # No two tiles' bleed areas overlap, and every bleed area stays on the paper.
    bled = [hex_points(x, y, FLATS + 2 * bleed, shape) for x, y in centres]
    assert not any(_overlap(a, b) for a, b in itertools.combinations(bled, 2))
    m = sheet_margins(bleed)
    for slot in first.slots:
        t = slot.trim
        assert t.x >= m.left - 1e-6 and t.right <= first.width - m.right + 1e-6
        assert t.y >= m.top - 1e-6 and t.bottom <= first.height - m.bottom + 1e-6
    # Nesting holds more than a grid of the tiles' bounding boxes, as far apart, would.
    boxes = PrintOptions(paper=paper, gutter_mm=2 * bleed)
    assert len(first.slots) > best_grid(w, h, boxes).per_page
    # Cut lines run along each tile's six edges.
    assert len(first.cut_lines) == 6 * len(first.slots)
    for line in first.cut_lines:
        assert line.length == pytest.approx(FLATS / SQRT3)


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
def test_backs_are_mirrored_behind_their_fronts(duplex: Duplex):
    options = PrintOptions(duplex=duplex)
    imposition = impose(9, FLATS, FLATS * 2 / SQRT3, options, True, "hex_pointy")
    front, back = imposition.pages[0], imposition.pages[1]
    assert (front.side, back.side) == ("front", "back")
    for f, b in zip(front.slots, back.slots, strict=True):
        assert f.item == b.item and b.face == "back"
        (fx, fy), (bx, by) = (
            _centres(front)[f.col],
            (b.trim.x + b.trim.w / 2, b.trim.y + b.trim.h / 2),
        )
        portrait = front.width < front.height
        if (duplex is Duplex.LONG) == portrait:  # turned over left to right
            assert (bx, by) == pytest.approx((front.width - fx, fy))
            assert b.rotation == 0
        else:  # turned over top to bottom: the back also turns 180 degrees
            assert (bx, by) == pytest.approx((fx, front.height - fy))
            assert b.rotation == 180
    assert back.cut_lines == ()  # cut from the front


def test_a_gutterfold_mirrors_tiles_across_the_fold():
    options = PrintOptions(gutterfold=True)
    page = impose(6, FLATS, FLATS * 2 / SQRT3, options, True, "hex_pointy").pages[0]
    fold = page.fold
    assert fold is not None
    fronts = [s for s in page.slots if s.face == "front"]
    backs = [s for s in page.slots if s.face == "back"]
    assert len(fronts) == len(backs) == 6
    for f, b in zip(fronts, backs, strict=True):
        assert f.paint.right < fold.x1 < b.paint.x  # bleed stays off the fold
        assert b.trim.x + b.trim.w / 2 == pytest.approx(2 * fold.x1 - (f.trim.x + f.trim.w / 2))


def test_a_tile_larger_than_the_paper_is_refused_in_one_line():
    with pytest.raises(ValueError, match="does not fit on a4 paper"):
        impose(1, 300, 300 * 2 / SQRT3, PrintOptions(), True, "hex_pointy")


MANIFEST = manifest(
    "hexgame", "Hex Test",
    kind("land", "lands", "tile", ID, NAME, QUANTITY,
         size={"shape": "hex", "across_flats": "40mm", "orientation": "pointy"},
         back={"style": "fixed", "label": "Land", "color": "#009E73", "mark": "L"}),
)  # fmt: skip

LAND = """
[[elements]]
type = "rect"
bleed = true
fill = "#E69F00"

[[elements]]
type = "polygon"
points = "{{ hex_grid(1, 1, width - 8, 'pointy', 4, 4 * 2 / 3 ** 0.5)[0].points }}"
fill = "none"
stroke = "#1A1A1A"
stroke_width = 1

[[elements]]
type = "text"
x = 6
y = "40%"
w = "{{ width - 12 }}"
h = 8
text = "{{ name }}"
font = "bold"
size = 10
align = "center"
valign = "middle"
"""


def make_hex_game(root: Path, tiles: int) -> Path:
    rows = ["id,name,quantity"] + [f"t{i},Land {i},1" for i in range(tiles)]
    return write_game(root, MANIFEST, {"lands": rows}, {"land": LAND})


def test_a_hex_game_prints_its_tiles_in_a_honeycomb(tmp_path: Path):
    game = load_game_or_raise(make_hex_game(tmp_path, 14))
    report = build_game(game, tmp_path / "output", BuildOptions(png=False, tts=False))
    assert not report.problems
    pdf = tmp_path / "output" / "hexgame" / "print-a4.pdf"
    subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, check=True)
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    assert all(" yes " in line for line in fonts.stdout.splitlines()[2:])
    with pdfplumber.open(pdf) as document:
        front = document.pages[0]
        words = [w["text"] for w in front.extract_words()]
        assert "Land" in words
        # The cut lines are drawn on the page itself: six edges per tile, none straight across.
        edges = [line for line in front.lines if line["stroking_color"] is not None]
        assert len(edges) >= 6 * 12
        slanted = [
            e for e in edges if abs(e["x0"] - e["x1"]) > 1 and abs(e["top"] - e["bottom"]) > 1
        ]
        assert slanted and all(
            math.hypot(e["x1"] - e["x0"], e["bottom"] - e["top"]) / PT_PER_MM
            == pytest.approx(FLATS / SQRT3, abs=0.05)
            for e in edges
        )
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True)  # fmt: skip
    # Each face is clipped to its hexagon plus bleed: the corner of its box stays paper white.
    slot = (
        impose(14, FLATS, FLATS * 2 / SQRT3, PrintOptions(), True, "hex_pointy").pages[0].slots[0]
    )
    with Image.open(tmp_path / "page-1.png") as page:
        rgb = page.convert("RGB")
        dots = 50 / 25.4

        def at(x: float, y: float) -> tuple[int, int, int]:
            return rgb.getpixel((round(x * dots), round(y * dots)))

        t = slot.trim
        assert at(t.x + 1, t.y + 1) == (255, 255, 255)
        assert at(t.x + t.w / 2, t.y + t.h / 2 + 8) == (0xE6, 0x9F, 0x00)


def test_hex_grid_cells_nest_for_a_board(tmp_path: Path):
    cells = hex_grid(5, 4, 20.0, "flat", x=10, y=10)
    assert len(cells) == 20
    for a, b in itertools.combinations(cells, 2):
        assert not _overlap(a.points, b.points)
        if abs(a.col - b.col) + abs(a.row - b.row) == 1 and (a.col == b.col or a.row == b.row):
            distance = math.hypot(a.cx - b.cx, a.cy - b.cy)
            assert distance == pytest.approx(20) or a.row != b.row
    assert min(x for c in cells for x, _ in c.points) == pytest.approx(10)
    assert min(y for c in cells for _, y in c.points) == pytest.approx(10)


def test_a_board_layout_draws_a_hex_grid_with_a_repeat(tmp_path: Path):
    path = tmp_path / "board.toml"
    path.write_text(
        """
[[elements]]
type = "repeat"
items = "{{ hex_grid(6, 5, 18, 'pointy', 5, 5) }}"
[[elements.elements]]
type = "polygon"
points = "{{ item.points }}"
fill = "{{ '#56B4E9' if (item.col + item.row) % 3 == 0 else '#FFFFFF' }}"
stroke = "#1A1A1A"
""",
        encoding="utf-8",
    )
    layout = load_layout(path, tmp_path)
    face, _ = Renderer(layout, 150, 120, 3, load_icons(), lambda s: (None, None)).render({})
    polygons = [op for op in face.ops if isinstance(op, PolygonOp)]
    assert len(polygons) == 30
    assert all(len(p.points) == 6 for p in polygons)
    assert sum(p.style.fill == "#56B4E9" for p in polygons) == 10
