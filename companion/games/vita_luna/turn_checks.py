"""Why a turn's actions are refused: Singular cards and moves on the board, with the checks of
a value (a card, a position, cards typed in for a deal) that every refusal shares.

Kept apart from `checks`, which routes each action to its check and says what the game waits
for, so each module holds one part of the rules a player asks about.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.games.rulings import ruled
from companion.games.vita_luna.data import DECKS, VitaLunaData
from companion.games.vita_luna.state import (
    GREY_MOVE,
    MOVED,
    PROMOTED,
    WHITE_MOVE,
    VitaLunaState,
    locate,
)

Data = VitaLunaData
State = VitaLunaState
SINGULARS = {"burn": "Burn", "swap": "Swap", "steal": "Steal", "heal": "Heal"}


# --- values --------------------------------------------------------------------------------------


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def card_name(data: Data, card: Any) -> str | None:
    return data.cards[card].name if isinstance(card, str) and card in data.cards else None


def unknown_card(card: Any) -> str:
    return f"There is no card {card!r} in Vita Luna (cards are named like 'wolf.1')."


def not_in(data: Data, card: Any, pool: set[str], why: str) -> str | None:
    """None for a card `pool` holds; else the refusal: a card Vita Luna has not, or `why` with the
    card named ("Wolf (wolf.1)") for its "{card}", since cards typed in must be the deck's."""
    if isinstance(card, str) and card in pool:
        return None
    name = card_name(data, card)
    return unknown_card(card) if name is None else why.replace("{card}", f"{name} ({card})")


def bad_position(value: Any, size: int, row: str) -> str | None:
    if not is_int(value) or not 0 <= value < size:
        return f"A {row} position is a number from 0 to {size - 1}."
    return None


def check_draws(
    data: Data,
    state: State,
    order: list[tuple[int, str, int]],
    given: Any,
    what: str,
) -> str | None:
    """Cards typed in for a deal: per player a list, drawn in `order` (player, colour, count)."""
    if (
        not isinstance(given, list)
        or len(given) != 2
        or not all(isinstance(g, list) for g in given)
    ):
        return f"{what}: give two lists of cards, one for each player."
    pools = {colour: set(state.deck(colour)) for colour in DECKS}
    used = [0, 0]
    for p, colour, count in order:
        for _ in range(min(count, len(pools[colour]))):
            if used[p] >= len(given[p]):
                return f"{what}: {state.names[p]} should get more cards."
            card = given[p][used[p]]
            used[p] += 1
            missing = not_in(data, card, pools[colour],
                             f"{what}: {{card}} is not in the {colour} deck now.")  # fmt: skip
            if missing:
                return missing
            pools[colour].discard(card)
    for p in (0, 1):
        if used[p] != len(given[p]):
            return f"{what}: {state.names[p]} should get {used[p]} cards, not {len(given[p])}."
    return None


# --- Singular cards ------------------------------------------------------------------------------


def singular_refusal(state: State, action: Action) -> str | None:
    p, kind = action["player"], action["type"]
    name = SINGULARS[kind]
    if kind not in state.singulars[p]:
        return ruled(
            f"{state.names[p]} has already played {name}: each Singular card is played once a "
            "game.",
            "singulars_first",
        )
    if state.done & MOVED:
        return ruled(
            f"Singular cards are played before moving, and {state.names[p]} has moved this turn.",
            "singulars_first",
        )
    return None


def _on_white(data: Data, state: State, card: Any, player: int, role: str) -> str | None:
    name = card_name(data, card)
    if name is None:
        return unknown_card(card)
    where = locate(data, state, card)
    if where is None or where[0] != "white" or where[1] != player:
        return ruled(f"{role}, on a white position; {name} is not.", "singular_targets")
    return None


def anchored(data: Data, card: str, so: str) -> str | None:
    """The refusal of a Singular that would move a creature with Anchor (ruling anchor_reach),
    which stays where it stands; `so` says what that stops."""
    creature = data.cards[card]
    return ruled(f"{creature.name} has Anchor: {so}.", "anchor_reach") if creature.anchor else None


def check_burn(data: Data, state: State, action: Action) -> str | None:
    p = action["player"]
    return singular_refusal(state, action) or _on_white(
        data, state, action["target"], 1 - p, "Burn needs an enemy creature"
    )


def check_swap(data: Data, state: State, action: Action) -> str | None:
    p, own, target = action["player"], action["own"], action["target"]
    bad = (
        singular_refusal(state, action)
        or _on_white(data, state, own, p, "Swap gives one of your creatures")
        or _on_white(data, state, target, 1 - p, "Swap takes an enemy creature")
    )
    if bad:
        return bad
    why = "it cannot change places, so Swap cannot move it"
    return anchored(data, own, why) or anchored(data, target, why)


def check_steal(data: Data, state: State, action: Action) -> str | None:
    p, target = action["player"], action["target"]
    bad = singular_refusal(state, action) or _on_white(
        data, state, target, 1 - p, "Steal takes an enemy creature"
    )
    if bad:
        return bad
    refused = anchored(data, target, "it cannot be moved, so it cannot be stolen")
    if refused:
        return refused
    creature = data.cards[target]
    column = state.board.index(target) - (1 - p) * data.white
    if state.board[p * data.white + column] is not None:
        return ruled(
            f"Steal needs {state.names[p]}'s white position {column + 1}, opposite "
            f"{creature.name}, to be free.",
            "singular_targets",
        )
    return None


def check_heal(data: Data, state: State, action: Action) -> str | None:
    p, target = action["player"], action["target"]
    bad = singular_refusal(state, action) or _on_white(
        data, state, target, p, "Heal needs one of your creatures"
    )
    if bad:
        return bad
    creature = data.cards[target]
    if state.health[target] >= creature.health and (not creature.armour or target in state.armour):
        armour = " and armour" if creature.armour else ""
        return ruled(f"{creature.name} is at full health{armour}: Heal would do nothing.",
                     "singular_targets")  # fmt: skip
    return None


# --- moves ---------------------------------------------------------------------------------------


def held_by(data: Data, state: State, player: int, column: int) -> str | None:
    """The name of the enemy Holds creature opposite `player`'s white `column`, if any."""
    enemy = state.board[(1 - player) * data.white + column]
    if enemy is not None and data.cards[enemy].holds:
        return data.cards[enemy].name
    return None


def _may_leave(data: Data, state: State, card: str, player: int, column: int) -> str | None:
    """Why a white creature may not leave its position (Anchor, an enemy Holds), else None."""
    creature = data.cards[card]
    if creature.anchor:
        return ruled(
            f"{creature.name} has Anchor: on a white position it cannot move or be swapped.",
            "anchor_reach",
        )
    holder = held_by(data, state, player, column)
    if holder:
        return ruled(
            f"{creature.name} is held by the enemy {holder} opposite: it cannot move away.",
            "holds_reach",
        )
    return None


def _own(data: Data, state: State, card: Any, player: int) -> tuple[str, int, int] | str:
    name = card_name(data, card)
    if name is None:
        return unknown_card(card)
    where = locate(data, state, card)
    if where is None or where[1] != player:
        return f"{name} is not on {state.names[player]}'s side of the board."
    return where


def check_move(data: Data, state: State, action: Action) -> str | None:
    p, card, to = action["player"], action["card"], action["position"]
    where = _own(data, state, card, p)
    if isinstance(where, str):
        return where
    row, _, at = where
    name = data.cards[card].name
    if row == "grey":
        if state.done & GREY_MOVE:
            return ruled(f"{state.names[p]} has already moved a grey card this turn.",
                         "grey_and_promote")  # fmt: skip
        bad = bad_position(to, data.grey, "grey")
        if bad:
            return bad
        if state.board[2 * data.white + p * data.grey + to] is not None:
            return ruled(
                f"Grey position {to + 1} is taken: a grey card moves to a free grey position.",
                "grey_and_promote",
            )
        return None
    if state.done & WHITE_MOVE:
        return ruled(f"{state.names[p]} has already made this turn's move on the white row.",
                     "white_move")  # fmt: skip
    bad = bad_position(to, data.white, "white") or _may_leave(data, state, card, p, at)
    if bad:
        return bad
    if state.board[p * data.white + to] is not None:
        return ruled(
            f"White position {to + 1} is taken: only two creatures where one has Move anywhere "
            "may swap places.",
            "white_move",
        )
    if abs(to - at) != 1 and not data.cards[card].move_anywhere:
        return ruled(f"{name} moves one position sideways; only Move anywhere jumps further.",
                     "white_move")  # fmt: skip
    return None


def check_swap_places(data: Data, state: State, action: Action) -> str | None:
    p, card, other = action["player"], action["card"], action["other"]
    if state.done & WHITE_MOVE:
        return ruled(f"{state.names[p]} has already made this turn's move on the white row.",
                     "white_move")  # fmt: skip
    spots = []
    for c in (card, other):
        where = _own(data, state, c, p)
        if isinstance(where, str):
            return where
        if where[0] != "white":
            return ruled(
                f"Only creatures on white positions swap places; {data.cards[c].name} is grey.",
                "white_move",
            )
        spots.append(where[2])
    if card == other:
        return "Choose two different creatures to swap places."
    a, b = data.cards[card], data.cards[other]
    if not a.move_anywhere:
        if b.move_anywhere:
            return ruled(
                f"Name {b.name} first: the creature with Move anywhere is the one that swaps.",
                "white_move",
            )
        return ruled(f"Neither {a.name} nor {b.name} has Move anywhere: they cannot swap places.",
                     "white_move")  # fmt: skip
    return _may_leave(data, state, card, p, spots[0]) or _may_leave(data, state, other, p, spots[1])


def check_promote(data: Data, state: State, action: Action) -> str | None:
    p, card, to = action["player"], action["card"], action["position"]
    if state.done & PROMOTED:
        return ruled(f"{state.names[p]} has already promoted a card this turn.",
                     "grey_and_promote")  # fmt: skip
    where = _own(data, state, card, p)
    if isinstance(where, str):
        return where
    if where[0] != "grey":
        return ruled(f"{data.cards[card].name} is already on a white position.",
                     "grey_and_promote")  # fmt: skip
    bad = bad_position(to, data.white, "white")
    if bad:
        return bad
    if state.board[p * data.white + to] is not None:
        return ruled(f"White position {to + 1} is taken: promote into a free white position.",
                     "grey_and_promote")  # fmt: skip
    return None
