"""What each action does: one handler per action type, changing the clone `apply` hands it.

A handler returns the action as resolved (every card chance decided written in, so the log
replays without the random source) and the plain sentences for the table log. Chance draws take
a card the player typed in from the physical deck when the action carries one (checked before),
else one at random: the deck is face down, so any card in it is equally likely to be on top.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.riposte.clash import resolve
from companion.games.riposte.data import HAND, ROW, START_CARDS, RiposteData
from companion.games.riposte.state import CLASH, DEAL, DRAFT, OVER, TURN_UP, RiposteState

Action = dict[str, Any]
Result = tuple[Action, list[str]]
Rng = random.Random


def new_game(data: RiposteData, names: tuple[str, str]) -> RiposteState:
    return RiposteState(names=names, phase=DEAL, deck=tuple(sorted(data.deck)))


def draw(state: RiposteState, rng: Rng, events: list[str], given: str | None = None) -> str:
    """The top card of the deck: `given`, or one at random. An empty deck is first made anew
    from the shuffled discard pile (ruling reshuffle)."""
    if not state.deck:
        state.deck, state.discard = tuple(sorted(state.discard)), ()
        events.append("The deck is empty: the discard pile is shuffled into a new deck.")
    deck = list(state.deck)
    card = given if given is not None else deck[int(rng.random() * len(deck))]
    deck.remove(card)
    state.deck = tuple(deck)
    return card


def give(state: RiposteState, player: int, card: str) -> None:
    hands = list(state.hands)
    hands[player] = hands[player] + (card,)
    state.hands = (hands[0], hands[1])


def deal(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """Rulings starting-hands, first-offensive, draft-row: 2 cards each, the row, the toss."""
    events: list[str] = []
    given_hands = action.get("hands")
    given_row = action.get("row")
    offensive = action.get("offensive")
    if offensive is None:
        offensive = int(rng.random() * 2)
    hands: list[list[str]] = [[], []]
    for p in (0, 1):
        for i in range(START_CARDS):
            hands[p].append(draw(state, rng, events, given_hands[p][i] if given_hands else None))
    state.hands = (tuple(hands[0]), tuple(hands[1]))
    row = [draw(state, rng, events, given_row[i] if given_row else None) for i in range(ROW)]
    state.row = tuple(row)
    state.offensive = state.active = offensive
    state.phase = DRAFT
    names = state.names
    events += [
        f"Each player is dealt {START_CARDS} cards face down.",
        f"The draft row shows {', '.join(data.name(c) for c in row)}.",
        f"{names[offensive]} takes the offensive marker and drafts first.",
    ]
    return {"type": "deal", "hands": hands, "row": row, "offensive": offensive}, events


def turn_up(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """A fresh row before each draft between rounds (ruling draft-row)."""
    events: list[str] = []
    given = action.get("row")
    row = [draw(state, rng, events, given[i] if given else None) for i in range(ROW)]
    state.row = tuple(row)
    state.phase, state.active = DRAFT, state.offensive
    events.append(f"The new draft row shows {', '.join(data.name(c) for c in row)}.")
    return {"type": "turn_up", "row": row}, events


def take(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    p, slot = action["player"], action["slot"]
    events: list[str] = []
    card = state.row[slot]
    give(state, p, card)
    refill = draw(state, rng, events, action.get("refill"))
    row = list(state.row)
    row[slot] = refill
    state.row = tuple(row)
    events.insert(0, f"{state.names[p]} takes {data.name(card)} from the row.")
    events.append(f"{data.name(refill)} is turned up to fill the gap.")
    events += next_pick(state)
    return {"type": "take", "player": p, "slot": slot, "refill": refill}, events


def blind(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    p = action["player"]
    events: list[str] = []
    card = draw(state, rng, events, action.get("card"))
    give(state, p, card)
    events.append(f"{state.names[p]} takes the top card of the deck without showing it.")
    events += next_pick(state)
    return {"type": "draw", "player": p, "card": card}, events


def next_pick(state: RiposteState) -> list[str]:
    """Players alternate until both hold a full hand (ruling draft-order); then a round."""
    other = 1 - state.active
    if len(state.hands[other]) < HAND:
        state.active = other
        return []
    if len(state.hands[state.active]) < HAND:
        return []
    state.phase, state.active = CLASH, -1
    state.round += 1
    state.clash, state.disarm = 0, False
    return [f"Round {state.round} begins; {state.names[state.offensive]} is the offensive player."]


def play(data: RiposteData, state: RiposteState, action: Action, rng: Rng) -> Result:
    """Lay a card face down; once both are down, reveal and resolve (simultaneous-choice)."""
    p, card = action["player"], action["card"]
    hands = list(state.hands)
    hands[p] = tuple(c for c in hands[p] if c != card)
    state.hands = (hands[0], hands[1])
    chosen = list(state.chosen)
    chosen[p] = card
    state.chosen = (chosen[0], chosen[1])
    resolved = {"type": "play", "player": p, "card": card}
    if not all(state.chosen):
        return resolved, [f"{state.names[p]} lays a card face down."]
    events = [f"{state.names[p]} lays a card face down.", *resolve(data, state)]
    events += after_clash(data, state)
    return resolved, events


def after_clash(data: RiposteData, state: RiposteState) -> list[str]:
    """The end of the game (rulings game-end, double-knockout), else of the round (round-end)."""
    damage, names = state.damage, state.names
    if max(damage) >= data.limit:
        if damage[0] != damage[1]:
            state.winner = 0 if damage[0] < damage[1] else 1
        else:
            state.winner = 1 - state.offensive  # the defending player wins a full tie
        state.phase = OVER
        loser = 1 - state.winner
        return [f"{names[loser]} has taken {damage[loser]} damage: {names[state.winner]} wins."]
    if any(len(hand) > 1 for hand in state.hands):
        return []
    played = state.table[0] + state.table[1]
    state.discard = state.discard + played + state.row
    state.table, state.row = ((), ()), ()
    state.offensive = 1 - state.offensive
    state.disarm = False
    state.phase = TURN_UP
    return [
        f"The round ends. {names[state.offensive]} takes the offensive marker.",
        "The played cards and the draft row go to the discard pile.",
    ]


HANDLERS = {
    "deal": deal,
    "turn_up": turn_up,
    "take": take,
    "draw": blind,
    "play": play,
}
