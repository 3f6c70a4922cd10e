"""Damage, healing and destruction on the Battlefield, and the queue of what fell.

Ruling combat-and-stamina: damage stays on a Lutura until it leaves the Battlefield; at 0 Stamina
it is destroyed and goes to the Workshop with every Gear under it (ruling upgrade-stack); damage
beyond 0 is lost. A Soldier's Stamina never goes below 0. What is destroyed here is also queued in
`state.fallen` (Luturas) and `state.dropped` (Tools) so that the effects their leaving triggers
(Isotusk Gear Ultima, Emberkit, Crystal Lantern) run once the step that felled them is done
(`effects.aftermath`).
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.luturas import board
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import Lutura, LuturasState, with_space


def stamina_left(data: LuturasData, lutura: Lutura) -> int:
    return data.of(lutura.top).stamina - lutura.damage


def hurt_soldier(
    data: LuturasData, state: LuturasState, d: int, amount: int, by_attack: bool
) -> list[str]:
    side = state.sides[d]
    left = max(0, side.stamina - amount)
    events = [f"{state.names[d]}'s Soldier takes {amount} damage."]
    if left == 0 and by_attack and state.attack is not None and state.attack.endure > 0:
        left = 1
        events.append(f"{state.names[d]}'s Soldier stays at 1 Stamina.")
    side.stamina = left
    events.append(f"{data.of(side.soldier).name} has {left} Stamina left.")
    return events


def hurt(
    data: LuturasData, state: LuturasState, d: int, space: int, amount: int,
    by: tuple[int, int] | None = None,
) -> list[str]:  # fmt: skip
    """`amount` damage to `d`'s Lutura in `space`; destroyed at 0 Stamina. `by` is the attacking
    Lutura (player, space) when an attack dealt it."""
    side = state.sides[d]
    lutura = side.spaces[space]
    assert lutura is not None
    lutura = replace(lutura, damage=min(lutura.damage + amount, data.of(lutura.top).stamina))
    with_space(side, space, lutura)
    title = data.title(lutura.top)
    events = [f"{state.names[d]}'s {title} takes {amount} damage "
              f"({stamina_left(data, lutura)} Stamina left)."]  # fmt: skip
    if stamina_left(data, lutura) <= 0:
        events += destroy(data, state, d, space, by)
    return events


def heal(data: LuturasData, state: LuturasState, p: int, space: int, amount: int | None) -> int:
    """Remove up to `amount` damage (all of it for None); how much was removed."""
    side = state.sides[p]
    lutura = side.spaces[space]
    assert lutura is not None
    removed = lutura.damage if amount is None else min(amount, lutura.damage)
    with_space(side, space, replace(lutura, damage=lutura.damage - removed))
    return removed


def destroy(
    data: LuturasData, state: LuturasState, d: int, space: int, by: tuple[int, int] | None = None
) -> list[str]:
    """`d`'s Lutura in `space` goes to the Workshop with every Gear under it."""
    side = state.sides[d]
    lutura = side.spaces[space]
    assert lutura is not None
    board.leave(side, space, board.WORKSHOP)
    gears = " with every Gear under it" if len(lutura.stack) > 1 else ""
    events = [
        f"{state.names[d]}'s {data.title(lutura.top)} is destroyed and goes to the Workshop{gears}."
    ]
    state.fallen = (*state.fallen, (d, lutura.top, *(by or (-1, -1))))
    return events


def destroy_tool(data: LuturasData, state: LuturasState, owner: int) -> list[str]:
    side = state.sides[owner]
    card = side.tool
    side.workshop = (*side.workshop, card)
    side.tool, side.tool_at = "", -1
    side.tool_moved = side.tool_used = False
    events = [f"{state.names[owner]}'s Tool {data.title(card)} is destroyed."]
    state.dropped = (*state.dropped, (owner, card))
    return events
