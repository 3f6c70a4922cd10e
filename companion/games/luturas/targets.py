"""What a step of a card effect may act on: the candidates for each target word of the vocabulary.

A candidate is a short reference a player's action can carry and a log can show:
"lutura:1:2" (player 2's Lutura in space 3), "tool:0", "soldier:1", "crystal:<copy id>",
"card:<copy id>" (a card in a hand, Workshop, Portal or Deck) and "attack" (the attack being
answered). Each target word of card_data/luturas/manifest.json's "effects" section has one small
function here; a target word whose kind and side say everything (own_luturas, opponent_lutura ...)
needs none beyond `by_side`. Filters (gear, nature, max_stamina) narrow Luturas.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games.luturas import board
from companion.games.luturas.state import SOLDIER, Attack, LuturasState

Ref = str


@dataclass
class Context:
    """One effect resolving: whose it is, where it comes from, and what it has done so far."""

    data: Any  # LuturasData
    state: LuturasState
    owner: int
    card: str  # the card whose effect it is
    space: int = -1  # the source Lutura's space (the Tool's Lutura for a Tool), -1 none
    attack: Attack | None = None
    target_destroyed: bool = False  # the attack's target was destroyed (after_attack)
    events: list[str] = field(default_factory=list)
    rng: Any = None
    extra: dict[str, Any] = field(default_factory=dict)  # the action's other choices (order ...)
    cards: list[str] = field(default_factory=list)  # cards entered from the real Deck, in order


def lutura_ref(player: int, space: int) -> Ref:
    return f"lutura:{player}:{space}"


def parse_ref(ref: Ref) -> tuple[str, list[str]]:
    kind, *rest = ref.split(":")
    return kind, rest


def luturas_of(ctx: Context, player: int) -> list[Ref]:
    return [lutura_ref(player, space) for space, _ in board.luturas(ctx.state.sides[player])]


def attack_target_ref(ctx: Context) -> Ref | None:
    a = ctx.attack
    if a is None or not isinstance(a.target, int):
        return None
    if ctx.state.sides[1 - a.player].spaces[a.target] is None:
        return None
    return lutura_ref(1 - a.player, a.target)


def attacker_ref(ctx: Context) -> Ref | None:
    a = ctx.attack
    if a is None or ctx.state.sides[a.player].spaces[a.space] is None:
        return None
    return lutura_ref(a.player, a.space)


def self_ref(ctx: Context) -> list[Ref]:
    side = ctx.state.sides[ctx.owner]
    if ctx.space >= 0 and side.spaces[ctx.space] is not None:
        return [lutura_ref(ctx.owner, ctx.space)]
    return []


def assigned(ctx: Context) -> list[Ref]:
    side = ctx.state.sides[ctx.owner]
    if side.tool_at >= 0 and side.spaces[side.tool_at] is not None:
        return [lutura_ref(ctx.owner, side.tool_at)]
    return []


def others(refs: list[Ref], ctx: Context) -> list[Ref]:
    return [r for r in refs if r not in self_ref(ctx)]


def not_attack_target(refs: list[Ref], ctx: Context) -> list[Ref]:
    return [r for r in refs if r != attack_target_ref(ctx)]


def tools(ctx: Context, players: tuple[int, ...]) -> list[Ref]:
    return [f"tool:{p}" for p in players if ctx.state.sides[p].tool]


def target_tool(ctx: Context) -> list[Ref]:
    a = ctx.attack
    if a is None or not isinstance(a.target, int):
        return []
    d = 1 - a.player
    side = ctx.state.sides[d]
    return [f"tool:{d}"] if side.tool and side.tool_at == a.target else []


def crystals(ctx: Context, player: int) -> list[Ref]:
    return [f"crystal:{c}" for c in ctx.state.sides[player].crystals]


def own_card(ctx: Context) -> list[Ref]:
    """Another card of yours on the Battlefield (not the Soldier): a Lutura, a Crystal, the Tool
    or the face-down Strategy."""
    side = ctx.state.sides[ctx.owner]
    refs = [*luturas_of(ctx, ctx.owner), *crystals(ctx, ctx.owner), *tools(ctx, (ctx.owner,))]
    if side.facedown and side.facedown != ctx.card:
        refs.append(f"card:{side.facedown}")
    return refs


def pile(ctx: Context, name: str, kind: str, gear: str | None = None) -> list[Ref]:
    """One card of each design of `kind` in a pile of the owner's. An effect that looks through
    the Deck for a Crystal uses the Crystal deck in fast mode (ruling fast-mode-draws)."""
    side = ctx.state.sides[ctx.owner]
    cards = getattr(side, name)
    if name == "deck":
        cards = (*side.top, *cards, *side.bottom, *side.crystal_deck)
    seen: dict[str, Ref] = {}
    for card in sorted(cards):
        design = ctx.data.of(card)
        if design.kind == kind and (gear is None or design.gear == gear):
            seen.setdefault(design.id, f"card:{card}")  # copies are alike: offer one of each
    return list(seen.values())


def attack_refs(ctx: Context, own_lutura: bool, other: bool) -> list[Ref]:
    a = ctx.attack
    if a is None or a.player == ctx.owner:
        return []
    if own_lutura and not isinstance(a.target, int):
        return []
    if other and isinstance(a.target, int) and a.target == ctx.space:
        return []
    return ["attack"]


TARGETS: dict[str, Callable[[Context], list[Ref]]] = {
    "self": self_ref,
    "assigned": assigned,
    "attack_target": lambda c: [r for r in [attack_target_ref(c)] if r],
    "attacker": lambda c: [r for r in [attacker_ref(c)] if r],
    "own_lutura": lambda c: luturas_of(c, c.owner),
    "own_luturas": lambda c: luturas_of(c, c.owner),
    "other_own_lutura": lambda c: others(luturas_of(c, c.owner), c),
    "other_own_luturas": lambda c: others(luturas_of(c, c.owner), c),
    "opponent_lutura": lambda c: luturas_of(c, 1 - c.owner),
    "opponent_luturas": lambda c: luturas_of(c, 1 - c.owner),
    "other_opponent_lutura": lambda c: not_attack_target(luturas_of(c, 1 - c.owner), c),
    "other_opponent_luturas": lambda c: not_attack_target(luturas_of(c, 1 - c.owner), c),
    "lutura": lambda c: [*luturas_of(c, c.owner), *luturas_of(c, 1 - c.owner)],
    "tool": lambda c: tools(c, (c.owner, 1 - c.owner)),
    "target_tool": target_tool,
    "own_tool": lambda c: tools(c, (c.owner,)),
    "own_crystal": lambda c: crystals(c, c.owner),
    "opponent_crystal": lambda c: crystals(c, 1 - c.owner),
    "opponent_chosen_crystal": lambda c: crystals(c, 1 - c.owner),
    "own_card": own_card,
    "own_soldier": lambda c: [f"{SOLDIER}:{c.owner}"],
    "opponent_soldier": lambda c: [f"{SOLDIER}:{1 - c.owner}"],
    "workshop_lutura": lambda c: pile(c, "workshop", "lutura"),
    "workshop_crystal": lambda c: pile(c, "workshop", "crystal"),
    "portal_lutura": lambda c: pile(c, "portal", "lutura"),
    "deck_crystal": lambda c: pile(c, "deck", "crystal"),
    "hand_card": lambda c: [f"card:{x}" for x in sorted(set(c.state.sides[c.owner].hand))],
    "attack": lambda c: attack_refs(c, False, False),
    "attack_on_own_lutura": lambda c: attack_refs(c, True, False),
    "attack_on_other_own_lutura": lambda c: attack_refs(c, True, True),
}


def narrowed(ctx: Context, refs: list[Ref], filters: tuple[tuple[str, str], ...]) -> list[Ref]:
    """Keep the Luturas (and cards) every filter allows (all of them when there is no filter,
    as for most target words: no reference read then)."""
    if not filters:
        return list(refs)
    out = []
    for ref in refs:
        design, left = described(ctx, ref)
        if design is None or all(allows(design, left, k, v) for k, v in filters):
            out.append(ref)
    return out


def described(ctx: Context, ref: Ref) -> tuple[Any, int | None]:
    """The design a reference shows (a Lutura's top card) and its Stamina left (Luturas)."""
    kind, rest = parse_ref(ref)
    if kind == "lutura":
        lutura = ctx.state.sides[int(rest[0])].spaces[int(rest[1])]
        if lutura is None:
            return None, None
        design = ctx.data.of(lutura.top)
        return design, design.stamina - lutura.damage
    if kind in ("card", "crystal"):
        return ctx.data.of(rest[0]), None
    return None, None


def allows(design: Any, left: int | None, key: str, value: str) -> bool:
    if key == "gear":
        return bool(design.gear == value)
    if key == "nature":
        return bool(design.nature == value)
    if key == "max_stamina":
        return left is not None and left <= int(value)
    raise ValueError(f"Luturas's engine knows no target filter {key!r}")


def candidates(ctx: Context, target: Any) -> list[Ref]:
    """Every reference `target` (a cardgen.data.effects.Target) may mean now."""
    find = TARGETS.get(target.name)
    if find is None:
        raise ValueError(f"Luturas's engine knows no target {target.name!r}")
    return narrowed(ctx, find(ctx), target.filters)
