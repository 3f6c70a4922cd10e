"""Print-then-cut sheets for a Silhouette (issue 28): the registration marks where Silhouette
Studio's own marks are, every piece clear of them, and cut files that cut what the PDF printed.

The reference figures were measured from silhouette-card-maker's published mark templates for
Silhouette Studio (assets/a4_registration.pdf and letter_registration.pdf, landscape, rendered
with `pdftoppm -r 600 -gray` and measured as `marks_on` measures ours): on both papers a filled
square 6.01 mm at 9.48 mm from the top and left edges, an L of 8.17 mm arms 1.02 mm thick with
its corner 9.40-9.48 mm from the top and right edges, and one at the left and bottom edges.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import ezdxf
import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.build import BuildOptions, build_game
from cardgen.printkit.paper import PrintOptions
from cardgen.printkit.sheets import best_grid, impose
from cardgen.printkit.sheets.cutter import CLEARANCE_MM, silhouette_marks

DPI = 600
PX = 25.4 / DPI  # mm per pixel
SQUARE, ARM, THICK, INSET = 6.01, 8.17, 1.02, 9.48  # the reference, measured as above
TOLERANCE = 2 * PX  # two pixels at 600 dpi: the rendering's own rounding


@pytest.fixture(scope="module")
def riposte_kit(tmp_path_factory) -> Path:
    """Riposte's kit for a Silhouette on A4: cards, trackers and a round token."""
    out = tmp_path_factory.mktemp("cutter")
    game = load_game_or_raise(REPO_ROOT / "card_data" / "riposte")
    options = BuildOptions(print=PrintOptions(cutter="silhouette"), png=False, tts=False)
    build_game(game, out, options)
    return out / "riposte"


CORNER_MM = 18.5  # the marks lie within this of two paper edges; pieces keep out of it


def render(pdf: Path, page: int, out: Path, x: float, y: float, size: float) -> np.ndarray:
    """Dark pixels of a `size` mm square of page `page` whose top-left is at (x, y) mm."""
    stem = out / f"page{page}-{x:g}-{y:g}"
    crop = [str(round(v / PX)) for v in (x, y, size, size)]
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", "-f", str(page), "-l",
                    str(page), "-x", crop[0], "-y", crop[1], "-W", crop[2], "-H", crop[3],
                    "-singlefile", str(pdf), str(stem)], check=True)  # fmt: skip
    return np.array(Image.open(f"{stem}.png").convert("L")) < 128


@pytest.fixture(scope="module")
def sheets(riposte_kit) -> list[tuple[int, str, float, float]]:
    """Each page of the kit's PDF: its number, its text, its width and height in mm."""
    pdf = riposte_kit / "print-a4-silhouette.pdf"
    texts = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True,
                           text=True).stdout.split("\f")  # fmt: skip
    boxes = [page.mediabox for page in PdfReader(pdf).pages]
    return [(number, text, float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72)
            for number, (text, box) in enumerate(zip(texts[: len(boxes)], boxes, strict=True), start=1)]  # fmt: skip


def corners(pdf: Path, page: tuple[int, str, float, float], out: Path) -> dict[str, np.ndarray]:
    """The three corners where the marks go, as dark pixels: top-left, top-right, bottom-left."""
    number, _, width, height = page
    c = CORNER_MM
    return {
        "top-left": render(pdf, number, out, 0, 0, c),
        "top-right": render(pdf, number, out, width - c, 0, c),
        "bottom-left": render(pdf, number, out, 0, height - c, c),
    }


def measured(dark: np.ndarray) -> dict[str, float]:
    """The one dark blob at least 3 mm across in a corner: its box in mm from the corner
    square's edges, and the widths of its full rows and columns."""
    from scipy import ndimage

    labels, _ = ndimage.label(dark)
    blobs = [(ys, xs) for ys, xs in ndimage.find_objects(labels)
             if min(ys.stop - ys.start, xs.stop - xs.start) * PX >= 3]  # fmt: skip
    assert len(blobs) == 1, f"{len(blobs)} marks in a corner"
    ys, xs = blobs[0]
    blob = dark[ys, xs]
    size = dark.shape[0] * PX
    return {
        "left": xs.start * PX, "top": ys.start * PX,
        "right": size - xs.stop * PX, "bottom": size - ys.stop * PX,
        "w": (xs.stop - xs.start) * PX, "h": (ys.stop - ys.start) * PX,
        "full_rows": blob.all(axis=1).sum() * PX, "full_cols": blob.all(axis=0).sum() * PX,
        "corner_row": blob[0].mean(), "corner_col": blob[:, 0].mean(),
    }  # fmt: skip


def test_the_marks_print_where_silhouette_studio_prints_its_own(riposte_kit, sheets, tmp_path):
    seen = corners(riposte_kit / "print-a4-silhouette.pdf", sheets[0], tmp_path)
    square, top_right, bottom_left = (measured(seen[k]) for k in seen)
    near = pytest.approx
    assert (square["w"], square["h"]) == (near(SQUARE, abs=TOLERANCE), near(SQUARE, abs=TOLERANCE))
    assert square["full_rows"] == near(SQUARE, abs=TOLERANCE)  # filled
    assert (square["left"], square["top"]) == (near(INSET, abs=0.1), near(INSET, abs=0.1))
    for mark in (top_right, bottom_left):
        assert (mark["w"], mark["h"]) == (near(ARM, abs=TOLERANCE), near(ARM, abs=TOLERANCE))
        assert mark["full_rows"] == near(THICK, abs=TOLERANCE)  # an L: one row and one column
        assert mark["full_cols"] == near(THICK, abs=TOLERANCE)
    assert (top_right["right"], top_right["top"]) == (near(INSET, abs=0.1), near(INSET, abs=0.1))
    assert (bottom_left["left"], bottom_left["bottom"]) == (
        near(INSET, abs=0.1),
        near(INSET, abs=0.1),
    )
    # the Ls open as Studio's do: the top-right one's arms run left and down from its corner
    # (its top row is full, its left column is not), the bottom-left one's right and up
    assert top_right["corner_row"] == 1 and top_right["corner_col"] < 0.2
    assert bottom_left["corner_col"] == 1 and bottom_left["corner_row"] < 0.2


def test_nothing_else_prints_near_the_marks_on_any_sheet(riposte_kit, sheets, tmp_path):
    """On every sheet with marks, each corner holds its mark and nothing else: the sensor
    sees the mark alone (pieces keep the clearance from it, the label starts past it)."""
    pdf = riposte_kit / "print-a4-silhouette.pdf"
    checked = 0
    for page in sheets:
        number, text, _, _ = page
        if "cut file" not in text:
            continue
        for name, dark in corners(pdf, page, tmp_path).items():
            from scipy import ndimage

            _, count = ndimage.label(dark)
            assert count == 1, f"page {number}, {name}: {count - 1} things printed by the mark"
        checked += 1
    assert checked >= 3  # the cards, the trackers, the token


def placed_trims(pdf: Path) -> list[list[tuple[float, float, float, float]]]:
    """Per page, the trim of each face the PDF places, read from its content: the translation
    before each form and the form's own size, in mm from the top-left."""
    reader = PdfReader(pdf)
    pages = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        forms = page["/Resources"].get("/XObject", {})
        content = page.get_contents().get_data().decode("latin-1")
        trims = []
        for x, y, name in re.findall(r"1 0 0 1 ([\d.]+) ([\d.]+) cm\s+/(\S+) Do", content):
            # the form's box is the face with its bleed round it, its origin at the trim's corner
            x0, y0, x1, y1 = (float(v) for v in forms[f"/{name}"].get_object()["/BBox"])
            w, h = x1 + x0, y1 + y0
            trims.append(tuple(round(v * 25.4 / 72, 2) for v in
                               (float(x), height - float(y) - h, w, h)))  # fmt: skip
        pages.append(trims)
    return pages


def test_the_cut_files_cut_what_the_pdf_printed(riposte_kit, sheets):
    """Each front sheet names its cut file; the file's outlines (DXF and SVG alike) are the
    trims of the faces that sheet places, and round pieces are cut as circles."""
    pdf = riposte_kit / "print-a4-silhouette.pdf"
    folder = riposte_kit / "cut-a4-silhouette"
    trims = placed_trims(pdf)
    named: set[str] = set()
    for number, text, _, height in sheets:
        found = re.search(r"cut file (\S+)\.dxf", text)
        if not found:
            continue
        named.add(found[1])
        dxf = ezdxf.readfile(folder / f"{found[1]}.dxf")
        outlines = sorted(_dxf_outline(e, height) for e in dxf.modelspace())
        assert len(outlines) == len(trims[number - 1]), found[1]
        for cut, placed in zip(outlines, sorted(trims[number - 1]), strict=True):
            assert cut == pytest.approx(placed, abs=0.02), found[1]
        svg = (folder / f"{found[1]}.svg").read_text()
        assert len(re.findall(r"<(rect|circle) ", svg)) == len(outlines)
        kinds = {e.dxftype() for e in dxf.modelspace()}
        assert kinds == ({"CIRCLE"} if "round" in found[1] else {"LWPOLYLINE"})
    assert len(named) >= 3
    # a DXF and an SVG for each layout a sheet names, and nothing else
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{stem}{suffix}" for stem in named for suffix in (".dxf", ".svg")
    )


def _dxf_outline(entity, page_h: float) -> tuple[float, float, float, float]:
    """An outline as (x, y from the top, w, h) in mm: DXF's y grows upwards."""
    if entity.dxftype() == "CIRCLE":
        cx, cy, _ = entity.dxf.center
        r = entity.dxf.radius
        return (round(cx - r, 2), round(page_h - cy - r, 2), round(2 * r, 2), round(2 * r, 2))
    xs = [p[0] for p in entity.get_points()]
    ys = [p[1] for p in entity.get_points()]
    assert entity.closed
    return (round(min(xs), 2), round(page_h - max(ys), 2), round(max(xs) - min(xs), 2),
            round(max(ys) - min(ys), 2))  # fmt: skip


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "size", [(63.5, 88.9), (63, 88), (57, 89), (41.3, 63.5), (70, 120), (25, 25), (140, 30)]
)
def test_every_piece_keeps_clear_of_the_marks(paper, size):
    """On every sheet size the shipped games use, each piece's bleed stays the clearance away
    from every mark, each piece has bleed of its own, and the sheet holds as many as it can."""
    options = PrintOptions(paper=paper, cutter="silhouette")
    imposition = impose(20, *size, options)
    grid = imposition.grid
    marks = silhouette_marks(grid.page_w, grid.page_h)
    fronts = [p for p in imposition.pages if p.side == "front"]
    for page in fronts:
        assert page.solids == marks.solids and not page.marks  # no crop marks by the sensor's
        for slot in page.slots:
            assert marks.clear(slot.paint)
            bleed = [slot.trim.x - slot.paint.x, slot.paint.right - slot.trim.right]
            assert min(bleed) == pytest.approx(grid.gutter / 2)
    backs = [p for p in imposition.pages if p.side == "back"]
    assert backs and not any(p.solids for p in backs)  # the sensor reads the front
    # one more row or column would come within the clearance of a mark (or off the page)
    assert grid.per_page >= 1
    for extra in ((grid.cols + 1, grid.rows), (grid.cols, grid.rows + 1)):
        assert not _fits(extra, size, grid, marks)


def _fits(shape, size, grid, marks) -> bool:
    cols, rows = shape
    block_w = cols * size[0] + (cols - 1) * grid.gutter
    block_h = rows * size[1] + (rows - 1) * grid.gutter
    x0, y0 = (grid.page_w - block_w) / 2, (grid.page_h - block_h) / 2
    edge = 6.1 + grid.gutter / 2
    if x0 < edge or y0 < edge:
        return False
    from cardgen.printkit.sheets.grid import Grid

    trial = Grid(grid.page_w, grid.page_h, cols, rows, *size, grid.gutter, grid.bleed, x0, y0)
    return all(marks.clear(trial.paint(r, c)) for r in range(rows) for c in range(cols))


def test_the_clearance_is_the_reference_layouts():
    """Poker cards on A4 as silhouette-card-maker lays them out (4 x 2, landscape) and its
    tightest clearance (0.8 mm) is under ours."""
    grid = best_grid(63.5, 88.9, PrintOptions(cutter="silhouette"))
    assert (grid.cols, grid.rows, grid.page_w > grid.page_h) == (4, 2, True)
    assert CLEARANCE_MM >= 0.8


def test_a_cutter_it_cannot_serve_is_refused_with_the_reason(tmp_path):
    runner = CliRunner()
    cricut = runner.invoke(main, ["build", "riposte", "--cutter", "cricut", "--out", str(tmp_path)])
    assert cricut.exit_code == 2
    assert "Design Space prints its own registration frame" in cricut.output
    assert "Traceback" not in cricut.output
    typo = runner.invoke(
        main, ["build", "riposte", "--cutter", "silhuette", "--out", str(tmp_path)]
    )
    assert "did you mean silhouette?" in typo.output
    folded = runner.invoke(
        main, ["build", "riposte", "--cutter", "silhouette", "--gutterfold", "--out", str(tmp_path)]
    )
    assert folded.exit_code == 2 and "do not go together" in folded.output
    assert not any(tmp_path.iterdir())  # nothing written


def test_hex_tiles_are_refused_for_a_cutter_in_one_line():
    with pytest.raises(ValueError, match="hex tiles are not laid out for a cutting machine"):
        impose(4, 40, 46.2, PrintOptions(cutter="silhouette"), shape="hex_pointy")


def test_the_page_label_starts_right_of_the_bottom_mark(riposte_kit):
    import pdfplumber

    with pdfplumber.open(riposte_kit / "print-a4-silhouette.pdf") as pdf:
        page = pdf.pages[0]
        foot = [c for c in page.chars if c["top"] > page.height - 30]
        assert foot
        left = min(c["x0"] for c in foot) * 25.4 / 72
        assert left >= INSET + ARM + CLEARANCE_MM
