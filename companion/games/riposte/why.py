"""Why the Riposte app made its move, in one line for the table log, from what the rule of thumb
that chose it weighed (`RiposteOpponent.said`).

Every seat reads the line, so it never names a card of the app's hand: a card laid face down
waits for the other's, and a card drawn or kept is the app's secret. It speaks of the replies the
app expects (by their attack, not their name: a name could be one the app holds too), of the
damage it reckons on, of Rook's relief, and of row cards, which lay open before they were taken.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.games.riposte.data import RiposteData

DECIDES = 12.0  # a reckoning past this much damage means the duel ends in this clash


def why(
    data: RiposteData, view: dict[str, Any], action: Action, said: tuple[Any, ...]
) -> str | None:
    """The reason for `action`, chosen from `view` after weighing `said` (the rule of thumb's
    kind, then what it weighed); None for a choice with nothing to explain."""
    kind = said[0] if said else None
    if kind == "character":
        return "takes the best-ranked character it may, by its duels against itself"
    if kind == "brace":
        return brace(action["use"], *said[1:])
    if kind == "play":
        return play(data, *said[1].weighed)
    if kind == "keep":
        return "keeps the better of the two cards it looked at for the coming round"
    if kind == "swap":
        return swap(data, view, action)
    if kind in ("take", "draw"):
        return draft(data, view, action, said[1].state.offensive == said[1].me)
    return None


def brace(use: bool, hit: int, fatal: bool, last: bool, easy: bool) -> str:
    """Rook's relief (his third ability), taken or kept by `opponent._brace`'s rule."""
    if use and easy:
        return "takes Rook's relief whenever it may"
    if use and fatal:
        return f"takes Rook's relief: the {hit}-damage strike would end the duel"
    if use and hit >= 2:
        return f"takes Rook's relief: it saves the full 2 of a {hit}-damage strike"
    if use and last:
        return "takes Rook's relief: it is the round's last clash"
    return f"keeps Rook's relief for a harder strike: this one deals only {hit}"


def attack(data: RiposteData, design: str) -> str:
    attacks = [str(a) for a in sorted(data.moves[design].attacks)]
    if not attacks:
        return "no attack"
    if len(attacks) == 1:
        return f"attack {attacks[0]}"
    return f"attack {', '.join(attacks[:-1])} or {attacks[-1]}"


def play(data: RiposteData, replies: dict[tuple[str, bool], float], worth: float) -> str:
    """The reply it expects most (by attack, summed over the designs sharing it) and the damage
    it reckons on coming out ahead or behind, the rest of the round included."""
    odds: dict[str, float] = {}
    for (design, _), p in replies.items():
        odds[attack(data, design)] = odds.get(attack(data, design), 0.0) + p
    likely = max(sorted(odds), key=lambda a: odds[a])
    expects = f"expects you to lay a card with {likely} ({odds[likely]:.0%} likely)"
    if worth >= DECIDES:
        return f"{expects}, and reckons this clash wins it the duel"
    if worth <= -DECIDES:
        return f"{expects}, and reckons it has no way to save the duel"
    if abs(worth) < 0.05:
        return f"{expects}, and reckons on coming out even"
    lead = "ahead" if worth >= 0 else "behind"
    return f"{expects}, and reckons on coming out {abs(worth):.1f} damage {lead}"


def row_card(data: RiposteData, view: dict[str, Any], slot: int) -> str:
    return data.cards[view["row"][slot]].name


def swap(data: RiposteData, view: dict[str, Any], action: Action) -> str:
    """Rook's swap (his second ability): the leftover card for a row card, or none."""
    if action["slot"] is None:
        return "keeps its leftover card: no card in the row is worth more next round"
    name = row_card(data, view, action["slot"])
    return f"swaps its leftover card for the {name} from the row: worth more next round"


def draft(data: RiposteData, view: dict[str, Any], action: Action, attacking: bool) -> str:
    role = "attacks" if attacking else "defends"
    if action["type"] == "take":
        name = row_card(data, view, action["slot"])
        return f"takes the {name}: it makes the best hand for the coming round, where it {role}"
    return f"draws blind: an unseen card is worth more on average for a round where it {role}"
