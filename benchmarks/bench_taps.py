"""Server-side time of a tap on the companion's Moonlighter and Vita Luna pages: a tap that plays
(a walk on the map, a Singular card chosen), a tap that opens the rules (a card, a status card,
a ruling), closing the rules again, and a search in the Rules panel.

Each tap is Streamlit's AppTest clicking the button by its key and rerunning the script, as the
server does for a browser's tap (the browser's own drawing comes on top). Moonlighter is opened
deep in a game (the progress-seeking policy of `bench_moonlighter`, --actions actions: a big map
and a long log); Vita Luna at Player 1's first turn of a basic battle. Pinned to one core; best
and median of --repeat taps each.

Target (issue 19, part 6): a tap answered in under 100 ms on the server.

    .venv/bin/python benchmarks/bench_taps.py [--actions 3000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP = HERE.parent / "companion" / "app.py"
P1_HAND = ["wolf.1", "fox.1", "rat.1", "rock.1", "gyr_falcon.1", "anaconda.1"]
P2_HAND = ["wolf.2", "fox.2", "porcupine.1", "tortoise.1", "cheetah.1", "armadillo.1"]


def opened(match, store):
    from streamlit.testing.v1 import AppTest

    gid = store.create(match)
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["game"] = gid
    at.query_params["key"] = store.grant(gid)
    at.run()
    if at.exception:
        raise SystemExit(f"the page failed: {at.exception[0].message}")
    return at


def timed(at, key: str) -> float:
    start = time.perf_counter()
    at.button(key=key).click().run()
    took = time.perf_counter() - start
    if at.exception:
        raise SystemExit(f"tapping {key} failed: {at.exception[0].message}")
    return took


def measure(name: str, repeat: int, tap: Callable[[], float]) -> tuple[str, float, float]:
    times = [tap() for _ in range(repeat)]
    return name, min(times) * 1000, statistics.median(times) * 1000


def moonlighter(store, actions: int, repeat: int) -> list[tuple[str, float, float]]:
    sys.path.insert(0, str(HERE))
    import random

    from bench_companion import long_game
    from bench_moonlighter import choose

    match = long_game(actions)
    rng = random.Random(1)
    for _ in range(500):  # on to a moment with rooms to walk to
        legal = match.legal_actions()
        if match.state.phase == "explore" and any(a["type"] == "move" for a in legal):
            break
        match.play(choose(match.rules, match.state, rng))
    at = opened(match, store)
    walks = [b.key for b in at.button if b.key.startswith("act_move_")]
    if not walks:
        raise SystemExit("no walk on the map at this state: try another --actions")
    print(f"Moonlighter: {len(match.log)} actions, dungeon {match.state.dungeon}, "
          f"{len(match.state.rooms)} rooms, {len(at.button)} buttons on the page")  # fmt: skip

    def walk_there_and_back() -> float:
        took = timed(at, walks[0])
        timed(at, "ml_undo")  # back where it was, so every walk is the same tap
        return took

    def open_close(key: str) -> Callable[[], float]:
        def tap() -> float:
            took = timed(at, key)
            timed(at, "rule_close")
            return took

        return tap

    def close() -> float:
        timed(at, "rule_ml_card_room")
        return timed(at, "rule_close")

    def search() -> float:
        timed(at, "rule_ml_card_rules")
        start = time.perf_counter()
        at.text_input(key="rule_search_moonlighter").input("pool").run()
        took = time.perf_counter() - start
        at.text_input(key="rule_search_moonlighter").input("").run()
        timed(at, "rule_close")
        return took

    def rerun() -> float:
        start = time.perf_counter()
        at.run()
        return time.perf_counter() - start

    return [
        measure("Moonlighter rerun (no tap)", repeat, rerun),
        measure("Moonlighter walk on the map", repeat, walk_there_and_back),
        measure("Moonlighter open a status card's rules", repeat, open_close("rule_ml_card_pawn")),
        measure("Moonlighter open a die's rules", repeat, open_close("rule_ml_die_tile")),
        measure("Moonlighter close the rules", repeat, close),
        measure("Moonlighter search the Rules panel", repeat, search),
    ]


def vita_luna(store, repeat: int) -> list[tuple[str, float, float]]:
    from companion.engine import Match
    from companion.games.vita_luna import VitaLunaRules

    match = Match.start(VitaLunaRules(), {"mode": "basic", "extended": False, "opponent": "two"})
    match.play({"type": "deal", "hands": [P1_HAND, P2_HAND]})
    match.play({"type": "first_attacker", "attacker": 0})
    for player, spots in ((0, (("rock.1", "white", 0), ("wolf.1", "white", 1),
                                ("rat.1", "grey", 0))),
                          (1, (("tortoise.1", "white", 0), ("fox.2", "white", 1)))):  # fmt: skip
        for card, row, position in spots:
            match.play({"type": "place", "player": player, "card": card, "row": row,
                        "position": position})  # fmt: skip
        match.play({"type": "ready", "player": player})
    at = opened(match, store)
    print(f"Vita Luna: Player 1's turn, {len(at.button)} buttons on the page")

    def open_close(key: str) -> Callable[[], float]:
        def tap() -> float:
            took = timed(at, key)
            timed(at, "rule_close")
            return took

        return tap

    def choose_swap() -> float:
        took = timed(at, "vl_sing_swap")
        timed(at, "vl_sing_burn")
        return took

    def rerun() -> float:
        start = time.perf_counter()
        at.run()
        return time.perf_counter() - start

    return [
        measure("Vita Luna rerun (no tap)", repeat, rerun),
        measure("Vita Luna choose a Singular card", repeat, choose_swap),
        measure("Vita Luna open a creature's rules (the board)", repeat,
                open_close("rule_vl_at_0_white_0")),
        measure("Vita Luna open an epic's rules", repeat, open_close("rule_vl_epic_anchor")),
        measure("Vita Luna open a refusal's ruling", repeat, open_close("rule_why_sing_steal")),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    workdir = Path(tempfile.mkdtemp(prefix="cardgen-taps-bench-"))
    os.environ["CARDGEN_COMPANION_DB"] = str(workdir / "games.sqlite")
    sys.path.insert(0, str(HERE.parent))

    from companion.store import GameStore

    store = GameStore(workdir / "games.sqlite")
    rows = moonlighter(store, args.actions, args.repeat) + vita_luna(store, args.repeat)
    width = max(len(name) for name, _, _ in rows)
    for name, best, median in rows:
        verdict = "met" if median < 100 else "MISSED"
        print(f"{name:<{width}}  best {best:6.1f} ms  median {median:6.1f} ms  "
              f"(target < 100 ms: {verdict})")  # fmt: skip


if __name__ == "__main__":
    main()
