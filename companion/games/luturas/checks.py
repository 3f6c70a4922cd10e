"""Every refusal, with its reason in players' words. `check` returns None for a legal action.

Where a ruling of clarifications.csv decides a refusal, the reason is a `Refusal` naming that
ruling's id (still a str), so a page can show the ruling with it (`companion.games.rulings`).
Chance actions may carry the cards a player read off the real deck; those must be cards that
player's pile really holds.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.engine.seats import is_player
from companion.games.drawn import undrawable
from companion.games.luturas import activated, board, effects, lasting, pending
from companion.games.luturas.crystals import describe_have, describe_needs, shortfall, types_of
from companion.games.luturas.data import ANY, LuturasData
from companion.games.luturas.setup import hand_sizes
from companion.games.luturas.state import (
    CHOOSE,
    DEAL,
    DRAW,
    FAST,
    MAIN,
    MULLIGAN,
    OVER,
    OWN_TOOL,
    RESPOND,
    SOLDIER,
    TOOL,
    LuturasState,
)
from companion.games.rulings import ruled

WAITING = {
    "toss": "The coin is tossed first.",
    CHOOSE: "The winner of the coin toss chooses who starts.",
    DEAL: "The opening hands are drawn first.",
    MULLIGAN: "The players are choosing whether to keep their hands.",
    DRAW: "The turn begins with a draw.",
    MAIN: "A turn is under way.",
    RESPOND: "An attack waits for the defender's answer.",
    OVER: "The match is over.",
}
PHASES = {
    "toss": "toss",
    "choose": CHOOSE,
    "deal": DEAL,
    "keep": MULLIGAN,
    "mulligan": MULLIGAN,
    "draw": DRAW,
    "crystal": MAIN,
    "deploy": MAIN,
    "upgrade": MAIN,
    "attack": MAIN,
    "tool": MAIN,
    "assign": MAIN,
    "strategy": MAIN,
    "set": MAIN,
    "end": MAIN,
    "pass": RESPOND,
}


def arg(action: Action, key: str) -> Any:
    """A value the action names (checked by the caller before use)."""
    return action.get(key)


def check(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    kind = action.get("type")
    if state.pending:
        if kind == "pick":
            return pending.check_pick(data, state, action)
        first = state.pending[0]
        return f"{state.names[first.player]} first {pending.ASKS[first.verb]}."
    if kind == "pick":
        return "Nothing waits to be chosen."
    if kind in effects.ACTIVATIONS:
        return activated.check_activation(data, state, action)
    if kind not in PHASES:
        return f"Luturas has no action {kind!r}."
    if state.phase != PHASES[kind]:
        return WAITING.get(state.phase, "Not now.")
    if kind not in ("toss", "deal"):
        p = action.get("player")
        if not is_player(p):
            return "Name player 1 or player 2."
        mover = mover_of(state, kind)
        if p != mover:
            return f"It is {state.names[mover]}'s turn to act."
    return CHECKS[kind](data, state, action)


def mover_of(state: LuturasState, kind: str) -> int:
    """Who takes an action of `kind` now: the defender answers, the coin's winner chooses,
    else the player whose turn (or new-hand choice) it is."""
    if kind == "pass" and state.attack is not None:
        return 1 - state.attack.player
    return state.chooser if kind == "choose" else state.active


def check_toss(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    winner = action.get("winner")
    if winner is not None and not is_player(winner):
        return "The coin goes to player 1 or player 2."
    return None


def check_choose(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    if not is_player(action.get("first")):
        return ruled("Choose player 1 or player 2 to start.", "who-starts")
    return None


def cards_in(pool: tuple[str, ...] | list[str], cards: Any, what: str) -> str | None:
    """None if `cards` (a list) could come off `pool` one after another, else why not."""
    asked = f"Name the cards drawn from the {what} as a list."
    return undrawable(pool, cards, asked, f"the {what}")


def hand_refusal(
    data: LuturasData, state: LuturasState, p: int, hand: Any, back: tuple[str, ...] = ()
) -> str | None:
    """A named opening hand: as many cards as the rules draw, from the right piles."""
    side = state.sides[p]
    main, crystal = hand_sizes(data, state)
    main_pool = (*side.top, *side.deck, *side.bottom)
    crystal_pool = side.crystal_deck
    if state.mode == FAST:
        crystal_pool = (*crystal_pool, *(c for c in back if is_kind(data, c, "crystal")))
        main_pool = (*main_pool, *(c for c in back if not is_kind(data, c, "crystal")))
    else:
        main_pool = (*main_pool, *back)
    main, crystal = min(main, len(main_pool)), min(crystal, len(crystal_pool))
    if not isinstance(hand, list) or len(hand) != main + crystal:
        return f"{state.names[p]} draws {main + crystal} cards."
    return cards_in(main_pool, hand[:main], "Deck") or cards_in(
        crystal_pool, hand[main:], "Crystal deck"
    )


def check_deal(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    hands = action.get("hands")
    if hands is None:
        return None
    if not isinstance(hands, list) or len(hands) != 2:
        return "Name both players' opening hands."
    for p in (0, 1):
        reason = hand_refusal(data, state, p, hands[p])
        if reason:
            return reason
    return None


def check_keep(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    return None


def check_mulligan(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p = action["player"]
    side = state.sides[p]
    if side.mulligans >= data.mulligans:
        return ruled(f"{state.names[p]} has taken {data.mulligans} new hands and must keep this "
                     "one.", "mulligan")  # fmt: skip
    hand = action.get("hand")
    return None if hand is None else hand_refusal(data, state, p, hand, side.hand)


def check_draw(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p = action["player"]
    side = state.sides[p]
    pile = action.get("pile")
    if pile is not None and (state.mode != FAST or pile not in (board.DECK, board.CRYSTALS)):
        if state.mode != FAST:
            return "Only fast mode has a second pile to draw from."
        return "Draw from the deck or from the crystals."
    pile = pile or board.DECK
    if not board.can_draw(side, pile):
        return ruled(f"{state.names[p]}'s {'Crystal deck' if pile == board.CRYSTALS else 'Deck'} "
                     "is empty: draw from the other pile.", "fast-mode-draws")  # fmt: skip
    card = arg(action, "card")
    if card is None:
        return None
    if pile == board.CRYSTALS:
        return cards_in(side.crystal_deck, [card], "Crystal deck")
    if side.top:
        return None if card == side.top[0] else f"The top card is known: it is {side.top[0]}."
    return cards_in(side.deck or side.bottom[:1], [card], "Deck")


def in_hand(state: LuturasState, p: int, card: Any) -> bool:
    return isinstance(card, str) and card in state.sides[p].hand


def is_kind(data: LuturasData, card: str, kind: str) -> bool:
    return card.rsplit(".", 1)[0] in data.designs and data.of(card).kind == kind


def check_crystal(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, card = action["player"], arg(action, "card")
    if not in_hand(state, p, card) or not is_kind(data, card, "crystal"):
        return "Place a Crystal from your hand."
    side = state.sides[p]
    limit = lasting.crystal_limit(data, state, p)
    if len(side.crystals) >= limit:
        return ruled(f"You already have {len(side.crystals)} Crystals: {limit} at most.",
                     "crystal-limit")  # fmt: skip
    if data.of(card).crystal == ANY and any(data.of(c).crystal == ANY for c in side.crystals):
        return ruled("You may have only one Black Crystal on your side at a time.", "any-crystal")
    return None


def space_refusal(data: LuturasData, value: Any) -> str | None:
    most = data.lutura_spaces
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < most:
        return ruled(f"Name one of your {most} Lutura spaces (1 to {most}).", "lutura-limit")
    return None


def needs_refusal(data: LuturasData, state: LuturasState, p: int, card: str) -> str | None:
    design = data.of(card)
    have = types_of(data, state.sides[p].crystals)
    if shortfall(design.needs, have):
        return ruled(f"{design.title} needs {describe_needs(design.needs)}; "
                     f"{describe_have(design.needs, have)}.", "crystal-counting")  # fmt: skip
    return None


def deploy_lock(state: LuturasState, p: int) -> str | None:
    if state.sides[p].no_deploy:
        return ruled("A Lutura went back to a hand by your effect this turn: no more deploying "
                     "or upgrading this turn.", "return-stops-deploy")  # fmt: skip
    return None


def check_deploy(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, card, space = action["player"], arg(action, "card"), arg(action, "space")
    if not in_hand(state, p, card) or not is_kind(data, card, "lutura"):
        return "Deploy a Lutura from your hand."
    design = data.of(card)
    if design.gear != "1":
        base = data.title(design.evolves_from)
        return ruled(f"{design.title} is an Advanced Gear: upgrade a {base} with it instead.",
                     "deploy-gear-one")  # fmt: skip
    reason = deploy_lock(state, p) or space_refusal(data, space)
    if reason:
        return reason
    side = state.sides[p]
    if side.spaces[space] is not None:
        if not board.free_spaces(side):
            return ruled(f"You already have {len(side.spaces)} Luturas: no space is free.",
                         "lutura-limit")  # fmt: skip
        return ruled(f"Space {space + 1} is taken: deploy into a free space.", "lutura-limit")
    return (
        needs_refusal(data, state, p, card)
        or activated.cards_refusal(state, action)
        or activated.choice_refusal(data, state, action)
    )


def check_upgrade(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, card, space = action["player"], arg(action, "card"), arg(action, "space")
    if not in_hand(state, p, card) or not is_kind(data, card, "lutura"):
        return "Upgrade with a Lutura from your hand."
    design = data.of(card)
    if design.gear == "1":
        return ruled(f"{design.title} is a Gear 1: deploy it instead.", "deploy-gear-one")
    reason = deploy_lock(state, p) or space_refusal(data, space)
    if reason:
        return reason
    below = state.sides[p].spaces[space]
    if below is None or below.top.rsplit(".", 1)[0] != design.evolves_from:
        return ruled(upgrade_words(data, state, p, card, below), "upgrade-chain")
    return needs_refusal(data, state, p, card)


def upgrade_words(data: LuturasData, state: LuturasState, p: int, card: str, below: Any) -> str:
    """Everything an upgrade lacks, in one sentence: "Tidepup Gear 2 needs Tidepup Gear 1 in
    space 1 and 2 Aquatic Crystals; you have 1 Aquatic (1 Crystal in all)"."""
    design = data.of(card)
    base = data.title(design.evolves_from)
    have = types_of(data, state.sides[p].crystals)
    held = data.title(below.top) if below else "nothing"
    lacks = f"{design.title} needs {base} to go onto (that space holds {held})"
    if shortfall(design.needs, have):
        lacks += f" and {describe_needs(design.needs)}; {describe_have(design.needs, have)}"
    return lacks + "."


def attack_refusal(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, space, target = action["player"], arg(action, "space"), arg(action, "target")
    side, foe = state.sides[p], state.sides[1 - p]
    if side.turns <= 1:
        return ruled("Nobody attacks on their own first turn of a round.", "first-turn-no-attacks")
    reason = space_refusal(data, space)
    if reason:
        return reason
    lutura = side.spaces[space]
    if lutura is None:
        return f"Space {space + 1} holds no Lutura of yours."
    title = data.title(lutura.top)
    if lutura.upgraded:
        return ruled(f"{title} was upgraded this turn: it can't attack until your next turn.",
                     "upgrade-pause")  # fmt: skip
    if lutura.attacks >= 1 + lutura.extra:
        return ruled(f"{title} has already attacked this turn.", "attack-once")
    prismatic = data.of(lutura.top).prismatic
    if target == SOLDIER:
        if prismatic:
            return ruled(f"{title} is Prismatic: Prismatic Luturas never attack Soldiers.",
                         "prismatic-soldiers")  # fmt: skip
        if board.luturas(foe) and not lasting.hits_soldier_anyway(data, state, p, space):
            return ruled(f"{state.names[1 - p]}'s Luturas defend their Soldier: attack a Lutura "
                         "first.", "attack-targets")  # fmt: skip
        return None
    if target == TOOL:
        if not foe.tool:
            return f"{state.names[1 - p]} has no Tool in play."
        if lasting.tool_shielded(data, state, 1 - p):
            return f"{state.names[1 - p]}'s Tool can't be destroyed by attacks now."
        return None
    if target == OWN_TOOL:
        return None if side.tool else "You have no Tool in play."
    if space_refusal(data, target) is not None:
        return f"Attack a Lutura's space (1 to {data.lutura_spaces}), the Soldier or a Tool."
    if foe.spaces[target] is None:
        return f"{state.names[1 - p]} has no Lutura in space {target + 1}."
    guards = lasting.guards(data, state, 1 - p)
    if guards and target not in guards:
        names = " or ".join(data.title(foe.spaces[g].top) for g in guards if foe.spaces[g])  # type: ignore[union-attr]
        return f"While able, {title} must attack {names} first."
    return None


def check_attack(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    """The attack itself, then the choices its Attack: effects take (named when announced)."""
    reason = attack_refusal(data, state, action)
    if reason is not None:
        return reason
    base = {k: v for k, v in action.items() if k not in ("choices0", "skip0")}
    if action not in effects.attack_options(data, state, base):
        return "Those choices don't fit the attacker's Attack effect."
    return None


def check_tool(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, card = action["player"], arg(action, "card")
    if not in_hand(state, p, card) or not is_kind(data, card, "tool"):
        return "Play a Tool from your hand."
    if state.sides[p].tool:
        return ruled("You already have a Tool in play: get rid of it first.", "tools-replace")
    return None


def check_assign(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, space = action["player"], arg(action, "space")
    side = state.sides[p]
    if not side.tool:
        return "You have no Tool in play."
    reason = space_refusal(data, space)
    if reason:
        return reason
    if side.spaces[space] is None:
        return f"Space {space + 1} holds no Lutura of yours."
    if side.tool_at == space:
        return "The Tool already points at that Lutura."
    if side.tool_moved:
        return ruled("You have already assigned your Tool this turn.", "tools-one")
    return None


def strategy_refusal(data: LuturasData, state: LuturasState, p: int) -> str | None:
    if state.sides[p].strategy_used:
        return ruled("You have already used a Strategy this turn.", "strategy-once")
    return None


def check_strategy(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, card = action["player"], arg(action, "card")
    if not in_hand(state, p, card) or not is_kind(data, card, "strategy"):
        return "Use a Strategy from your hand."
    design = data.of(card)
    if design.timing == "opponent's turn":
        return ruled(f"{design.title} is used only by flipping it on your opponent's turn: set it "
                     "face down instead.", "strategy-facedown")  # fmt: skip
    return (
        strategy_refusal(data, state, p)
        or activated.cards_refusal(state, action)
        or activated.choice_refusal(data, state, action)
    )


def check_set(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    p, card = action["player"], arg(action, "card")
    if not in_hand(state, p, card) or not is_kind(data, card, "strategy"):
        return "Set a Strategy from your hand face down."
    if state.sides[p].facedown:
        return ruled("A Strategy already waits face down: only one may.", "strategy-facedown")
    if data.of(card).timing == "your turn":
        return ruled(f"{data.title(card)} can be used only on your own turn: it can't be set "
                     "face down.", "strategy-facedown")  # fmt: skip
    return None


def check_end(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    return None


def check_pass(data: LuturasData, state: LuturasState, action: Action) -> str | None:
    return None


CHECKS = {
    "toss": check_toss,
    "choose": check_choose,
    "deal": check_deal,
    "keep": check_keep,
    "mulligan": check_mulligan,
    "draw": check_draw,
    "crystal": check_crystal,
    "deploy": check_deploy,
    "upgrade": check_upgrade,
    "attack": check_attack,
    "tool": check_tool,
    "assign": check_assign,
    "strategy": check_strategy,
    "set": check_set,
    "end": check_end,
    "pass": check_pass,
}


def why_not_play(data: LuturasData, state: LuturasState, p: int, card: str) -> str | None:
    """Why `p` can't play `card` from the hand in any way now (None: some way is legal), for a
    page that greys a card out: "Tidepup Gear 2 needs Tidepup Gear 1 on your side and 2 Aquatic
    Crystals; you have 1 Aquatic (1 Crystal in all)."."""
    design = data.of(card)
    if design.kind == "lutura" and design.gear != "1":
        side = state.sides[p]
        bases = [i for i, lu in enumerate(side.spaces)
                 if lu is not None and lu.top.rsplit(".", 1)[0] == design.evolves_from]  # fmt: skip
        if not bases:
            have = types_of(data, side.crystals)
            words = f"{design.title} needs {data.title(design.evolves_from)} on your side"
            if shortfall(design.needs, have):
                words += f" and {describe_needs(design.needs)}; {describe_have(design.needs, have)}"
            return ruled(words + ".", "upgrade-chain")
        tries = [{"type": "upgrade", "player": p, "card": card, "space": i} for i in bases]
    elif design.kind == "lutura":
        tries = [{"type": "deploy", "player": p, "card": card, "space": i}
                 for i in range(data.lutura_spaces)]  # fmt: skip
    elif design.kind == "strategy":
        tries = [{"type": "strategy", "player": p, "card": card}, {"type": "set", "player": p,
                                                                    "card": card}]  # fmt: skip
    else:
        tries = [{"type": design.kind, "player": p, "card": card}]
    expanded = [a for base in tries for a in (effects.with_choices(data, state, base) or [base])]
    reasons = [check(data, state, action) for action in expanded]
    if any(r is None for r in reasons):
        return None
    return next(r for r in reasons if r is not None)
