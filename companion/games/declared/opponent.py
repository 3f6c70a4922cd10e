"""The app's rules of thumb for any declared game: look one action ahead, keep the best.

It knows no game; it reads the declaration for what is good. A counter whose lower bound loses
(health) is better high for itself and low for the others, one whose upper bound wins (score) the
same, and the counter `end.winner` ranks by counts the way it ranks. It decides on a state drawn
from its seat's view (`from_view`), so it never sees another seat's hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.engine.seats import Action, Seat

CARD_WORTH = 0.25  # a card in hand, against one point of a counter that matters
END_EARLY = 0.01  # ending a phase is the last resort when nothing else gains anything


class DeclaredOpponent:
    """The app in `seat`, playing the declared game whose rules `rules()` makes."""

    def __init__(self, seat: Seat, rules: Callable[[], Any] | Any) -> None:
        self.seat = seat
        self._rules = rules

    @property
    def rules(self) -> Any:
        if callable(self._rules) and not hasattr(self._rules, "table"):
            self._rules = self._rules()
        return self._rules

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None:
        if not legal:
            return None
        rules = self.rules
        state = rules.from_view(view, self.seat, rng)
        best, choices = None, []
        for action in legal:
            if action.get("type") == "end_phase":
                score = self.worth(rules, state) - END_EARLY
            else:
                score = self.worth(rules, rules.apply_unchecked(state, action, rng).state)
            if best is None or score > best + 1e-9:
                best, choices = score, [action]
            elif abs(score - best) <= 1e-9:
                choices.append(action)
        return rng.choice(choices)

    def worth(self, rules: Any, state: Any) -> float:
        """How good `state` looks from this seat: a won game best, a lost one worst."""
        me = self.seat
        if rules.is_over(state):
            winner = rules.outcome(state).winner
            return 1e6 if winner == me else -1e6 if winner is not None else 0.0
        table, total = rules.table, 0.0
        ranked = table.winner[1] if table.winner else None
        for counter in table.counters:
            values = state.counters[counter.id]
            others = [v for s, v in enumerate(values) if s != me]
            lead = values[me] - (sum(others) / len(others) if others else 0)
            up = (counter.at_min == "loses") + (counter.at_max == "wins") + (counter.id == ranked)
            down = (counter.at_max == "loses") + (counter.at_min == "wins")
            if table.winner and counter.id == ranked and table.winner[0] == "lowest":
                up, down = up - 1, down + 1
            total += (up - down) * lead
        for zone in table.zones:
            total += CARD_WORTH * len(state.zones[zone.id][me]) * (zone.seen == "owner")
        return total
