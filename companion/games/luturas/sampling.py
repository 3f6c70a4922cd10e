"""The main phase's legal actions for a bot, without `check`: the bot path's sampler.

`LuturasRules.turn_actions` lists a turn's actions by proposing every card, space and target
and keeping those `check` accepts. That is the table's definition, and each refusal it throws
away is a sentence built for a player (an upgrade's "needs ... you have ..."): four fifths of a
random playout went there (issue 32). This module lists the same actions, in the same order, from
the few conditions that decide them, with no sentence: each condition below is the one of
checks.py that would refuse the action, read for an action the loop itself built (the right
player, a card in the hand of the right kind, a space in range). The effects' choices are still
enumerated by effects.py (`with_choices`, `attack_options`, `activations`), so a card's effect
is read in one place. tests/companion/test_engine_speed_paths.py compares this list with
`legal_actions` after every action of many seeded games.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.games.luturas import activated, effects, lasting
from companion.games.luturas.crystals import shortfall
from companion.games.luturas.data import ANY, LuturasData
from companion.games.luturas.declarations import triggered
from companion.games.luturas.state import OWN_TOOL, SOLDIER, TOOL, LuturasState, design


def main_actions(data: LuturasData, state: LuturasState) -> list[Action]:
    """`legal_actions` in the MAIN phase (no choice pending): the active player's turn, then the
    other player's activations."""
    p = state.active
    out = turn_actions(data, state, p)
    out += activated.activations(data, state, 1 - p)
    return out


def turn_actions(data: LuturasData, state: LuturasState, p: int) -> list[Action]:
    """`LuturasRules.turn_actions`, each card's actions by its kind (checks.py's conditions)."""
    side = state.sides[p]
    of, seen = data.of, data.seen  # `of` remembers in `seen`: read it first, without a call
    out: list[Action] = []
    have: Any = None  # the Crystals' types, counted once if a Lutura asks
    met: dict[tuple[str, tuple[tuple[str, int], ...]], bool] = {}
    types: tuple[tuple[str, int], ...] = ()
    limit = -1  # the Crystal limit, found once if a Crystal asks
    for card in distinct(side.hand):
        kind = seen.get(card) or of(card)
        if kind.kind == "crystal":  # check_crystal
            if limit < 0:  # effects only raise the limit: asked only when it could matter
                limit = max(data.crystals_most, side.crystal_limit)
                if len(side.crystals) >= limit:
                    limit = lasting.crystal_limit(data, state, p)
            if len(side.crystals) < limit and not (
                kind.crystal == ANY and any(of(c).crystal == ANY for c in side.crystals)
            ):
                out.append({"type": "crystal", "player": p, "card": card})
        elif kind.kind == "lutura":  # lutura_plays: deploy_lock and needs_refusal first
            if side.no_deploy:
                continue
            if have is None:
                have, types = crystal_types(data, side.crystals)
                met = data.needs_met
            key = (kind.id, types)
            if key not in met:
                met[key] = not shortfall(kind.needs, have)
            if not met[key]:
                continue
            if kind.gear == "1":  # check_deploy: a free space, choices that fit the effect
                plain = data.plain_deploy.get(card)
                if plain is None:
                    plain = data.plain_deploy[card] = effects.plain_deploy(data, card)
                for space, lutura in enumerate(side.spaces):
                    if lutura is None:
                        base = {"type": "deploy", "player": p, "card": card, "space": space}
                        if plain:  # what `with_choices` answers without a trial
                            out.append(base)
                        else:
                            out += effects.with_choices(data, state, base)
            else:  # check_upgrade: the Gear it evolves from on top
                for space, lutura in enumerate(side.spaces):
                    if lutura is not None and design(lutura.top) == kind.evolves_from:
                        out.append({"type": "upgrade", "player": p, "card": card, "space": space})
        elif kind.kind == "tool":  # check_tool
            if not side.tool:
                out.append({"type": "tool", "player": p, "card": card})
        elif kind.kind == "strategy":  # check_strategy, check_set
            if kind.timing != "opponent's turn" and not side.strategy_used:
                out += effects.with_choices(
                    data, state, {"type": "strategy", "player": p, "card": card}
                )
            if not side.facedown and kind.timing != "your turn":
                out.append({"type": "set", "player": p, "card": card})
    if side.tool and not side.tool_moved:  # check_assign
        for space, lutura in enumerate(side.spaces):
            if lutura is not None and side.tool_at != space:
                out.append({"type": "assign", "player": p, "space": space})
    out += attacks(data, state, p)
    out += activated.activations(data, state, p)
    out.append({"type": "end", "player": p})
    return out


def attacks(data: LuturasData, state: LuturasState, p: int) -> list[Action]:
    """`LuturasRules.attacks`: attack_refusal's conditions, each asked once per turn's state."""
    side, foe = state.sides[p], state.sides[1 - p]
    if side.turns <= 1:
        return []
    defended = any(lutura is not None for lutura in foe.spaces)
    guards = lasting.guards(data, state, 1 - p) if defended else []
    bypass = defended and bool(lasting.continuous(data, state, p, "bypass"))
    tool_open = bool(foe.tool) and not lasting.tool_shielded(data, state, 1 - p)
    out: list[Action] = []
    for space, lutura in enumerate(side.spaces):
        if lutura is None or lutura.upgraded or lutura.attacks >= 1 + lutura.extra:
            continue
        targets: list[int | str] = [
            t
            for t, there in enumerate(foe.spaces)
            if there is not None and (not guards or t in guards)
        ]
        if not data.of(lutura.top).prismatic and (
            not defended or (bypass and lasting.hits_soldier_anyway(data, state, p, space))
        ):
            targets.append(SOLDIER)
        if tool_open:
            targets.append(TOOL)
        if side.tool:
            targets.append(OWN_TOOL)
        plain = not triggered(data, lutura.stack[-1], "attack")  # attack_options' shortcut
        for target in targets:
            action = {"type": "attack", "player": p, "space": space, "target": target}
            if plain:
                out.append(action)
            else:
                out += effects.attack_options(data, state, action)
    return out


def crystal_types(
    data: LuturasData, crystals: tuple[str, ...]
) -> tuple[dict[str, int], tuple[tuple[str, int], ...]]:
    """`crystals.types_of` as a dict (read only) and as sorted pairs, remembered by the
    Crystals in play: they change a few times a round, and every listing with a Lutura in the
    hand asks (on the data: another data's designs may differ)."""
    remembered = data.crystal_types
    found = remembered.get(crystals)
    if found is None:
        have: dict[str, int] = {}
        for c in crystals:
            t = data.of(c).crystal
            have[t] = have.get(t, 0) + 1
        found = have, tuple(sorted(have.items()))
        if len(remembered) >= HANDS_MOST:
            remembered.clear()
        remembered[crystals] = found
    return found


def one_of_each(hand: tuple[str, ...]) -> list[str]:
    """One copy of each design in a hand (the lowest copy id): copies are alike in every rule,
    so offering each once keeps the choices few. Remembered by hand (a hand stays the same
    for most steps of a turn, and every listing asks)."""
    return list(distinct(tuple(hand)))  # tuple(): the same tuple when it is one


def distinct(hand: tuple[str, ...]) -> tuple[str, ...]:
    """`one_of_each`'s remembered tuple itself, for a caller that only reads it."""
    found = HANDS.get(hand)
    if found is None:
        first: dict[str, str] = {}
        for card in sorted(hand):
            first.setdefault(card.rsplit(".", 1)[0], card)
        found = tuple(first.values())
        if len(HANDS) >= HANDS_MOST:
            HANDS.clear()
        HANDS[hand] = found
    return found


HANDS: dict[tuple[str, ...], tuple[str, ...]] = {}  # one_of_each's answers, by hand
HANDS_MOST = 4096  # forgotten all at once past this many hands
