"""A card's declared effects as the engine reads them, and as a designer writes them back.

Plain frozen values with plain string names (trigger, limit, flags, verb, target), so an engine
dispatches on them with a dict; `cell_of` spells an effect the way `grammar` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EFFECT_SEPARATOR = ";"
STEP_SEPARATOR = ","
COST_WORD = "cost"

Amount = int | Literal["all"] | None


@dataclass(frozen=True)
class Target:
    """Who or what a step acts on: a target word of the vocabulary, narrowed by filters.

    `filters` keeps the written order, e.g. (("gear", "1"),) for an opponent's Gear 1 Lutura; values
    are the canonical ids (a keyword id, a choice value, a whole number as written digits)."""

    name: str
    filters: tuple[tuple[str, str], ...] = ()

    def filter(self, key: str) -> str | None:
        return next((v for k, v in self.filters if k == key), None)


@dataclass(frozen=True)
class Step:
    """One verb with its arguments. A `cost` step must be paid before the others happen (its
    sentence reads "Destroy one of your Crystals to deal 3 damage ..."). `duration` says how long
    a lasting step holds ("attack", "turn", "next_turn", "game"; "" while its source is in play
    or for a one-off); `delay` puts it off to a later moment ("turn_end")."""

    verb: str
    amount: Amount = None
    target: Target | None = None
    cost: bool = False
    duration: str = ""
    delay: str = ""

    @property
    def target_name(self) -> str:
        return self.target.name if self.target else ""


@dataclass(frozen=True)
class Condition:
    """An `if` of the header: a condition word and its value ("" when it takes none)."""

    name: str
    value: str = ""


@dataclass(frozen=True)
class Effect:
    """One effect of a card: when it happens (`trigger`), how often (`limit`: "" for no limit),
    on what terms (`flags` such as your_turn, may; `conditions`) and what it does (`steps`, costs
    first)."""

    trigger: str
    steps: tuple[Step, ...]
    limit: str = ""
    flags: tuple[str, ...] = ()
    conditions: tuple[Condition, ...] = ()

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def costs(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.cost)

    @property
    def actions(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if not s.cost)

    def condition(self, name: str) -> Condition | None:
        return next((c for c in self.conditions if c.name == name), None)

    def __str__(self) -> str:
        return cell_of(self)


# Writing a declaration back into a cell (export, error messages): the canonical spelling.


def cell_of(effect: Effect) -> str:
    """One effect as a designer would type it; the trigger is always written out."""
    head = [effect.limit.replace("_", " ")] if effect.limit else []
    head.append(effect.trigger.replace("_", " "))
    head += [f.replace("_", " ") for f in effect.flags]
    head += [f"if {c.name}" + (f"={c.value}" if c.value else "") for c in effect.conditions]
    return ", ".join(head) + ": " + f"{STEP_SEPARATOR} ".join(_step_cell(s) for s in effect.steps)


def cells_of(effects: tuple[Effect, ...]) -> str:
    """The cell a designer would type for `effects` (reads back to the same declaration)."""
    return f"{EFFECT_SEPARATOR} ".join(cell_of(e) for e in effects)


def _step_cell(step: Step) -> str:
    words = [COST_WORD] if step.cost else []
    words.append(step.verb)
    if step.amount is not None:
        words.append(str(step.amount))
    if step.target is not None:
        words.append(step.target.name)
        words += [f"{k}={v}" for k, v in step.target.filters]
    if step.duration:
        words.append(f"for={step.duration}")
    if step.delay:
        words.append(f"at={step.delay}")
    return " ".join(words)
