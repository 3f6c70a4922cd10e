"""What each action does: one handler per action type, changing the clone `apply` hands it.

Setting up is in setup.py and the draft in draft.py; here are the clash (laying cards face down,
revealing them, Rook's choice once both are seen) and what follows it: abilities unlocked, the
end of the game, the end of the round.
"""

from __future__ import annotations

import random

from companion.engine.core import Action, Result
from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import needs_brace, resolve, revealed
from companion.games.riposte.data import RiposteData
from companion.games.riposte.deck import take_from_hand
from companion.games.riposte.draft import blind, keep, swap, take, turn_up
from companion.games.riposte.setup import cast, character, deal
from companion.games.riposte.state import BRACE, CLASH, OVER, TURN_UP, RiposteState


def play(data: RiposteData, state: RiposteState, action: Action, rng: random.Random) -> Result:
    """Lay a card face down; once both are down, reveal and resolve (simultaneous-choice)."""
    p, card = action["player"], action["card"]
    take_from_hand(state, p, card)
    chosen, ignore = list(state.chosen), list(state.ignore)
    chosen[p], ignore[p] = card, bool(action.get("ignore"))
    state.chosen, state.ignore = (chosen[0], chosen[1]), (ignore[0], ignore[1])
    resolved = {"type": "play", "player": p, "card": card}
    if "ignore" in action:
        resolved["ignore"] = ignore[p]
    events = [f"{state.names[p]} lays a card face down."]
    if not all(state.chosen):
        return resolved, events
    events.append(revealed(data, state))
    if needs_brace(data, state):
        state.phase = BRACE
        d = 1 - state.offensive
        events.append(f"{state.names[d]} is struck and may take 2 less damage, once this round.")
        return resolved, events
    return resolved, events + settle(data, state, relief=False)


def settle(data: RiposteData, state: RiposteState, relief: bool) -> list[str]:
    """Resolve the revealed cards, remember the clash for the table, and go on."""
    cards = state.chosen
    words = resolve(data, state, relief)
    state.last_cards, state.last_words = cards, tuple(words)
    return words + after_clash(data, state)


def brace(data: RiposteData, state: RiposteState, action: Action, rng: random.Random) -> Result:
    """Rook's third ability used or kept, then the clash resolved (ruling rook-once)."""
    use = bool(action["use"])
    state.phase = CLASH
    events = settle(data, state, relief=use)
    return {"type": "brace", "player": action["player"], "use": use}, events


def after_clash(data: RiposteData, state: RiposteState) -> list[str]:
    """The end of the game (rulings game-end, double-knockout), else abilities unlocked
    (unlock-timing), else the end of the round (round-end, carry-over)."""
    damage, names = state.damage, state.names
    if max(damage) >= data.limit:
        if damage[0] != damage[1]:
            state.winner = 0 if damage[0] < damage[1] else 1
        else:
            state.winner = 1 - state.offensive  # the defending player wins a full tie
        state.phase = OVER
        loser = 1 - state.winner
        return [f"{names[loser]} has taken {damage[loser]} damage: {names[state.winner]} wins."]
    events = ab.unlock(data, state)
    if any(len(hand) > 1 for hand in state.hands):
        return events
    played = state.table[0] + state.table[1]
    state.discard = state.discard + played + state.row
    state.table, state.row = ((), ()), ()
    state.offensive = 1 - state.offensive
    state.disarm = False
    state.phase = TURN_UP
    return [
        *events,
        f"The round ends. {names[state.offensive]} takes the offensive marker.",
        "The played cards and the draft row go to the discard pile.",
    ]


HANDLERS = {
    "cast": cast,
    "character": character,
    "deal": deal,
    "turn_up": turn_up,
    "swap": swap,
    "take": take,
    "draw": blind,
    "keep": keep,
    "play": play,
    "brace": brace,
}
