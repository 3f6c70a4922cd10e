"""Attacks and damage: what a Lutura may attack, the answer step, and how damage adds up.

Ruling attack-sequence: the attacker and target are announced; the defender may answer (flip a
Strategy, use the Soldier's ability or a card that negates); then the attacker's Attack: effects
resolve, then the damage. A negated attack deals no damage, its Attack: effects still resolve,
and it uses up that Lutura's attack (our decision, ruling attack-negated). An attacker that
leaves the Battlefield before its damage ends the attack there (ruling attacker-leaves): taken by
an answer, at once (`activated.after_use`); by the target's effect, before the damage.
Ruling damage-order: Combat bonuses, then fast mode's doubling (ruling nature-chart-fast-only),
then reductions, never below 0. Ruling combat-and-stamina: the target never strikes back; at 0
Stamina a Lutura is destroyed with every Gear under it (ruling upgrade-stack), and a Soldier at 0
loses the round.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.engine.core import Action, Result
from companion.games.luturas import activated, effects, lasting
from companion.games.luturas.damage import destroy_tool, hurt, hurt_soldier
from companion.games.luturas.data import STRONG, LuturasData
from companion.games.luturas.outcome import is_decided, settle
from companion.games.luturas.state import (
    FAST,
    MAIN,
    OWN_TOOL,
    RESPOND,
    SOLDIER,
    TOOL,
    Attack,
    LuturasState,
    with_space,
)


def lutura_words(data: LuturasData, state: LuturasState, p: int, space: int) -> str:
    lutura = state.sides[p].spaces[space]
    assert lutura is not None
    return f"{state.names[p]}'s {data.title(lutura.top)}"


def target_words(data: LuturasData, state: LuturasState, p: int, target: int | str) -> str:
    d = 1 - p
    if target == SOLDIER:
        return f"{state.names[d]}'s Soldier {data.of(state.sides[d].soldier).name}"
    if target == TOOL:
        return f"{state.names[d]}'s Tool {data.title(state.sides[d].tool)}"
    if target == OWN_TOOL:
        return f"{state.names[p]}'s own Tool {data.title(state.sides[p].tool)}"
    assert isinstance(target, int)
    return lutura_words(data, state, d, target)


def damage(
    data: LuturasData, state: LuturasState, p: int, space: int, target: int | str
) -> tuple[int, list[str]]:
    """The damage an attack of `p`'s Lutura in `space` would deal to `target`, and how it was
    reached, in words (ruling damage-order)."""
    lutura = state.sides[p].spaces[space]
    assert lutura is not None
    attacker = data.of(lutura.top)
    amount = lasting.combat(data, state, p, space)
    steps = [f"{attacker.title} attacks with {amount} Combat"]
    if isinstance(target, int):
        defender = state.sides[1 - p].spaces[target]
        assert defender is not None
        nature = data.of(defender.top).nature
        if state.mode == FAST and nature in STRONG.get(attacker.nature, frozenset()):
            amount *= 2
            steps.append(f"doubled to {amount}: {attacker.nature.capitalize()} is strong "
                         f"against {nature.capitalize()}")  # fmt: skip
        a = state.attack
        less = lasting.reduction(data, state, 1 - p, target) + (a.shield if a else 0)
        if less:
            amount = max(0, amount - less)
            steps.append(f"{less} less taken, so {amount}")
    return amount, steps


def declare(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """Announce an attack; the defender answers if they can, else it resolves at once."""
    p, space, target = action["player"], action["space"], action["target"]
    side = state.sides[p]
    lutura = side.spaces[space]
    assert lutura is not None
    with_space(side, space, replace(lutura, attacks=lutura.attacks + 1))
    events = [
        f"{lutura_words(data, state, p, space)} attacks {target_words(data, state, p, target)}."
    ]
    choices = tuple(action.get("choices0") or ())
    state.attack = Attack(p, space, target, choices=choices, declined=bool(action.get("skip0")))
    resolved = {"type": "attack", "player": p, "space": space, "target": target}
    resolved |= {k: v for k, v in action.items() if k in ("choices0", "skip0")}
    if target != OWN_TOOL and activated.can_answer(data, state, 1 - p):
        state.phase = RESPOND  # who may answer is the table's next step, said by the page
        return resolved, events
    events += resolve(data, state, rng)
    return resolved, events


def let_through(
    data: LuturasData, state: LuturasState, action: Action, rng: random.Random
) -> Result:
    """The defender gives no (further) answer: the attack resolves."""
    d = action["player"]
    return {"type": "pass", "player": d}, [f"{state.names[d]} lets the attack go on.",
                                          *resolve(data, state, rng)]  # fmt: skip


def resolve(data: LuturasData, state: LuturasState, rng: random.Random) -> list[str]:
    """The answers are given: Attack: effects, then the damage, then after-attack effects."""
    attack = state.attack
    assert attack is not None
    state.phase = MAIN
    p = attack.player
    if activated.attacker_left(state):
        return [*activated.call_off(state), *settle(data, state)]
    events = effects.on_attack(data, state, attack, rng)
    attack = state.attack or attack
    if is_decided(state) or state.sides[p].spaces[attack.space] is None:
        state.attack = None
        return [*events, *settle(data, state)]
    destroyed = False
    if attack.negated and not lasting.unnegatable(data, state, p, attack.space):
        events.append("The attack is negated: it deals no damage.")
    else:
        hit, destroyed = strike(data, state, attack)
        events += hit + effects.aftermath(data, state, rng)
    if not is_decided(state):
        events += effects.after_attack(data, state, attack, destroyed, rng)
    state.attack = None
    return events + settle(data, state)


def strike(data: LuturasData, state: LuturasState, attack: Attack) -> tuple[list[str], bool]:
    """The damage of an attack that was not negated; whether it destroyed a Lutura. Tools'
    help is counted, then spent for the turn (ruling tools-one)."""
    p, d, target = attack.player, 1 - attack.player, attack.target
    if target == SOLDIER:
        events = hit_soldier(data, state, p, attack.space)
        return events + lasting.spend_tool(data, state, p, attack.space, "boost"), False
    if target in (TOOL, OWN_TOOL):
        owner = d if target == TOOL else p
        events = destroy_tool(data, state, owner) if state.sides[owner].tool else []
        return events, False
    assert isinstance(target, int)
    if state.sides[d].spaces[target] is None:
        return ["The target left the Battlefield: the attack hits nothing."], False
    amount, steps = damage(data, state, p, attack.space, target)
    events = ["; ".join(steps) + "."]
    events += lasting.spend_tool(data, state, p, attack.space, "boost")
    events += lasting.spend_reduction(data, state, d, target)
    events += hurt(data, state, d, target, amount, by=(p, attack.space))
    return events, state.sides[d].spaces[target] is None


def hit_soldier(data: LuturasData, state: LuturasState, p: int, space: int) -> list[str]:
    d = 1 - p
    amount = lasting.combat(data, state, p, space)
    return hurt_soldier(data, state, d, amount, by_attack=True)
