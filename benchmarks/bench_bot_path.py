"""Random actions per CPU second on a bot's path against the checked path, side by side in one
run; prints the figures and their ratios.

Issue 32 asks every engine for 100,000 random actions per CPU second on the bot path, so this
counts actions (not games: a Luturas match is hundreds of actions, a Vita Luna battle dozens) and
divides by the process's CPU time (`process_time`), which other work on a shared core does not
lower. Whole random games are played from `new_state` (the game's options in turn); a finished
game starts the next. The paths, run in turn within each repetition so that all of them meet
the same machine, each the best of `--repeat`:
- `checked`: `rng.choice(legal_actions)` applied with `rules.apply` (checked, on a clone);
- `listed bot`: the protocol's default `SeatedRules.sample_action` (every legal action listed,
  one chosen) applied with `rules.apply_unchecked`: the bot path of a game without a sampler;
- `bot unchecked`: the game's own `rules.sample_action` with `rules.apply_unchecked`;
- `bot`: `rules.sample_action` with `rules.advance` (in place where the game can): what search
  playouts run.

    .venv/bin/python benchmarks/bench_bot_path.py [--game luturas] [--actions 20000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # common.py, when loaded by path
import common

from companion.engine import SeatedRules

TARGET = 100_000.0  # random actions per CPU second on the bot path (issue 32)


def games() -> dict[str, tuple[Callable[[], Any], list[dict[str, Any]]]]:
    """Each game's rules and the options its random games take in turn (imported here, so a
    run of one game loads only that one)."""
    from companion.games.luturas import LuturasRules
    from companion.games.moonlighter import MoonlighterRules
    from companion.games.riposte import RiposteRules
    from companion.games.va_card_game import VaCardGameRules
    from companion.games.vita_luna import VitaLunaRules

    return {
        "luturas": (LuturasRules, [{"mode": "standard"}, {"mode": "fast"}]),
        "riposte": (RiposteRules, [{"characters": True}, {"characters": False}]),
        "va_card_game": (VaCardGameRules, [{}]),
        "vita_luna": (VitaLunaRules, [{"mode": "basic"}, {"mode": "advanced"}]),
        "moonlighter": (MoonlighterRules, [{"forgiving": True}]),
    }


Step = Callable[[Any, Any, random.Random], Any]  # rules, state, rng -> the next state


def checked(rules: Any, state: Any, rng: random.Random) -> Any:
    return rules.apply(state, rng.choice(rules.legal_actions(state)), rng).state


def listed_bot(rules: Any, state: Any, rng: random.Random) -> Any:
    action = SeatedRules.sample_action(rules, state, rng)
    return rules.apply_unchecked(state, action, rng).state


def bot_unchecked(rules: Any, state: Any, rng: random.Random) -> Any:
    return rules.apply_unchecked(state, rules.sample_action(state, rng), rng).state


def bot(rules: Any, state: Any, rng: random.Random) -> Any:
    return rules.advance(state, rules.sample_action(state, rng), rng)[0]


PATHS: dict[str, Step] = {
    "checked": checked,
    "listed bot": listed_bot,
    "bot unchecked": bot_unchecked,
    "bot": bot,
}


def run(rules: Any, options: list[dict[str, Any]], step: Step, actions: int, seed: int) -> float:
    """Random actions per CPU second over `actions` actions of whole games."""
    rng, played, game = random.Random(seed), 0, 0
    state = rules.new_state(options[0])
    began = time.process_time()
    while played < actions:
        state = step(rules, state, rng)
        played += 1
        if rules.is_over(state):
            game += 1
            state = rules.new_state(options[game % len(options)])
    return played / (time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="luturas", choices=sorted(games()))
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", type=int, help="core to pin to (default: the last one allowed)")
    parser.add_argument("--paths", nargs="*", default=list(PATHS), choices=list(PATHS))
    args = parser.parse_args()
    common.pin(args.cpu)
    make, options = games()[args.game]
    rules = make()
    best = dict.fromkeys(args.paths, 0.0)
    for attempt in range(args.repeat):
        for name in args.paths:
            best[name] = max(best[name], run(rules, options, PATHS[name], args.actions, attempt))
    base = best.get("checked")
    for name, rate in best.items():
        ratio = f", {rate / base:5.1f}x checked" if base else ""
        meets = common.verdict(rate, TARGET) if name == "bot" else ""
        print(f"{args.game} {name:14} {rate:9,.0f} actions per CPU second{ratio}{meets}")


if __name__ == "__main__":
    main()
