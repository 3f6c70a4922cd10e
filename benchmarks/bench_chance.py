"""What the secret costs: a table game's chance from the keyed BLAKE2b stream against the seeded
SplitMix64 stream it replaced, in one run, side by side.

For each game, one random game of up to 400 actions is played with each kind of chance; then
the whole log is replayed (checked) --repeat times, as a reload without a snapshot or an import
does, and a single shuffle of 52 cards is drawn from each stream. CPU seconds, best of the
repeats; the ratio is what matters on a shared machine.

    .venv/bin/python benchmarks/bench_chance.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine import Match
from companion.engine.chance import Chance
from companion.registry import GAMES


def _played(game, chance: Chance) -> Match:
    rules = game.rules()
    chosen = {o.key: o.initial for o in game.options}
    options = game.setup(chosen) if game.setup else chosen
    match = Match.start(rules, options, chance=chance)
    rng = random.Random(1)
    for _ in range(400):
        actions = match.legal_actions()
        if not actions or match.outcome().over:
            break
        match.play(rng.choice(actions))
    return match


def _replay_seconds(match: Match, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        Match.replay(match.rules, match.options, match.seed, match.log, match.chance)
        best = min(best, time.process_time() - start)
    return best


def _shuffle_us(chance: Chance, repeat: int = 2000) -> float:
    deck = list(range(52))
    start = time.process_time()
    for index in range(repeat):
        chance.step(index).shuffle(deck)
    return (time.process_time() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("checked replay, CPU ms per 100 actions")
    print(f"{'game':<14}{'actions':>8}{'seeded':>11}{'secret':>11}{'ratio':>7}")
    for game in GAMES:
        if not game.playable:
            continue
        seeded = _played(game, Chance(3))
        secret = _played(game, Chance.fresh())
        a = _replay_seconds(seeded, args.repeat) / max(1, len(seeded.log))
        b = _replay_seconds(secret, args.repeat) / max(1, len(secret.log))
        print(f"{game.id:<14}{len(secret.log):>8}{a * 1e3 * 100:>11.2f}{b * 1e3 * 100:>11.2f}"
              f"{b / a:>7.2f}")  # fmt: skip
    seeded_us, secret_us = _shuffle_us(Chance(3)), _shuffle_us(Chance.fresh())
    print(f"shuffle of 52: seeded {seeded_us:.1f} us, secret {secret_us:.1f} us "
          f"({secret_us / seeded_us:.2f}x)")  # fmt: skip


if __name__ == "__main__":
    main()
