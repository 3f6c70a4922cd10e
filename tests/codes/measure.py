"""How often simulated table photos of the shipped cards read as their card, per capture size.

Run: `python -m tests.codes.measure [--frames 1920x1080 1280x720] [--photos 3]`. Each card of
`shipped.every_front()` is photographed `--photos` times per frame size (seeded by its index,
so runs compare like for like) and scanned as the pages scan; the report gives, per frame size,
how many read as their card, how many were missed and how many read as another card.
`--size`/`--error` lay one synthetic code out on a plain card instead, to compare code sizes
and error levels on the same photos (the numbers behind the templates' choice).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

from companion.scan.cards import scan

from .camera import photograph, shot
from .shipped import every_front, faces

Outcome = str  # "right", "missed" or "wrong"


def outcome(image: Image.Image, game_id: str, type_id: str, card: str, seed: int,
            frame: tuple[int, int]) -> Outcome:  # fmt: skip
    """One seeded photo of `image` (the face of `card`) at `frame`, scanned as the pages scan."""
    rng = np.random.default_rng(seed)
    readings, _ = scan(photograph(image, shot(rng, frame), rng), game_id)
    named = [(r.card.type, r.card.id) for r in readings if r.card is not None]
    if any(found != (type_id, card) for found in named):
        return "wrong"
    return "right" if named else "missed"


def measure(frames: list[tuple[int, int]], photos: int,
            face_of: Callable[[str, str, str], Image.Image]) -> dict[tuple[int, int], Counter]:  # fmt: skip
    """Per frame size: how many photos came out "right", "missed" and "wrong", and per game
    ("missed <game>")."""
    cards = every_front()
    counts: dict[tuple[int, int], Counter] = {}
    for frame in frames:
        tally: Counter = Counter()
        for index, (game_id, type_id, card) in enumerate(cards):
            for photo in range(photos):
                seed = 10_000 * photo + index
                result = outcome(face_of(game_id, type_id, card), game_id, type_id, card, seed,
                                 frame)  # fmt: skip
                tally[result] += 1
                if result != "right":
                    tally[f"{result} {game_id}"] += 1
        counts[frame] = tally
    return counts


def synthetic(size: float, error: str, tmp: Path) -> Callable[[str, str, str], Image.Image]:
    """A plain card per (game, type, card) holding only its code, `size` mm at level `error`,
    in the corner the shipped layouts use."""
    from cardgen.printkit.backends.png import render_png
    from cardgen.printkit.layout import load_layout, render_face

    template = tmp / "code.toml"
    template.write_text(
        '[[elements]]\ntype = "rect"\nbleed = true\nfill = "#F7F3EA"\n'
        f'[[elements]]\ntype = "code"\nx = {63 - 4 - size}\ny = {74.5 - 3 - size}\n'
        f'size = {size}\nerror = "{error}"\ncolor = "#1A1A1A"\npaper = "#F7F3EA"\n'
        'game = "{{ game }}"\ncard_type = "{{ card_type }}"\ncard = "{{ id }}"\n',
        encoding="utf-8",
    )
    layout = load_layout(template, tmp)

    def face(game_id: str, type_id: str, card: str) -> Image.Image:
        context = {"game": game_id, "card_type": type_id, "id": card}
        made, _ = render_face(layout, context, 63, 88, 3, {}, lambda s: (None, "none"))
        return render_png(made, 300)

    return face


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", nargs="+", default=["1920x1080", "1280x720"])
    parser.add_argument("--photos", type=int, default=1)
    parser.add_argument("--size", type=float, default=0.0, help="mm: a synthetic code instead")
    parser.add_argument("--error", default="m")
    args = parser.parse_args()
    frames = [tuple(int(n) for n in f.split("x")) for f in args.frames]
    if args.size:
        import tempfile

        face_of = synthetic(args.size, args.error, Path(tempfile.mkdtemp()))
        label = f"synthetic {args.size:g} mm, level {args.error.upper()}"
    else:
        face_of = lambda g, t, c: faces(g, t)[c]  # noqa: E731
        label = "shipped faces"
    started = time.process_time()
    for frame, tally in measure(frames, args.photos, face_of).items():  # type: ignore[arg-type]
        total = tally["right"] + tally["missed"] + tally["wrong"]
        print(f"{label}, {frame[0]}x{frame[1]}: {tally['right']}/{total} right "
              f"({100 * tally['right'] / total:.1f} %), {tally['missed']} missed, "
              f"{tally['wrong']} wrong")  # fmt: skip
        games = sorted(k.split(" ", 1)[1] for k in tally if k.startswith("missed "))
        if games:
            print("  missed: " + ", ".join(f"{g} {tally['missed ' + g]}" for g in games))
    print(f"{time.process_time() - started:.0f} s of CPU")


if __name__ == "__main__":
    main()
