"""Reading a card's declared effects (cardgen.data.effects): which fire on a trigger, which
target a player chooses, whether their conditions hold, whether they answer an attack.
"""

from __future__ import annotations

from typing import Any

from companion.games.luturas.data import LuturasData
from companion.games.luturas.targets import Context

ACTIVATE, ALWAYS, USE = "activate", "always", "use"
ANSWERS = frozenset({"opponent_attacks", "soldier_would_fall"})  # triggers that answer an attack
CHOSEN_WITHOUT_TARGET = frozenset({"place_crystal"})  # the verb itself says what is chosen
CHOSEN_LATER = frozenset({"dig"})  # chosen once the looked-at cards are seen (pending.py)
AUTO_TARGETS = frozenset({"self", "assigned", "attack_target", "attacker", "target_tool",
                          "own_soldier", "opponent_soldier", "opponent_chosen_crystal", "attack",
                          "attack_on_own_lutura", "attack_on_other_own_lutura"})  # fmt: skip


def declared(data: LuturasData, card: str) -> tuple[Any, ...]:
    return tuple(data.of(card).effect or ())


def with_trigger(data: LuturasData, card: str, *triggers: str) -> list[Any]:
    """Remembered by card and triggers: every rule asks, a random playout about ten times an
    action, and the answer is the card's alone. A new list each time, as callers may add to it."""
    key = (card, triggers)
    found = data.triggered.get(key)
    if found is None:
        found = tuple(e for e in declared(data, card) if e.trigger in triggers)
        data.triggered[key] = found
    return list(found)


def triggered(data: LuturasData, card: str, *triggers: str) -> tuple[Any, ...]:
    """`with_trigger`'s remembered tuple itself, not a copy: for a caller that only asks
    whether there is one (the activations listed for both players at every step)."""
    found = data.triggered.get((card, triggers))
    return found if found is not None else tuple(with_trigger(data, card, *triggers))


def with_verb(data: LuturasData, card: str, trigger: str, verb: str) -> tuple[Any, ...]:
    """The card's effects on `trigger` with a step of `verb`, remembered: continuous effects are
    asked for several times an action, and most cards have none."""
    key = (card, trigger, verb)
    found = data.by_verb.get(key)
    if found is None:
        found = tuple(e for e in with_trigger(data, card, trigger)
                      if any(s.verb == verb for s in e.steps))  # fmt: skip
        data.by_verb[key] = found
    return found


def target_word(data: LuturasData, name: str) -> Any:
    return data.vocabulary.targets.get(name) if data.vocabulary else None


def is_many(data: LuturasData, step: Any) -> bool:
    word = target_word(data, step.target_name)
    return bool(word and word.many)


def chooses(data: LuturasData, step: Any) -> bool:
    """Whether the effect's owner picks this step's target (so the action names it)."""
    if step.target is None:
        return step.verb in CHOSEN_WITHOUT_TARGET
    if step.target_name in AUTO_TARGETS or step.verb in CHOSEN_LATER:
        return False
    word = target_word(data, step.target_name)
    return not (word and (word.many or word.chooser != "owner"))


def holds(ctx: Context, effect: Any) -> bool:
    """The effect's `if` conditions, now."""
    from companion.games.luturas.crystals import distinct_types

    for c in effect.conditions:
        if c.name == "target_destroyed" and not ctx.target_destroyed:
            return False
        if c.name == "target_has_tool":
            a = ctx.attack
            foe = ctx.state.sides[1 - ctx.owner]
            if (
                a is None
                or not isinstance(a.target, int)
                or foe.tool_at != a.target
                or not foe.tool
            ):
                return False
        shown = distinct_types(ctx.data, ctx.state.sides[ctx.owner].crystals)
        if c.name == "crystal_types" and shown < int(c.value):
            return False
    return True


def needs_attack(data: LuturasData, effect: Any) -> bool:
    """Whether the effect only makes sense against an attack being answered: it answers one,
    names one, or takes damage off one (a shield used as an answer). Remembered by the effect
    (kept alive with its answer): the activations of both
    players are listed at every step, each asking this."""
    found = data.attack_bound.get(id(effect))
    if found is None or found[0] is not effect:  # kept with the effect: its id stays its own
        found = data.attack_bound[id(effect)] = (effect, answers_attack(data, effect))
    return found[1]


def answers_attack(data: LuturasData, effect: Any) -> bool:
    """`needs_attack`, worked out."""
    words = [target_word(data, s.target_name) for s in effect.steps if s.target]
    if effect.trigger in ANSWERS or any(w is not None and w.kind == "attack" for w in words):
        return True
    return effect.trigger == ACTIVATE and all(s.verb == "shield" for s in effect.steps)
