"""A turn's attacks, hit by hit, and the end of a battle; one plain sentence per attack.

The attack step is the engine's hot path (every turn of every battle runs it), so it reads the
board list directly instead of going through the helpers in `state.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from companion.games.vita_luna.data import Creature, VitaLunaData
from companion.games.vita_luna.state import OVER, REWARD, VitaLunaState


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def kill(state: VitaLunaState, index: int, card: str) -> None:
    """Take a dead creature off the board; it goes back to its owner's hand after the battle."""
    state.board[index] = None
    del state.health[card]
    state.armour.discard(card)


def hit(
    data: VitaLunaData,
    state: VitaLunaState,
    attacker: Creature,
    passive: int,
    column: int,
    damage: int,
    retaliators: list[str],
) -> str:
    """One hit on the enemy white position `column`; returns what follows "X hits ".

    A retaliating target is added to `retaliators` (it strikes back once the attack is over).
    """
    index = passive * data.white + column
    target = state.board[index]
    if target is None:
        hearts = list(state.hearts)
        hearts[passive] = max(0, hearts[passive] - damage)
        state.hearts = (hearts[0], hearts[1])
        return (
            f"the empty position: {damage} damage to the heart "
            f"({plural(hearts[passive], 'heart')} left)"
        )
    creature = data.cards[target]
    name = creature.name
    if creature.retaliate:
        retaliators.append(name)
    if target in state.armour:
        state.armour.discard(target)
        what = "the poison" if attacker.poisonous else "the hit"
        return f"{name}: its armour absorbs {what} (armour gone)"
    if attacker.poisonous and not creature.resistant:
        kill(state, index, target)
        return f"{name} with poison: {name} dies"
    left = state.health[target] - damage
    resisted = " (Resistant: no poison)" if attacker.poisonous else ""
    if left <= 0:
        kill(state, index, target)
        return f"{name} for {damage}{resisted}: {name} dies"
    state.health[target] = left
    return f"{name} for {damage}{resisted} ({left} health left)"


def retaliate(state: VitaLunaState, index: int, card: str, creature: Creature, by: str) -> str:
    """`by` strikes back at the attacker standing at board `index` for 1; armour absorbs it."""
    if state.board[index] != card:  # already killed by an earlier retaliation
        return ""
    if card in state.armour:
        state.armour.discard(card)
        return f"; {by} retaliates: {creature.name}'s armour absorbs it"
    left = state.health[card] - 1
    if left <= 0:
        kill(state, index, card)
        return f"; {by} retaliates: {creature.name} dies"
    state.health[card] = left
    return f"; {by} retaliates: {creature.name} has {left} health left"


def has_creatures(data: VitaLunaData, state: VitaLunaState, player: int) -> bool:
    board, white, grey = state.board, data.white, data.grey
    start = player * white
    if any(board[start : start + white]):
        return True
    start = 2 * white + player * grey
    return any(board[start : start + grey])


@dataclass(frozen=True)
class Strike:
    """One creature's attack, resolved: the log's sentence for it and where it struck."""

    text: str
    column: int  # the attacking creature's white column
    targets: tuple[int, ...]  # the enemy columns it struck
    hearts: tuple[int, ...]  # of those, the empty ones: the heart took those hits
    loser: int  # the battle's loser, once this attack ended it; else -1


def strikes(data: VitaLunaData, state: VitaLunaState, player: int) -> Iterator[Strike]:
    """Every white creature of `player` with attack above 0 attacks, from the player's left;
    each `Strike` is yielded once `state` shows it (the table's walk-through draws each one).

    The battle ends the moment a side runs out of hearts or creatures: later attacks of the turn
    do not happen, and the last strike names the loser.
    """
    white = data.white
    board, cards = state.board, data.cards
    passive = 1 - player
    mine = player * white
    columns = range(white) if player == 0 else range(white - 1, -1, -1)
    for column in columns:
        card = board[mine + column]
        if card is None:
            continue
        creature = cards[card]
        if creature.attack <= 0:
            continue
        retaliators: list[str] = []
        if creature.pronged:
            sides = (column - 1, column + 1) if player == 0 else (column + 1, column - 1)
            targets = tuple(side for side in sides if 0 <= side < white)
        else:
            targets = (column,)
        hearts = tuple(t for t in targets if board[passive * white + t] is None)
        if not creature.pronged:
            text = f"{creature.name} hits " + hit(
                data, state, creature, passive, column, creature.attack, retaliators
            )
        elif targets:
            parts = [hit(data, state, creature, passive, t, 1, retaliators) for t in targets]
            text = f"Pronged {creature.name} hits {' and '.join(parts)}"
        else:  # a one-position row: nothing lies beside the position opposite
            text = f"Pronged {creature.name} has nothing beside the position opposite to hit"
        for by in retaliators:
            text += retaliate(state, mine + column, card, creature, by)
        loser = -1
        if state.hearts[passive] == 0 or not has_creatures(data, state, passive):
            loser = passive
        elif retaliators and not has_creatures(data, state, player):
            loser = player
        yield Strike(text, column, targets, hearts, loser)
        if loser != -1:
            return


def attacks(data: VitaLunaData, state: VitaLunaState, player: int) -> tuple[list[str], int]:
    """`player`'s attack step (`strikes`): its events and the battle's loser (-1 while it goes
    on)."""
    events: list[str] = []
    for strike in strikes(data, state, player):
        events.append(strike.text)
        if strike.loser != -1:
            return events, strike.loser
    return events, -1


def stalemate(data: VitaLunaData, state: VitaLunaState) -> bool:
    """No creature on the board, white or grey, has any attack: nobody can ever be hit."""
    cards = data.cards
    return not any(c is not None and cards[c].attack > 0 for c in state.board)


def end_battle(data: VitaLunaData, state: VitaLunaState, loser: int, why: str) -> list[str]:
    """The battle is lost by `loser`; move the winning attacker's counter and set the rewards."""
    names = state.names
    winner = 1 - loser
    attacker = state.attacker
    events = [f"{why}: {names[winner]} wins the battle."]
    for i in range(len(state.board)):
        state.board[i] = None
    state.health.clear()
    state.armour.clear()
    state.active = -1
    state.last = events[0]
    state.victor = winner
    if winner != attacker:
        state.due = ("black", "black")
        events.append(f"{names[winner]} defended: no counter moves.")
    else:
        track = list(state.track)
        track[winner] += 1
        state.track = (track[0], track[1])
        steps = data.steps(state.extended)
        to_go = steps - track[winner]
        if to_go == 0:
            state.phase, state.winner = OVER, winner
            events.append(
                f"{names[winner]}'s counter reaches {names[loser]}'s heart: "
                f"{names[winner]} wins the game!"
            )
            return events
        if to_go == 1:
            due = ["", ""]
            due[winner], due[loser] = "red", "blue"
            state.due = (due[0], due[1])
            events.append(
                f"{names[winner]}'s counter moves onto the red circle next to {names[loser]}'s "
                f"heart: {names[winner]} takes a red card and {names[loser]} a blue one."
            )
        else:
            state.due = ("black", "black")
            events.append(
                f"{names[winner]}'s counter moves one step towards {names[loser]}'s heart "
                f"({plural(to_go, 'step')} to go)."
            )
    state.phase = REWARD
    return events
