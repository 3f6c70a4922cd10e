"""The search player against the app's heuristic opponent: win rate and seconds per move.

Plays N seeded games of a two-player game, the search bot (`companion.ai.catalogue.make_bot`)
in seat 0 in even games and seat 1 in odd ones, the game's heuristic app opponent in the other
seat; chance and decisions for the whole table are drawn from each game's seed. Reports the
bot's wins with a 95% Wilson interval (also among the games with a winner, where the rules
allow draws) and its thinking time per move (mean, 95th percentile, most) in CPU seconds, what
a move costs on an idle machine, and in wall seconds on this one (shared machines inflate
those), plus the heuristic's time per move for scale.

    .venv/bin/python benchmarks/bench_ai.py [--game vita_luna] [--level hard] [--games 20]
        [--first-seed 0] [--simulations N] [--uct-c C] [--selection uct|puct] [--prior-share S]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ai.catalogue import heuristic, make_bot
from companion.ai.duel import duel
from companion.ai.search import Level, levels_for
from companion.registry import entry


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="vita_luna")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--simulations", type=int, help="try this many instead of the level's")
    parser.add_argument("--uct-c", type=float, default=None)
    parser.add_argument("--selection", choices=("uct", "puct"), default=None)
    parser.add_argument("--prior-share", type=float, default=None)
    args = parser.parse_args()
    tuning = None
    if args.simulations or args.uct_c is not None or args.selection or args.prior_share:
        base = levels_for(args.game)[args.level]
        tuning = Level(
            args.simulations or base.simulations,
            base.uct_c if args.uct_c is None else args.uct_c,
            args.selection or base.selection,
            args.prior_share or base.prior_share,
        )
        print(f"tuning: {tuning}")
    game = entry(args.game)
    if game is None or game.rules is None:
        raise SystemExit(f"no playable game {args.game!r}")
    try:
        heuristic(args.game, 0)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    wins = draws = 0
    bot_times: list[float] = []
    bot_wall: list[float] = []
    other_times: list[float] = []
    started = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.games):
        seat = seed % 2
        bot = make_bot(args.game, seat, args.level, seed)
        bot.tuning = tuning
        players = {
            seat: bot,
            1 - seat: heuristic(args.game, 1 - seat),
        }
        result = duel(game.rules(), players, seed)
        wins += result.winner == seat
        draws += result.winner is None
        bot_times += result.seconds[seat]
        bot_wall += result.wall[seat]
        other_times += result.seconds[1 - seat]
        print(f"seed {seed}: bot in seat {seat}, winner {result.winner}, {result.actions} actions",
              flush=True)  # fmt: skip
    low, high = wilson(wins, args.games)
    print(f"{args.game} {args.level}: bot won {wins}/{args.games} ({wins / args.games:.0%}, "
          f"95% CI {low:.0%}-{high:.0%}), {draws} unfinished")  # fmt: skip
    decided = args.games - draws
    if draws and decided:  # a draw the rules allow (VA's last heroes falling together)
        low, high = wilson(wins, decided)
        print(f"of the {decided} games with a winner, the bot won {wins} ({wins / decided:.0%}, "
              f"95% CI {low:.0%}-{high:.0%})")  # fmt: skip
    for name, times in (("CPU", bot_times), ("wall", bot_wall)):
        print(f"bot {name} seconds per move: mean {statistics.fmean(times):.3f}, "
              f"p95 {percentile(times, 0.95):.3f}, max {max(times):.3f} "
              f"over {len(times)} moves")  # fmt: skip
    print(f"heuristic CPU seconds per move: mean {statistics.fmean(other_times):.4f}")
    print(f"wall time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
