"""Why the Vita Luna app made its move, in one line for the table log, from the rule of thumb
that chose it (`opponent.choose`).

The rules of thumb are tried in a fixed order (a Singular card, a promotion, a sideways move,
the attack), so the kind of action chosen says which rule chose it, and the reason is worked out
again here from the same state, without the random source. The line is shown to every seat, so
it names only what the move puts in the open: a creature going onto white, a creature of the
other player, a card up for auction; never a card on grey or in hand, a traded card or a bid.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.engine.core import Action
from companion.games.vita_luna.data import Creature, VitaLunaData
from companion.games.vita_luna.state import ATTACK_BID, VitaLunaState, in_play, locate, whites

Judged = Callable[[VitaLunaData, VitaLunaState, str, str], bool]  # data, state, card, other


@dataclass(frozen=True)
class Judge:
    """The rules of thumb's own yardsticks (`opponent`), handed in so that the reason weighs
    a move exactly as the choice did: who kills whom, health left, a card's worth."""

    kills: Judged
    survives: Judged
    health_of: Callable[[VitaLunaData, VitaLunaState, str], int]
    worth: Callable[[Creature], float]
    current_worth: Callable[[VitaLunaData, VitaLunaState, str], float]
    red_card: float


def why(
    judge: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action | None
) -> str | None:
    """The reason for `action`, chosen by `me` in `state` (the state the choice was made on),
    or None for a move with nothing to explain."""
    if action is None:
        return None
    explain = REASONS.get(action["type"])
    return None if explain is None else explain(judge, data, state, me, action)


def name(data: VitaLunaData, card: str | None) -> str:
    return "nothing" if card is None else data.cards[card].name


def facing(j: Judge, data: VitaLunaData, state: VitaLunaState, card: str, enemy: str | None) -> str:
    """How `card` fares on white against `enemy`, the way `matchup` scores it."""
    if enemy is None:
        return "the empty position opposite lets it hit your heart"
    foe = name(data, enemy)
    if j.kills(data, state, card, enemy) and j.survives(data, state, card, enemy):
        return f"it kills your {foe} and survives the {foe}'s attack"
    if j.kills(data, state, card, enemy):
        return f"it kills your {foe}"
    if j.survives(data, state, card, enemy):
        return f"it lives through your {foe}'s attack"
    return f"it is the best match for your {foe} it has"


def _place(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    if action["row"] == "grey":  # face down: its creature stays unnamed
        return "keeps a creature back on grey: no free white position suits one better"
    enemy = whites(data, state, 1 - me)[action["position"]]
    card = action["card"]
    return f"puts its {name(data, card)} on white: {facing(j, data, state, card, enemy)}"


def _promote(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    enemy = whites(data, state, 1 - me)[action["position"]]
    card = action["card"]
    return f"brings its {name(data, card)} up to white: {facing(j, data, state, card, enemy)}"


def _move(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    enemy = whites(data, state, 1 - me)[action["position"]]
    card = action["card"]
    return f"moves its {name(data, card)} across: {facing(j, data, state, card, enemy)}"


def _swap_places(
    j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action
) -> str:
    a, b = name(data, action["card"]), name(data, action["other"])
    return f"swaps its {a} and {b}: together they face your creatures better"


def _takes(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    target = action["target"]
    verb = {"burn": "burns", "steal": "steals"}[action["type"]]
    if in_play(data, state, 1 - me) == [target]:
        return f"{verb} your {name(data, target)}: your last creature, so it wins the battle"
    if action["type"] == "burn" and j.worth(data.cards[target]) >= j.red_card:
        return f"burns your {name(data, target)}: a red card, worth more than any blue one"
    left = j.health_of(data, state, target)
    return f"steals your {name(data, target)}: still worth having with {left} health left"


def _swap(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    target = action["target"]
    gain = j.current_worth(data, state, target) - j.current_worth(data, state, action["own"])
    return f"swaps for your {name(data, target)}: worth {gain:.0f} more than what it gives up"


def _heal(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    card = action["target"]
    where = locate(data, state, card)
    if where is None or where[0] != "white":
        return "heals a creature of its own that was hurt"
    lost = data.cards[card].health - j.health_of(data, state, card)
    threat = whites(data, state, 1 - me)[where[2]]
    if threat is not None and j.kills(data, state, threat, card):
        return f"heals its {name(data, card)}: your {name(data, threat)} would kill it next"
    return f"heals its {name(data, card)}: it had lost {lost} health"


def _attack(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    return "attacks: no Singular card, promotion or move pays more now"


def _bid(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    """A sealed bid: the reason says how it bids, never how much."""
    if state.phase == ATTACK_BID:
        return "bids a few markers for the first attack, never more than 3"
    card = name(data, state.lot)
    return f"bids for the {card} by its worth against its deck and the markers it has left"


def _trade(j: Judge, data: VitaLunaData, state: VitaLunaState, me: int, action: Action) -> str:
    return "trades its two weakest black cards for a blue one, which is worth more"


REASONS: dict[str, Any] = {
    "place": _place,
    "promote": _promote,
    "move": _move,
    "swap_places": _swap_places,
    "burn": _takes,
    "steal": _takes,
    "swap": _swap,
    "heal": _heal,
    "attack": _attack,
    "bid": _bid,
    "trade": _trade,
}
