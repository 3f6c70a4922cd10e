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

import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # common.py, when loaded by path
import common
from common import sample

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

    @property
    def done(self) -> int:
        return self.played

    def count(self, before: MoonlighterState, state: MoonlighterState) -> None:
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
        return sample(rules, state, rng)
    if phase == PLACE:
        return sample(rules, state, rng)
    return choose(rules, state, rng)


COURSE = common.Course(
    options=lambda game: {},
    choose=choose,
    choose_bot=choose_bot,
    tally=Tally,
    is_over=lambda state: state.phase == Phase.WON,  # a won game starts a new one
    bot_step=lambda rules, state, action, rng: rules.advance(state, action, rng)[0],
)
TARGETS = common.walk_targets(TARGET_CHECKED, TARGET)


def main() -> None:
    common.run_walks(__doc__, MoonlighterRules(), COURSE, "dungeons", 300,
                     lambda t: (t.played, t.won, t.actions), ("dungeons played through", "bosses beaten"), TARGETS)  # fmt: skip


if __name__ == "__main__":
    main()
