"""Cards a player reads off the physical cards, checked against the pile they came from.

A chance action may carry the cards the table really drew (typed in, or scanned); each game checks
them against its own pile before anything moves, and says which card is not there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def undrawable(pool: Iterable[str], cards: Any, asked: str, where: str) -> str | None:
    """None if `cards` (a list of card ids) could come off `pool` one after another, a card of
    the pool at most as often as it is there; else why not: `asked` when `cards` is no list, or
    the first card that is not (or no longer) there, said to be not in `where`."""
    if not isinstance(cards, list):
        return asked
    left = list(pool)
    for card in cards:
        if not isinstance(card, str) or card not in left:
            return f"{card!r} is not in {where}."
        left.remove(card)
    return None
