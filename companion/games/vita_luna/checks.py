"""Why an action is refused, in the words a player at the table would use.

`check` answers None for a legal action. Every refusal says what the rule is, or what the game
waits for instead, because "why can't I do that?" is the question players ask most; where a ruling
of clarifications.csv decides it, the reason is a `Refusal` naming that ruling's id (still a str),
so a page can show the ruling too. `why_not_singular` says why a Singular card cannot be played
now at all, for a page that shows it disabled rather than hides it.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.games.rulings import Refusal, ruled
from companion.games.vita_luna.actions import held_count, lot_colour
from companion.games.vita_luna.data import DECKS, VitaLunaData
from companion.games.vita_luna.state import (
    ATTACK_BID,
    BETWEEN,
    BIDDING,
    DEAL,
    DEAL_REST,
    FIRST_ATTACKER,
    FIRST_BIDDER,
    OVER,
    PLACE,
    REWARD,
    TURN,
    TURN_UP,
    Phase,
    VitaLunaState,
    whites,
)
from companion.games.vita_luna.turn_checks import (
    SINGULARS,
    bad_position,
    card_name,
    check_burn,
    check_draws,
    check_heal,
    check_move,
    check_promote,
    check_steal,
    check_swap,
    check_swap_places,
    is_int,
    not_in,
    singular_refusal,
    unknown_card,
)

Data = VitaLunaData
State = VitaLunaState

REQUIRED: dict[str, tuple[str, ...]] = {  # in the order of a game
    "deal": (),
    "first_attacker": ("attacker",),
    "first_bidder": ("bidder",),
    "bid": ("player", "amount"),
    "turn_up": (),
    "deal_rest": (),
    "place": ("player", "card", "row", "position"),
    "ready": ("player",),
    "burn": ("player", "target"),
    "swap": ("player", "own", "target"),
    "steal": ("player", "target"),
    "heal": ("player", "target"),
    "move": ("player", "card", "position"),
    "swap_places": ("player", "card", "other"),
    "promote": ("player", "card", "position"),
    "attack": ("player",),
    "reward": (),
    "trade": ("player", "cards"),
    "next_battle": (),
}
CHANCE = {
    "deal": "hands",
    "turn_up": "card",
    "deal_rest": "cards",
    "reward": "cards",
    "trade": "blue",
}
ALLOWED = {
    kind: frozenset(keys) | {"type"} | ({CHANCE[kind]} if kind in CHANCE else set())
    for kind, keys in REQUIRED.items()
}
REQUIRED_SETS = {kind: frozenset(keys) for kind, keys in REQUIRED.items()}
WHO = {  # the key naming a player, where the action has one
    kind: next(k for k in ("player", "attacker", "bidder") if k in keys)
    for kind, keys in REQUIRED.items()
    if {"player", "attacker", "bidder"} & set(keys)
}
PHASES: dict[str, frozenset[Phase]] = {
    "deal": frozenset({DEAL}),
    "first_attacker": frozenset({FIRST_ATTACKER}),
    "first_bidder": frozenset({FIRST_BIDDER}),
    "bid": BIDDING,
    "turn_up": frozenset({TURN_UP}),
    "deal_rest": frozenset({DEAL_REST}),
    "place": frozenset({PLACE}),
    "ready": frozenset({PLACE}),
    "reward": frozenset({REWARD}),
    "trade": frozenset({BETWEEN}),
    "next_battle": frozenset({BETWEEN}),
}
TURN_ACTIONS = frozenset(
    {"burn", "swap", "steal", "heal", "move", "swap_places", "promote", "attack"}
)


def check(data: Data, state: State, action: Any) -> str | None:
    """None if `action` is legal in `state`, else the reason it is not."""
    kind = action.get("type") if isinstance(action, dict) else None
    spec = SPECS.get(kind) if type(kind) is str else None
    if spec is None:
        return _malformed(action)
    kind = str(kind)
    allowed, required, who, phases, special = spec
    keys = action.keys()
    if not keys <= allowed:
        return f"{kind} does not take {', '.join(sorted(keys - allowed))}."
    if not required <= keys:
        return f"{kind} needs {' and '.join(k for k in REQUIRED[kind] if k not in keys)}."
    if who is not None:
        player = action[who]
        if type(player) is not int or player not in (0, 1):  # True and False are refused
            return f"Say which player with {who} 0 (the first) or 1 (the second)."
    phase = state.phase
    if phase == OVER:
        return f"The game is over: {state.names[state.winner]} won. Start a new game to play again."
    if phase not in phases:
        return waiting_for(data, state)
    if phase == TURN and action["player"] != state.active:
        return f"It is {state.names[state.active]}'s turn."
    return special(data, state, action)


def _malformed(action: Any) -> str:
    kind = action.get("type") if isinstance(action, dict) else None
    if isinstance(kind, str):
        return f"There is no action {kind!r} in Vita Luna (try one of: {', '.join(REQUIRED)})."
    return "An action is a small record with a type, such as {'type': 'attack', 'player': 0}."


def waiting_for(data: Data, state: State) -> str:
    """What the game needs next, said as an instruction."""
    phase, names = state.phase, state.names
    if phase == DEAL:
        return "First deal the starting cards."
    if phase == FIRST_ATTACKER:
        return "First choose who attacks first."
    if phase == FIRST_BIDDER:
        return "First choose who opens the bidding for the first attack."
    if phase in BIDDING:
        waiting = [names[p] for p in (0, 1) if state.bids[p] is None]
        what = "the first attack" if phase == ATTACK_BID else "the card turned up"
        return ruled(f"Waiting for the secret bid of {' and '.join(waiting)} for {what}.",
                     "secret_bids")  # fmt: skip
    if phase == TURN_UP:
        return f"First turn up the next {lot_colour(data, state)} card of the auction."
    if phase == DEAL_REST:
        return "The markers are spent: first deal the remaining cards at random."
    if phase == PLACE:
        return f"{names[state.active]} is placing creatures now."
    if phase == TURN:
        return f"It is {names[state.active]}'s turn."
    if phase == REWARD:
        return "The battle is over: first draw the reward cards."
    if phase == BETWEEN:
        return "Between battles: trade black cards for blue ones, or start the next battle."
    return f"The game is over: {names[state.winner]} won."


# --- the start of a game -------------------------------------------------------------------------


def _check_deal(data: Data, state: State, action: Action) -> str | None:
    if "hands" not in action:
        return None
    order = [(p, colour, n) for p in (0, 1) for colour, n in data.hand.items()]
    return check_draws(data, state, order, action["hands"], "The dealt hands")


def _nothing(data: Data, state: State, action: Action) -> str | None:
    return None


def _check_bid(data: Data, state: State, action: Action) -> str | None:
    p, amount = action["player"], action["amount"]
    if state.bids[p] is not None:
        return ruled(
            f"{state.names[p]} has already bid; waiting for {state.names[1 - p]}'s secret bid.",
            "secret_bids",
        )
    have = state.markers[p]
    if not is_int(amount) or not 0 <= amount <= have:
        return ruled(f"{state.names[p]} can bid from 0 to {have} markers.", "secret_bids")
    return None


def _check_turn_up(data: Data, state: State, action: Action) -> str | None:
    card = action.get("card")
    colour = lot_colour(data, state)
    if card is None:  # drawn at random (or nothing, if the deck is empty)
        return None
    if card not in state.deck(colour):
        name = card_name(data, card)
        if name is None:
            return unknown_card(card)
        return f"{name} ({card}) is not in the {colour} deck now: the auction turns up {colour}."
    return None


def _check_deal_rest(data: Data, state: State, action: Action) -> str | None:
    if "cards" not in action:
        return None
    order = [
        (p, colour, n - held_count(data, state, p, colour))
        for p in (0, 1)
        for colour, n in data.hand.items()
    ]
    return check_draws(data, state, order, action["cards"], "The cards dealt")


# --- placement -----------------------------------------------------------------------------------


def _check_place(data: Data, state: State, action: Action) -> str | None:
    p, card, row, at = action["player"], action["card"], action["row"], action["position"]
    names = state.names
    if p != state.active:
        return f"{names[state.active]} is placing now; {names[p]} waits."
    name = card_name(data, card)
    if name is None:
        return unknown_card(card)
    if card not in state.owned[p]:
        return f"{name} ({card}) is not one of {names[p]}'s cards."
    if card in state.board:
        return f"{name} is already placed."
    if row not in ("white", "grey"):
        return "Place a card on a white (active) or grey (reserve) position."
    size = data.white if row == "white" else data.grey
    bad = bad_position(at, size, row)
    if bad:
        return bad
    base = p * data.white if row == "white" else 2 * data.white + p * data.grey
    if state.board[base + at] is not None:
        return ruled(f"{row.capitalize()} position {at + 1} is taken: choose a free one.",
                     "battle_size")  # fmt: skip
    return None


def _check_ready(data: Data, state: State, action: Action) -> str | None:
    p = action["player"]
    if p != state.active:
        return f"{state.names[state.active]} is placing now; {state.names[p]} waits."
    w, g = data.white, data.grey
    b = state.board
    if not any(b[p * w : p * w + w]) and not any(b[2 * w + p * g : 2 * w + p * g + g]):
        return ruled(
            "Place at least one creature first: a side with no creatures loses the battle.",
            "bring_a_creature",
        )
    return None


# --- after a battle ------------------------------------------------------------------------------


def _check_reward(data: Data, state: State, action: Action) -> str | None:
    given = action.get("cards")
    if given is None:
        return None
    if not isinstance(given, list) or len(given) != 2:
        return "The reward cards are a list of two: one card (or None) for each player."
    pools = {colour: set(state.deck(colour)) for colour in DECKS}
    for p in (state.victor, 1 - state.victor):
        colour, card = state.due[p], given[p]
        if card is None:  # drawn at random
            continue
        why = f"{state.names[p]} draws from the {colour} deck; {{card}} is not in it."
        missing = not_in(data, card, pools[colour], why)
        if missing:
            return missing
        pools[colour].discard(card)
    return None


def _check_trade(data: Data, state: State, action: Action) -> str | None:
    p, cards = action["player"], action["cards"]
    if not isinstance(cards, list) or len(cards) != 2:
        return "A trade gives two black cards: name both."
    for card in cards:
        name = card_name(data, card)
        if name is None:
            return unknown_card(card)
        if card not in state.owned[p]:
            return f"{name} ({card}) is not one of {state.names[p]}'s cards."
        if data.cards[card].deck != "black":
            return ruled(f"{name} is not a black card: only two black cards trade for a blue one.",
                         "trades")  # fmt: skip
    if cards[0] == cards[1]:
        return "Name two different black cards."
    blues = state.deck("blue")
    if not blues:
        return ruled("The blue deck is empty: there is no blue card to trade for.", "trades")
    blue = action.get("blue")
    if blue is not None and blue not in blues:
        name = card_name(data, blue)
        return (
            unknown_card(blue) if name is None else f"{name} ({blue}) is not in the blue deck now."
        )
    return None


NO_TARGET = {
    "burn": "an enemy creature on a white position",
    "swap": "one of your creatures and an enemy creature, both on white positions",
    "steal": "an enemy creature on a white position",
    "heal": "one of your creatures on a white position",
}


def why_not_singular(data: Data, state: State, player: int, kind: str) -> str | None:
    """Why `player` cannot play the Singular card `kind` now on any target, or None if some
    target is legal: the refusal of its first target, or that it has none at all."""
    if state.phase != TURN or player != state.active:
        return waiting_for(data, state)
    refusal = singular_refusal(state, {"type": kind, "player": player})
    if refusal:
        return refusal
    own = [c for c in whites(data, state, player) if c]
    enemy = [c for c in whites(data, state, 1 - player) if c]
    if kind == "swap":
        tries = [{"own": o, "target": e} for o in own for e in enemy]
    else:
        tries = [{"target": c} for c in (own if kind == "heal" else enemy)]
    reasons = [check(data, state, {"type": kind, "player": player, **t}) for t in tries]
    if any(r is None for r in reasons):
        return None
    if reasons:
        return reasons[0]
    return Refusal(f"{SINGULARS[kind]} needs {NO_TARGET[kind]}: there is none.",
                   "singular_targets")  # fmt: skip


SPECIAL = {
    "deal": _check_deal,
    "first_attacker": _nothing,
    "first_bidder": _nothing,
    "bid": _check_bid,
    "turn_up": _check_turn_up,
    "deal_rest": _check_deal_rest,
    "place": _check_place,
    "ready": _check_ready,
    "burn": check_burn,
    "swap": check_swap,
    "steal": check_steal,
    "heal": check_heal,
    "move": check_move,
    "swap_places": check_swap_places,
    "promote": check_promote,
    "attack": _nothing,
    "reward": _check_reward,
    "trade": _check_trade,
    "next_battle": _nothing,
}
SPECS = {  # type -> (allowed keys, required keys, the key naming a player, phases, the check)
    kind: (
        ALLOWED[kind],
        REQUIRED_SETS[kind],
        WHO.get(kind),
        frozenset({TURN}) if kind in TURN_ACTIONS else PHASES[kind],
        SPECIAL[kind],
    )
    for kind in REQUIRED
}
