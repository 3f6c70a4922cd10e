"""Strength tests that stop playing once their verdict is sure.

A test such as "hard wins at least seven of ten seeded games" is decided as soon as seven are
won, or four lost: the games left cannot change the answer. Playing them anyway is most of the
suite's time, so these tests play seeded games in order and stop there. The verdict is the one
all the games would give; what the message reports is what was played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

WON, DRAWN, LOST = 1, 0, -1


@dataclass(frozen=True)
class Tally:
    """The games played, of `games` planned; `sure` says the verdict could not change."""

    games: int
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.drawn

    @property
    def left(self) -> int:
        return self.games - self.played

    def __str__(self) -> str:
        return (
            f"{self.won} won, {self.lost} lost, {self.drawn} drawn of the first {self.played}"
            f" of {self.games} games"
        )


def settle(
    games: int, play: Callable[[int], int], passes: Callable[[int, int], bool]
) -> tuple[bool, Tally]:
    """Plays game 0, 1, ... (`play(i)` gives WON, DRAWN or LOST) until `passes(won, lost)` over
    all `games` is sure: true even if every game left is lost, or false even if every one is
    won. `passes` must never get worse with another win, nor better with another loss."""
    tally = Tally(games)
    for index in range(games):
        if passes(tally.won, tally.lost + tally.left):
            return True, tally
        if not passes(tally.won + tally.left, tally.lost):
            return False, tally
        outcome = play(index)
        tally = Tally(
            games,
            tally.won + (outcome == WON),
            tally.lost + (outcome == LOST),
            tally.drawn + (outcome == DRAWN),
        )
    return passes(tally.won, tally.lost), tally


def outcome_for(winner: int | None, seat: int) -> int:
    """WON, LOST or DRAWN for `seat`, given the game's winner (None for a draw)."""
    if winner is None:
        return DRAWN
    return WON if winner == seat else LOST
