"""Why the VA Card Game app made its move, in one line for the table log, from what the rule of
thumb that chose it weighed (`VaOpponent.said`).

Every seat reads the line, so it never tells what the app keeps secret: its stance before both
are turned up, the hero and equipment it laid face down, the cards in its hand. It speaks of the
heroes in play, of the hero it expects across the table (by its numbers: a guess at a hand names
no card), and of a hero or piece the move itself puts in the open.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.engine.seats import HIDDEN
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import VaCardGameState

EASY = {
    "declare": "declares at random, attacking two turns in three",
    "prepare": "opens with the hero of the largest HP + AD + DEF it holds",
    "done": "no piece it holds raises its hero's HP + AD + DEF",
}


def why(
    data: VaCardGameData,
    view: dict[str, Any],
    state: VaCardGameState,
    me: int,
    action: Action,
    said: tuple[Any, ...],
) -> str | None:
    """The reason for `action`, chosen in `state` (drawn from `view`) after weighing `said`
    (the rule of thumb's kind, then what it weighed); None with nothing to explain."""
    kind = said[0] if said else None
    if kind == "easy":
        return easy(data, action)
    if kind == "declare":
        value, mine, theirs = said[1:]
        own, other = data.name(state.heroes[me]), data.name(state.heroes[1 - me])
        odds = f"reckons its chances at {(value + 1) / 2:.0%}"
        return (f"{odds}: its {own} has {mine.hp} HP left against your {other}'s {theirs.hp} "
                f"HP, AD {theirs.ad} and DEF {theirs.df}")  # fmt: skip
    if kind == "prepare":
        foe, share = likeliest(said[1])
        return (f"expects your opening hero to have about {numbers(foe)} ({share:.0%} of its "
                "guesses at your hand), and opens with what fares best against that")  # fmt: skip
    if kind == "bring_in":
        return f"brings in its {data.name(action['card'])}: equipped, it fares best against " + (
            across(data, view, me, said[1])
        )
    if kind == "equip" and action["type"] == "equip":
        piece, foe = data.name(action["card"]), across(data, view, me, said[1])
        return f"equips the {piece}: it adds most to the duel against {foe}"
    if kind == "equip":
        foe = across(data, view, me, said[1])
        return f"keeps its equipment in hand: no piece adds enough against {foe}"
    return None


def easy(data: VaCardGameData, action: Action) -> str | None:
    """The easy player reads the printed numbers alone."""
    kind = action["type"]
    if kind == "bring_in":
        return f"brings in its {data.name(action['card'])}: the largest HP + AD + DEF it holds"
    if kind == "equip":
        return f"equips the {data.name(action['card'])}: it raises its hero's HP + AD + DEF most"
    return EASY.get(kind)


def likeliest(foes: dict[Any, float]) -> tuple[Any, float]:
    """The hero across the table it guessed most often, with its share of the guesses."""
    foe = max(foes, key=lambda f: (foes[f], f.hp, f.ad, f.df))
    return foe, foes[foe]


def numbers(foe: Any) -> str:
    return f"HP {foe.hp}, AD {foe.ad}, DEF {foe.df}"


def across(data: VaCardGameData, view: dict[str, Any], me: int, foes: dict[Any, float]) -> str:
    """The hero across the table: yours in play by name, else the likeliest newcomer."""
    hero = view["heroes"][1 - me]
    if hero and hero != HIDDEN:
        return f"your {data.name(hero)}"
    foe, share = likeliest(foes)
    return f"your likely next hero ({numbers(foe)}, {share:.0%} of its guesses)"
