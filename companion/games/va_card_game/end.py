"""Both ends of the game and their tie-breaks.

A player whose life points reach 0 loses at once; both at 0 in the same duel is a draw (ruling
both-lives-zero). A player whose hero has fallen and who has no hero in hand or in the hero deck
is out of heroes: the game ends, more life points win, equal life points draw (ruling
out-of-heroes). Each function sets the OVER phase and the winner (-1: a draw) when its end has
come, and returns the table log's sentences (none when the game goes on).
"""

from __future__ import annotations

from companion.games.va_card_game.state import OVER, VaCardGameState


def lives_run_out(state: VaCardGameState) -> list[str]:
    """After a duel: a player at 0 life points loses; both at 0 is a draw."""
    out = [p for p in (0, 1) if state.life[p] <= 0]
    if not out:
        return []
    state.phase, state.equipping = OVER, -1
    names = state.names
    if len(out) == 2:
        state.winner = -1
        return ["Both players have no life points left: the game is a draw."]
    loser = out[0]
    state.winner = 1 - loser
    return [f"{names[loser]} has no life points left: {names[state.winner]} wins."]


def is_out_of_heroes(state: VaCardGameState, player: int) -> bool:
    """No hero in play, none in hand and none left in the hero deck."""
    return not (state.heroes[player] or state.hero_hands[player] or state.hero_decks[player])


def heroes_run_out(state: VaCardGameState) -> list[str]:
    """Before the equip steps: a player who cannot bring in a new hero ends the game."""
    out = [p for p in (0, 1) if is_out_of_heroes(state, p)]
    if not out:
        return []
    state.phase, state.equipping = OVER, -1
    names, life = state.names, state.life
    events = [
        f"{names[p]}'s hero has fallen and {names[p]} has no hero card left: the game ends."
        for p in out
    ]
    if life[0] == life[1]:
        state.winner = -1
        events.append(f"Both players have {life[0]} life points: the game is a draw.")
    else:
        state.winner = 0 if life[0] > life[1] else 1
        w = state.winner
        events.append(f"{names[w]} has more life points ({life[w]} to {life[1 - w]}) and wins.")
    return events
