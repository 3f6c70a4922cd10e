"""Every refusal, with its reason in players' words. `check` returns None for a legal action.

Chance actions may carry the cards a player read off the physical cards; those must be cards the
deck (or, once it runs out, the discard pile about to be shuffled) really holds.

Where a ruling of clarifications.csv decides a refusal, the reason is a `Refusal` naming that
ruling's id (still a str), so a page can show the ruling with it (`companion.games.rulings`).
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import accepted, fits, previous
from companion.games.riposte.data import RiposteData, possessive
from companion.games.riposte.deck import drawable, left
from companion.games.riposte.state import (
    BRACE,
    CAST,
    CHOOSE,
    CLASH,
    DEAL,
    DRAFT,
    LOOK,
    OVER,
    SWAP,
    TURN_UP,
    RiposteState,
)
from companion.games.rulings import ruled

WAITING = {
    CAST: "The characters are dealt first.",
    CHOOSE: "The players are choosing their characters.",
    DEAL: "The cards are dealt first.",
    TURN_UP: "A new draft row is turned up first.",
    SWAP: "Rook decides on a swap with the row first.",
    DRAFT: "The players are drafting.",
    LOOK: "Rook is choosing which card to keep.",
    CLASH: "The players are choosing cards for a clash.",
    BRACE: "Rook decides whether to take 2 less damage first.",
    OVER: "The game is over.",
}
PHASES = {
    "cast": CAST,
    "character": CHOOSE,
    "deal": DEAL,
    "turn_up": TURN_UP,
    "swap": SWAP,
    "take": DRAFT,
    "draw": DRAFT,
    "keep": LOOK,
    "play": CLASH,
    "brace": BRACE,
}


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


def is_slot(data: RiposteData, slot: Any) -> bool:
    return isinstance(slot, int) and not isinstance(slot, bool) and 0 <= slot < data.row


def check_cast(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    offered = action.get("offered")
    if offered is None:
        return None
    if not isinstance(offered, list) or [len(o) for o in offered] != [data.offered] * 2:
        return f"Each player is dealt {data.offered} characters."
    dealt = [c for o in offered for c in o]
    if not all(c in data.characters for c in dealt) or len(set(dealt)) != len(dealt):
        return "Deal each character card at most once."
    return None


def check_character(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    p = action.get("player")
    if p not in (0, 1):
        return "Only player 1 or player 2 keeps a character."
    if state.characters[p]:
        return ruled(f"{state.names[p]} has already kept a character.", "characters")
    if action.get("character") not in state.offered[p]:
        return ruled(f"{state.names[p]} was not dealt that character.", "characters")
    return None


def check_deal(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    hands, row, offensive = action.get("hands"), action.get("row"), action.get("offensive")
    if offensive is not None and offensive not in (0, 1):
        return "The offensive marker goes to player 1 or player 2."
    cards: list[Any] = []
    if hands is not None:
        if not isinstance(hands, list) or [len(h) for h in hands] != [data.start_cards] * 2:
            return ruled(f"Each player is dealt {data.start_cards} cards.", "starting-hands")
        cards += hands[0] + hands[1]
    if row is not None:
        if not isinstance(row, list) or len(row) != data.row:
            return ruled(f"The draft row holds {data.row} cards.", "draft-row")
        cards += row
    return drawable(state, cards)


def check_turn_up(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    row = action.get("row")
    if row is None:
        return None
    if not isinstance(row, list) or len(row) != data.row:
        return ruled(f"The draft row holds {data.row} cards.", "draft-row")
    return drawable(state, row)


def check_swap(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    if action.get("player") != state.active:
        return ruled("Only Rook may swap a card with the row.", "rook-swap")
    slot = action.get("slot")
    if slot is not None and not is_slot(data, slot):
        return ruled(f"The draft row has places 1 to {data.row}.", "draft-row")
    return None


def check_pick(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    p = action.get("player")
    if p != state.active:
        return ruled(f"It is {state.names[state.active]}'s pick.", "draft-order")
    if len(state.hands[p]) >= data.hand:
        return ruled(f"{state.names[p]} already holds {data.hand} cards.", "draft-order")
    if action["type"] == "draw":
        return check_blind(state, p, action)
    if not is_slot(data, action.get("slot")):
        return ruled(f"The draft row has places 1 to {data.row}.", "draft-row")
    given = action.get("refill")
    return None if given is None else drawable(state, [given])


def check_blind(state: RiposteState, player: int, action: Action) -> str | None:
    """One card typed in, or the two Rook looks at (first ability)."""
    looks = ab.looks_at_two(state, player) and left(state) >= 2
    if "cards" in action:
        cards = action["cards"]
        if not looks:
            return ruled(f"{state.names[player]} takes only the top card.", "draft-order")
        if not isinstance(cards, list) or len(cards) != 2:
            return ruled("Rook looks at the top two cards.", "rook-draft")
        return drawable(state, cards)
    given = action.get("card")
    if given is not None and looks:
        return ruled("Rook looks at the top two cards.", "rook-draft")
    return None if given is None else drawable(state, [given])


def check_keep(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    if action.get("player") != state.active:
        return ruled("Only Rook keeps one of the cards he looked at.", "rook-draft")
    if action.get("card") not in state.looking:
        return ruled("Rook keeps one of the two cards he looked at.", "rook-draft")
    return None


def check_play(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    p, card, ignore = action.get("player"), action.get("card"), action.get("ignore", False)
    if p not in (0, 1):
        return "Only player 1 or player 2 plays a card."
    name = state.names[p]
    if state.chosen[p]:
        return ruled(f"{name} has already laid a card face down.", "simultaneous-choice")
    if card not in state.hands[p]:
        return f"{name} has no such card in hand."
    if not isinstance(ignore, bool):
        return "Ignoring the follow-up bar is a yes or a no."
    if ignore:
        if not ab.may_ignore(state, p):
            return ruled(f"{name} cannot ignore the follow-up bar now (Liese, once a round).",
                         "liese-ignore")  # fmt: skip
        if fits(data, state, p, card):
            return ruled(f"{data.name(card)} fits the follow-up bar: there is nothing to ignore.",
                         "liese-ignore")  # fmt: skip
        return None
    if fits(data, state, p, card) or not any(fits(data, state, p, c) for c in state.hands[p]):
        return None
    before = previous(data, state, p)
    assert before is not None  # a round's first card always fits
    flow = " (with Flow)" if before.keyword == "flow" else ""
    liese = " Liese may ignore it once this round." if ab.may_ignore(state, p) else ""
    return ruled(  # a card in hand fits: it must be played (no legal play only when none does)
        f"{data.name(card)} has no attack in {positions(accepted(data, state, p))}, which "
        f"{possessive(before.name)} follow-up bar{flow} asks for.{liese}",
        "no-legal-play",
    )


def check_brace(data: RiposteData, state: RiposteState, action: Action) -> str | None:
    if action.get("player") != 1 - state.offensive:
        return ruled("Only the struck player decides on Rook's relief.", "rook-once")
    if not isinstance(action.get("use"), bool):
        return ruled("Rook's relief is used or kept: a yes or a no.", "rook-once")
    return None


CHECKS = {
    "cast": check_cast,
    "character": check_character,
    "deal": check_deal,
    "turn_up": check_turn_up,
    "swap": check_swap,
    "take": check_pick,
    "draw": check_pick,
    "keep": check_keep,
    "play": check_play,
    "brace": check_brace,
}
