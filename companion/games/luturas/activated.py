"""Activated effects: the ones a player chooses to use (a Lutura's or a Tool's effect, a Soldier's
ability, a Strategy played or flipped), when they may, on what terms, and what using one does;
and whether a defender has anything to answer an attack with.

Rulings: upgrade-pause (no activated effect on the turn of an upgrade), once-per-turn-timing
(activated effects on either turn unless the card limits them), tools-one (a Tool works once per
turn), strategy-once, strategy-facedown (the printed timing is the card's requirement),
strategy-self. Running a declaration and the triggers are effects.py's.

Ruling attacker-leaves: an answer that takes the attacking Lutura off the Battlefield (destroys
it, returns it) ends the attack there and then; the answer step is over with it (`call_off`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.engine.core import Action
from companion.games.luturas import board, pending
from companion.games.luturas.data import LuturasData
from companion.games.luturas.declarations import (
    ACTIVATE,
    ANSWERS,
    USE,
    needs_attack,
    triggered,
    with_trigger,
)
from companion.games.luturas.effects import (
    Result,
    entered,
    keys_of,
    options_of,
    run_all,
    with_choices,
)
from companion.games.luturas.lasting import combat
from companion.games.luturas.outcome import settle
from companion.games.luturas.state import (
    MAIN,
    RESPOND,
    SOLDIER,
    Attack,
    LuturasState,
    copy_state,
    with_space,
)
from companion.games.luturas.targets import Context
from companion.games.rulings import ruled

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
        most = data.lutura_spaces
        if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < most:
            return f"Name one of your Lutura spaces (1 to {most})."
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
        found = with_trigger(data, side.soldier, ACTIVATE, *ANSWERS)
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
        found = with_trigger(data, card, USE, *ANSWERS)
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
    if a is None or a.target != SOLDIER or attacker_left(state):
        return False
    return combat(data, state, a.player, a.space) >= state.sides[1 - a.player].stamina


def attacker_left(state: LuturasState) -> bool:
    """Whether the announced attack's Lutura is no longer on the Battlefield."""
    a = state.attack
    return a is not None and state.sides[a.player].spaces[a.space] is None


def call_off(state: LuturasState) -> list[str]:
    """The attacker left the Battlefield before its damage: the attack ends with nothing more
    of it happening, and play goes back to the attacker's turn (ruling attacker-leaves)."""
    state.phase, state.attack = MAIN, None
    return ["The attacker left the Battlefield: the attack ends without dealing damage."]


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
    """Every activation `p` may make now, with every set of choices, in `sources`' order of
    kinds (each Lutura's effect by space, the Tool's, the Soldier's ability, a flip).

    Each source is read here with the conditions under which `sources` accepts it, without
    going through `sources` (nor building its refusal sentences): the rules list activations
    for both players at every step of a turn (issue 32). `check_activation` still asks
    `sources`, and tests/companion/test_engine_speed_paths.py holds the main phase's listing
    to `check`'s after every action of many seeded games."""
    if phase_ok(state, p) is not None:
        return []
    side = state.sides[p]
    attack = state.attack if state.phase == RESPOND else None
    out: list[Action] = []
    for space, lutura in enumerate(side.spaces):
        if lutura is None or lutura.upgraded or ACTIVATE in lutura.used:
            continue
        top = lutura.stack[-1]
        found = triggered(data, top, ACTIVATE)
        if found and usable(data, state, p, found, attack):
            ctx = Context(data, state, p, top, space, attack=attack)
            base: Action = {"type": "effect", "player": p, "space": space}
            out += [base | keys for keys in options_of(ctx, found, required=True)]
    if side.tool and not side.tool_used:
        found = triggered(data, side.tool, ACTIVATE)
        if (
            found
            and (side.tool_at >= 0 or all(e.has("unassigned") for e in found))
            and usable(data, state, p, found, attack)
        ):
            ctx = Context(data, state, p, side.tool, side.tool_at, attack=attack)
            base = {"type": "tool_effect", "player": p}
            out += [base | keys for keys in options_of(ctx, found, required=True)]
    if not side.ability_used:
        found = triggered(data, side.soldier, ACTIVATE, *ANSWERS)
        if found and usable(data, state, p, found, attack):
            ctx = Context(data, state, p, side.soldier, attack=attack)
            base = {"type": "ability", "player": p}
            out += [base | keys for keys in options_of(ctx, found, required=True)]
    if side.facedown and state.active != p and not side.strategy_used:
        card = side.facedown
        found = triggered(data, card, USE, *ANSWERS)
        if usable(data, state, p, found, attack) and not (
            any(e.trigger == "soldier_would_fall" for e in found)
            and not soldier_would_fall(data, state)
        ):
            ctx = Context(data, state, p, card, attack=attack)
            base = {"type": "flip", "player": p}
            out += [base | keys for keys in options_of(ctx, found, required=True)]
    return out


def usable(
    data: LuturasData, state: LuturasState, p: int, found: Sequence[Any], attack: Attack | None
) -> bool:
    """`sources`' refusal of an effect that answers an attack when none is being answered,
    and `check_activation`'s of one used on the wrong player's turn."""
    if attack is None and any(needs_attack(data, e) for e in found):
        return False
    return not any(whose_turn_ok(state, p, e) for e in found)


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
    ctx.events += after_use(state, ctx, kind, card)
    resolved = {k: v for k, v in action.items() if k in ("type", "player", "space")}
    resolved |= keys_of(action) | entered(action)
    if kind == "flip":
        resolved["card"] = card
    return resolved, events + ctx.events + settle(data, state)


def after_use(state: LuturasState, ctx: Context, kind: str, card: str) -> list[str]:
    """An answer is recorded on the attack; one that took the attacker away ends it."""
    if state.attack is None or ctx.attack is None or state.phase != RESPOND:
        return []
    state.attack = replace(ctx.attack, answered=(*ctx.attack.answered, f"{kind}:{card}"))
    return call_off(state) if attacker_left(state) else []


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
    trial = copy_state(state)  # the sides shared: listing answers only reads them
    trial.phase = RESPOND
    return bool(activations(data, trial, d))
