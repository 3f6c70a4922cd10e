"""cardgen against the floor: the deck of `bench_build.py` built by cardgen and drawn by a bare
reportlab script, in one run; then peak memory of the PDF, PNG and TTS exports.

The bare script is what a careful person would write by hand for this one deck, with no data
layer: the same A4 pages of the same 4 x 2 grid (fronts, then their backs placed for a long-edge
flip), each card clipped to its bleed, its background, its art (clipped to the box it covers),
its name, two icons with their numbers and its text wrapped with inline icons (greedy, measured
with `stringWidth`), the shared back drawn once as a form and placed on every back, crop marks and
the page label, in the same Vera fonts, written with `invariant=1` and no ASCII85. Icons are forms
defined once per icon and colour, as the print standards recommend. The strings it draws come
straight from the card numbers, not from the CSV.

Each job runs in its own process pinned to one core and reports the CPU time (`process_time`) of
its work, imports done first: cardgen's is loading the game (CSV, types, checks) plus
`build_game` for the print PDF; the bare script's is drawing and saving. The jobs alternate, and
the best of `--repeat` runs of each is compared, so that both meet the same machine. `--before`
adds a third job: an older cardgen (a folder holding its `cardgen` package, e.g. made with
`git archive <commit> cardgen | tar -x -C DIR`).

Memory: a process per export (`pdf` the print PDF only, `png` the PDF and a 300 dpi PNG per face,
`tts` the PDF and the Tabletop Simulator sheets), each reporting its maximum resident set size.

    .venv/bin/python benchmarks/bench_floor.py [--sizes 1000 10000] [--repeat 3]
        [--memory-sizes 1000] [--before DIR]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_build import WORK, make_game

from cardgen.data.project import REPO_ROOT

CARDGEN_JOB = """
import os, resource, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from pathlib import Path
from cardgen.data.database import load_game_or_raise
from cardgen.printkit.build import BuildOptions, build_game
import cardgen.printkit.backends.pdf, cardgen.printkit.backends.png, cardgen.printkit.backends.tts
game_dir, out, mode = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
start = time.process_time()
game = load_game_or_raise(game_dir)
loaded = time.process_time()
build_game(game, out, BuildOptions(png=mode == "png", tts=mode == "tts"))
done = time.process_time()
print(done - loaded, loaded - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


# The bare script ----------------------------------------------------------------------------
def bare_deck(spec: dict, path: str) -> None:
    """Draw the deck with plain reportlab calls: `spec` holds the page grid, the icons' shapes
    (flattened once, at 100 mm) and the card count; everything else is written out here."""
    from reportlab import rl_config
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    k = 72 / 25.4
    rl_config.useA85 = 0
    fonts = Path(spec["font_dir"])
    pdfmetrics.registerFont(TTFont("Vera", str(fonts / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont("VeraBd", str(fonts / "VeraBd.ttf")))
    c = Canvas(path, initialFontName="Vera", invariant=1, pageCompression=1)
    page_w, page_h = spec["page"]
    c.setPageSize((page_w * k, page_h * k))
    cols, rows, w, h, bleed = spec["cols"], spec["rows"], spec["w"], spec["h"], spec["bleed"]
    x0, y0 = spec["x0"], spec["y0"]
    cards = spec["cards"]
    black, paper = HexColor("#000000"), HexColor("#F4F1EA")

    def shape(item: list, size: float) -> None:  # one icon part, origin top-left, mm * k
        kind, fill, stroke, width = item[0], item[1], item[2], item[3]
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width)
        if kind == "poly":
            points, closed = item[4], item[5]
            p = c.beginPath()
            p.moveTo(points[0][0] * k, (size - points[0][1]) * k)
            for x, y in points[1:]:
                p.lineTo(x * k, (size - y) * k)
            if closed:
                p.close()
            c.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill and closed else 0)
        elif kind == "rect":
            x, y, rw, rh, radius = item[4]
            c.roundRect(x * k, (size - y - rh) * k, rw * k, rh * k, radius * k,
                        1 if stroke else 0, 1 if fill else 0)  # fmt: skip
        else:
            cx, cy, rx, ry = item[4]
            c.ellipse((cx - rx) * k, (size - cy - ry) * k, (cx + rx) * k, (size - cy + ry) * k,
                      1 if stroke else 0, 1 if fill else 0)  # fmt: skip

    for name, parts in spec["icons"].items():  # each icon and colour a form, drawn at 100 mm
        c.beginForm(name, -10 * k, -10 * k, 110 * k, 110 * k)
        for item in parts:
            shape(item, 100)
        c.endForm()

    def icon(name: str, x: float, y: float, size: float, top: float) -> None:
        c.saveState()
        c.translate(x * k, (top - y - size) * k)
        c.scale(size / 100, size / 100)
        c.doForm(name)
        c.restoreState()

    c.beginForm("back", -bleed * k, -bleed * k, (w + bleed) * k, (h + bleed) * k)
    c.setFillColor(HexColor("#0072B2"))
    c.rect(-bleed * k, -bleed * k, (w + 2 * bleed) * k, (h + 2 * bleed) * k, 0, 1)
    c.setStrokeColor(HexColor("#FFFFFF"))
    c.setLineWidth(1.2)
    c.roundRect(0.12 * w * k, 0.12 * h * k, 0.76 * w * k, 0.76 * h * k, 0.06 * w * k, 1, 0)
    icon("diamond-back", 0.3 * w, h / 2 - 0.2 * w, 0.4 * w, h)
    c.setFillColor(HexColor("#FFFFFF"))
    title = min(w / 5.5, 12)
    c.setFont("VeraBd", title)
    c.drawCentredString(w / 2 * k, (h - 0.15 * h) * k - 0.76 * title - 0.1 * title, "Bench")
    c.setFont("VeraBd", 9)
    c.drawCentredString(w / 2 * k, (0.15 * h) * k, "Deck")
    c.endForm()

    art = spec["art"]
    art_w, art_h = spec["art_px"]
    scale = max(55 / art_w, 32 / art_h)  # "cover": the art fills its 55 x 32 mm box
    dw, dh = art_w * scale, art_h * scale
    size_pt, line_mm = 8.0, 8.0 / k * 1.18
    em = size_pt / k  # an inline icon is one em wide
    space = pdfmetrics.stringWidth(" ", "Vera", size_pt) / k

    def wrapped(words: list[str]) -> list[list[str]]:
        lines, line, used = [], [], 0.0
        for word in words:
            wide = em if word.startswith(":") else pdfmetrics.stringWidth(word, "Vera", size_pt) / k
            extra = wide if not line else space + wide
            if line and used + extra > 55:
                lines.append(line)
                line, used = [word], wide
            else:
                line.append(word)
                used += extra
        return [*lines, line]

    def front(i: int, tx: float, ty: float) -> None:
        """Card i with its trim's top-left at (tx, ty) mm on the page."""
        top = page_h - ty  # the card's own top edge, in page mm from the bottom
        c.setFillColor(paper)
        c.rect((tx - bleed) * k, (top - h - bleed) * k, (w + 2 * bleed) * k, (h + 2 * bleed) * k,
               0, 1)  # fmt: skip
        c.saveState()
        p = c.beginPath()
        p.rect((tx + 4) * k, (top - 14 - 32) * k, 55 * k, 32 * k)
        c.clipPath(p, stroke=0, fill=0)
        ax, ay = tx + 4 + (55 - dw) / 2, 14 + (32 - dh) / 2
        c.drawImage(art, ax * k, (top - ay - dh) * k, dw * k, dh * k, mask="auto")
        c.restoreState()
        c.setFillColor(black)
        c.setFont("VeraBd", 12)
        c.drawString((tx + 4) * k, (top - 4) * k - 12 * 0.76 - 0.9, f"Creature {i}")
        icon("attack", tx + 4, 48, 7, top)
        c.setFont("VeraBd", 14)
        c.drawString((tx + 12) * k, (top - 48) * k - 14 * 0.76 - 1.0, str(i % 9))
        icon("heart", tx + 52, 48, 7, top)
        c.setFont("VeraBd", 14)
        c.drawRightString((tx + 51) * k, (top - 48) * k - 14 * 0.76 - 1.0, str(i % 12 + 1))
        text = (f"Card {i}: when this attacks, deal :attack: {i % 5 + 1} more; "
                f"if it is hit, gain :heart: {i % 3 + 1}. Ranked number {i} of {cards}.")  # fmt: skip
        c.setFont("Vera", size_pt)
        baseline = top - 57 - size_pt * 0.76 / k - 0.05
        for line in wrapped(text.split()):
            x, run, run_x = tx + 4, [], tx + 4
            for n, word in enumerate(line):
                gap = space if n else 0.0
                if word.startswith(":"):
                    if run:
                        c.drawString(run_x * k, baseline * k, " ".join(run))
                        run = []
                    x += gap
                    c.saveState()
                    c.translate(x * k, (baseline - em * 0.18) * k)
                    c.scale(em / 100, em / 100)
                    c.doForm(word.strip(":") + "-text")
                    c.restoreState()
                    x += em
                    run_x = x
                    continue
                if not run:
                    run_x = x + gap
                run.append(word)
                x += gap + pdfmetrics.stringWidth(word, "Vera", size_pt) / k
            if run:
                c.drawString(run_x * k, baseline * k, " ".join(run))
            baseline -= line_mm

    def clip(x: float, y: float, cw: float, ch: float) -> None:
        p = c.beginPath()
        p.rect(x * k, (page_h - y - ch) * k, cw * k, ch * k)
        c.clipPath(p, stroke=0, fill=0)

    def paint(row: int, col: int) -> tuple[float, float, float, float]:
        x, y = x0 + col * w, y0 + row * h
        left = bleed if col == 0 else 0
        right = bleed if col == cols - 1 else 0
        upper = bleed if row == 0 else 0
        lower = bleed if row == rows - 1 else 0
        return x - left, y - upper, w + left + right, h + upper + lower

    per_page = cols * rows
    sheets = math.ceil(cards / per_page)
    title = "Bench - Cards"
    how = "print double-sided, flip on long edge"

    def end_page(side: str, sheet: int) -> None:
        c.setFillColor(black)
        c.setFont("Vera", 6.5)
        label = f"{title} - {side} - sheet {sheet + 1} of {sheets} - {how}"
        c.drawString(spec["label"][0] * k, (page_h - spec["label"][1]) * k, label)
        c.showPage()
        c.setPageSize((page_w * k, page_h * k))

    for sheet in range(sheets):
        first = sheet * per_page
        n = min(per_page, cards - first)
        for i in range(n):  # fronts
            row, col = divmod(i, cols)
            c.saveState()
            clip(*paint(row, col))
            front(first + i, x0 + col * w, y0 + row * h)
            c.restoreState()
        c.setStrokeColor(black)
        c.setLineWidth(0.5)
        for x1, y1, x2, y2 in spec["marks"]:
            c.line(x1 * k, (page_h - y1) * k, x2 * k, (page_h - y2) * k)
        end_page("fronts", sheet)
        for i in range(n):  # backs, where a flip on the long edge puts them behind the fronts
            tx, ty, px, py, pw, ph, turned = spec["backs"][i]
            c.saveState()
            clip(px, py, pw, ph)
            if turned:  # the landscape sheet turns end over end: the back upside down
                c.translate((tx + w) * k, (page_h - ty) * k)
                c.rotate(180)
            else:
                c.translate(tx * k, (page_h - ty - h) * k)
            c.doForm("back")
            c.restoreState()
        end_page("backs", sheet)
    c.save()


BARE_JOB = """
import json, os, resource, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
sys.path.insert(0, sys.argv[3])
from bench_floor import bare_deck
import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts, reportlab.lib.colors
spec = json.loads(open(sys.argv[1]).read())
start = time.process_time()
bare_deck(spec, sys.argv[2])
print(time.process_time() - start, 0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def bare_spec(cards: int, game: Path) -> dict:
    """What the bare script takes from outside: the grid, the icons' shapes, the art's size."""
    from PIL import Image

    from cardgen.printkit.backends.fonts import FONT_DIR
    from cardgen.printkit.draw import EllipseOp, PolygonOp, RectOp
    from cardgen.printkit.icons import draw_icon, load_icons
    from cardgen.printkit.paper import Duplex, PrintOptions
    from cardgen.printkit.sheets import Slot, best_grid, crop_marks, label_position
    from cardgen.printkit.sheets.duplex import back_slot

    grid = best_grid(63, 88, PrintOptions())
    icons = load_icons(REPO_ROOT / "templates" / "icons.json")

    def shapes(name: str, ink: str, paper: str) -> list:
        out: list = []
        for op in draw_icon(icons[name], 0, 0, 100, ink, paper):
            s = op.style
            if isinstance(op, PolygonOp):
                out.append(["poly", s.fill, s.stroke, s.stroke_pt, op.points, op.closed])
            elif isinstance(op, RectOp):
                out.append(["rect", s.fill, s.stroke, s.stroke_pt, [op.x, op.y, op.w, op.h, op.radius]])  # fmt: skip
            elif isinstance(op, EllipseOp):
                out.append(["ellipse", s.fill, s.stroke, s.stroke_pt, [op.cx, op.cy, op.rx, op.ry]])  # fmt: skip
        return out

    def back(row: int, col: int) -> list:
        slot = back_slot(Slot(0, row, col, grid.trim(row, col), grid.paint(row, col)), grid,
                         Duplex.LONG, (0.0, 0.0))  # fmt: skip
        t, p = slot.trim, slot.paint
        return [t.x, t.y, p.x, p.y, p.w, p.h, slot.rotation == 180]

    art = game / "art" / "shared.png"
    with Image.open(art) as image:
        size = image.size
    return {
        "cards": cards,
        "page": [grid.page_w, grid.page_h],
        "cols": grid.cols,
        "rows": grid.rows,
        "w": grid.w,
        "h": grid.h,
        "bleed": grid.bleed,
        "x0": grid.x0,
        "y0": grid.y0,
        "marks": [[m.x1, m.y1, m.x2, m.y2] for m in crop_marks(grid, grid.per_page)],
        "backs": [back(row, col) for row in range(grid.rows) for col in range(grid.cols)],
        "label": list(label_position(grid.page_h)),
        "font_dir": str(FONT_DIR),
        "art": str(art),
        "art_px": list(size),
        "icons": {
            "attack": shapes("attack", "#000000", "#FFFFFF"),
            "heart": shapes("heart", "#D55E00", "#FFFFFF"),
            "attack-text": shapes("attack", "#000000", "#FFFFFF"),
            "heart-text": shapes("heart", "#000000", "#FFFFFF"),
            "diamond-back": shapes("diamond", "#FFFFFF", "#0072B2"),
        },
    }


# The harness ---------------------------------------------------------------------------------
def run(args: list[str], env: dict | None = None, cwd: str | None = None) -> tuple[float, float, float]:  # fmt: skip
    done = subprocess.run([sys.executable, "-c", *args], capture_output=True, text=True,
                          env=env, cwd=cwd)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    cpu, load, kib = done.stdout.split()[-3:]
    return float(cpu), float(load), int(kib) / 1024


def cardgen_job(game: Path, out: Path, mode: str, package: str | None = None) -> tuple[float, float, float]:  # fmt: skip
    env = dict(os.environ)
    if package:  # an older cardgen: its folder first on the path, run away from this checkout
        env["PYTHONPATH"] = package
    return run([CARDGEN_JOB, str(game), str(out), mode], env, cwd=package or None)


def compare(cards: int, repeat: int, before: str | None) -> dict:
    """Best CPU seconds of each job over `repeat` alternating runs: (build, load) each."""
    root = WORK / f"deck-{cards}"
    game = make_game(root, cards)
    spec_file = root / "bare-spec.json"
    spec_file.write_text(json.dumps(bare_spec(cards, game)), encoding="utf-8")
    here = str(Path(__file__).resolve().parent)
    runs: dict[str, list[tuple[float, float]]] = {"bare": [], "now": [], "before": []}
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(dir=WORK) as scratch:
            bare = run([BARE_JOB, str(spec_file), str(Path(scratch) / "bare.pdf"), here])
            runs["bare"].append(bare[:2])
            runs["now"].append(cardgen_job(game, Path(scratch) / "now", "pdf")[:2])
            if before:
                runs["before"].append(cardgen_job(game, Path(scratch) / "old", "pdf", before)[:2])
    result: dict = {"cards": cards, "bare": min(b for b, _ in runs["bare"])}
    for name in ("now", "before"):
        if runs[name]:
            build, load = min(b for b, _ in runs[name]), min(lo for _, lo in runs[name])
            prefix = "" if name == "now" else "before_"
            result |= {f"{prefix}build": build, f"{prefix}load": load,
                       f"{prefix}ratio": build / result["bare"],
                       f"{prefix}ratio_with_load": (build + load) / result["bare"]}  # fmt: skip
    return result


def memory(cards: int) -> dict:
    root = WORK / f"deck-{cards}"
    game = make_game(root, cards)
    peaks = {}
    for mode in ("pdf", "png", "tts"):
        with tempfile.TemporaryDirectory(dir=WORK) as scratch:
            cpu, _, mib = cardgen_job(game, Path(scratch), mode)
            peaks[mode] = (mib, cpu)
    return {"cards": cards, **{m: p[0] for m, p in peaks.items()},
            **{f"{m}_cpu": p[1] for m, p in peaks.items()}}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory-sizes", type=int, nargs="*", default=[1000])
    parser.add_argument("--before", help="a folder holding an older cardgen package")
    args = parser.parse_args()
    WORK.mkdir(exist_ok=True)
    results = []
    for cards in args.sizes:
        r = compare(cards, args.repeat, args.before)
        results.append(r)
        line = (f"{cards:>6} cards: bare reportlab {r['bare']:5.2f} s CPU; cardgen build "
                f"{r['build']:5.2f} s = {r['ratio']:.2f}x the floor (with loading the game, "
                f"{r['load']:.2f} s: {r['ratio_with_load']:.2f}x)")  # fmt: skip
        if args.before:
            line += (f"; before: build {r['before_build']:5.2f} s = {r['before_ratio']:.2f}x "
                     f"({r['before_ratio_with_load']:.2f}x with its loading)")  # fmt: skip
        print(line, flush=True)
    for cards in args.memory_sizes:
        m = memory(cards)
        results.append(m)
        print(f"{cards:>6} cards: peak memory PDF {m['pdf']:.0f} MiB, PNG {m['png']:.0f} MiB "
              f"({m['png'] / m['pdf']:.2f}x), TTS {m['tts']:.0f} MiB ({m['tts'] / m['pdf']:.2f}x); "
              f"CPU {m['pdf_cpu']:.1f} / {m['png_cpu']:.1f} / {m['tts_cpu']:.1f} s", flush=True)  # fmt: skip
    print(json.dumps(results))


if __name__ == "__main__":
    main()
