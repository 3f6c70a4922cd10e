"""VA Card Game: the positions and moves the rulings tests share.

Positions are reached from a real game start (the coin, the opening cards read off the decks,
the heroes placed face down and revealed, then real duels, draws and equip steps). Where a ruling
is about a position a short game seldom reaches (one life point left, an empty hero deck), the
test first marks the trackers or moves cards between a player's own piles (`marked`), as players
do when they set up a position to try; every card stays in exactly one place."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from companion.engine import Match
from companion.games.va_card_game import VaCardGameRules, VaCardGameState
from companion.games.va_card_game.scenarios import duel_start
from companion.games.va_card_game.state import DRAW, EQUIP

RULES = VaCardGameRules()
DATA = RULES.data
ANA, BEN = 0, 1


def apply(state: VaCardGameState, action: dict[str, Any]) -> tuple[VaCardGameState, list[str]]:
    step = RULES.apply(state, action, random.Random(0))
    return step.state, step.events


def start(
    ana: tuple[str, Sequence[str]],
    ben: tuple[str, Sequence[str]],
    first: int = ANA,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
) -> VaCardGameState:
    """Turn 1: Ana's and Ben's opening heroes with their equipment revealed, `first` active."""
    return duel_start(RULES, ana, ben, first=first, hands=hands)


def duel(state: VaCardGameState, active: str, other: str) -> tuple[VaCardGameState, list[str]]:
    """Both declare (the active player first) and the duel is resolved."""
    a = state.active
    state, events = apply(state, {"type": "declare", "player": a, "stance": active})
    state, more = apply(state, {"type": "declare", "player": 1 - a, "stance": other})
    return state, events + more


def finish_turn(state: VaCardGameState) -> tuple[VaCardGameState, list[str]]:
    """The draw step, then each equip step ended at once (a fallen hero replaced by the first
    hero in hand): the next turn's declarations, or the end."""
    events: list[str] = []
    if state.phase == DRAW:
        state, events = apply(state, {"type": "draw"})
    while state.phase == EQUIP:
        p = state.equipping
        if state.heroes[p]:
            action = {"type": "done", "player": p}
        elif state.hero_hands[p]:
            action = {"type": "bring_in", "player": p, "card": state.hero_hands[p][0]}
        else:
            action = {"type": "draw_hero", "player": p}
        state, more = apply(state, action)
        events += more
    return state, events


def marked(state: VaCardGameState, **changes: Any) -> VaCardGameState:
    return dataclasses.replace(state, **changes)


def match_at(state: VaCardGameState) -> Match:
    """A match whose log starts at `state` (seen logs and undo work from there)."""
    return Match(RULES, {"names": list(state.names)}, 0, state=state, snapshots={0: state})
