"""cardgen sheet vs cartuli, side by side in one run: 200 unique card PNGs + one shared back.

Each tool runs in its own process (pinned to one core), best wall time of --repeat runs, peak
resident memory of each process. cartuli is installed from PyPI into benchmarks/.work/ only: it is
never a dependency of this project.

Target (issue 3): cardgen at least 4x faster than cartuli, with at most a fifth of its memory.

    .venv/bin/python benchmarks/bench_cartuli.py [--cards 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import venv
from pathlib import Path

WORK = Path(__file__).resolve().parent / ".work"
CARTULI = "cartuli==0.1.0b3"

CARDGEN_JOB = """
import os, resource, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from pathlib import Path
from cardgen.printkit.imagesheet import collect, write_image_sheets
from cardgen.printkit.paper import PrintOptions
start = time.perf_counter()
cards = collect(Path(sys.argv[1]), Path(sys.argv[2]))
write_image_sheets(cards, 63, 88, 0.0, PrintOptions(), Path(sys.argv[3]), "bench")
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

CARTULI_JOB = """
import os, resource, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from pathlib import Path
from cartuli import A4, Card, Sheet, sheet_pdf_output, mm
from cartuli.measure import Size
start = time.perf_counter()
fronts = sorted(p for p in Path(sys.argv[1]).glob("card*.png"))
size = Size(63 * mm, 88 * mm)
cards = [Card(str(p), sys.argv[2], size=size) for p in fronts]
sheet = Sheet(cards, size=A4)
sheet_pdf_output(sheet, sys.argv[3])
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def make_cards(folder: Path, count: int) -> Path:
    from PIL import Image, ImageDraw

    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    for i in range(count):
        path = folder / f"card{i:03d}.png"
        if path.exists():
            continue
        image = Image.new("RGB", (744, 1039), tuple(rng.randrange(256) for _ in range(3)))
        draw = ImageDraw.Draw(image)
        for _ in range(40):  # shapes and noise, so the files compress like real art does
            x, y = rng.randrange(700), rng.randrange(1000)
            draw.ellipse([x, y, x + rng.randrange(10, 240), y + rng.randrange(10, 240)],
                         fill=tuple(rng.randrange(256) for _ in range(3)))  # fmt: skip
        noise = Image.effect_noise((744, 1039), 24).convert("RGB")
        Image.blend(image, noise, 0.15).save(path)
    back = folder / "back.png"
    if not back.exists():
        Image.new("RGB", (744, 1039), "#0072B2").save(back)
    return back


def cartuli_python() -> Path:
    env = WORK / "cartuli-venv"
    python = env / "bin" / "python"
    if not python.exists():
        venv.create(env, with_pip=True)
    probe = subprocess.run([python, "-c", "import cartuli"], capture_output=True)
    if probe.returncode != 0:
        subprocess.run([python, "-m", "pip", "install", "--quiet", CARTULI], check=True)
    return python


def run(python: Path, job: str, cards: Path, back: Path, out: Path) -> tuple[float, float]:
    done = subprocess.run([python, "-c", job, cards, back, out], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{python}: the job failed:\n{done.stderr[-2000:]}")
    seconds, kib = done.stdout.split()
    return float(seconds), int(kib) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cards = WORK / f"cards-{args.cards}"
    back = make_cards(cards, args.cards)
    tools = {
        "cardgen sheet": (Path(sys.executable), CARDGEN_JOB),
        "cartuli": (cartuli_python(), CARTULI_JOB),
    }
    results = {}
    for name, (python, job) in tools.items():
        runs = [
            run(python, job, cards, back, WORK / f"{name.split()[0]}.pdf")
            for _ in range(args.repeat)
        ]
        results[name] = (min(r[0] for r in runs), max(r[1] for r in runs))
        size = (WORK / f"{name.split()[0]}.pdf").stat().st_size / 1048576
        print(
            f"{name:>14}: {results[name][0]:6.2f} s   peak {results[name][1]:6.0f} MiB   PDF {size:5.1f} MiB"
        )
    (ours_t, ours_m), (theirs_t, theirs_m) = results["cardgen sheet"], results["cartuli"]
    speed, memory = theirs_t / ours_t, ours_m / theirs_m
    print(
        f"cardgen is {speed:.1f}x faster (target >= 4x) with {memory:.2f} of the memory (target <= 0.20)"
    )
    print(
        json.dumps(
            {"cards": args.cards, "speedup": round(speed, 2), "memory_ratio": round(memory, 3)}
        )
    )


if __name__ == "__main__":
    main()
