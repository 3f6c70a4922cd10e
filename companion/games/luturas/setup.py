"""Setting up a match and each of its rounds: the coin, who starts, the opening hands and the
new hands (rulings who-starts, mulligan, round-reset, fast-mode-draws).

Handlers return the action as resolved (every card chance decided written in, so the log replays
without the random source) and the plain sentences for the table log. A chance action may carry
the cards a player read off the real deck ("enter each card"); they are checked before.
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Result
from companion.games.luturas import board
from companion.games.luturas.data import LuturasData, copies
from companion.games.luturas.outcome import new_side
from companion.games.luturas.state import CHOOSE, DEAL, FAST, MULLIGAN, LuturasState


def new_match(
    data: LuturasData, names: tuple[str, str], decks: tuple[list[str], list[str]], mode: str,
    cards_from: str,
) -> LuturasState:  # fmt: skip
    lists = (copies(decks[0]), copies(decks[1]))
    sides = (new_side(data, lists[0], mode), new_side(data, lists[1], mode))
    return LuturasState(names=names, mode=mode, decks=lists, sides=sides, cards_from=cards_from)


def toss(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    winner = action.get("winner")
    if winner is None:
        winner = int(rng.random() * 2)
    state.chooser, state.phase = winner, CHOOSE
    return {"type": "toss", "winner": winner}, [
        f"{state.names[winner]} calls the coin right and chooses who starts."
    ]


def choose(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    first = action["first"]
    state.first, state.phase = first, DEAL
    who = state.chooser
    return {"type": "choose", "player": who, "first": first}, [
        f"{state.names[who]} chooses {state.names[first]} to start round {state.round}."
    ]


def hand_sizes(data: LuturasData, state: LuturasState) -> tuple[int, int]:
    """(from the main Deck, from the Crystal deck) for an opening hand."""
    return data.fast_hand if state.mode == FAST else (data.hand, 0)


def draw_hand(
    data: LuturasData, state: LuturasState, p: int, rng: random.Random, given: list[str] | None
) -> list[str]:
    side = state.sides[p]
    main, crystal = hand_sizes(data, state)
    hand: list[str] = []
    for i in range(main + crystal):
        pile = board.DECK if i < main else board.CRYSTALS
        if board.can_draw(side, pile):
            hand.append(board.draw(side, rng, pile, given[i] if given else None))
    return hand


def deal(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """Both players draw their opening hands."""
    given = action.get("hands")
    hands = [draw_hand(data, state, p, rng, given[p] if given else None) for p in (0, 1)]
    state.phase, state.active = MULLIGAN, state.first
    size = len(hands[0])
    return {"type": "deal", "hands": hands}, [
        f"Both players draw {size} cards.",
        f"{state.names[state.first]} keeps the hand or takes a new one first.",
    ]


def mulligan(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    """The hand goes back, the Deck is shuffled, and a new hand of the same size is drawn."""
    p = action["player"]
    side = state.sides[p]
    for card in side.hand:
        if data.of(card).kind == "crystal" and state.mode == FAST:
            side.crystal_deck = tuple(sorted((*side.crystal_deck, card)))
        else:
            side.deck = (*side.deck, card)
    side.hand = ()
    board.shuffle(side)
    side.mulligans += 1
    hand = draw_hand(data, state, p, rng, action.get("hand"))
    name = state.names[p]
    events = [
        f"{name} shuffles the hand back and draws a new one ({side.mulligans} of {data.mulligans})."
    ]
    resolved = {"type": "mulligan", "player": p, "hand": hand}
    if side.mulligans >= data.mulligans:
        events.append(f"{name} must keep this hand.")
        events += kept(data, state, p, rng)
    return resolved, events


def keep(data: LuturasData, state: LuturasState, action: Action, rng: random.Random) -> Result:
    p = action["player"]
    return {"type": "keep", "player": p}, [
        f"{state.names[p]} keeps the hand.",
        *kept(data, state, p, rng),
    ]


def kept(data: LuturasData, state: LuturasState, p: int, rng: random.Random) -> list[str]:
    """After the starting player, the other chooses; after both, the first turn begins."""
    from companion.games.luturas.turn import begin_turn

    if p == state.first:
        state.active = 1 - p
        return []
    return begin_turn(data, state, state.first, rng)
