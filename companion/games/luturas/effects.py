"""Printed effects, run from their declarations (the `does` column, parsed by
cardgen.data.effects): triggers fired by the turn's actions, activated effects (Luturas, Tools,
Soldiers' abilities, Strategies played or flipped) with their once-per-turn tracking, and the
effects of what fell (`aftermath`). Continuous effects are asked for in lasting.py.

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
from dataclasses import replace
from typing import Any

from companion.games.luturas import board, pending
from companion.games.luturas.damage import hurt
from companion.games.luturas.data import LuturasData
from companion.games.luturas.declarations import (
    ACTIVATE,
    ALWAYS,
    ANSWERS,
    USE,
    chooses,
    declared,
    holds,
    needs_attack,
    target_word,
    with_trigger,
)
from companion.games.luturas.lasting import combat
from companion.games.luturas.outcome import settle
from companion.games.luturas.state import (
    CHOOSE,
    MAIN,
    OVER,
    RESPOND,
    SOLDIER,
    Attack,
    LuturasState,
    Pending,
    with_space,
)
from companion.games.luturas.targets import Context, Ref, candidates, parse_ref
from companion.games.luturas.verbs import CONTINUOUS, VERBS, may_keep
from companion.games.rulings import ruled

Action = dict[str, Any]
Result = tuple[Action, list[str]]
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


def options_of(ctx: Context, effects: list[Any], required: bool = False) -> list[Action]:
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
        if not any(chooses(data, s) for e in found for s in e.steps) and not any(
            e.has("may") for e in found
        ):
            return [base]  # nothing to choose: no need to try it on a copy
        trial = state.clone()
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


def board_lutura(card: str) -> Any:
    from companion.games.luturas.state import Lutura

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
    trial = state.clone()
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
        ctx = Context(data, state, p, lutura.top, space, rng=rng)
        run_all(ctx, with_trigger(data, lutura.top, "turn_start"), {})
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


# --- activated effects ------------------------------------------------------------------------


def whose_turn_ok(state: LuturasState, p: int, effect: Any) -> str | None:
    mine = state.active == p
    if effect.has("your_turn") and not mine:
        return "This effect works only on your own turn."
    if effect.has("opponents_turn") and mine:
        return "This effect works only on your opponent's turn."
    return None


def phase_ok(state: LuturasState, p: int) -> str | None:
    if state.phase == MAIN:
        return None
    if state.phase == RESPOND and state.attack is not None and state.attack.player != p:
        return None
    return "Effects are used during a turn, or to answer an attack."


def sources(
    data: LuturasData, state: LuturasState, action: Action
) -> tuple[str, Context, list[Any]] | str:
    """(card, context, effects) an activation action would run, or why it can't be used."""
    kind, p = action.get("type"), action.get("player")
    if p not in (0, 1) or isinstance(p, bool):
        return "Name player 1 or player 2."
    side = state.sides[p]
    attack = state.attack if state.phase == RESPOND else None
    if kind == "effect":
        space = action.get("space")
        if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < 4:
            return "Name one of your Lutura spaces (1 to 4)."
        lutura = side.spaces[space]
        if lutura is None:
            return f"Space {space + 1} holds no Lutura of yours."
        found = with_trigger(data, lutura.top, ACTIVATE)
        if not found:
            return f"{data.title(lutura.top)} has no effect to use."
        if lutura.upgraded:
            return ruled(f"{data.title(lutura.top)} was upgraded this turn: its effect waits until "
                         "your next turn.", "upgrade-pause")  # fmt: skip
        if any(needs_attack(data, e) for e in found) and attack is None:
            return "This effect answers an attack: use it when one is announced."
        if ACTIVATE in lutura.used:
            return ruled(
                f"{data.title(lutura.top)}'s effect was used this turn.", "once-per-turn-timing"
            )
        return lutura.top, Context(data, state, p, lutura.top, space, attack=attack), found
    if kind == "tool_effect":
        if not side.tool:
            return "You have no Tool in play."
        found = [e for e in with_trigger(data, side.tool, ACTIVATE)]
        if not found:
            return f"{data.title(side.tool)} has no effect to use."
        if side.tool_at < 0 and not all(e.has("unassigned") for e in found):
            return ruled("The Tool points at no Lutura: assign it first.", "tools-one")
        if side.tool_used:
            return ruled(f"{data.title(side.tool)} has worked once this turn.", "tools-one")
        if any(needs_attack(data, e) for e in found) and attack is None:
            return "This Tool works against an attack: use it when one is announced."
        return side.tool, Context(data, state, p, side.tool, side.tool_at, attack=attack), found
    if kind == "ability":
        found = [e for e in declared(data, side.soldier) if e.trigger in (ACTIVATE, *ANSWERS)]
        if not found:
            return f"{data.of(side.soldier).name} has no ability to use now."
        if side.ability_used:
            return ruled(
                f"{data.of(side.soldier).name}'s ability was used this round.", "soldier-immune"
            )
        if any(needs_attack(data, e) for e in found) and attack is None:
            return "This ability answers an attack: use it when one is announced."
        return side.soldier, Context(data, state, p, side.soldier, attack=attack), found
    if kind == "flip":
        card = side.facedown
        if not card:
            return "You have no Strategy face down."
        if state.active == p:
            return ruled(
                "A face-down Strategy is flipped on your opponent's turn.", "strategy-facedown"
            )
        if side.strategy_used:
            return ruled("You have already used a Strategy this turn.", "strategy-once")
        found = [e for e in declared(data, card) if e.trigger in (USE, *ANSWERS)]
        if any(needs_attack(data, e) for e in found) and attack is None:
            return "This Strategy answers an attack: flip it when one is announced."
        if any(e.trigger == "soldier_would_fall" for e in found) and not soldier_would_fall(
            data, state
        ):
            return "This Strategy works only when an attack would bring your Soldier to 0."
        return card, Context(data, state, p, card, attack=attack), found
    return f"Luturas has no action {kind!r}."


def soldier_would_fall(data: LuturasData, state: LuturasState) -> bool:
    a = state.attack
    if a is None or a.target != SOLDIER:
        return False
    return combat(data, state, a.player, a.space) >= state.sides[1 - a.player].stamina


def cards_refusal(state: LuturasState, action: Action) -> str | None:
    """Cards entered from the real Deck must be cards of that player's Deck, each once."""
    cards, p = action.get("cards"), action.get("player")
    if cards is None or p not in (0, 1):
        return None
    side = state.sides[p]
    pool = [*side.deck, *side.top, *side.bottom, *side.crystal_deck]
    if not isinstance(cards, list) or len(set(map(str, cards))) != len(cards):
        return "Name each card entered from the Deck once, as a list."
    strays = [c for c in cards if c not in pool]
    return f"{strays[0]!r} is not in {state.names[p]}'s Deck." if strays else None


def check_activation(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    reason = cards_refusal(state, action)
    if reason:
        return reason
    p = action.get("player")
    if not isinstance(p, int) or isinstance(p, bool) or p not in (0, 1):
        return "Name player 1 or player 2."
    reason = phase_ok(state, p)
    if reason:
        return reason
    found = sources(data, state, action)
    if isinstance(found, str):
        return found
    _, ctx, effects = found
    for effect in effects:
        reason = whose_turn_ok(state, p, effect)
        if reason:
            return ruled(reason, "once-per-turn-timing")
    wanted = keys_of(action)
    if wanted not in options_of(ctx, effects, required=True):
        return "Those choices don't fit the effect (its targets, or a cost you can't pay)."
    return None


def activations(data: LuturasData, state: LuturasState, p: int) -> list[Action]:
    """Every activation `p` may make now, with every set of choices."""
    if phase_ok(state, p) is not None:
        return []
    out: list[Action] = []
    bases: list[Action] = [{"type": "effect", "player": p, "space": s}
                           for s, _ in board.luturas(state.sides[p])]  # fmt: skip
    bases += [{"type": t, "player": p} for t in ("tool_effect", "ability", "flip")]
    for base in bases:
        found = sources(data, state, base)
        if isinstance(found, str):
            continue
        _, ctx, effects = found
        if any(whose_turn_ok(state, p, e) for e in effects):
            continue
        out += [base | keys for keys in options_of(ctx, effects, required=True)]
    return out


def use(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """An activated effect, an ability or a flipped Strategy."""
    kind, p = action["type"], action["player"]
    found = sources(data, state, action)
    assert not isinstance(found, str)
    card, ctx, effects = found
    ctx.rng, ctx.cards = rng, list(action.get("cards") or ())
    side = state.sides[p]
    name = state.names[p]
    events = [f"{name} uses {data.title(card)}: {data.of(card).text}"]
    if kind == "effect":
        lutura = side.spaces[action["space"]]
        assert lutura is not None
        with_space(side, action["space"], replace(lutura, used=(*lutura.used, ACTIVATE)))
    elif kind == "tool_effect":
        side.tool_used = True
    elif kind == "ability":
        side.ability_used = True
        events[0] = f"{name}'s Soldier {data.of(card).name} uses the ability: {data.of(card).text}"
    elif kind == "flip":
        side.facedown, side.strategy_used = "", True
        events[0] = f"{name} flips the Strategy {data.title(card)}: {data.of(card).text}"
        lasting = any(s.duration == "next_turn" for e in effects for s in e.steps)
        board.put(side, "lasting" if lasting else "spent", card)
    run_all(ctx, effects, action)
    after_use(state, ctx, kind, card)
    resolved = {k: v for k, v in action.items() if k in ("type", "player", "space")}
    resolved |= keys_of(action) | entered(action)
    if kind == "flip":
        resolved["card"] = card
    return resolved, events + ctx.events + settle(data, state)


def after_use(state: LuturasState, ctx: Context, kind: str, card: str) -> None:
    if state.attack is not None and ctx.attack is not None and state.phase == RESPOND:
        state.attack = replace(ctx.attack, answered=(*ctx.attack.answered, f"{kind}:{card}"))


def play_strategy(
    data: LuturasData, state: LuturasState, action: Action, rng: random.Random
) -> Result:
    """A Strategy from the hand on your own turn: used now, destroyed at the end of the turn
    (or kept while its effect lasts)."""
    p, card = action["player"], action["card"]
    side = state.sides[p]
    board.take(side, "hand", card)
    side.strategy_used = True
    effects = with_trigger(data, card, USE)
    lasting = any(s.duration == "next_turn" for e in effects for s in e.steps)
    board.put(side, "lasting" if lasting else "spent", card)
    ctx = Context(data, state, p, card, rng=rng, cards=list(action.get("cards") or ()))
    run_all(ctx, effects, action)
    resolved = {"type": "strategy", "player": p, "card": card} | keys_of(action) | entered(action)
    words = f"{state.names[p]} uses the Strategy {data.title(card)}: {data.of(card).text}"
    return resolved, [words, *ctx.events, *settle(data, state)]


def choice_refusal(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    """For a deploy or a Strategy from the hand: the choices must fit its effects."""
    base = {k: v for k, v in action.items() if not k.startswith(("choices", "skip"))}
    listed = [keys_of(a) for a in with_choices(data, state, base)]
    if keys_of(action) not in listed:
        if action["type"] == "strategy" and not listed:
            return "This Strategy can't be used now (its requirements are not met)."
        return "Those choices don't fit the card's effect."
    return None


HANDLERS = {"effect": use, "tool_effect": use, "ability": use, "flip": use, "pick": pending.pick}


# --- continuous effects -----------------------------------------------------------------------


def can_answer(data: LuturasData, state: LuturasState, d: int) -> bool:
    """Whether the defender gets an answer step: from what is public (a face-down Strategy lies
    there, or something of theirs in play could answer)."""
    if state.sides[d].facedown:
        return True
    trial = state.clone()
    trial.phase = RESPOND
    return bool(activations(data, trial, d))
