"""Random complete Moonlighter dungeons per second through the rules engine; prints the figures.

Targets: at least 2,000 dungeons played through per second on one core for a bot (issue "Seats
and views", item 6: the last path below); the paths that check every action keep issue 5's target
of 200. Play starts from `new_state`; a random legal-action policy with a bias to progress plays:
it heals at the pool when hurt, walks out of an orange fight it is losing, prefers stronger pawns,
rolls a tile whenever it may, and otherwise picks any legal action.

Two counts are printed, because Moonlighter is deadly and a dungeon often ends in a fall:
- dungeons played through: from the first white tile to the end of that dungeon, whether the boss
  fell or you did (one complete dungeon's worth of play);
- bosses beaten: only the dungeons won (with this policy about one attempt in three).

Four paths are timed:
- `rules.apply`: the policy over `legal_actions`, each action checked and applied on a state;
- `Match.play`: the same through a match, which adds the log and a freshly seeded random source
  per action (what the companion does with a player's move);
- `Match.play trusted`: the same with `trusted=True`, which applies without checking (the action
  came from `legal_actions`);
- `bot`: the same policy drawn through `rules.sample_action` where `choose` would list every
  action (exploring, placing), and applied with `rules.advance`, in place on the bot's own state
  (no copy, no log sentences). `choose_bot` makes
  every choice with the probabilities of `choose`; only the way it draws differs
  (tests/companion/test_engine_speed_paths.py compares the two).
Timings are the best of several runs in one process, pinned to one core.

    .venv/bin/python benchmarks/bench_moonlighter.py [--dungeons 300] [--repeat 5] [--cpu N]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules, MoonlighterState, Phase
from companion.games.moonlighter.checks import can_roll_tile, is_locked
from companion.games.moonlighter.outcomes import max_hearts

TARGET = 2000.0  # dungeons played through per second on the bot path
TARGET_CHECKED = 200.0  # issue 5's target, for the paths that check every action
ENDS = (Phase.CLEARED, Phase.WON, Phase.FALLEN)
# For choose_bot: a module global is several times cheaper to read than Phase.X.
EXPLORE, PLACE, FIGHT = Phase.EXPLORE, Phase.PLACE, Phase.FIGHT
# Pawns the policy prefers, best first: fewer rolls per fight, or more hearts.
PAWN_RANK = ("orange", "green", "red", "pink", "black", "blue", "purple", "yellow", "white")


@dataclass
class Tally:
    played: int = 0  # dungeons that reached their end (boss beaten or a fall)
    won: int = 0  # bosses beaten
    actions: int = 0

    def count(self, state: MoonlighterState) -> None:
        self.actions += 1
        if state.phase in ENDS:
            self.played += 1
            self.won += state.phase != Phase.FALLEN


def choose(rules: MoonlighterRules, state: MoonlighterState, rng: random.Random) -> dict:
    """A legal action, biased towards progress and survival."""
    actions = rules.legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    phase = state.phase
    if phase == Phase.FIGHT:  # actions are [roll_attack, leave_room]: leave before it kills you
        return actions[1] if state.hearts <= (3 if state.pawn == "blue" else 2) else actions[0]
    if phase == Phase.CHOOSE:  # actions are [take_pawn, keep_pawn]
        offered = state.rooms[state.at].chest
        better = PAWN_RANK.index(offered) < PAWN_RANK.index(state.pawn)
        return actions[0] if better else actions[1]
    if phase == Phase.EXPLORE:
        return _explore(rules, state, actions, rng)
    return rng.choice(actions)


def _explore(rules, state, actions, rng) -> dict:
    """Heal at the pool when hurt, else roll a tile; walk somewhere at random when you cannot."""
    hurt = state.hearts < max_hearts(rules.data, state) and state.pool > 0
    if hurt and state.rooms[state.at].face != "blue":
        for a in actions:
            if a["type"] == "move" and state.rooms[(a["x"], a["y"])].face == "blue":
                return a
    if actions[0]["type"] == "roll_tile":
        return actions[0]
    return rng.choice(actions)


def choose_bot(rules: MoonlighterRules, state: MoonlighterState, rng: random.Random) -> dict:
    """`choose`'s policy, without listing a move to every room: the same choices, the same odds.

    Exploring, it walks to the pool when hurt (the first pool room in board order, the order
    `legal_actions` lists moves in), else rolls a tile when `can_roll_tile` allows it, else takes
    any legal action; placing, any free side. "Any" is `rules.sample_action`. Fighting, it makes
    `choose`'s choice (leave when hurt and the door is open) without listing the two actions;
    neither draws from `rng`, so the games played are the same. Chests and the ends of dungeons
    offer one or two actions, so there it is `choose` itself.
    """
    phase = state.phase
    if phase == FIGHT:  # half of all actions: `choose`'s choice without building its list
        hurt = state.hearts <= (3 if state.pawn == "blue" else 2)
        return {"type": "leave_room"} if hurt and not is_locked(state) else {"type": "roll_attack"}
    if phase == EXPLORE:
        here, rooms = state.at, state.rooms
        hurt = state.hearts < max_hearts(rules.data, state) and state.pool > 0
        if hurt and rooms[here].face != "blue":
            for (x, y), room in rooms.items():
                if room.face == "blue" and (x, y) != here:  # a pool room is always walkable
                    return {"type": "move", "x": x, "y": y}
        if can_roll_tile(state) is None:
            return {"type": "roll_tile"}
        return _sample(rules, state, rng)
    if phase == PLACE:
        return _sample(rules, state, rng)
    return choose(rules, state, rng)


def _sample(rules: MoonlighterRules, state: MoonlighterState, rng: random.Random) -> dict:
    action = rules.sample_action(state, rng)
    assert action is not None  # only a won game has no legal action, and it is replaced
    return action


def play_direct(rules: MoonlighterRules, dungeons: int, seed: int) -> Tally:
    """Play through `dungeons` dungeons with rules.apply; a won game starts a new one."""
    rng = random.Random(seed)
    state = rules.new_state({})
    tally = Tally()
    while tally.played < dungeons:
        state = rules.apply(state, choose(rules, state, rng), rng).state
        tally.count(state)
        if state.phase == Phase.WON:
            state = rules.new_state({})
    return tally


def play_match(rules: MoonlighterRules, dungeons: int, seed: int) -> Tally:
    """The same through Match.play, as the companion drives it."""
    rng = random.Random(seed)
    match = Match.start(rules, seed=seed)
    tally = Tally()
    while tally.played < dungeons:
        match.play(choose(rules, match.state, rng))
        tally.count(match.state)
        if match.state.phase == Phase.WON:
            match = Match.start(rules, seed=seed + tally.played)
    return tally


def play_trusted(rules: MoonlighterRules, dungeons: int, seed: int) -> Tally:
    """The same through Match.play(trusted=True): the policy's actions come from legal_actions."""
    rng = random.Random(seed)
    match = Match.start(rules, seed=seed)
    tally = Tally()
    while tally.played < dungeons:
        match.play(choose(rules, match.state, rng), trusted=True)
        tally.count(match.state)
        if match.state.phase == Phase.WON:
            match = Match.start(rules, seed=seed + tally.played)
    return tally


def play_bot(rules: MoonlighterRules, dungeons: int, seed: int) -> Tally:
    """A bot's path: `choose_bot` (rules.sample_action) and rules.advance on its own state."""
    rng = random.Random(seed)
    state = rules.new_state({})
    tally = Tally()
    while tally.played < dungeons:
        state, _ = rules.advance(state, choose_bot(rules, state, rng), rng)
        tally.count(state)
        if state.phase == Phase.WON:
            state = rules.new_state({})
    return tally


PATHS: tuple[tuple[str, Callable[[MoonlighterRules, int, int], Tally], float | None], ...] = (
    ("rules.apply", play_direct, TARGET_CHECKED),
    ("Match.play", play_match, TARGET_CHECKED),
    ("Match.play trusted", play_trusted, None),
    ("bot", play_bot, TARGET),
)


def best_of(run: Callable, rules: MoonlighterRules, dungeons: int, repeat: int) -> list[float]:
    """Best per-second rates (played, won, actions) over `repeat` runs."""
    best = [0.0, 0.0, 0.0]
    for attempt in range(repeat):
        start = time.perf_counter()
        tally = run(rules, dungeons, attempt)
        elapsed = time.perf_counter() - start
        rates = [tally.played / elapsed, tally.won / elapsed, tally.actions / elapsed]
        best = [max(b, r) for b, r in zip(best, rates, strict=True)]
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dungeons", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", type=int, help="core to pin to (default: the last one allowed)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0)) if args.cpu is None else args.cpu})
    rules = MoonlighterRules()
    print(f"Python {platform.python_version()}, {platform.machine()}, one core pinned")
    for name, run, target in PATHS:
        played, won, actions = best_of(run, rules, args.dungeons, args.repeat)
        verdict = ""
        if target is not None:
            meets = "meets" if played >= target else "MISSES"
            verdict = f" ({meets} the target of {target:,.0f}/s)"
        print(
            f"{name:18}  {played:6,.0f} dungeons played through/s{verdict}, "
            f"{won:5,.0f} bosses beaten/s, {actions:9,.0f} actions/s"
        )


if __name__ == "__main__":
    main()
