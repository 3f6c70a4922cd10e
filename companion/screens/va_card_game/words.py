"""Cards in players' words: a hero with its printed numbers, a piece of equipment with its bonuses,
a list of names. Pure functions of the card data, shared by the buttons, the hand and the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.stats import Stats, listed

STATS = (("hp", "HP"), ("ad", "AD"), ("df", "DEF"))


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"\u2212{-value}"  # a real minus sign


def bonus(data: VaCardGameData, piece: str) -> str:
    """ "+1 AD, +1 DEF": what a piece adds to its hero (a penalty with a minus sign)."""
    gear = data.gear[piece]
    said = [f"{signed(getattr(gear, key))} {word}" for key, word in STATS if getattr(gear, key)]
    return ", ".join(said) or "no bonus"


def gear_name(data: VaCardGameData, piece: str) -> str:
    """A piece's name, starred if it is the super equipment."""
    return data.name(piece) + (" ★" if data.gear[piece].super else "")


def gear_words(data: VaCardGameData, piece: str) -> str:
    """ "Broadsword (+1 AD, +1 DEF)"."""
    return f"{gear_name(data, piece)} ({bonus(data, piece)})"


def printed(data: VaCardGameData, hero: str) -> Stats:
    card = data.heroes[hero]
    return Stats(card.hp, card.ad, card.df)


def hero_words(data: VaCardGameData, hero: str) -> str:
    """ "Storm Lancer (HP 5, AD 4, DEF 2)": a hero card as printed."""
    return f"{data.name(hero)} ({printed(data, hero).words()})"


def card_words(data: VaCardGameData, card: str) -> str:
    """ "Storm Lancer: HP 5, AD 4, DEF 2", "Broadsword: +1 AD, +1 DEF": what a card's printed
    picture says, as its text for a screen reader."""
    if data.is_hero(card):
        return f"{data.name(card)}: {printed(data, card).words()}"
    return f"{gear_name(data, card)}: {bonus(data, card)}"


def names(data: VaCardGameData, cards: Sequence[str]) -> str:
    """ "Broadsword", "Broadsword and War Paint", "A, B and C"."""
    return listed([data.name(c) for c in cards]) if cards else "nothing"


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 hero card", "2 hero cards"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"
