"""Ready-made Luturas moments: a round played to a chosen player's turn, then cards laid out.

For the rulebook's worked examples, the tests and a sandbox: the match starts from `new_state`
and its real actions (coin, starting player, opening hands kept, the first draw), then `lay`
takes real copies out of a player's Deck (or Crystal deck) and puts them in the hand, on the
Crystals, in a Lutura space or as the Tool. Every card is still in exactly one place, so the
state is one a game could reach.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.engine.core import Step
from companion.games.luturas import board
from companion.games.luturas.rules import LuturasRules
from companion.games.luturas.state import MAIN, Lutura, LuturasState, with_space

ANA, BEN = 0, 1
NAMES = ["Ana", "Ben"]


def act(rules: LuturasRules, state: LuturasState, action: dict[str, Any], seed: int = 0) -> Step:
    return rules.apply(state, action, random.Random(seed))


def started(rules: LuturasRules, mode: str = "standard", first: int = ANA,
            decks: Sequence[Any] | None = None) -> LuturasState:  # fmt: skip
    """The first turn of round 1 under way (`first` has drawn), with the opening hands kept."""
    options: dict[str, Any] = {"names": NAMES, "mode": mode}
    if decks is not None:
        options["decks"] = list(decks)
    state = rules.new_state(options)
    for action in (
        {"type": "toss", "winner": first},
        {"type": "choose", "player": first, "first": first},
        {"type": "deal"},
        {"type": "keep", "player": first},
        {"type": "keep", "player": 1 - first},
    ):
        state = act(rules, state, action).state
    return act(rules, state, rules.legal_actions(state)[0]).state


def turn_of(rules: LuturasRules, state: LuturasState, player: int) -> LuturasState:
    """End turns until it is `player`'s turn again, past the draw (later turns allow attacks)."""
    while True:
        if state.phase == MAIN and state.active == player and state.sides[player].turns > 1:
            return state
        if state.phase == MAIN:
            state = act(rules, state, {"type": "end", "player": state.active}).state
        else:
            state = act(rules, state, rules.legal_actions(state)[0]).state


def take(state: LuturasState, player: int, design: str, avoid: set[str] | None = None) -> str:
    """A copy of `design` out of the Deck (or Crystal deck), else out of the hand; never one
    in `avoid` (the cards laid already)."""
    side = state.sides[player]
    for pile in ("deck", "crystal_deck", "top", "bottom", "hand"):
        for card in getattr(side, pile):
            if card.rsplit(".", 1)[0] == design and card not in (avoid or set()):
                board.take(side, pile, card)
                return card
    raise LookupError(f"{design} is nowhere left to take on player {player + 1}'s side")


def lay(state: LuturasState, player: int, *, hand: Sequence[str] = (),
        crystals: Sequence[str] = (), luturas: Sequence[Sequence[str]] = (),
        damage: Sequence[int] = (), tool: str = "", tool_at: int = -1,
        facedown: str = "") -> dict[str, list[str]]:  # fmt: skip
    """Put real copies of the named designs in place; returns the copy ids by place. Luturas
    are Gear stacks (Gear 1 first), placed in spaces 1, 2, ... with their damage."""
    side = state.sides[player]
    placed: dict[str, list[str]] = {"hand": [], "crystals": [], "luturas": []}
    laid: set[str] = set()

    def one(design: str) -> str:
        card = take(state, player, design, laid)
        laid.add(card)
        return card

    for design in hand:
        card = one(design)
        board.put(side, "hand", card)
        placed["hand"].append(card)
    for design in crystals:
        card = one(design)
        board.put(side, "crystals", card)
        placed["crystals"].append(card)
    for space, stack in enumerate(luturas):
        cards = tuple(one(d) for d in stack)
        hurt = damage[space] if space < len(damage) else 0
        with_space(side, space, Lutura(cards, hurt))
        placed["luturas"].append(cards[-1])
    if tool:
        side.tool, side.tool_at = one(tool), tool_at
    if facedown:
        side.facedown = one(facedown)
    return placed


def fresh(state: LuturasState, player: int, space: int) -> None:
    """The Lutura in `space` as if it had not acted this turn."""
    lutura = state.sides[player].spaces[space]
    assert lutura is not None
    with_space(state.sides[player], space, replace(lutura, attacks=0, upgraded=False, used=()))
