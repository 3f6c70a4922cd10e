"""Apply one legal action to an already cloned state; return the resolved action and the events.

Every handler changes `state` in place and says what happened in plain sentences for the table.
Draws write the cards into the resolved action, whether a player typed them in from the physical
deck or the random source chose them, so the log replays without any randomness. Cards dealt or
drawn face down are not named in the events (the table log is public); each player's own view
shows them.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.core import Action, Result, Rng
from companion.games.vita_luna.combat import (
    attacks,
    end_battle,
    has_creatures,
    plural,
    stalemate,
)
from companion.games.vita_luna.data import DECKS, VitaLunaData
from companion.games.vita_luna.hands import drop, give, held_count, take
from companion.games.vita_luna.state import (
    ATTACK_BID,
    BETWEEN,
    CARD_BID,
    DEAL_REST,
    FIRST_ATTACKER,
    FIRST_BIDDER,
    PLACE,
    TURN,
    TURN_UP,
    Phase,
    VitaLunaState,
)
from companion.games.vita_luna.turn_actions import (
    burn,
    heal,
    move,
    promote,
    steal,
    swap,
    swap_places,
)

Data = VitaLunaData
State = VitaLunaState
Handler = Callable[[VitaLunaData, VitaLunaState, Action, Rng], Result]


def new_game(data: VitaLunaData, mode: str, extended: bool, names: tuple[str, str]) -> State:
    """Before the first deal: full decks, every Singular unused, counters on the middle circle."""
    w = 2 * (data.white + data.grey)
    singulars = tuple(data.singulars)
    return VitaLunaState(
        mode=mode,
        extended=extended,
        names=names,
        phase=Phase.DEAL if mode == "basic" else FIRST_BIDDER,
        active=-1,
        attacker=-1,
        battle=0,
        turn=0,
        board=[None] * w,
        health={},
        armour=set(),
        hearts=(data.hearts, data.hearts),
        done=0,
        owned=((), ()),
        decks=tuple(data.decks[colour] for colour in DECKS),
        burned=(),
        singulars=(singulars, singulars),
        track=(0, 0),
    )


# --- the basic game's start ----------------------------------------------------------------------


def deal(data: Data, state: State, action: Action, rng: Rng) -> Result:
    given = action.get("hands")
    hands: list[list[str]] = []
    for p in (0, 1):
        cards: list[str] = []
        for colour, count in data.hand.items():
            for _ in range(count):
                card = take(state, colour, rng, given[p][len(cards)] if given else None)
                if card is None:  # the deck ran dry: nothing more of this colour
                    break
                cards.append(card)
        give(state, p, cards)
        hands.append(cards)
    state.phase = FIRST_ATTACKER
    counts = " and ".join(f"{n} {colour}" for colour, n in data.hand.items())
    return {"type": "deal", "hands": hands}, [
        f"Each player is dealt {counts} cards face down, and one of each Singular card.",
        "Choose who attacks first.",
    ]


def first_attacker(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p = action["attacker"]
    state.attacker = p
    resolved = {"type": "first_attacker", "attacker": p}
    return resolved, [f"{state.names[p]} attacks first.", *start_battle(data, state)]


# --- the advanced game's auction -----------------------------------------------------------------


def first_bidder(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p = action["bidder"]
    state.opener = p
    state.markers = (data.markers, data.markers)
    state.bids = (None, None)
    state.phase = ATTACK_BID
    return {"type": "first_bidder", "bidder": p}, [
        f"Each player takes {data.markers} markers. {state.names[p]} opens the bidding for the "
        "first attack: both bid in secret."
    ]


def lot_opener(state: State) -> int:
    """The first card is opened by whoever did not open the attack bid; then it alternates."""
    first = 1 - state.opener
    return first if (state.lots - 1) % 2 == 0 else 1 - first


def bid(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, amount = action["player"], action["amount"]
    resolved = {"type": "bid", "player": p, "amount": amount}
    bids = list(state.bids)
    bids[p] = amount
    state.bids = (bids[0], bids[1])
    names = state.names
    if bids[1 - p] is None:
        return resolved, [f"{names[p]} has made a secret bid."]
    a, b = bids[0], bids[1]
    assert a is not None and b is not None
    state.markers = (state.markers[0] - a, state.markers[1] - b)
    state.bids = (None, None)
    shown = f"{names[0]} bid {a}, {names[1]} bid {b}"
    if state.phase == ATTACK_BID:
        tie = state.opener
        state.attacker = 0 if a > b else 1 if b > a else tie
        why = f" (a tie goes to {names[tie]}, who opened the bidding)" if a == b else ""
        events = [
            f"Bids for the first attack: {shown}. {names[state.attacker]} attacks first{why}; "
            f"both pay their bids ({_markers(state)})."
        ]
        return resolved, events + next_lot(data, state)
    tie = lot_opener(state)
    winner = 0 if a > b else 1 if b > a else tie
    card = state.lot
    give(state, winner, [card])
    state.lot = ""
    why = f" (a tie goes to {names[tie]}, who opened this card)" if a == b else ""
    events = [
        f"Bids for {data.name(card)}: {shown}. {names[winner]} takes it{why}; both pay their "
        f"bids ({_markers(state)})."
    ]
    return resolved, events + next_lot(data, state)


def _markers(state: State) -> str:
    m, names = state.markers, state.names
    return f"{names[0]} has {plural(m[0], 'marker')} left, {names[1]} {m[1]}"


def lot_colour(data: Data, state: State) -> str:
    """The colour of the next card to turn up (lots counts those already turned up)."""
    turned = state.lots
    for colour, count in data.auction:
        if turned < count:
            return colour
        turned -= count
    return data.auction[-1][0]


def next_lot(data: Data, state: State) -> list[str]:
    """After a lot: the next card, the random deal when all markers are spent, or the battle."""
    if state.lots >= data.auction_lots:
        state.phase = PLACE
        return ["The auction is over.", *start_battle(data, state)]
    if state.markers == (0, 0):
        state.phase = DEAL_REST
        return ["Both players have spent all their markers: the rest is dealt at random."]
    state.phase = TURN_UP
    return []


def turn_up(data: Data, state: State, action: Action, rng: Rng) -> Result:
    colour = lot_colour(data, state)
    card = take(state, colour, rng, action.get("card"))
    state.lots += 1
    names = state.names
    if card is None:
        events = [f"The {colour} deck is empty: no card to bid for."]
        return {"type": "turn_up", "card": None}, events + next_lot(data, state)
    resolved = {"type": "turn_up", "card": card}
    name = data.name(card)
    for p in (0, 1):
        if held_count(data, state, p, colour) >= data.hand[colour]:
            give(state, 1 - p, [card])
            return resolved, [
                f"{name} is turned up and goes to {names[1 - p]} without bidding: "
                f"{names[p]} already holds {data.hand[colour]} {colour} cards.",
                *next_lot(data, state),
            ]
    state.lot = card
    state.phase = CARD_BID
    opener = lot_opener(state)
    return resolved, [f"{name} is turned up ({colour}). {names[opener]} opens: both bid in secret."]


def deal_rest(data: Data, state: State, action: Action, rng: Rng) -> Result:
    given = action.get("cards")
    dealt: list[list[str]] = [[], []]
    for p in (0, 1):
        for colour, count in data.hand.items():
            for _ in range(count - held_count(data, state, p, colour)):
                wanted = given[p][len(dealt[p])] if given else None
                card = take(state, colour, rng, wanted)
                if card is not None:
                    dealt[p].append(card)
                    give(state, p, [card])
    state.lots = data.auction_lots
    names = state.names
    events = [
        f"The remaining cards are dealt at random, face down: {names[0]} gets "
        f"{len(dealt[0])}, {names[1]} gets {len(dealt[1])}."
    ]
    return {"type": "deal_rest", "cards": dealt}, events + next_lot(data, state)


# --- placement -----------------------------------------------------------------------------------


def start_battle(data: Data, state: State) -> list[str]:
    """A new battle: full hearts, an empty board, the attacker places first."""
    state.battle += 1
    state.turn = 0
    state.hearts = (data.hearts, data.hearts)
    state.health.clear()
    state.armour.clear()
    state.done = 0
    state.quiet = 0
    state.phase = PLACE
    names = state.names
    att = state.attacker
    events = [
        f"Battle {state.battle}: {names[att]} attacks, {names[1 - att]} defends. "
        f"Each has {data.hearts} hearts. {names[att]} places first."
    ]
    return events + start_placing(data, state, att)


def can_place(data: Data, state: State, player: int) -> bool:
    """`player` holds a card that is not on the board, and has a free position for it."""
    if set(state.board).issuperset(state.owned[player]):  # one C-level test, no Python loop
        return False
    return None in _positions(data, state, player)


def _positions(data: Data, state: State, player: int) -> list[str | None]:
    w, g = data.white, data.grey
    b = state.board
    return b[player * w : player * w + w] + b[2 * w + player * g : 2 * w + player * g + g]


def start_placing(data: Data, state: State, player: int) -> list[str]:
    state.active = player
    if can_place(data, state, player):
        return []
    return [f"{state.names[player]} has no creatures to place.", *done_placing(data, state)]


def place(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, card, row, at = action["player"], action["card"], action["row"], action["position"]
    creature = data.cards[card]
    if row == "white":
        state.board[p * data.white + at] = card
        text = f"{state.names[p]} places {creature.name} face up on white position {at + 1}."
    else:
        state.board[2 * data.white + p * data.grey + at] = card
        text = f"{state.names[p]} places a card face down on grey position {at + 1}."
    state.health[card] = creature.health
    if creature.armour:
        state.armour.add(card)
    events = [text]
    if not can_place(data, state, p):
        events += done_placing(data, state)
    resolved = {"type": "place", "player": p, "card": card, "row": row, "position": at}
    return resolved, events


def ready(data: Data, state: State, action: Action, rng: Rng) -> Result:
    return {"type": "ready", "player": action["player"]}, done_placing(data, state)


def done_placing(data: Data, state: State) -> list[str]:
    """The placing player is done: the defender places next, or the first turn begins."""
    p, names = state.active, state.names
    events = [f"{names[p]} has placed {plural(_count(data, state, p), 'creature')}."]
    if p == state.attacker:
        return events + start_placing(data, state, 1 - p)
    att = state.attacker
    for loser in (att, 1 - att):  # an attacker bringing nobody loses even against nobody
        if not has_creatures(data, state, loser):
            return events + end_battle(data, state, loser, f"{names[loser]} has no creatures")
    state.phase = TURN
    state.active, state.turn, state.done = att, 1, 0
    return [*events, f"{names[att]}'s turn: Singular cards, then moves, then attack."]


def _count(data: Data, state: State, player: int) -> int:
    return sum(1 for c in _positions(data, state, player) if c)


# --- attacks -------------------------------------------------------------------------------------


def attack(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p = action["player"]
    names = state.names
    before = _wounds(state)
    events, loser = attacks(data, state, p)
    if not events:
        events.append(f"{names[p]} has no creature on a white position that can attack.")
    resolved = {"type": "attack", "player": p}
    if loser >= 0:
        why = "no hearts" if state.hearts[loser] == 0 else "no creatures"
        return resolved, events + end_battle(data, state, loser, f"{names[loser]} has {why} left")
    state.quiet = state.quiet + 1 if _wounds(state) == before else 0
    if stalemate(data, state):
        why = "No creature left on the board can attack"
    elif state.quiet >= data.quiet_turns:
        why = f"{data.quiet_turns} turns in a row went by with no heart, health or armour lost"
    else:
        state.active = 1 - p
        state.turn += 1
        state.done = 0
        return resolved, events
    h = state.hearts
    loser = 0 if h[0] < h[1] else 1 if h[1] < h[0] else state.attacker
    return resolved, events + end_battle(data, state, loser, why)


def _wounds(state: State) -> tuple[int, int, int, int]:
    """What attacks can only take away: hearts, health left on the board, armour still on.

    An attack step leaves these unchanged exactly when it took nothing from anyone (Heal, the
    only thing that gives health or armour back, is never part of the attack step).
    """
    h = state.hearts
    return h[0], h[1], sum(state.health.values()), len(state.armour)


# --- after a battle ------------------------------------------------------------------------------


def reward(data: Data, state: State, action: Action, rng: Rng) -> Result:
    """The cards due: the battle's winner draws first, in case a deck runs short."""
    given = action.get("cards")
    cards: list[str | None] = [None, None]
    winner = state.victor
    names = state.names
    said = []
    order = (winner, 1 - winner)
    for p in sorted(order, key=lambda p: not (given and given[p])):  # typed-in cards first
        cards[p] = take(state, state.due[p], rng, given[p] if given else None)
    for p in order:
        colour, card = state.due[p], cards[p]
        if card is None:
            said.append(f"the {colour} deck is empty, so {names[p]} gets nothing")
        else:
            give(state, p, [card])
            said.append(f"{names[p]} draws a {colour} card")
    state.due = ("", "")
    state.phase = BETWEEN
    events = [
        f"Rewards: {said[0]}; {said[1]}.",
        "Before the next battle each player may trade two black cards for a random blue one.",
    ]
    return {"type": "reward", "cards": cards}, events


def trade(data: Data, state: State, action: Action, rng: Rng) -> Result:
    p, pair = action["player"], list(action["cards"])
    blue = take(state, "blue", rng, action.get("blue"))
    assert blue is not None  # checks refuse a trade with the blue deck empty
    for card in pair:
        drop(state, p, card)
    decks = list(state.decks)
    decks[0] = decks[0] + tuple(pair)
    state.decks = tuple(decks)
    give(state, p, [blue])
    events = [
        f"{state.names[p]} trades two black cards (shuffled back into the black deck) for a "
        "random blue card."
    ]
    return {"type": "trade", "player": p, "cards": pair, "blue": blue}, events


def next_battle(data: Data, state: State, action: Action, rng: Rng) -> Result:
    state.attacker = 1 - state.attacker
    return {"type": "next_battle"}, ["Roles swap.", *start_battle(data, state)]


HANDLERS: dict[str, Handler] = {
    "deal": deal,
    "first_attacker": first_attacker,
    "first_bidder": first_bidder,
    "bid": bid,
    "turn_up": turn_up,
    "deal_rest": deal_rest,
    "place": place,
    "ready": ready,
    "burn": burn,
    "swap": swap,
    "steal": steal,
    "heal": heal,
    "move": move,
    "swap_places": swap_places,
    "promote": promote,
    "attack": attack,
    "reward": reward,
    "trade": trade,
    "next_battle": next_battle,
}
