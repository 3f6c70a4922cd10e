"""Worked examples: a rulebook's example played by the rules engine on the card data.

A rulebook example tells a little story ("the Wolf hits the Porcupine, which survives and
retaliates"). Its numbers are printed from what the engine computed, and its story is a list of
beats the engine either agrees with or not: when a designer changes a card so that the story no
longer happens, `cardgen validate` and the rulebook build name the example and the beat instead
of printing a false example.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

R = TypeVar("R")


@dataclass
class Worked:
    """One example: what the rulebook prints (`facts`) and what its story claims (`beats`)."""

    id: str
    title: str
    facts: dict[str, Any] = field(default_factory=dict)
    beats: list[tuple[str, bool]] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # the engine's own log of the example

    def beat(self, claim: str, holds: bool) -> bool:
        self.beats.append((claim, bool(holds)))
        return bool(holds)

    @property
    def broken(self) -> list[str]:
        """The claims of the story the engine does not agree with."""
        return [claim for claim, holds in self.beats if not holds]

    def __getattr__(self, name: str) -> Any:
        """Templates read facts as attributes: `ex.porcupine_left`."""
        try:
            return self.__dict__["facts"][name]
        except KeyError:
            raise AttributeError(
                f"example {self.__dict__.get('id')!r} has no fact {name!r}"
            ) from None


def problems(examples: dict[str, Worked]) -> list[str]:
    """One line per broken beat, naming the example."""
    return [
        f"rulebook example {ex.title!r} no longer holds: {claim}"
        for ex in examples.values()
        for claim in ex.broken
    ]


def play_all(rules: R, stories: Mapping[str, Callable[[R], Worked]]) -> dict[str, Worked]:
    """Each of a game's stories played on one `rules` (its card data), keyed by the name the
    rulebook's templates use, in the order given."""
    return {name: story(rules) for name, story in stories.items()}
