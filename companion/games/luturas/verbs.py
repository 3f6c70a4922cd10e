"""One small function per verb of Luturas's effect vocabulary (card_data/luturas/manifest.json,
"effects"): `verb(ctx, step, refs)` does what the step says to the chosen or every target.

A new verb is one function here and one line in `VERBS`. Verbs that describe a lasting state
rather than an event (boost, shield, taunt, bypass, unnegatable, protect, crystal_limit) do their
work through `effects.continuous` while their source is in play; here they handle the one-off
forms (a boost for this attack or this turn, a Crystal limit for the rest of the round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.games.luturas import board
from companion.games.luturas.damage import destroy as destroy_lutura
from companion.games.luturas.damage import destroy_tool, hurt, hurt_soldier
from companion.games.luturas.damage import heal as remove_damage
from companion.games.luturas.data import ANY
from companion.games.luturas.lasting import crystal_limit as limit_of
from companion.games.luturas.outcome import draw_or_lose
from companion.games.luturas.outcome import win as win_round
from companion.games.luturas.pending import push
from companion.games.luturas.state import FAST, Pending, with_space
from companion.games.luturas.targets import Context, Ref, parse_ref

Verb = Callable[[Context, Any, list[Ref]], None]


def amount(step: Any) -> int:
    return int(step.amount) if isinstance(step.amount, int) else 0


def lutura_at(ctx: Context, ref: Ref) -> tuple[int, int]:
    _, rest = parse_ref(ref)
    return int(rest[0]), int(rest[1])


def name(ctx: Context, p: int) -> str:
    return ctx.state.names[p]


def deal(ctx: Context, step: Any, refs: list[Ref]) -> None:
    for ref in refs:
        kind, rest = parse_ref(ref)
        if kind == "soldier":
            ctx.events += hurt_soldier(ctx.data, ctx.state, int(rest[0]), amount(step), False)
            continue
        p, space = lutura_at(ctx, ref)
        if ctx.state.sides[p].spaces[space] is not None:
            ctx.events += hurt(ctx.data, ctx.state, p, space, amount(step))


def heal(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Remove damage from Luturas (all of it for "all"); a Soldier named by the card regains
    Stamina up to its printed Stamina."""
    for ref in refs:
        kind, rest = parse_ref(ref)
        if kind == "soldier":
            side = ctx.state.sides[int(rest[0])]
            printed = ctx.data.of(side.soldier).stamina
            before, side.stamina = side.stamina, min(printed, side.stamina + amount(step))
            ctx.events.append(f"{name(ctx, int(rest[0]))}'s Soldier regains "
                              f"{side.stamina - before} Stamina ({side.stamina}).")  # fmt: skip
            continue
        p, space = lutura_at(ctx, ref)
        lutura = ctx.state.sides[p].spaces[space]
        if lutura is None:
            continue
        most = None if step.amount == "all" else amount(step)
        removed = remove_damage(ctx.data, ctx.state, p, space, most)
        title = ctx.data.title(lutura.top)
        ctx.events.append(f"{title} loses {removed} damage." if removed
                          else f"{title} has no damage to lose.")  # fmt: skip


def draw(ctx: Context, step: Any, refs: list[Ref]) -> None:
    count = amount(step) or 1
    ctx.events += draw_or_lose(ctx.data, ctx.state, ctx.owner, ctx.rng, count, ctx.cards)


def arrange(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Look at the top cards; the owner then orders them (a pending choice per card)."""
    side = ctx.state.sides[ctx.owner]
    looked = board.top_cards(side, amount(step), ctx.rng, ctx.cards)
    ctx.events.append(f"{name(ctx, ctx.owner)} looks at the top {len(looked)} cards of the Deck.")
    if len(looked) > 1:
        push(ctx.state, Pending(ctx.owner, "arrange", len(looked)))


def scry(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Look at the top card; the owner then keeps it there or puts it on the bottom."""
    side = ctx.state.sides[ctx.owner]
    if board.top_cards(side, 1, ctx.rng, ctx.cards):
        ctx.events.append(f"{name(ctx, ctx.owner)} looks at the top card of the Deck.")
        push(ctx.state, Pending(ctx.owner, "scry"))


def tuck(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Cards from the hand to the bottom of the Deck, chosen once the hand is known."""
    if ctx.state.sides[ctx.owner].hand:
        push(ctx.state, Pending(ctx.owner, "tuck", amount(step) or 1))


def leave_to(ctx: Context, refs: list[Ref], to: str, words: str) -> None:
    for ref in refs:
        p, space = lutura_at(ctx, ref)
        side = ctx.state.sides[p]
        lutura = side.spaces[space]
        if lutura is None:
            continue
        board.leave(side, space, to)
        ctx.events.append(f"{name(ctx, p)}'s {ctx.data.title(lutura.top)} {words}.")
        if to == board.HAND:
            ctx.state.sides[ctx.owner].no_deploy = True  # ruling return-stops-deploy


def return_(ctx: Context, step: Any, refs: list[Ref]) -> None:
    leave_to(ctx, refs, board.HAND, "goes back to its owner's hand with all its Gears")


def banish(ctx: Context, step: Any, refs: list[Ref]) -> None:
    leave_to(ctx, refs, board.PORTAL, "is sent to its owner's Portal with all its Gears")


def destroy(ctx: Context, step: Any, refs: list[Ref]) -> None:
    for ref in refs:
        kind, rest = parse_ref(ref)
        if kind == "lutura":
            p, space = int(rest[0]), int(rest[1])
            if ctx.state.sides[p].spaces[space] is not None:
                ctx.events += destroy_lutura(ctx.data, ctx.state, p, space)
        elif kind == "tool":
            p = int(rest[0])
            if ctx.state.sides[p].tool:
                ctx.events += destroy_tool(ctx.data, ctx.state, p)
        elif kind == "crystal":
            destroy_crystal(ctx, rest[0])
        elif kind == "card":
            side = ctx.state.sides[ctx.owner]
            if side.facedown == rest[0]:
                side.facedown = ""
                board.put(side, "workshop", rest[0])
                ctx.events.append(f"{name(ctx, ctx.owner)}'s face-down Strategy is destroyed.")


def destroy_crystal(ctx: Context, card: str) -> None:
    for p in (0, 1):
        side = ctx.state.sides[p]
        if card in side.crystals:
            board.take(side, "crystals", card)
            board.put(side, "workshop", card)
            ctx.events.append(f"{name(ctx, p)}'s {ctx.data.title(card)} is destroyed.")
            return


def search(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """A card from the Deck into the hand, shown; then the Deck is shuffled."""
    side = ctx.state.sides[ctx.owner]
    for ref in refs[:1]:
        card = parse_ref(ref)[1][0]
        if card in side.crystal_deck:
            board.take(side, "crystal_deck", card)
        else:
            board.from_deck(side, card)
        board.put(side, "hand", card)
        ctx.events.append(f"{name(ctx, ctx.owner)} shows {ctx.data.title(card)} from the Deck and "
                          "takes it.")  # fmt: skip
    board.shuffle(side)


def dig(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Look at the top cards; the owner takes a Crystal among them (chosen once seen), then
    shuffles. With none among them the Deck is shuffled at once. In fast mode a look for a
    Crystal goes to the Crystal deck (ruling fast-mode-draws)."""
    side = ctx.state.sides[ctx.owner]
    if ctx.state.mode == FAST and step.target_name == "deck_crystal" and side.crystal_deck:
        pool = list(side.crystal_deck)
        seen: list[str] = []
        while pool and len(seen) < amount(step):
            card = board.entered(pool, ctx.cards) or board.unseen_card(pool, ctx.rng)
            pool.remove(card)
            seen.append(card)
        ctx.events.append(f"{name(ctx, ctx.owner)} looks at {len(seen)} cards of the Crystal deck.")
        push(ctx.state, Pending(ctx.owner, "dig", len(seen), cards=tuple(seen)))
        return
    looked = board.top_cards(side, amount(step), ctx.rng, ctx.cards)
    ctx.events.append(f"{name(ctx, ctx.owner)} looks at the top {len(looked)} cards of the Deck.")
    if any(ctx.data.of(c).kind == "crystal" for c in looked):
        push(ctx.state, Pending(ctx.owner, "dig", len(looked)))
    else:
        board.shuffle(side)
        ctx.events.append("No Crystal among them: the Deck is shuffled.")


def recover(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """From the Workshop or the Portal into the hand."""
    side = ctx.state.sides[ctx.owner]
    for ref in refs:
        card = parse_ref(ref)[1][0]
        for where in ("workshop", "portal"):
            if card in getattr(side, where):
                board.take(side, where, card)
                board.put(side, "hand", card)
                ctx.events.append(f"{name(ctx, ctx.owner)} takes {ctx.data.title(card)} from the "
                                  f"{where.capitalize()} into the hand.")  # fmt: skip
                break


def boost(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """A one-off boost: for this attack (on the attack) or for the turn (on the Lutura)."""
    for ref in refs:
        p, space = lutura_at(ctx, ref)
        lutura = ctx.state.sides[p].spaces[space]
        if lutura is None:
            continue
        if step.duration == "attack" and ctx.attack is not None:
            ctx.attack = replace(ctx.attack, bonus=ctx.attack.bonus + amount(step))
        else:
            with_space(
                ctx.state.sides[p], space, replace(lutura, bonus=lutura.bonus + amount(step))
            )
        ctx.events.append(f"{ctx.data.title(lutura.top)} gets +{amount(step)} Combat.")


def shield(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Used as an answer (Bulwark Plate): this attack deals less to a Lutura it protects."""
    a = ctx.attack
    if a is not None and isinstance(a.target, int):
        target = f"lutura:{1 - a.player}:{a.target}"
        if target in refs:
            ctx.attack = replace(a, shield=a.shield + amount(step))
            ctx.events.append(f"This attack deals {amount(step)} less damage.")


def negate(ctx: Context, step: Any, refs: list[Ref]) -> None:
    if ctx.attack is not None and refs:
        ctx.attack = replace(ctx.attack, negated=True)
        ctx.events.append("The attack is negated.")


def extra_attack(ctx: Context, step: Any, refs: list[Ref]) -> None:
    for ref in refs:
        p, space = lutura_at(ctx, ref)
        lutura = ctx.state.sides[p].spaces[space]
        if lutura is not None:
            with_space(ctx.state.sides[p], space, replace(lutura, extra=lutura.extra + 1))
            ctx.events.append(f"{ctx.data.title(lutura.top)} may attack once more this turn.")


def no_deploy(ctx: Context, step: Any, refs: list[Ref]) -> None:
    ctx.state.sides[ctx.owner].no_deploy = True


def assign_tool(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Point the Tool at the target even if it was moved this turn (Sparkmoth)."""
    side = ctx.state.sides[ctx.owner]
    if not side.tool:
        return
    for ref in refs[:1]:
        _, space = lutura_at(ctx, ref)
        side.tool_at, side.tool_used = space, False
        ctx.events.append(f"{name(ctx, ctx.owner)} turns the Tool toward "
                          f"{ctx.data.title(side.spaces[space].top)}.")  # type: ignore[union-attr]  # fmt: skip


def crystal_limit(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """For the rest of the round (Engineer Talia): the side may keep this many Crystals."""
    side = ctx.state.sides[ctx.owner]
    side.crystal_limit = max(side.crystal_limit, amount(step))


def trim_crystals(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Destroy the owner's Crystals down to the amount (or the limit that holds now): the
    latest placed go first."""
    side = ctx.state.sides[ctx.owner]
    keep = amount(step) or limit_of(ctx.data, ctx.state, ctx.owner)
    while len(side.crystals) > keep:
        destroy_crystal(ctx, side.crystals[-1])


def may_keep(ctx: Context, card: str) -> bool:
    """A Crystal may join the side unless it is a second Black one (ruling any-crystal)."""
    crystals = ctx.state.sides[ctx.owner].crystals
    black = ctx.data.of(card).crystal == ANY
    return not (black and any(ctx.data.of(c).crystal == ANY for c in crystals))


def place_crystal(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """A Crystal from the hand onto the side, beyond the usual limit if the effect allows."""
    side = ctx.state.sides[ctx.owner]
    for ref in refs[:1]:
        card = parse_ref(ref)[1][0]
        if card in side.hand and may_keep(ctx, card):
            board.take(side, "hand", card)
            board.put(side, "crystals", card)
            ctx.events.append(f"{name(ctx, ctx.owner)} places {ctx.data.title(card)}.")


def reclaim(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """Crystals from the Workshop back onto the side, up to the amount and the side's limit:
    the chosen ones, or else the latest destroyed."""
    side = ctx.state.sides[ctx.owner]
    chosen = [parse_ref(r)[1][0] for r in refs]
    chosen = chosen or [c for c in reversed(side.workshop) if ctx.data.of(c).kind == "crystal"]
    for card in chosen[: amount(step) or 1]:
        room = len(side.crystals) < limit_of(ctx.data, ctx.state, ctx.owner)
        if card in side.workshop and room and may_keep(ctx, card):
            board.take(side, "workshop", card)
            board.put(side, "crystals", card)
            ctx.events.append(f"{name(ctx, ctx.owner)} puts {ctx.data.title(card)} back on the "
                              "side.")  # fmt: skip


def endure(ctx: Context, step: Any, refs: list[Ref]) -> None:
    if ctx.attack is not None:
        ctx.attack = replace(ctx.attack, endure=max(ctx.attack.endure, amount(step)))
        ctx.events.append(f"{name(ctx, ctx.owner)}'s Soldier will stay at {amount(step)} Stamina.")


def win(ctx: Context, step: Any, refs: list[Ref]) -> None:
    words = f"{ctx.data.title(ctx.card)}: {name(ctx, ctx.owner)} wins round {ctx.state.round}."
    ctx.events += win_round(ctx.data, ctx.state, ctx.owner, words)


def lasting(ctx: Context, step: Any, refs: list[Ref]) -> None:
    """A verb that only says how things stand while its source is in play: see
    `effects.continuous`. Used in a one-off trigger it keeps its source lasting instead."""


VERBS: dict[str, Verb] = {
    "deal": deal,
    "heal": heal,
    "draw": draw,
    "arrange": arrange,
    "scry": scry,
    "tuck": tuck,
    "return": return_,
    "destroy": destroy,
    "search": search,
    "dig": dig,
    "recover": recover,
    "banish": banish,
    "boost": boost,
    "shield": shield,
    "negate": negate,
    "extra_attack": extra_attack,
    "no_deploy": no_deploy,
    "taunt": lasting,
    "bypass": lasting,
    "unnegatable": lasting,
    "protect": lasting,
    "assign_tool": assign_tool,
    "crystal_limit": crystal_limit,
    "trim_crystals": trim_crystals,
    "place_crystal": place_crystal,
    "reclaim": reclaim,
    "endure": endure,
    "win": win,
}
CONTINUOUS = frozenset(
    {"boost", "shield", "taunt", "bypass", "unnegatable", "protect", "crystal_limit"}
)
