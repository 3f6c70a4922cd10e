"""A hero's numbers: its totals with equipment, what it has left, and what gear may do to them.

Rulings hero-totals (printed value plus every attached piece's bonus, damage on the hero only),
track-damage (what is left is the total minus what was lost), equipment-limit (three pieces),
hp-lowering-gear and ad-lowering-gear (no piece may leave a hero on 0 HP or less, or with AD 0 or
less). The floors keep every hero in play able to hurt and to be hurt, so a game always ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.rulings import ruled
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import VaCardGameState


@dataclass(frozen=True, slots=True)
class Stats:
    """HP, AD and DEF of a hero: either its totals or what it has left now."""

    hp: int
    ad: int
    df: int

    def words(self) -> str:
        return f"HP {self.hp}, AD {self.ad}, DEF {self.df}"


def totals(data: VaCardGameData, hero: str, gear: Sequence[str]) -> Stats:
    """The printed values plus the bonuses of every piece attached (ruling hero-totals).
    A plain loop, not three sums: every duel, legal-action list and choice of the app's reads
    totals, thousands of times a search move."""
    card = data.heroes[hero]
    hp, ad, df = card.hp, card.ad, card.df
    pieces = data.gear
    for g in gear:
        piece = pieces[g]
        hp += piece.hp
        ad += piece.ad
        df += piece.df
    return Stats(hp, ad, df)


def left(data: VaCardGameData, state: VaCardGameState, player: int) -> Stats:
    """What `player`'s hero in play has now: totals minus what it lost (ruling track-damage).
    DEF never shows less than 0, though a piece with a DEF penalty could take it there."""
    whole = totals(data, state.heroes[player], state.gear[player])
    df = whole.df - state.def_lost[player]
    return Stats(whole.hp - state.hp_lost[player], whole.ad, df if df > 0 else 0)


def gear_fits(
    data: VaCardGameData,
    hero: str,
    attached: Sequence[str],
    adding: Sequence[str],
    hp_lost: int = 0,
) -> bool:
    """Whether `adding` may go on `hero`: `gear_refusal(...) is None`, without wording a
    refusal nobody reads (legal-action lists and the app's choices only need the yes or no)."""
    if len(attached) + len(adding) > data.max_gear:
        return False
    hp, ad = _carried(data, hero, attached, hp_lost)
    pieces = data.gear
    for g in adding:
        piece = pieces[g]
        hp += piece.hp
        ad += piece.ad
    return hp > 0 and ad > 0


def _carried(
    data: VaCardGameData, hero: str, attached: Sequence[str], hp_lost: int
) -> tuple[int, int]:
    """The hero's HP (less what it lost) and AD with what it carries."""
    card = data.heroes[hero]
    hp, ad = card.hp - hp_lost, card.ad
    pieces = data.gear
    for g in attached:
        piece = pieces[g]
        hp += piece.hp
        ad += piece.ad
    return hp, ad


def fitting(
    data: VaCardGameData, hero: str, attached: Sequence[str], cards: Sequence[str], hp_lost: int
) -> list[str]:
    """The `cards` that may each go on `hero` alone (`gear_fits` of each), in their order: the
    hero and what it carries are added up once, not once a card (the equip step's legal
    actions, listed at every step of a playout)."""
    if not cards or len(attached) >= data.max_gear:
        return []
    hp, ad = _carried(data, hero, attached, hp_lost)
    pieces = data.gear
    return [c for c in cards if hp + pieces[c].hp > 0 and ad + pieces[c].ad > 0]


def gear_refusal(
    data: VaCardGameData,
    hero: str,
    attached: Sequence[str],
    adding: Sequence[str],
    hp_lost: int = 0,
) -> str | None:
    """Why `adding` may not go on `hero` (already carrying `attached`, having lost `hp_lost`),
    in players' words, citing the ruling it follows (a `Refusal`, so a page can link it
    wherever it shows the reason); None when it may."""
    name = data.heroes[hero].name
    most = data.max_gear
    if len(attached) + len(adding) > most:
        if len(attached) >= most:
            return ruled(f"{name} already carries {most} pieces of equipment, the most a "
                         "hero may.", "equipment-limit")  # fmt: skip
        return ruled(f"A hero carries at most {most} pieces of equipment.", "equipment-limit")
    after = totals(data, hero, [*attached, *adding])
    if after.hp - hp_lost > 0 and after.ad > 0:
        return None  # worded only when refused: the legal case is by far the common one
    pieces = listed([data.name(g) for g in adding])
    if after.hp - hp_lost <= 0:
        return ruled(
            f"{pieces} would leave {name} on {after.hp - hp_lost} HP: no equipment may bring a "
            "hero to 0 HP or less.",
            "hp-lowering-gear",
        )
    return ruled(  # the AD floor: the only refusal left
        f"{pieces} would leave {name} with AD {after.ad}: no equipment may bring a hero's "
        "AD to 0 or less.",
        "ad-lowering-gear",
    )


def described(data: VaCardGameData, state: VaCardGameState, player: int) -> str:
    """'Storm Lancer with Hunting Spear (HP 6, AD 5, DEF 2)': the hero in play, its equipment
    and what it has left, as the table log shows it."""
    hero, gear = state.heroes[player], state.gear[player]
    pieces = f" with {listed([data.name(g) for g in gear])}" if gear else ""
    whole = totals(data, hero, gear)  # `left(...).words()` written out: every step words one
    df = whole.df - state.def_lost[player]
    now = f"HP {whole.hp - state.hp_lost[player]}, AD {whole.ad}, DEF {df if df > 0 else 0}"
    return f"{data.name(hero)}{pieces} ({now})"


def listed(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
