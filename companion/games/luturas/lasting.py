"""Continuous effects: what a card in play keeps true while it is there (a Combat boost, less
damage taken, a Lutura that must be attacked first, a Tool that can't be destroyed, more Crystals
allowed ...), asked for by the rules at the moment they matter.

Sources: the top card of each Lutura (ruling upgrade-effects), the Tool (while assigned, or
always for one that needs no Lutura) and Strategies that last (Fortify). A Tool helps at most
once per turn (ruling tools-one): `spend_tool` marks it used when its boost or shield counted.
"""

from __future__ import annotations

from typing import Any

from companion.games.luturas import board
from companion.games.luturas.data import LuturasData
from companion.games.luturas.declarations import ALWAYS, USE, holds, with_trigger, with_verb
from companion.games.luturas.state import LuturasState
from companion.games.luturas.targets import Context, Ref, candidates, lutura_ref

SPENT_BY_USE = frozenset({"boost", "shield"})  # a Tool's help that works once per turn


def continuous(
    data: LuturasData, state: LuturasState, p: int, verb: str
) -> list[tuple[Any, Context, str]]:
    """Every (step, context, source kind) of `p`'s effects in play that keeps `verb` going: the
    top card of each Lutura ("lutura"), the Tool ("tool": while assigned, or always for one
    that needs none) and lasting Strategies ("strategy")."""
    side = state.sides[p]
    found: list[tuple[Any, Context, str]] = []
    remembered = data.by_verb
    # A context only for a card with a step of `verb`: most have none, and the rules ask this
    # several times an action (a random playout's largest cost after listing the actions), so
    # the remembered answer is read here without a call.
    for space, lutura in enumerate(side.spaces):
        if lutura is None:
            continue
        top = lutura.stack[-1]
        mine = remembered.get((top, ALWAYS, verb))
        if mine is None:
            mine = with_verb(data, top, ALWAYS, verb)
        if mine:
            ctx = Context(data, state, p, top, space, attack=state.attack)
            found += [(s, ctx, "lutura") for e in mine
                      for s in e.steps if s.verb == verb and holds(ctx, e)]  # fmt: skip
    if side.tool and not (side.tool_used and verb in SPENT_BY_USE):
        tool = [e for e in with_verb(data, side.tool, ALWAYS, verb)
                if side.tool_at >= 0 or e.has("unassigned")]  # fmt: skip
        if tool:
            ctx = Context(data, state, p, side.tool, side.tool_at, attack=state.attack)
            found += [(s, ctx, "tool") for e in tool for s in e.steps if s.verb == verb]
    for card in side.lasting:
        steps = [s for e in with_trigger(data, card, USE)
                 for s in e.steps if s.verb == verb and s.duration == "next_turn"]  # fmt: skip
        if steps:
            ctx = Context(data, state, p, card, attack=state.attack)
            found += [(s, ctx, "strategy") for s in steps]
    return found


def touching(
    data: LuturasData, state: LuturasState, p: int, verb: str, ref: Ref
) -> list[tuple[Any, str]]:
    return [(s, kind) for s, ctx, kind in continuous(data, state, p, verb)
            if s.target is None or ref in candidates(ctx, s.target)]  # fmt: skip


def combat(data: LuturasData, state: LuturasState, p: int, space: int) -> int:
    """A Lutura's Combat now: printed, plus boosts in play, this turn's and this attack's."""
    lutura = state.sides[p].spaces[space]
    assert lutura is not None
    total = data.of(lutura.top).combat + lutura.bonus
    a = state.attack
    if a is not None and a.player == p and a.space == space:
        total += a.bonus
    ref = lutura_ref(p, space)
    return total + sum(int(s.amount or 0) for s, _ in touching(data, state, p, "boost", ref))


def combats(data: LuturasData, state: LuturasState, p: int) -> dict[int, int]:
    """Every Lutura of `p`'s Combat now, by space: `combat` of each, with the boosts in play
    found once for the side instead of once per Lutura (the app opponent weighs every position
    it looks at by its Luturas' Combat, both sides')."""
    side = state.sides[p]
    a = state.attack
    out: dict[int, int] = {}
    for space, lutura in enumerate(side.spaces):
        if lutura is not None:
            out[space] = data.of(lutura.stack[-1]).combat + lutura.bonus
    if not out:
        return out
    if a is not None and a.player == p and a.space in out:
        out[a.space] += a.bonus
    found = continuous(data, state, p, "boost")
    if not found:
        return out
    boosts = [
        (int(s.amount or 0), None if s.target is None else candidates(ctx, s.target))
        for s, ctx, _ in found
    ]
    for space in out:
        ref = lutura_ref(p, space)
        out[space] += sum(amount for amount, refs in boosts if refs is None or ref in refs)
    return out


def reduction(data: LuturasData, state: LuturasState, d: int, space: int) -> int:
    ref = lutura_ref(d, space)
    return sum(int(s.amount or 0) for s, _ in touching(data, state, d, "shield", ref))


def spend_tool(data: LuturasData, state: LuturasState, p: int, space: int, verb: str) -> list[str]:
    """A Tool's lasting help counts once per turn (ruling tools-one): mark it used."""
    side = state.sides[p]
    helping = touching(data, state, p, verb, lutura_ref(p, space))
    if (
        side.tool
        and side.tool_at == space
        and not side.tool_used
        and any(kind == "tool" for _, kind in helping)
    ):
        side.tool_used = True
        return [f"{data.title(side.tool)} has worked for this turn."]
    return []


def spend_reduction(data: LuturasData, state: LuturasState, d: int, space: int) -> list[str]:
    return spend_tool(data, state, d, space, "shield")


def guards(data: LuturasData, state: LuturasState, d: int) -> list[int]:
    """Spaces of `d`'s Luturas that must be attacked before the others (taunt)."""
    found = continuous(data, state, d, "taunt")  # once, not once per Lutura (`touching`)
    if not found:
        return []
    out = []
    for space, _ in board.luturas(state.sides[d]):
        ref = lutura_ref(d, space)
        if any(s.target is None or ref in candidates(ctx, s.target) for s, ctx, _ in found):
            out.append(space)
    return out


def hits_soldier_anyway(data: LuturasData, state: LuturasState, p: int, space: int) -> bool:
    return bool(touching(data, state, p, "bypass", lutura_ref(p, space)))


def unnegatable(data: LuturasData, state: LuturasState, p: int, space: int) -> bool:
    if state.sides[p].spaces[space] is None:
        return False
    return bool(touching(data, state, p, "unnegatable", lutura_ref(p, space)))


def tool_shielded(data: LuturasData, state: LuturasState, d: int) -> bool:
    return bool(touching(data, state, d, "protect", f"tool:{d}"))


def crystal_limit(data: LuturasData, state: LuturasState, p: int) -> int:
    side = state.sides[p]
    raised = [int(s.amount or 0) for s, _, _ in continuous(data, state, p, "crystal_limit")]
    return max([data.crystals_most, side.crystal_limit, *raised])
