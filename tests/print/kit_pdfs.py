"""Read a PDF back without reportlab: what each page draws, and every character it sets.

One walker over each page's content stream (pypdf parses it), following the graphics state (q/Q,
cm) and the text state (BT, Tf, Tm, Td ...), and into form XObjects with their /Matrix:

- `Drawn`: every stroked or filled path a page paints *itself* (crop marks, cut lines, fold
  lines, glue strips, tabs), as a box in mm. Faces placed as forms are left out on purpose: they
  are clipped to trim plus bleed, and bleed may run into the band a printer cannot reach.
- `Run`: every string of text, on the page or inside a form at any depth, with its size as
  printed (the font size times the scale of the text and graphics matrices, so a diagram drawn
  at 80 % counts its 7 pt labels as 5.6 pt) and, for text the page sets itself, its box in mm.

This is the same reading pdfplumber's `chars` gives (`size`), checked against it on the shipped
games, at a fraction of the time: a face drawn on 200 cards is parsed once.
"""

from __future__ import annotations

import math
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

PT_PER_MM = 72 / 25.4
PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*"}
SHOW = {"Tj", "TJ", "'", '"'}
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Drawn:
    """A painted path's box in mm from the page's top-left, and the operator that painted it."""

    page: int
    x0: float
    top: float
    x1: float
    bottom: float
    op: str

    def edge_distance(self, width: float, height: float) -> float:
        return min(self.x0, self.top, width - self.x1, height - self.bottom)


@dataclass(frozen=True)
class Run:
    """A string of text: its page, printed size (pt), characters, and whether a form set it.

    For text the page sets itself, `box` is (x0, top, x1, bottom) in mm from the top-left."""

    page: int
    size: float
    text: str
    in_form: bool
    box: tuple[float, float, float, float] | None = None

    def edge_distance(self, width: float, height: float) -> float:
        assert self.box is not None
        x0, top, x1, bottom = self.box
        return min(x0, top, width - x1, height - bottom)


@dataclass
class Page:
    number: int
    width: float  # mm
    height: float
    drawn: list[Drawn] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)


def _multiply(a: Matrix, b: Matrix) -> Matrix:
    """a then b, as PDF matrices [a b c d e f]."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _numbers(operands: list) -> list[float]:
    return [float(v) for v in operands if isinstance(v, int | float)]


def _strings(operator: str, operands: list) -> list:
    if operator == "TJ":
        return [v for v in operands[0] if not isinstance(v, int | float)]
    return [operands[-1]]


def _raw(value) -> bytes:
    if isinstance(value, bytes):
        return bytes(value)
    getter = getattr(value, "get_original_bytes", None)
    return getter() if getter is not None else str(value).encode("latin-1", "replace")


class _Walker:
    """Walks one document's pages; parses each content stream (page or form) once."""

    def __init__(self, path: Path) -> None:
        from pypdf import PdfReader

        self.reader = PdfReader(str(path))
        self.parsed: dict[int, list] = {}

    def operations(self, stream, key: int) -> list:
        from pypdf.generic import ContentStream

        if key not in self.parsed:
            self.parsed[key] = ContentStream(stream, self.reader).operations
        return self.parsed[key]

    def page(self, number: int, page) -> Page:
        box = page.mediabox
        width, height = float(box.width), float(box.height)
        result = Page(number, width / PT_PER_MM, height / PT_PER_MM)
        contents = page.get_contents()
        if contents is not None:
            ops = self.operations(contents, -number)
            self.walk(ops, page.get("/Resources"), IDENTITY, result, height, 0)
        return result

    def walk(self, ops: list, resources, ctm: Matrix, page: Page, height: float, depth: int):
        resources = resources.get_object() if resources is not None else {}
        fonts = resources.get("/Font", {})
        fonts = fonts.get_object() if fonts else {}
        xobjects = resources.get("/XObject", {})
        xobjects = xobjects.get_object() if xobjects else {}
        stack: list[Matrix] = []
        points: list[tuple[float, float]] = []
        tm = line = IDENTITY
        font_size, font = 0.0, None
        for operands, raw in ops:
            op = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)
            if op == "q":
                stack.append(ctm)
            elif op == "Q":
                ctm = stack.pop() if stack else ctm
            elif op == "cm":
                ctm = _multiply(tuple(_numbers(operands)), ctm)  # type: ignore[arg-type]
            elif op in ("m", "l", "c", "v", "y"):
                args = _numbers(operands)
                points += [_apply(ctm, args[i], args[i + 1]) for i in range(0, len(args), 2)]
            elif op == "re":
                x, y, w, h = _numbers(operands)
                points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h),
                           _apply(ctm, x + w, y), _apply(ctm, x, y + h)]  # fmt: skip
            elif op in PAINT or op == "n":
                if op in PAINT and points and depth == 0:
                    xs, ys = [p[0] for p in points], [p[1] for p in points]
                    page.drawn.append(
                        Drawn(page.number, min(xs) / PT_PER_MM, (height - max(ys)) / PT_PER_MM,
                              max(xs) / PT_PER_MM, (height - min(ys)) / PT_PER_MM, op)
                    )  # fmt: skip
                points = []
            elif op == "BT":
                tm = line = IDENTITY
            elif op == "Tf":
                font, font_size = fonts.get(operands[0]), float(operands[1])
            elif op == "Tm":
                tm = line = tuple(_numbers(operands))  # type: ignore[assignment]
            elif op in ("Td", "TD"):
                tx, ty = _numbers(operands)
                tm = line = _multiply((1, 0, 0, 1, tx, ty), line)
            elif op in SHOW:
                for value in _strings(op, operands):
                    data = _raw(value)
                    full = _multiply(tm, ctm)
                    size = font_size * _scale(full)
                    text = data.decode("latin-1")
                    box = None
                    if depth == 0:
                        advance = _advance(font, data) * font_size
                        box = _box(full, advance, font_size, height)
                        tm = _multiply((1, 0, 0, 1, advance, 0), tm)
                    page.runs.append(Run(page.number, size, text, depth > 0, box))
            elif op == "Do":
                target = xobjects.get(operands[0])
                if target is None:
                    continue
                form = target.get_object()
                if form.get("/Subtype") != "/Form":
                    continue
                matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
                inner = self.operations(
                    form, target.idnum if hasattr(target, "idnum") else id(form)
                )
                self.walk(inner, form.get("/Resources", resources), _multiply(matrix, ctm),  # type: ignore[arg-type]
                          page, height, depth + 1)  # fmt: skip


def _advance(font, data: bytes) -> float:
    """The string's width in text space per point of size, from the font's /Widths."""
    if font is None:
        return 0.6 * len(data)
    font = font.get_object()
    widths = [float(w) for w in font.get("/Widths", ())]
    first = int(font.get("/FirstChar", 0))
    inside = range(len(widths))
    return sum(widths[b - first] if b - first in inside else 600.0 for b in data) / 1000.0


def _box(
    m: Matrix, advance: float, size: float, height: float
) -> tuple[float, float, float, float]:
    """(x0, top, x1, bottom) in mm of a run `advance` long set at `size` with matrix m."""
    corners = [_apply(m, x, y) for x in (0.0, advance) for y in (-0.24 * size, 0.93 * size)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs) / PT_PER_MM, (height - max(ys)) / PT_PER_MM,
            max(xs) / PT_PER_MM, (height - min(ys)) / PT_PER_MM)  # fmt: skip


def read_pages(path: Path) -> list[Page]:
    """Every page of the PDF: its size, the paths it draws itself, and all its text."""
    walker = _Walker(path)
    return [walker.page(number, page) for number, page in enumerate(walker.reader.pages, 1)]


def unembedded_fonts(path: Path) -> list[str]:
    """pdffonts rows whose emb column says no."""
    listing = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    rows = listing.stdout.splitlines()[2:]
    return [row for row in rows if row.split()[-5] != "yes"]


def qpdf_check(path: Path) -> tuple[int, str]:
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


PAPERS = ("a4", "letter")


def shipped_games() -> list[str]:
    from cardgen.data.project import REPO_ROOT

    return sorted(
        p.name for p in (REPO_ROOT / "card_data").iterdir() if (p / "manifest.json").is_file()
    )


def assert_no_text_under(paths: list[Path], points: float) -> None:
    """Each PDF of `paths` prints text, and none of it smaller than `points`."""
    for path in paths:
        runs = [r for page in read_pages(path) for r in page.runs if r.text.strip()]
        assert runs, path.name
        smallest = min(runs, key=lambda r: r.size)
        assert smallest.size >= points - 1e-6, (path.name, smallest)


def shipped_kits(base: Path) -> Path:
    """Every shipped game's whole kit (print PDF, calibration, rulebooks) on A4 and on Letter,
    built once per test run under `base` (the `run_tmp` fixture: shared by the pytest workers):
    kits/<paper>/<game>/.

    Each kit is built under a lock of its own by the first worker to take it; a worker first
    builds every kit nobody else is building, then waits for the rest, so two workers needing
    the kits at once share the work instead of doing it twice."""
    root = base / "kits"
    pieces = [(paper, game_id) for paper in PAPERS for game_id in shipped_games()]
    waiting = [piece for piece in pieces if not _build_kit_once(root, *piece, wait=False)]
    for piece in waiting:
        _build_kit_once(root, *piece, wait=True)
    return root


def _build_kit_once(root: Path, paper: str, game_id: str, wait: bool) -> bool:
    """Build one game's kit on one paper unless built already; False when another worker is
    building it and `wait` is not set."""
    from filelock import FileLock, Timeout

    from cardgen.data.database import load_game_or_raise
    from cardgen.data.project import REPO_ROOT
    from cardgen.kit import build_kit
    from cardgen.printkit.build import BuildOptions
    from cardgen.printkit.paper import PrintOptions

    done = root / paper / f".built-{game_id}"
    done.parent.mkdir(parents=True, exist_ok=True)
    try:
        with FileLock(f"{done}.lock", timeout=-1 if wait else 0):
            if not done.is_file():
                game = load_game_or_raise(REPO_ROOT / "card_data" / game_id)
                options = BuildOptions(print=PrintOptions(paper=paper), png=False, tts=False)
                build_kit(game, root / paper, options)
                done.write_text("built\n")
    except Timeout:
        return False
    return True
