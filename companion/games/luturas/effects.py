"""Printed effects, run from their declarations (the `does` column, parsed by
cardgen.data.effects): running a declaration, the triggers fired by the turn's actions, and the
effects of what fell (`aftermath`). Activated effects (Luturas, Tools, Soldiers' abilities,
Strategies played or flipped) and their once-per-turn tracking are in activated.py; continuous
effects are asked for in lasting.py.

A declaration says when (`trigger`), how often (`limit`), on what terms (flags, conditions) and
what (`steps`: a verb, an amount, a target). This module decides the moment and the terms; each
verb is one function in verbs.py, each target word one function in targets.py. A step whose
target word means one thing chosen by the effect's owner takes that choice from the action
(`choices`, one reference per such step, in order); one that means every such thing, or a
single thing the situation fixes (self, the attacker ...), needs none.

Rulings: upgrade-effects (only the top card's effect works; Deploy: only for a Gear 1 entering),
upgrade-pause (no activated effect on the turn of an upgrade), once-per-turn-timing (activated
effects on either turn unless the card limits them), tools-one (a Tool works once per turn),
strategy-once, strategy-facedown (the printed timing is the card's requirement), strategy-self,
soldier-immune (only targets that name a Soldier reach one), return-stops-deploy.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.engine.core import Action, Result
from companion.games.luturas import board, pending
from companion.games.luturas.damage import hurt
from companion.games.luturas.data import LuturasData
from companion.games.luturas.declarations import (
    ALWAYS,
    USE,
    chooses,
    holds,
    needs_attack,
    target_word,
    with_trigger,
)
from companion.games.luturas.state import (
    CHOOSE,
    OVER,
    Attack,
    Lutura,
    LuturasState,
    Pending,
    copy_side,
    copy_state,
    with_space,
)
from companion.games.luturas.targets import Context, Ref, candidates, parse_ref
from companion.games.luturas.verbs import CONTINUOUS, VERBS, may_keep

ROUND_DONE = (CHOOSE, OVER)  # the round (or match) ended: no effect goes on

ACTIVATIONS = frozenset({"effect", "tool_effect", "ability", "flip"})
ONCE_PER_TURN = "once_per_turn"


# --- running a declaration --------------------------------------------------------------------


def run(ctx: Context, effect: Any, choices: list[Ref | None], skip: bool = False) -> bool:
    """Carry out `effect`: costs first, then each step on its targets. Returns False when it
    did nothing (declined, a condition failed, or a cost could not be paid)."""
    if skip or not holds(ctx, effect):
        return False
    picks = iter(choices)
    for step in effect.steps:
        refs = targets_now(ctx, step, picks)
        if step.cost and not refs:
            return False
        word = target_word(ctx.data, step.target_name)
        if word is not None and word.chooser == "opponent":
            if ctx.state.sides[1 - ctx.owner].crystals:
                pending.push(ctx.state, Pending(1 - ctx.owner, step.verb))
                ctx.events.append(f"{ctx.state.names[1 - ctx.owner]} must choose which of their "
                                  "Crystals to destroy.")  # fmt: skip
            continue
        if step.delay == "turn_end":
            delay(ctx, step, refs)
            continue
        if step.verb in CONTINUOUS and (effect.trigger == ALWAYS or step.duration == "next_turn"):
            continue  # works through `lasting.continuous` while its source lasts
        VERBS[step.verb](ctx, step, refs)
        ctx.events += aftermath(ctx.data, ctx.state, ctx.rng)
        if ctx.state.phase in ROUND_DONE:
            break  # the round ended
    return True


def step_candidates(ctx: Context, step: Any) -> list[Ref]:
    """What a step may act on: its target's candidates, or for a verb that names its own kind
    of card (place_crystal: a Crystal from the hand) one card of each design."""
    if step.target is not None:
        return candidates(ctx, step.target)
    if step.verb == "place_crystal":
        hand = ctx.state.sides[ctx.owner].hand
        first: dict[str, str] = {}
        for card in sorted(hand):
            if ctx.data.of(card).kind == "crystal" and may_keep(ctx, card):
                first.setdefault(card.rsplit(".", 1)[0], f"card:{card}")
        return list(first.values())
    return []


def targets_now(ctx: Context, step: Any, picks: Any) -> list[Ref]:
    if step.target is None and not chooses(ctx.data, step):
        return []
    found = step_candidates(ctx, step)
    if chooses(ctx.data, step):
        pick = next(picks, None)
        return [pick] if pick in found else []
    if step.target_name == "opponent_chosen_crystal":
        return found
    return found


def delay(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Damage put off to the end of the turn (Overclock Coil): kept on the Lutura as `burn`."""
    for ref in refs:
        kind, rest = parse_ref(ref)
        if kind != "lutura":
            continue
        p, space = int(rest[0]), int(rest[1])
        lutura = ctx.state.sides[p].spaces[space]
        if lutura is not None and step.verb == "deal":
            with_space(
                ctx.state.sides[p], space, replace(lutura, burn=lutura.burn + int(step.amount))
            )


def choice_lists(ctx: Context, effect: Any) -> list[list[Ref]]:
    """Every list of choices the effect's owner could make now (one per choosing step)."""
    options: list[list[Ref]] = []
    for step in effect.steps:
        if chooses(ctx.data, step):
            found = step_candidates(ctx, step)
            if step.target_name == "own_card":
                found = [r for r in found if r != f"card:{ctx.card}"]  # ruling strategy-self
            if not found:
                if step.cost or step is effect.steps[0]:
                    return []
                found = []
            options.append(found or [""])
    return [list(c) for c in itertools.product(*options)]


def options_of(ctx: Context, effects: Sequence[Any], required: bool = False) -> list[Action]:
    """The action keys for running `effects` together: choices for each (and a decline for a
    `may` effect). An effect with nothing to act on is passed over, unless it is `required`
    (an effect a player chooses to use: then it can't be used) or a cost can't be paid."""
    combos: list[Action] = [{}]
    for index, effect in enumerate(effects):
        if not holds(ctx, effect) and effect.trigger not in ("attack", "after_attack"):
            continue
        lists = choice_lists(ctx, effect)
        chosen: list[Action] = [{f"choices{index}": c} if c else {} for c in lists]
        if effect.has("may"):
            chosen.append({f"skip{index}": True})
        if not chosen:
            if required or any(s.cost for s in effect.steps):
                return []
            continue
        combos = [a | b for a in combos for b in chosen]
    return combos


def run_all(ctx: Context, effects: list[Any], action: Action) -> None:
    for index, effect in enumerate(effects):
        run(ctx, effect, list(action.get(f"choices{index}", [])), bool(action.get(f"skip{index}")))
        if ctx.state.phase in ROUND_DONE:
            return


def keys_of(action: Action) -> Action:
    """The choices an action makes for its effects."""
    return {k: v for k, v in action.items() if k.startswith(("choices", "skip"))}


def entered(action: Action) -> Action:
    """The cards a player read off the real Deck for the action's draws and looks, if any."""
    return {"cards": action["cards"]} if action.get("cards") else {}


# --- triggers ---------------------------------------------------------------------------------


def on_deploy(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    p, card, space = action["player"], action["card"], action["space"]
    resolved = {"type": "deploy", "player": p, "card": card, "space": space}
    resolved |= keys_of(action) | entered(action)
    ctx = Context(data, state, p, card, space, rng=rng, cards=list(action.get("cards") or ()))
    run_all(ctx, with_trigger(data, card, "deploy"), action)
    return resolved, ctx.events


def with_choices(data: LuturasData, state: LuturasState, base: Action) -> list[Action]:
    """`base` (a deploy, a Strategy played from the hand, an attack) with every set of choices
    its effects need."""
    kind, p = base["type"], base["player"]
    if kind == "deploy":
        found = with_trigger(data, base["card"], "deploy")
        if plain_deploy(data, base["card"]):
            return [base]  # nothing to choose: no need to try it on a copy
        trial = copy_state(state)  # only the deploying side changes in the trial
        trial.sides = tuple(copy_side(s) if q == p else s for q, s in enumerate(state.sides))  # type: ignore[assignment]
        with_space(trial.sides[p], base["space"], board_lutura(base["card"]))
        board.take(trial.sides[p], "hand", base["card"])
        ctx = Context(data, trial, p, base["card"], base["space"])
    elif kind == "strategy":
        ctx = Context(data, state, p, base["card"])
        found = with_trigger(data, base["card"], USE)
        if any(needs_attack(data, e) for e in found):
            return []
    else:
        return [base]
    return [base | extra for extra in options_of(ctx, found, required=kind == "strategy")]


def plain_deploy(data: LuturasData, card: str) -> bool:
    """Whether the card's Deploy: effects leave its owner nothing to choose (no chosen target,
    no `may`): its deploy is listed as it is, without trying it on a copy."""
    found = with_trigger(data, card, "deploy")
    return not any(chooses(data, s) for e in found for s in e.steps) and not any(
        e.has("may") for e in found
    )


def board_lutura(card: str) -> Any:
    return Lutura((card,))


def on_attack(
    data: LuturasData, state: LuturasState, attack: Attack, rng: random.Random
) -> list[str]:
    """Before the damage: the attacker's Attack: effects, then the target's `attacked` ones."""
    p = attack.player
    side = state.sides[p]
    lutura = side.spaces[attack.space]
    assert lutura is not None
    ctx = Context(data, state, p, lutura.top, attack.space, attack=attack, rng=rng)
    picks: Action = {"choices0": list(attack.choices)} if attack.choices else {}
    run_all(ctx, with_trigger(data, lutura.top, "attack"), picks | {"skip0": attack.declined})
    if isinstance(attack.target, int):
        target = state.sides[1 - p].spaces[attack.target]
        if target is not None:
            tctx = Context(
                data, state, 1 - p, target.top, attack.target, attack=ctx.attack, rng=rng
            )
            run_all(tctx, with_trigger(data, target.top, "attacked"), {})
            ctx.events += tctx.events
            ctx.attack = tctx.attack
    state.attack = ctx.attack if state.attack is not None else None
    return ctx.events


def attack_options(data: LuturasData, state: LuturasState, base: Action) -> list[Action]:
    """An attack with every set of choices its Attack: effects need (decided when announced)."""
    p, space = base["player"], base["space"]
    lutura = state.sides[p].spaces[space]
    found = with_trigger(data, lutura.top, "attack") if lutura is not None else []
    if not found:
        return [base]
    trial = copy_state(state)  # the sides shared: listing choices only reads them
    trial.attack = Attack(p, space, base["target"])
    ctx = Context(data, trial, p, lutura.top, space, attack=trial.attack)  # type: ignore[union-attr]
    return [base | keys for keys in options_of(ctx, found[:1])]


def after_attack(
    data: LuturasData, state: LuturasState, attack: Attack, destroyed: bool, rng: random.Random
) -> list[str]:
    lutura = state.sides[attack.player].spaces[attack.space]
    if lutura is None:
        return []
    ctx = Context(data, state, attack.player, lutura.top, attack.space, attack=attack,
                  target_destroyed=destroyed, rng=rng)  # fmt: skip
    run_all(ctx, with_trigger(data, lutura.top, "after_attack"), {})
    return ctx.events


def aftermath(data: LuturasData, state: LuturasState, rng: random.Random) -> list[str]:
    """Run the effects of what fell (Luturas destroyed, Tools that left play) since the last
    look, in the order they fell, including what those effects fell in turn."""
    events: list[str] = []
    while (state.fallen or state.dropped) and state.phase not in ROUND_DONE:
        if state.fallen:
            (d, top, by_p, by_s), state.fallen = state.fallen[0], state.fallen[1:]
            events += on_destroyed(data, state, d, top, (by_p, by_s) if by_p >= 0 else None, rng)
        else:
            (owner, card), state.dropped = state.dropped[0], state.dropped[1:]
            ctx = Context(data, state, owner, card, rng=rng)
            run_all(ctx, with_trigger(data, card, "leaves"), {})
            events += ctx.events
    state.fallen, state.dropped = (), ()
    return events


def on_destroyed(
    data: LuturasData, state: LuturasState, d: int, top: str, by: tuple[int, int] | None,
    rng: random.Random,
) -> list[str]:  # fmt: skip
    """The destroyed Lutura's own `destroyed` effects (and `destroyed_by_attack` when an attack
    did it, with the attacker as the target it names)."""
    triggers = ("destroyed", "destroyed_by_attack") if by else ("destroyed",)
    found = with_trigger(data, top, *triggers)
    if not found:
        return []
    attack = Attack(by[0], by[1], -1) if by else None
    ctx = Context(data, state, d, top, -1, attack=attack, rng=rng)
    run_all(ctx, found, {})
    return ctx.events


def start_of_turn(data: LuturasData, state: LuturasState, p: int, rng: random.Random) -> list[str]:
    """Lasting Strategies of `p` end (Fortify), then `p`'s turn_start effects."""
    side = state.sides[p]
    events = []
    if side.lasting:
        events.append(f"{state.names[p]}'s lasting Strategies end and go to the Workshop.")
        side.workshop, side.lasting = (*side.workshop, *side.lasting), ()
    for space, lutura in board.luturas(side):
        found = with_trigger(data, lutura.top, "turn_start")
        if not found:
            continue  # nothing runs: no context needed (every turn, for each Lutura)
        ctx = Context(data, state, p, lutura.top, space, rng=rng)
        run_all(ctx, found, {})
        events += ctx.events
        if state.phase in ROUND_DONE:
            break
    return events


def end_of_turn(data: LuturasData, state: LuturasState, p: int, rng: random.Random) -> list[str]:
    """Damage put off to the end of the turn is dealt (both sides)."""
    events: list[str] = []
    for q in (0, 1):
        for space, lutura in board.luturas(state.sides[q]):
            if lutura.burn:
                with_space(state.sides[q], space, replace(lutura, burn=0))
                events += hurt(data, state, q, space, lutura.burn)
    return events + aftermath(data, state, rng)
