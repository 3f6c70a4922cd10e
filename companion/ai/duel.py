"""One seeded game between app opponents, as the app plays it: each decides on its seat's view.

What nobody's opponent decides (chance, and a decision for the whole table such as who attacks
first or starting the next battle) is drawn from the game's random source, so a duel is fixed by
its seed; each side's thinking time is measured per move.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Match, Rules
from companion.engine.opponents import Opponent, opponent_move
from companion.engine.seats import CHANCE, Seat

MOST_ACTIONS = 5000


@dataclass
class Duel:
    """How a duel went: over or not, the winner (None: a draw or unfinished), its length, and
    each side's thinking time per move: CPU seconds (what the move costs on an idle machine)
    and wall seconds (what it took on this one, shared or not)."""

    over: bool
    winner: Seat | None
    actions: int
    seconds: dict[Seat, list[float]] = field(default_factory=dict)
    wall: dict[Seat, list[float]] = field(default_factory=dict)


def duel(
    rules: Rules, players: dict[Seat, Opponent], seed: int, options: dict[str, Any] | None = None
) -> Duel:
    match = Match.start(rules, options or {}, seed=seed)
    rng = random.Random(seed)
    seconds: dict[Seat, list[float]] = {seat: [] for seat in players}
    wall: dict[Seat, list[float]] = {seat: [] for seat in players}
    for _ in range(MOST_ACTIONS):
        if rules.is_over(match.state):
            break
        if not _someone_moves(match, players, rng, seconds, wall):
            legal = rules.legal_actions(match.state)
            if not legal:
                break
            shared = [a for a in legal if _for_the_table(rules, match, a)]
            match.play(rng.choice(shared or legal), trusted=True)
    outcome = match.outcome()
    winner = outcome.winner if outcome.over else None
    return Duel(outcome.over, winner, len(match.log), seconds, wall)


def _someone_moves(
    match: Match,
    players: dict[Seat, Opponent],
    rng: random.Random,
    seconds: dict[Seat, list[float]],
    wall: dict[Seat, list[float]],
) -> bool:
    for seat, player in players.items():
        cpu, started = time.process_time(), time.perf_counter()
        action = opponent_move(match, seat, player, random.Random(rng.random()))
        if action is not None:
            seconds[seat].append(time.process_time() - cpu)
            wall[seat].append(time.perf_counter() - started)
            match.play(action, seat)
            return True
    return False


def _for_the_table(rules: Rules, match: Match, action: dict[str, Any]) -> bool:
    actors = rules.actors(match.state, action)
    return CHANCE in actors or len(actors) > 1
