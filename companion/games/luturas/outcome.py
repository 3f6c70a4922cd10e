"""How a round ends and a new one is set up: the three ways to win, a round that counts for
nobody, the match of three rounds, and a draw an effect forces.

Ruling win-deck-out: a player who must draw from an empty Deck loses the round at once (in fast
mode only when both piles are empty). A Soldier at 0 Stamina loses the round; both at once: the
round counts for nobody and is played again (ruling round-draw). Ruling match-best-of-three: the
rule number rounds_to_win of rounds won take the match; ruling round-reset: nothing but the
rounds won carries over, and the loser chooses who starts the next round (ruling who-starts).
"""

from __future__ import annotations

import random

from companion.games.luturas import board
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import CHOOSE, FAST, OVER, LuturasState, Side

NOBODY = 2  # a round that counts for nobody (ruling round-draw)


def is_decided(state: LuturasState) -> bool:
    """Whether the round in play has just ended (a new one waits for its starting player)."""
    return state.phase in (CHOOSE, OVER)


def new_side(data: LuturasData, deck: tuple[str, ...], mode: str, wins: int = 0) -> Side:
    """A side set up for a round: the Soldier at full Stamina beside the shuffled Deck (two
    Decks in fast mode: Crystals apart, ruling fast-mode-draws)."""
    soldier = next(c for c in deck if data.of(c).kind == "soldier")
    rest = [c for c in deck if c != soldier]
    crystals = [c for c in rest if data.of(c).kind == "crystal"] if mode == FAST else []
    apart = set(crystals)
    main = [c for c in rest if c not in apart]
    design = data.of(soldier)
    return Side(
        soldier=design.id,
        stamina=design.stamina,
        deck=tuple(sorted(main)),
        crystal_deck=tuple(sorted(crystals)),
        spaces=(None,) * data.lutura_spaces,
        crystal_limit=data.crystals_most,
        wins=wins,
    )


def reset_round(data: LuturasData, state: LuturasState) -> None:
    """Nothing carries over but the rounds won (ruling round-reset)."""
    state.sides = tuple(  # type: ignore[assignment]
        new_side(data, state.decks[p], state.mode, state.sides[p].wins) for p in (0, 1)
    )
    state.turn, state.active, state.first, state.attack = 0, -1, -1, None
    state.pending, state.fallen, state.dropped = (), (), ()  # what the old round left undone


def lose(data: LuturasData, state: LuturasState, loser: int, why: str) -> list[str]:
    """`loser` loses the round (the other wins it); the match ends at `rounds_to_win` won."""
    if is_decided(state):
        return []
    return win(data, state, 1 - loser, f"{why}: {state.names[1 - loser]} wins round {state.round}.")


def win(data: LuturasData, state: LuturasState, winner: int, words: str) -> list[str]:
    state.round_winner = winner
    events = [words]
    if winner == NOBODY:
        chooser = state.chooser
        reset_round(data, state)
        state.phase, state.chooser = CHOOSE, chooser
        return [*events, f"Round {state.round} is played again."]
    side = state.sides[winner]
    side.wins += 1
    if side.wins >= data.rounds_to_win:
        state.phase, state.winner = OVER, winner
        return [*events, f"{state.names[winner]} wins the match."]
    loser = 1 - winner
    reset_round(data, state)
    state.round += 1
    state.phase, state.chooser = CHOOSE, loser
    return [*events, f"Round {state.round}: {state.names[loser]}, who lost, chooses who starts."]


def settle(data: LuturasData, state: LuturasState) -> list[str]:
    """After anything happened: a Soldier at 0 Stamina loses the round (both at once: the round
    counts for nobody, ruling round-draw)."""
    if is_decided(state):
        return []
    down = [p for p in (0, 1) if state.sides[p].stamina <= 0]
    if len(down) == 2:
        return win(data, state, NOBODY, "Both Soldiers fall at once: the round counts for nobody.")
    if down:
        p = down[0]
        return lose(data, state, p, f"{state.names[p]}'s Soldier has no Stamina left")
    return []


def draw_or_lose(
    data: LuturasData, state: LuturasState, p: int, rng: random.Random, count: int = 1,
    given: list[str] | None = None,
) -> list[str]:  # fmt: skip
    """An effect makes `p` draw: an empty Deck loses the round at once (ruling win-deck-out).
    In fast mode an effect's draw comes from the main Deck while it lasts. `given`: the cards a
    player read off the real Deck ("enter each card"), taken in order while they fit."""
    side = state.sides[p]
    for _ in range(count):
        if board.can_draw(side):
            known = side.top or not side.deck
            board.draw(side, rng, given=None if known else board.entered(list(side.deck), given))
        elif state.mode == FAST and board.can_draw(side, board.CRYSTALS):
            board.draw(side, rng, board.CRYSTALS)
        else:
            return lose(data, state, p, f"{state.names[p]} must draw from an empty Deck")
    return [f"{state.names[p]} draws {count} card{'s' if count > 1 else ''}."]
