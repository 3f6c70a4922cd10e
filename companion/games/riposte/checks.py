"""Every refusal, with its reason in players' words. `check` returns None for a legal action.

Chance actions may carry the cards a player read off the physical deck; those must be cards the
deck (or, once it runs out, the discard pile about to be shuffled) really holds.
"""

from __future__ import annotations

from typing import Any

from companion.games.riposte.clash import accepted, fits, playable, previous
from companion.games.riposte.data import HAND, ROW, START_CARDS, RiposteData
from companion.games.riposte.state import CLASH, DEAL, DRAFT, OVER, TURN_UP, RiposteState

Action = dict[str, Any]

WAITING = {
    DEAL: "The cards are dealt first.",
    TURN_UP: "A new draft row is turned up first.",
    DRAFT: "The players are drafting.",
    CLASH: "The players are choosing cards for a clash.",
    OVER: "The game is over.",
}
PHASES = {"deal": DEAL, "turn_up": TURN_UP, "take": DRAFT, "draw": DRAFT, "play": CLASH}


def check(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    kind = action.get("type")
    if kind not in PHASES:
        return f"Riposte has no action {kind!r}."
    if state.phase != PHASES[kind]:
        return WAITING[state.phase]
    return CHECKS[kind](data, state, action)


def positions(values: frozenset[int]) -> str:
    listed = sorted(values)
    if len(listed) == 1:
        return f"position {listed[0]}"
    return f"positions {', '.join(map(str, listed[:-1]))} or {listed[-1]}"


def drawable(state: RiposteState, cards: list[Any]) -> str | None:
    """None if `cards` could come off the deck in this order (the discard pile shuffled in when
    the deck runs out), else why not."""
    deck, discard = set(state.deck), set(state.discard)
    for card in cards:
        if not deck:
            deck, discard = discard, set()
        if not isinstance(card, str) or card not in deck:
            return f"{card!r} is not in the deck."
        deck.discard(card)
    return None


def check_deal(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    hands, row, offensive = action.get("hands"), action.get("row"), action.get("offensive")
    if offensive is not None and offensive not in (0, 1):
        return "The offensive marker goes to player 1 or player 2."
    cards: list[Any] = []
    if hands is not None:
        if not isinstance(hands, list) or [len(h) for h in hands] != [START_CARDS] * 2:
            return f"Each player is dealt {START_CARDS} cards."
        cards += hands[0] + hands[1]
    if row is not None:
        if not isinstance(row, list) or len(row) != ROW:
            return f"The draft row holds {ROW} cards."
        cards += row
    return drawable(state, cards)


def check_turn_up(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    row = action.get("row")
    if row is None:
        return None
    if not isinstance(row, list) or len(row) != ROW:
        return f"The draft row holds {ROW} cards."
    return drawable(state, row)


def check_pick(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    p = action.get("player")
    if p != state.active:
        return f"It is {state.names[state.active]}'s pick."
    if len(state.hands[p]) >= HAND:
        return f"{state.names[p]} already holds {HAND} cards."
    if action["type"] == "draw":
        given = action.get("card")
        return None if given is None else drawable(state, [given])
    slot = action.get("slot")
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < ROW:
        return f"The draft row has places 1 to {ROW}."
    given = action.get("refill")
    return None if given is None else drawable(state, [given])


def check_play(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    p, card = action.get("player"), action.get("card")
    if p not in (0, 1):
        return "Only player 1 or player 2 plays a card."
    name = state.names[p]
    if state.chosen[p]:
        return f"{name} has already laid a card face down."
    if card not in state.hands[p]:
        return f"{name} has no such card in hand."
    if fits(data, state, p, card) or card in playable(data, state, p):
        return None
    before = previous(data, state, p)
    assert before is not None  # a round's first card always fits
    flow = " (with Flow)" if before.keyword == "flow" else ""
    return (
        f"{data.name(card)} has no attack in {positions(accepted(before))}, which "
        f"{before.name}'s follow-up bar{flow} asks for."
    )


CHECKS = {
    "deal": check_deal,
    "turn_up": check_turn_up,
    "take": check_pick,
    "draw": check_pick,
    "play": check_play,
}
