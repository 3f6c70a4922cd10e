"""How a search plays out a leaf: at random by default, or by a game's own rules of thumb.

A playout is one imagined rest of the game, played on a world the search drew from its seat's
view (never the real state), so a playout policy may read the whole of that world. Random
playouts know nothing of a game; Vita Luna's placing alone offers some sixty actions, and a
random rest of the game there says little about a move. Where a game has a heuristic opponent
that reasons on full states, playing it for both sides ("heavy playouts") costs about two and a
half times a random playout and says much more (measured in benchmarks/bench_ai.py).

A game's `Playout` may also name a dearer `prior` (the strong rules of thumb, asked once a node
rather than once an action) and a `horizon`: a playout stops after that many actions and the
position is judged by the game's `value` instead, where a whole game costs too much to play out
on every simulation (Luturas, Riposte). The costs that chose these are in benchmarks/README.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.core import Action, Rules
from companion.engine.opponents import Opponent
from companion.engine.seats import CHANCE, Seat

Policy = Callable[[Any, random.Random], Action | None]
# A position's worth to each seat, in -1..1; None where it cannot judge this position (play on).
Value = Callable[[Any], Sequence[float] | None]
Judge = Callable[[Any], Sequence[float]]  # a value that judges every position


@dataclass(frozen=True)
class Playout:
    """How leaves are judged: `policy` plays both sides; `prior` (the policy itself if None)
    names a node's favourite; after `horizon` actions (None: to the end) `value` judges the
    first position it can."""

    policy: Policy
    prior: Policy | None = None
    horizon: int | None = None
    value: Value | None = None


def uniform(rules: Rules) -> Playout:
    """Any legal action, uniformly (the engine's own cheap draw)."""
    return Playout(rules.sample_action)


def vita_luna(rules: Rules) -> Playout:
    """Vita Luna's app opponent for whichever player is to move; at random where it passes."""
    from companion.games.vita_luna.opponent import playout_move

    def policy(state: Any, rng: random.Random) -> Action | None:
        return playout_move(rules, state, rng)

    return Playout(policy)


def by_views(
    rules: Rules,
    bots: dict[Seat, Opponent],
    first: Callable[[Any], Seat] | None = None,
    only_first: bool = False,
) -> Policy:
    """The app opponents `bots` deciding on each seat's view of the world, as they do at the
    table; seat `first(state)` is asked first (every seat with an action, lowest first, if
    None), and, with `only_first`, alone. Where nobody decides, a legal action at random."""

    def policy(state: Any, rng: random.Random) -> Action | None:
        legal = rules.legal_actions(state)
        seats = sorted({a["player"] for a in legal if isinstance(a.get("player"), int)})
        if first is not None and seats:
            lead = first(state)
            seats = [lead] if only_first else sorted(seats, key=lambda s: s != lead)
        for seat in seats:
            bot = bots.get(seat)
            mine = [a for a in legal if a.get("player") == seat]
            if bot is None or not mine:
                continue
            mine = [a for a in mine if CHANCE not in rules.actors(state, a)]
            action = bot.choose(rules.view(state, seat), mine, rng) if mine else None
            if action is not None:
                return action
        if seats and only_first:
            mine = [a for a in legal if a.get("player") == seats[0]]
            if mine:
                return mine[int(rng.random() * len(mine))]
        return rules.sample_action(state, rng)

    return policy


# --- Riposte ----------------------------------------------------------------------------------

RIPOSTE_HORIZON = 24  # actions played out (about a round) before the damage is judged
RIPOSTE_SPREAD = 1.0  # how firmly a lead in damage counts, per square root of what is left


def riposte_value(limit: int) -> Judge:
    """Seat 0's chance as a lead in the damage still to take before `limit`, measured against
    how much is left: 3 against 5 is worth more than 10 against 12."""

    def value(state: Any) -> Sequence[float]:
        if state.winner in (0, 1):
            return (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)
        left = [max(0, limit - d) for d in state.damage]
        lead = (left[0] - left[1]) / math.sqrt(max(1, left[0] + left[1]))
        v = math.tanh(RIPOSTE_SPREAD * lead)
        return (v, -v)

    return value


def riposte(rules: Rules) -> Playout:
    """The easy duelist plays out a round for both sides (the strong one's replies draw a dozen
    hands a card: five times dearer), the strong one names the favourite."""
    from companion.games.riposte.opponent import EASY, STRONG, RiposteOpponent

    data = rules.data  # type: ignore[attr-defined]
    easy: dict[Seat, Opponent] = {p: RiposteOpponent(p, EASY, data) for p in (0, 1)}
    strong: dict[Seat, Opponent] = {p: RiposteOpponent(p, STRONG, data) for p in (0, 1)}
    return Playout(
        by_views(rules, easy),
        by_views(rules, strong),
        RIPOSTE_HORIZON,
        riposte_value(data.limit),
    )


# --- VA Card Game -----------------------------------------------------------------------------


VA_HORIZON: int | None = None  # whole games (0 judges the next duel: weaker, see README)


def va_value(rules: Rules) -> Value:
    """Seat 0's worth by the strong player's solved duel (`opponent.Duels`) once both heroes
    are in play and neither has declared: exact for the duel, later exchanges as coin flips
    weighted by the survivor's HP left."""
    from companion.games.va_card_game.opponent import DUELS, in_play
    from companion.games.va_card_game.state import DECLARE, OVER

    data = rules.data  # type: ignore[attr-defined]

    def value(state: Any) -> Sequence[float] | None:
        if state.phase == OVER:
            return {0: (1.0, -1.0), 1: (-1.0, 1.0)}.get(state.winner, (0.0, 0.0))
        if state.phase != DECLARE or any(state.declared) or not all(state.heroes):
            return None
        lives = (state.life[0], state.life[1])
        v, _ = DUELS.solve(lives, in_play(data, state, 0), in_play(data, state, 1))
        return (v, -v)

    return value


def va_card_game(rules: Rules) -> Playout:
    """Quick choices on the world itself until the next duel is declared: the strong player's
    solved duel for each stance (a lookup once solved) and the easy player's printed totals for
    the rest; that duel judged as the strong player solves it. The strong player, on its view,
    names the favourite."""
    from companion.games.va_card_game.opponent import EASY, STRONG, VaOpponent

    data = rules.data  # type: ignore[attr-defined]
    quick = {p: VaOpponent(p, EASY, data) for p in (0, 1)}
    strong: dict[Seat, Opponent] = {p: VaOpponent(p, STRONG, data) for p in (0, 1)}

    def policy(state: Any, rng: random.Random) -> Action | None:
        legal = rules.legal_actions(state)
        for seat in sorted({a["player"] for a in legal if isinstance(a.get("player"), int)}):
            action = quick[seat].on_state(state, [a for a in legal if a.get("player") == seat], rng)
            if action is not None:
                return action
        return rules.sample_action(state, rng)

    value = va_value(rules) if VA_HORIZON is not None else None
    return Playout(policy, by_views(rules, strong), VA_HORIZON, value)


# --- Luturas ----------------------------------------------------------------------------------

LUTURAS_HORIZON = 12  # actions played out (about a turn) before the position is judged
LUTURAS_SCALE = 12.0  # a lead of this many Stamina points makes a round about 3 to 1


def luturas_first(state: Any) -> Seat:
    """Who decides now: the player an effect waits on, the attacked player, else the active."""
    if state.pending:
        return int(state.pending[0].player)
    if state.attack is not None and state.phase == "respond":
        return 1 - int(state.attack.player)
    return int(state.active)


def luturas_value(rules: Rules) -> Judge:
    """Seat 0's chance of the match: the round by the app's yardstick (`worth.py`, material
    with its dangers), the rounds after it as coin flips, two rounds won taking the match."""
    from companion.games.luturas.state import CHOOSE, OVER
    from companion.games.luturas.worth import Worth

    worth = Worth(rules.data, 0, careful=True)  # type: ignore[attr-defined]
    needed = rules.data.rounds_to_win  # type: ignore[attr-defined]  # rule number rounds_to_win

    def match(mine: int, theirs: int, q: float) -> float:
        """P(win the match) from these rounds won, the current round won with chance q."""
        if mine >= needed or theirs >= needed:
            return float(mine >= needed)
        return q * match(mine + 1, theirs, 0.5) + (1 - q) * match(mine, theirs + 1, 0.5)

    def value(state: Any) -> Sequence[float]:
        if state.phase == OVER:
            return {0: (1.0, -1.0), 1: (-1.0, 1.0)}.get(state.winner, (0.0, 0.0))
        q = 0.5
        if state.phase != CHOOSE:
            lead = worth.side(state, 0) - worth.side(state, 1)
            q = 0.5 + 0.5 * math.tanh(lead / LUTURAS_SCALE)
        v = 2 * match(state.sides[0].wins, state.sides[1].wins, q) - 1
        return (v, -v)

    return value


def luturas(rules: Rules) -> Playout:
    """Playouts at random for a few turns (the easy player looks one step ahead at every action
    of its turn: three times dearer a step), judged by the app's yardstick; the strong player,
    on its view, names the favourite."""
    from companion.games.luturas.opponent import STRONG, LuturasOpponent

    data = rules.data  # type: ignore[attr-defined]
    strong: dict[Seat, Opponent] = {p: LuturasOpponent(p, STRONG, data) for p in (0, 1)}
    return Playout(
        rules.sample_action,
        by_views(rules, strong, luturas_first, only_first=True),
        LUTURAS_HORIZON,
        luturas_value(rules),
    )


POLICIES: dict[str, Callable[[Rules], Playout]] = {
    "vita_luna": vita_luna,
    "riposte": riposte,
    "va_card_game": va_card_game,
    "luturas": luturas,
}


def playout_for(game_id: str, rules: Rules) -> Playout:
    return POLICIES.get(game_id, uniform)(rules)
