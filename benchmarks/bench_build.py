"""Build a 1,000-card deck (and a 10,000-card one) through `cardgen build`; time, memory, size.

The deck has text with inline icons, stats, a shared art image and a shared back, fronts and
backs. Each build runs in its own process pinned to one core; the PDF only (no PNG/TTS export).

Targets (issue 3): 1,000 cards under 3 s; 10,000 cards in proportional time with peak memory
under 300 MB; the PDF grows by only a few KB per extra card (shared art and back embedded once).

    .venv/bin/python benchmarks/bench_build.py [--sizes 1000 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from PIL import Image

from cardgen.data.project import REPO_ROOT

WORK = Path(__file__).resolve().parent / ".work"

MANIFEST = {
    "id": "bench",
    "name": "Bench",
    "players": {"min": 2, "max": 2},
    "types": [
        {
            "id": "card",
            "sheet": "cards",
            "kind": "card",
            "back": {"style": "fixed", "label": "Deck", "color": "#0072B2", "mark": "diamond"},
            "fields": [
                {"name": "id", "type": "id", "required": True},
                {"name": "name", "type": "text", "required": True},
                {"name": "attack", "type": "int"},
                {"name": "health", "type": "int"},
                {"name": "text", "type": "text"},
                {"name": "art", "type": "image"},
                {"name": "quantity", "type": "int", "default": 1},
            ],
        }
    ],
}

LAYOUT = """
[[elements]]
type = "rect"
bleed = true
fill = "#F4F1EA"

[[elements]]
type = "image"
x = "4mm"
y = "14mm"
w = "55mm"
h = "32mm"
src = "{{ art }}"

[[elements]]
type = "text"
x = "4mm"
y = "4mm"
w = "55mm"
h = "9mm"
text = "{{ name }}"
font = "bold"
size = 12

[[elements]]
type = "icon"
name = "attack"
x = "4mm"
y = "48mm"
size = "7mm"

[[elements]]
type = "text"
x = "12mm"
y = "48mm"
w = "10mm"
h = "7mm"
text = "{{ attack }}"
font = "bold"
size = 14

[[elements]]
type = "icon"
name = "heart"
x = "52mm"
y = "48mm"
size = "7mm"
color = "#D55E00"

[[elements]]
type = "text"
x = "40mm"
y = "48mm"
w = "11mm"
h = "7mm"
text = "{{ health }}"
font = "bold"
size = 14
align = "right"

[[elements]]
type = "text"
x = "4mm"
y = "57mm"
w = "55mm"
h = "27mm"
text = "{{ text }}"
size = 8
"""

JOB = """
import os, resource, sys, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from pathlib import Path
from cardgen.printkit.build import BuildOptions, build_game
from cardgen.data.database import load_game_or_raise
start = time.perf_counter()
game = load_game_or_raise(Path(sys.argv[1]))
report = build_game(game, Path(sys.argv[2]), BuildOptions(png=False, tts=False))
seconds = time.perf_counter() - start
pdf = Path(sys.argv[2]) / "bench" / "print-a4.pdf"
print(seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, pdf.stat().st_size, report.pages)
"""


def make_game(root: Path, cards: int) -> Path:
    game = root / "card_data" / "bench"
    if game.exists():
        return game
    game.mkdir(parents=True)
    (game / "manifest.json").write_text(json.dumps(MANIFEST), encoding="utf-8")
    (game / "art").mkdir()
    Image.effect_noise((600, 350), 40).convert("RGB").save(game / "art" / "shared.png")
    lines = ["id,name,attack,health,text,art,quantity"]
    for i in range(cards):
        text = (f"Card {i}: when this attacks, deal :attack: {i % 5 + 1} more; "
                f"if it is hit, gain :heart: {i % 3 + 1}. Ranked number {i} of {cards}.")  # fmt: skip
        lines.append(f'c{i},Creature {i},{i % 9},{i % 12 + 1},"{text}",art/shared.png,1')
    (game / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    templates = root / "templates"
    shutil.copytree(REPO_ROOT / "templates" / "base", templates / "base")
    shutil.copy(REPO_ROOT / "templates" / "icons.json", templates / "icons.json")
    (templates / "bench").mkdir()
    (templates / "bench" / "card.toml").write_text(LAYOUT, encoding="utf-8")
    return game


def measure(cards: int, repeat: int) -> dict:
    root = WORK / f"deck-{cards}"
    game = make_game(root, cards)
    runs = []
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", JOB, game, root / "output"],
                              capture_output=True, text=True)  # fmt: skip
        if done.returncode != 0:
            raise SystemExit(done.stderr[-2000:])
        seconds, kib, size, pages = done.stdout.split()
        runs.append((float(seconds), int(kib) / 1024, int(size), int(pages)))
    best = min(r[0] for r in runs)
    return {"cards": cards, "seconds": best, "peak_mib": max(r[1] for r in runs),
            "pdf_bytes": runs[0][2], "pages": runs[0][3]}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    results = [measure(n, args.repeat) for n in args.sizes]
    for r in results:
        print(f"{r['cards']:>6} cards: {r['seconds']:6.2f} s  ({r['cards'] / r['seconds']:6.0f} cards/s)"
              f"  peak {r['peak_mib']:5.0f} MiB  PDF {r['pdf_bytes'] / 1048576:6.2f} MiB, {r['pages']} pages")  # fmt: skip
    if len(results) > 1:
        a, b = results[0], results[-1]
        per_card = (b["pdf_bytes"] - a["pdf_bytes"]) / (b["cards"] - a["cards"])
        scale = (b["seconds"] / a["seconds"]) / (b["cards"] / a["cards"])
        print(
            f"time scales {scale:.2f}x of proportional; PDF grows {per_card / 1024:.1f} KiB per extra card"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
