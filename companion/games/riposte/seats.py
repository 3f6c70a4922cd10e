"""Riposte's seats: who takes each action, what each player may see, and how the game ends.

Hidden from a player: the other player's hand (its size is open, ruling open-information), a card
the other has laid face down and not yet revealed (and whether Liese ignores her bar with it), the
characters dealt to the other player and the one kept until both are revealed, the two cards Rook
looks at and the cards he put under the deck, and the deck itself (only its size is shown). The
shared table screen (seat None) sees no secret of either player. Everything else is face up.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action

# Re-exported: they were this module's own names before the shared two-player seats.
from companion.engine.seats import BY_CHANCE as BY_CHANCE
from companion.engine.seats import CHANCE as CHANCE
from companion.engine.seats import (
    HIDDEN,
    Seat,
    half_sealed,
    others_hidden,
    player_or_chance,
    resample_with,
    second_reveals,
    won_when_over,
)
from companion.engine.seats import ONE as ONE
from companion.engine.seats import TWO_SEATS as SEATS
from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import fits
from companion.games.riposte.data import RiposteData
from companion.games.riposte.state import (
    CHOOSE,
    CLASH,
    RiposteState,
    to_json,
)
from companion.games.rulings import ruled

CHANCE_TYPES = frozenset({"cast", "deal", "turn_up"})
# The undo refusals, citing their rulings as the engine's other refusals do: a choice sealed while
# the other is not yet made (by phase), then the characters' reveal and the cards' (REVEALED),
# which stand for good. The page cites simultaneous-choice under each of these.
SEALED = {
    CLASH: ruled("A card laid face down cannot be taken back until both cards are revealed.",
                 "simultaneous-choice"),
    CHOOSE: ruled("A character kept face down cannot be changed until both are revealed.",
                  "characters"),
    "characters revealed": ruled("Both characters are revealed: a character kept stays chosen "
                                 "and cannot be taken back.", "simultaneous-choice"),
}  # fmt: skip
REVEALED = ruled("Both cards are revealed: a card laid down is played and cannot be taken back.",
                 "simultaneous-choice")  # fmt: skip


def actors(action: Action) -> frozenset[Seat]:
    """Not `strict`: the checks compare players with `==`, so True plays as player 2."""
    return player_or_chance(action, CHANCE_TYPES, strict=False)


def sealed(state: RiposteState) -> str | None:
    """Ruling simultaneous-choice: one card (or character) down and the other not yet is a
    sealed choice."""
    halves = {CHOOSE: (state.characters, SEALED[CHOOSE]), CLASH: (state.chosen, SEALED[CLASH])}
    return half_sealed(state.phase, halves)


def reveals(before: RiposteState, action: Action) -> str | None:
    """Ruling simultaneous-choice: the second character kept, or the second card laid, turns
    both over; taking it back would let its player choose again knowing the other's. Not
    `strict`, as `actors`."""
    seconds = {"character": (CHOOSE, before.characters, SEALED["characters revealed"]),
               "play": (CLASH, before.chosen, REVEALED)}  # fmt: skip
    return second_reveals(before.phase, action, seconds, strict=False)


outcome = won_when_over


def view(state: RiposteState, seat: Seat | None) -> dict[str, Any]:
    """The state as `seat` may see it, as plain JSON: hidden cards become HIDDEN."""
    seen = to_json(state)
    seen["deck"] = len(state.deck)
    for p in SEATS:
        if p == seat:
            continue
        seen["hands"][p] = [HIDDEN] * len(state.hands[p])
        seen["offered"][p] = [HIDDEN] * len(state.offered[p])
        if state.phase == CLASH:
            seen["chosen"][p] = HIDDEN if state.chosen[p] else ""
            seen["ignore"][p] = False
        if state.phase == CHOOSE and state.characters[p]:
            seen["characters"][p] = HIDDEN
        if state.looking and state.active == p:
            seen["looking"] = [HIDDEN] * len(state.looking)
    if seat is None or state.characters[seat] != ab.ROOK:
        seen["bottom"] = [HIDDEN] * len(state.bottom)
    return seen


def redact(before: RiposteState, action: Action, seat: Seat | None) -> Action:
    """The logged action with what `seat` may not know replaced by HIDDEN."""
    kind = action.get("type")
    if kind == "deal" and "hands" in action:
        return action | {"hands": others_hidden(action["hands"], seat)}
    if kind == "cast" and "offered" in action:
        return action | {"offered": others_hidden(action["offered"], seat)}
    player = action.get("player")
    if player == seat or player not in SEATS:
        return action
    if kind == "draw" and "card" in action:
        return action | {"card": HIDDEN}
    if kind == "draw" and "cards" in action:
        return action | {"cards": [HIDDEN] * len(action["cards"])}
    if kind == "keep":
        return action | {"card": HIDDEN}
    if kind == "character" and not before.characters[1 - player]:
        return action | {"character": HIDDEN}  # kept first: revealed with the other's
    if kind == "play" and not before.chosen[1 - player]:
        hidden = action | {"card": HIDDEN}  # laid first: revealed only by the other's card
        return hidden | {"ignore": False} if "ignore" in action else hidden
    return action


def determinize(
    data: RiposteData, seen: dict[str, Any], seat: Seat | None, rng: random.Random
) -> RiposteState:
    """A full state consistent with a seat's view: every card and character the seat cannot see
    drawn at random from those it has not seen. App opponents reason on this, never on the real
    state. Built field by field rather than through `from_json` (the app draws one a decision,
    tens of thousands a searched game); the draws are the same, in the same order."""
    hands = [list(side) for side in seen["hands"]]
    chosen, looking, bottom = list(seen["chosen"]), list(seen["looking"]), list(seen["bottom"])
    table = seen["table"]
    visible = {*seen["row"], *seen["discard"], *looking, *bottom, *chosen}
    for side in (*hands, *table):
        visible.update(side)
    unseen = [c for c in data.deck if c not in visible]
    rng.shuffle(unseen)
    for side in (*hands, chosen, looking, bottom):
        side[:] = [unseen.pop() if c == HIDDEN else c for c in side]
    assert len(unseen) == seen["deck"], "the deck's size disagrees with the unseen cards"
    characters, offered = list(seen["characters"]), [list(side) for side in seen["offered"]]
    shown = {*characters, *offered[0], *offered[1]}
    faces = [c for c in sorted(data.characters) if c not in shown]
    rng.shuffle(faces)
    for side in (*offered, characters):
        side[:] = [faces.pop() if c == HIDDEN else c for c in side]
    pair = tuple  # the JSON's lists as the state's tuples, as `from_json` makes them
    state = RiposteState(
        names=pair(seen["names"]), phase=seen["phase"], offensive=seen["offensive"],
        active=seen["active"], round=seen["round"], clash=seen["clash"],
        deck=pair(sorted(unseen)), row=pair(seen["row"]),
        hands=(pair(hands[0]), pair(hands[1])), table=(pair(table[0]), pair(table[1])),
        chosen=(chosen[0], chosen[1]), discard=pair(seen["discard"]), damage=pair(seen["damage"]),
        disarm=seen["disarm"], offered=(pair(offered[0]), pair(offered[1])),
        characters=(characters[0], characters[1]), unlocked=pair(seen["unlocked"]),
        spent=pair(seen["spent"]), ignore=pair(seen["ignore"]), bottom=pair(bottom),
        looking=pair(looking), winner=seen["winner"], last_cards=pair(seen["last_cards"]),
        last_words=pair(seen["last_words"]),
    )  # fmt: skip
    for p in SEATS:  # Liese ignores her bar when the card drawn for her needs it
        if seen["chosen"][p] == HIDDEN and not fits(data, state, p, state.chosen[p]):
            ignore = list(state.ignore)
            ignore[p] = ab.may_ignore(state, p)
            state.ignore = (ignore[0], ignore[1])
    return state


resample = resample_with(view, determinize)
