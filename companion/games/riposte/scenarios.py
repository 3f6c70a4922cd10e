"""Ready-made Riposte moments: a round about to begin from the moves in each hand.

For the rulebook's worked examples and a sandbox: name the moves each player holds (design ids
like "feint"), and the builder takes real copies out of the deck and hands back the first clash
of a round. Every card is still in exactly one place, so the state is one a game could reach.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.engine.core import Step
from companion.games.riposte.abilities import unlock
from companion.games.riposte.rules import RiposteRules
from companion.games.riposte.state import CLASH, RiposteState


def round_start(
    rules: RiposteRules,
    ana: Sequence[str],
    ben: Sequence[str],
    *,
    offensive: int = 0,
    characters: tuple[str, str] = ("", ""),
    damage: tuple[int, int] = (0, 0),
) -> RiposteState:
    """Round 1 with these hands, Ana (player 1) on the offensive unless `offensive` says not."""
    deck = sorted(rules.data.deck)
    hands: list[tuple[str, ...]] = []
    for designs in (ana, ben):
        hand = []
        for design in designs:
            card = next(c for c in deck if c.rsplit(".", 1)[0] == design)
            deck.remove(card)
            hand.append(card)
        hands.append(tuple(hand))
    state = RiposteState(names=("Ana", "Ben"), phase=CLASH, offensive=offensive, round=1,
                         deck=tuple(deck), hands=(hands[0], hands[1]), characters=characters,
                         damage=damage)  # fmt: skip
    unlock(rules.data, state)
    return state


def held(state: RiposteState, player: int, design: str) -> str:
    return next(c for c in state.hands[player] if c.rsplit(".", 1)[0] == design)


def clash(rules: RiposteRules, state: RiposteState, ana: str, ben: str) -> Step:
    """Both lay a copy of the named move and reveal: the step of the second card."""
    first = rules.apply(state, {"type": "play", "player": 0, "card": held(state, 0, ana)},
                        random.Random(0))  # fmt: skip
    second = {"type": "play", "player": 1, "card": held(first.state, 1, ben)}
    return rules.apply(first.state, second, random.Random(0))
