"""A match as one seat sees it: everything a page may draw from, and nothing more.

Pages are handed a `SeenMatch`, never the `Match`: its state is made from the seat's view alone
(`rules.from_view`, with whatever the seat cannot see made up the same way for the same view), its
log is the seat's redacted log, and it has no seed (the seed would tell what the decks hold). So a
page cannot leak what its seat may not see, however it is written: at worst it shows a made-up
card, and the made-up cards depend only on what the seat already sees.
"""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from companion.engine.core import Action, Match, Rules, State
from companion.engine.seats import CHANCE, Seat


class SeenMatch:
    """`match` through the eyes of `seat` (None: the shared table screen), acting for `acts_for`.

    The made-up parts of `state` come from a random source seeded with a constant, so the same
    view always gives the same state, and a page drawn twice from the same view is the same.
    """

    def __init__(self, match: Match, seat: Seat | None, acts_for: frozenset[Seat]) -> None:
        self._match = match
        self.seat = seat
        self.acts_for = acts_for
        self.rules: Rules = match.rules
        self.options: dict[str, Any] = dict(match.options)

    @cached_property
    def view(self) -> dict[str, Any]:
        return self._match.view(self.seat)

    @cached_property
    def state(self) -> State:
        return self.rules.from_view(self.view, self.seat, random.Random(0))

    @cached_property
    def log(self) -> list[Action]:
        """Every logged action, with what the seat may not know replaced by HIDDEN."""
        return self._match.seen_log(self.seat)

    @property
    def events(self) -> list[list[str]]:
        return self._match.events

    @property
    def length(self) -> int:
        return len(self._match.log)

    def state_at(self, length: int) -> State:
        """The state after the first `length` actions, as the seat saw it then."""
        if length == len(self._match.log):
            return self.state
        view = self.rules.view(self._match.state_at(length), self.seat)
        return self.rules.from_view(view, self.seat, random.Random(0))

    def legal_actions(self) -> list[Action]:
        """What this device may do now: its seats' actions, and chance's (any device draws)."""
        state = self._match.state
        return [
            action
            for action in self.rules.legal_actions(state)
            if (actors := self.rules.actors(state, action)) & self.acts_for or CHANCE in actors
        ]

    def check(self, action: Action) -> str | None:
        """Why this device may not play `action` now, or None."""
        reason = self.rules.check(self._match.state, action)
        if reason is None and self.seat is not None:
            reason = self.rules.refuse_seat(self._match.state, action, self.seat)
        return reason

    def to_move(self) -> frozenset[Seat]:
        return self.rules.to_move(self._match.state)

    def undo_refusal(self) -> str | None:
        return self._match.undo_refusal(self.seat)

    def outcome(self) -> Any:
        return self._match.outcome()
