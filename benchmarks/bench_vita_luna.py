"""Random complete Vita Luna battles per second through the rules engine; prints the figures.

Targets: at least 5,000 complete battles per second on one core for a bot (issue "Seats and
views", item 6: the last path below); the paths that check every action keep issue 6's target of
1,000. Whole games are played (basic and advanced, plain and extended, alternating), each from
`new_state`, so every battle includes its share of the deal or the auction, placement, the turns,
the rewards and the trades between battles; a battle counts when it ends (a side out of hearts or
creatures). A finished game starts a new one.

The policy picks among the legal actions at random, with a bias to progress so battles look like
real ones: it places a card far more often than it declares itself ready, plays a Singular or a
move now and then, and otherwise attacks (the attack is what ends a turn); between battles it
sometimes trades. Four paths are timed:
- `rules.apply`: the policy over `legal_actions`, each action checked and applied on a state;
- `Match.play`: the same through a match, which adds the log and a freshly seeded random source
  per action (what the companion does with a player's move);
- `Match.play trusted`: the same with `trusted=True`, which applies without checking (the action
  came from `legal_actions`);
- `bot`: the same policy drawn through `rules.sample_action` (no list of every placement) and
  applied with `rules.apply_unchecked`. `choose_bot` makes every choice with the probabilities of
  `choose`; only the way it draws differs (tests/companion/test_engine_speed_paths.py compares
  the two).
Timings are the best of several runs in one process, pinned to one core.

    .venv/bin/python benchmarks/bench_vita_luna.py [--battles 2000] [--repeat 5] [--cpu N]
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # common.py, when loaded by path
import common
from common import sample

from companion.games.vita_luna import Phase, VitaLunaRules, VitaLunaState

TARGET = 5000.0  # battles per second on the bot path
TARGET_CHECKED = 1000.0  # the first target, for the paths that check every action
OPTIONS = (
    {"mode": "basic"},
    {"mode": "advanced"},
    {"mode": "basic", "extended": True},
    {"mode": "advanced", "extended": True},
)
ENDED = (Phase.REWARD, Phase.OVER)
# For choose_bot: a module global is several times cheaper to read than Phase.X.
TURN, PLACE, BETWEEN = Phase.TURN, Phase.PLACE, Phase.BETWEEN


@dataclass
class Tally:
    battles: int = 0
    games: int = 0
    actions: int = 0

    @property
    def done(self) -> int:
        return self.battles

    def count(self, before: VitaLunaState, after: VitaLunaState) -> None:
        self.actions += 1
        if after.phase in ENDED and before.phase not in ENDED:
            self.battles += 1
            self.games += after.phase == Phase.OVER


def choose(rules: VitaLunaRules, state: VitaLunaState, rng: random.Random) -> dict:
    """A legal action, biased towards progress."""
    actions = rules.legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    phase = state.phase
    if phase == Phase.TURN:  # the attack is always listed last
        return actions[-1] if rng.random() < 0.75 else rng.choice(actions)
    if phase == Phase.PLACE:  # "ready" is listed last, once something is placed
        if actions[-1]["type"] == "ready" and rng.random() < 0.1:
            return actions[-1]
        return actions[int(rng.random() * (len(actions) - (actions[-1]["type"] == "ready")))]
    if phase == Phase.BETWEEN:  # "next_battle" is listed last
        return actions[-1] if rng.random() < 0.8 else rng.choice(actions)
    return actions[int(rng.random() * len(actions))]


def choose_bot(rules: VitaLunaRules, state: VitaLunaState, rng: random.Random) -> dict:
    """`choose`'s policy, without listing every action: the same choices, the same odds.

    On a turn the attack (always open to the player whose turn it is) three times in four, else
    any legal action; when placing, "ready" one time in ten when `check` accepts it, else any
    placement (a drawn "ready" is drawn again); between battles the next battle four times in
    five, else any legal action; otherwise any legal action. "Any" is `rules.sample_action`.
    """
    phase = state.phase
    if phase == TURN:
        if rng.random() < 0.75:
            return {"type": "attack", "player": state.active}
        return sample(rules, state, rng)
    if phase == PLACE:
        if rng.random() < 0.1:
            ready = {"type": "ready", "player": state.active}
            if rules.check(state, ready) is None:  # something is placed already
                return ready
        while True:
            action = sample(rules, state, rng)
            if action["type"] != "ready":
                return action
    if phase == BETWEEN and rng.random() < 0.8:
        return {"type": "next_battle"}
    return sample(rules, state, rng)


def longest_game(options: dict, games: int = 30) -> tuple[int, list[dict]]:
    """The seed and log of the longest of `games` seeded games with `options`, played by
    `choose` (bench_store.py and bench_taps.py time their late turns)."""
    from companion.engine import Match

    rules, longest, best_seed = VitaLunaRules(), [], 0
    for seed in range(games):
        match = Match.start(rules, options, seed=seed)
        rng = random.Random(seed)
        while not rules.is_over(match.state):
            match.play(choose(rules, match.state, rng))
        if len(match.log) > len(longest):
            longest, best_seed = match.log, seed
    return best_seed, longest


COURSE = common.Course(
    options=lambda game: OPTIONS[game % 4],
    choose=choose,
    choose_bot=choose_bot,
    tally=Tally,
    is_over=lambda state: state.phase == Phase.OVER,
)
TARGETS = common.walk_targets(TARGET_CHECKED, TARGET)


def main() -> None:
    common.run_walks(__doc__, VitaLunaRules(), COURSE, "battles", 2000,
                     lambda t: (t.battles, t.games, t.actions), ("battles", "games"), TARGETS)  # fmt: skip


if __name__ == "__main__":
    main()
