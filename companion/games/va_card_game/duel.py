"""A duel: what the two revealed declarations do to the heroes, and a hero's fall.

Pure functions over the data and the state. Both attack: each hero loses HP equal to the other's
AD, at the same time (ruling simultaneous-strikes). One attacks and the other blocks: the AD comes
off the blocker's DEF first and the rest off its HP, and the lost DEF stays lost; the attacker
takes nothing (ruling block-damage). Both block: nothing happens (ruling block-vs-block). Then
every hero on 0 HP or less falls (ruling hero-falls-at-zero), both if both are (both-heroes-fall).
Every number is told in the words the page shows.
"""

from __future__ import annotations

from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import ATTACK, BLOCK, VaCardGameState, with_side
from companion.games.va_card_game.stats import Stats, totals

VERB = {ATTACK: "attacks", BLOCK: "blocks"}
Both = tuple[Stats, Stats]  # both heroes' totals, by player


def label(data: VaCardGameData, state: VaCardGameState, player: int) -> str:
    """The hero in play as the log names it, "Ana's Storm Lancer": both players own every
    hero, so the owner is always named."""
    return f"{state.names[player]}'s {data.name(state.heroes[player])}"


def revealed(state: VaCardGameState) -> str:
    a, o = state.active, 1 - state.active
    names, said = state.names, state.declared
    return f"The declarations are revealed: {names[a]} {VERB[said[a]]}, {names[o]} {VERB[said[o]]}."


def lose(state: VaCardGameState, player: int, hp: int = 0, df: int = 0) -> None:
    state.hp_lost = with_side(state.hp_lost, player, state.hp_lost[player] + hp)
    state.def_lost = with_side(state.def_lost, player, state.def_lost[player] + df)


def strikes(data: VaCardGameData, state: VaCardGameState, whole: Both) -> str:
    """Attack against attack: both heroes deal their AD to the other at the same moment."""
    a, o = state.active, 1 - state.active
    dealt = (whole[0].ad, whole[1].ad)
    lose(state, 0, hp=dealt[1])
    lose(state, 1, hp=dealt[0])
    lost = state.hp_lost
    hp = (remaining(whole[0].hp - lost[0]), remaining(whole[1].hp - lost[1]))
    mine, theirs = label(data, state, a), label(data, state, o)
    return (
        f"{mine} and {theirs} strike at the same time: "
        f"{mine} loses {dealt[o]} HP ({hp[a]}), "
        f"{theirs} loses {dealt[a]} HP ({hp[o]})."
    )


def remaining(hp: int) -> str:
    return f"{hp} left" if hp > 0 else "none left"


def blocked(data: VaCardGameData, state: VaCardGameState, attacker: int, whole: Both) -> str:
    """Attack against block: the AD comes off the blocker's DEF first, the rest off its HP."""
    blocker = 1 - attacker
    ad = whole[attacker].ad
    guarding = whole[blocker]
    absorbed = min(ad, max(0, guarding.df - state.def_lost[blocker]))
    through = ad - absorbed
    lose(state, blocker, hp=through, df=absorbed)
    hp_left = guarding.hp - state.hp_lost[blocker]
    df_left = max(0, guarding.df - state.def_lost[blocker])
    striker, guard = label(data, state, attacker), label(data, state, blocker)
    if absorbed and through:
        took = (
            f"{absorbed} comes off its DEF ({df_left} left) "
            f"and {through} off its HP ({remaining(hp_left)})"
        )
    elif absorbed:
        took = f"all {absorbed} comes off its DEF ({df_left} left)"
    else:
        took = f"it has no DEF left, so all {through} comes off its HP ({remaining(hp_left)})"
    return f"{striker} deals {ad} to the blocking {guard}: {took}. {striker} takes no damage."


def fall(data: VaCardGameData, state: VaCardGameState, player: int) -> str:
    """The hero and its equipment go to the graveyard; its owner loses a life point."""
    hero, gear = state.heroes[player], state.gear[player]
    name = state.names[player]
    state.graves = with_side(state.graves, player, (*state.graves[player], hero, *gear))
    state.heroes = with_side(state.heroes, player, "")
    state.gear = with_side(state.gear, player, ())
    state.hp_lost = with_side(state.hp_lost, player, 0)
    state.def_lost = with_side(state.def_lost, player, 0)
    state.life = with_side(state.life, player, state.life[player] - 1)
    pieces = " with its equipment" if gear else ""
    return (
        f"{name}'s {data.name(hero)} falls and goes to the graveyard{pieces}; "
        f"{name} loses a life point ({state.life[player]} left)."
    )


def resolve(data: VaCardGameData, state: VaCardGameState) -> list[str]:
    """Apply both revealed declarations, then the falls (the active player's hero first). The
    caller clears the declarations and checks the end of the game."""
    said = state.declared
    events = [revealed(state)]
    # Both heroes' totals, added up once: a duel changes what they lost, never their equipment.
    whole = (totals(data, state.heroes[0], state.gear[0]),
             totals(data, state.heroes[1], state.gear[1]))  # fmt: skip
    if said == (ATTACK, ATTACK):
        events.append(strikes(data, state, whole))
    elif ATTACK in said:
        events.append(blocked(data, state, said.index(ATTACK), whole))
    else:
        events.append("Both heroes block: nothing happens.")
    for p in (state.active, 1 - state.active):
        if whole[p].hp - state.hp_lost[p] <= 0:
            events.append(fall(data, state, p))
    return events
