"""Which cards an action takes from the unseen part of its player's piles, in order.

With the table's cards ("enter each card") the app does not know the order of a Deck: the player
reads each card that comes up off the real one. A turn's draw and an opening hand say so by
their kind; a card effect that draws or looks at the top of the Deck (Arcwisp's "Draw 1 card",
Tidepup's look at two, a fast-mode look through the Crystal deck) says so only once it runs, and
only if its conditions hold. So the page asks the rules: the action is played on a copy of the
state the page already shows (made from the player's own view, so nothing unseen is read), with
a chance source that records each pile chance is asked to pick from (`board.unseen_card`).
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Rules
from companion.games.luturas.board import CRYSTALS, DECK
from companion.games.luturas.state import LuturasState

NOT_ENTERED = frozenset({"toss", "deal", "mulligan", "draw", "end"})
"""Actions that enter their cards another way (the deal, a new hand, the turn's draw), or whose
draws belong to the next player's turn (the end of a turn)."""


class Probe(random.Random):
    """A chance source that notes every pool chance picks an unseen card from, and takes the
    first card of each (any would do: only the count and the piles matter)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.pools: list[list[str]] = []

    def pick(self, pool: list[str]) -> str:
        self.pools.append(list(pool))
        return pool[0]


def cards_to_enter(rules: Rules, state: LuturasState, action: Action) -> list[str]:
    """The piles (`board.DECK` or `board.CRYSTALS`) of `action`'s player that `action` would take
    unseen cards from, one entry per card in the order they come up; empty when it takes none,
    names its cards already, is refused, or makes chance pick another player's card (that
    player is not the one holding the tablet: chance keeps those)."""
    p = action.get("player")
    if p not in (0, 1) or "cards" in action or action.get("type") in NOT_ENTERED:
        return []
    if rules.check(state, action) is not None:
        return []
    probe = Probe()
    rules.apply_unchecked(state, action, probe)
    side = state.sides[p]
    piles: list[str] = []
    for pool in probe.pools:
        if set(pool) <= set(side.deck):
            piles.append(DECK)
        elif set(pool) <= set(side.crystal_deck):
            piles.append(CRYSTALS)
        else:
            return []
    return piles


def pool_of(state: LuturasState, p: int, pile: str) -> list[str]:
    """The cards of `p`'s `pile` that may come up unseen (the unknown part of the Deck)."""
    side = state.sides[p]
    return sorted(side.crystal_deck if pile == CRYSTALS else side.deck)
