"""How a declared game ends: a counter on a bound that ends it, or a deck that runs out.

Checked after every action, so the game ends on the action that brought it there and the log
says why in its last line.
"""

from __future__ import annotations

from companion.games.declared.board import Table, movers
from companion.games.declared.state import OVER, PLAY, DeclaredState


def settle(table: Table, state: DeclaredState, events: list[str]) -> None:
    """Ends the game if a counter sits on a bound that ends it, or a seat must draw from an empty
    deck that the declaration says ends it; says so in the events."""
    spec, n = table.spec, state.seats
    winners: set[int] = set()
    losers: set[int] = set()
    ends = everyone = None
    for counter in spec.counters:
        for seat, value in enumerate(state.counters[counter.id]):
            for bound, meaning in ((counter.min, counter.at_min), (counter.max, counter.at_max)):
                if value == bound:
                    winners |= {seat} if meaning == "wins" else set()
                    losers |= {seat} if meaning == "loses" else set()
                    ends = ends or (meaning == "ends")
    for counter in spec.shared:
        value = state.shared[counter.id]
        for bound, meaning in ((counter.min, counter.at_min), (counter.max, counter.at_max)):
            if value == bound and meaning != "nothing":
                everyone = everyone or (meaning if meaning in ("wins", "loses") else None)
                ends = ends or (meaning == "ends")
    if spec.deck_empty != "nothing" and state.stage == PLAY:
        for seat in movers(table, state):
            for k, allowed in enumerate(table.allows(state)):
                key = table.key(allowed.deck or "", seat) if allowed.do == "draw" else None
                if not key or state.left[key] > 0 or state.done[seat][k]:
                    continue
                if spec.deck_empty == "loses" and allowed.at_least:
                    losers.add(seat)  # it must draw, and cannot
                ends = ends or spec.deck_empty == "ends"  # it would draw, and cannot
    if winners:
        _finish(state, min(winners), events)
    elif everyone == "wins":
        _finish(state, 0 if n == 1 else None, events, all_won=True)
    elif everyone == "loses" or (n == 1 and (losers or ends)):
        _finish(state, None, events, all_lost=True)
    elif losers:
        rest = [s for s in range(n) if s not in losers]
        _finish(state, _best(table, state, rest), events, losers=losers)
    elif ends:
        _finish(state, _best(table, state, list(range(n))), events)


def _best(table: Table, state: DeclaredState, seats: list[int]) -> int | None:
    """The one seat of `seats` the declared `end.winner` puts first; None on a tie or no rule."""
    if len(seats) == 1:
        return seats[0]
    if not seats or table.spec.winner is None:
        return None
    how, counter = table.spec.winner
    values = {s: state.counters[counter][s] for s in seats}
    best = (max if how == "highest" else min)(values.values())
    top = [s for s, v in values.items() if v == best]
    return top[0] if len(top) == 1 else None


def _finish(
    state: DeclaredState,
    winner: int | None,
    events: list[str],
    *,
    all_won: bool = False,
    all_lost: bool = False,
    losers: set[int] | None = None,
) -> None:
    n = state.seats
    state.stage, state.winner = OVER, winner
    if all_lost:
        state.scores = [-1.0] * n
        state.result = "You lost." if n == 1 else "Everyone lost."
    elif all_won:
        state.scores = [1.0] * n
        state.result = "You won." if n == 1 else "Everyone won."
    elif winner is None:
        state.scores = [-1.0 if losers and s in losers else 0.0 for s in range(n)]
        state.result = "A draw."
    else:
        state.scores = [1.0 if s == winner else -1.0 for s in range(n)]
        state.result = f"{state.names[winner]} won."
    events.append(f"The game is over: {state.result}")
