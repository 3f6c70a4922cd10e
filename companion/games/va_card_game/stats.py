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
    """The printed values plus the bonuses of every piece attached (ruling hero-totals)."""
    card = data.heroes[hero]
    pieces = [data.gear[g] for g in gear]
    return Stats(
        hp=card.hp + sum(p.hp for p in pieces),
        ad=card.ad + sum(p.ad for p in pieces),
        df=card.df + sum(p.df for p in pieces),
    )


def left(data: VaCardGameData, state: VaCardGameState, player: int) -> Stats:
    """What `player`'s hero in play has now: totals minus what it lost (ruling track-damage).
    DEF never shows less than 0, though a piece with a DEF penalty could take it there."""
    whole = totals(data, state.heroes[player], state.gear[player])
    return Stats(
        hp=whole.hp - state.hp_lost[player],
        ad=whole.ad,
        df=max(0, whole.df - state.def_lost[player]),
    )


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
    pieces = listed([data.name(g) for g in adding])
    if after.hp - hp_lost <= 0:
        return ruled(
            f"{pieces} would leave {name} on {after.hp - hp_lost} HP: no equipment may bring a "
            "hero to 0 HP or less.",
            "hp-lowering-gear",
        )
    if after.ad <= 0:
        return ruled(
            f"{pieces} would leave {name} with AD {after.ad}: no equipment may bring a hero's "
            "AD to 0 or less.",
            "ad-lowering-gear",
        )
    return None


def described(data: VaCardGameData, state: VaCardGameState, player: int) -> str:
    """'Storm Lancer with Hunting Spear (HP 6, AD 5, DEF 2)': the hero in play, its equipment
    and what it has left, as the table log shows it."""
    hero, gear = state.heroes[player], state.gear[player]
    pieces = f" with {listed([data.name(g) for g in gear])}" if gear else ""
    return f"{data.name(hero)}{pieces} ({left(data, state, player).words()})"


def listed(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
