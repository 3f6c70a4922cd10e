"""Setting up a game: characters dealt and kept, then the starting hands, the row and the toss.

Handlers return the action as resolved (every card chance decided written in, so the log replays
without the random source) and the plain sentences for the table log. Chance takes the cards a
player typed in from the physical cards when the action carries them (checked before).
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Result
from companion.games.riposte.data import RiposteData
from companion.games.riposte.deck import draw
from companion.games.riposte.state import CAST, CHOOSE, DEAL, DRAFT, RiposteState


def new_game(data: RiposteData, names: tuple[str, str], characters: bool) -> RiposteState:
    """`characters` False is the rulebook's learning duel: no characters at all."""
    return RiposteState(
        names=names, phase=CAST if characters else DEAL, deck=tuple(sorted(data.deck))
    )


def cast(data: RiposteData, state: RiposteState, action: Action, rng: random.Random) -> Result:
    """Shuffle the characters and deal some to each player, face down (ruling characters)."""
    offered = action.get("offered")
    if offered is None:
        pool = sorted(data.characters)
        rng.shuffle(pool)
        offered = [pool[: data.offered], pool[data.offered : 2 * data.offered]]
    state.offered = (tuple(offered[0]), tuple(offered[1]))
    state.phase = CHOOSE
    events = [f"Each player is dealt {data.offered} characters face down and keeps one in secret."]
    return {"type": "cast", "offered": [list(o) for o in offered]}, events


def character(data: RiposteData, state: RiposteState, action: Action, rng: random.Random) -> Result:
    """Keep one character face down; once both have, reveal them (ruling characters)."""
    p, who = action["player"], action["character"]
    kept = list(state.characters)
    kept[p] = who
    state.characters = (kept[0], kept[1])
    events = [f"{state.names[p]} keeps a character face down."]
    if all(state.characters):
        state.offered = ((), ())
        state.phase = DEAL
        for q in (0, 1):
            events.append(f"{state.names[q]} fights as {data.characters[kept[q]].name}.")
        events.append("The other characters go back to the box.")
    return {"type": "character", "player": p, "character": who}, events


def deal(data: RiposteData, state: RiposteState, action: Action, rng: random.Random) -> Result:
    """Rulings starting-hands, first-offensive, draft-row: the hands, the row, the toss."""
    events: list[str] = []
    given_hands = action.get("hands")
    given_row = action.get("row")
    offensive = action.get("offensive")
    if offensive is None:
        offensive = int(rng.random() * 2)
    hands: list[list[str]] = [[], []]
    for p in (0, 1):
        for i in range(data.start_cards):
            hands[p].append(draw(state, rng, events, given_hands[p][i] if given_hands else None))
    state.hands = (tuple(hands[0]), tuple(hands[1]))
    row = [draw(state, rng, events, given_row[i] if given_row else None) for i in range(data.row)]
    state.row = tuple(row)
    state.offensive = state.active = offensive
    state.phase = DRAFT
    names = state.names
    events += [
        f"Each player is dealt {data.start_cards} cards face down.",
        f"The draft row shows {', '.join(data.name(c) for c in row)}.",
        f"{names[offensive]} takes the offensive marker and drafts first.",
    ]
    return {"type": "deal", "hands": hands, "row": row, "offensive": offensive}, events
