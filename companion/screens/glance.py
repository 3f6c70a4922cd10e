"""What the table view shows of a game: each side's deciding number and the turn line.

Kept apart from the view itself so that a page (a declared game's) can say its glance without
importing the view, which imports the pages' glances in turn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Side:
    """One number a player (or the hero) is watched by: `value` of `of`, in `unit`."""

    name: str
    value: int
    of: int | None
    unit: str
    detail: str = ""
    to_move: bool = False
    hurt: int = 0  # grows with every hit this side takes: a hit is this number going up


@dataclass(frozen=True)
class Glance:
    title: str
    turn: str
    sides: tuple[Side, ...]
