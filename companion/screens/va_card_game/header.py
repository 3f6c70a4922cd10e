"""What VA Card Game's page shows in every phase: the title bar with Undo, what just happened (with
what the physical cards must do), what the turn waits for, the log, and the end of the game."""

from __future__ import annotations

from typing import Any

from companion.games.va_card_game.state import DEAL, DECLARE, DRAW, EQUIP, OVER, PREPARE, TOSS
from companion.screens.table import header as table_header
from companion.screens.va_card_game import memory, taps
from companion.screens.va_card_game.eyes import APP_CARDS, Screen
from companion.screens.va_card_game.table_talk import for_the_table

OPENING_WORDS = (
    "A new game. The tablet keeps every hero's HP and DEF, the life points and the secret "
    "declarations; the cards stay on the table."
)


def title_bar(screen: Screen) -> None:
    """The title bar (`table.header`) with the game's moment; a player taking back their own move
    on their private screen keeps the tablet; under a refused Undo, its ruling."""
    table_header.title_bar(screen, f"VA Card Game · {moment(screen.view)}", "va", forget=forget,
                           keep_tablet=True, ruling=taps.undo_ruling)  # fmt: skip


def forget() -> None:
    """Forget a choice waiting for its confirmation and the cards half entered."""
    memory.forget_choice()
    memory.forget_entry()


def moment(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == OVER:
        return "the game is over"
    if phase in (TOSS, DEAL, PREPARE):
        return "setting up"
    return f"turn {view['turn']}, {view['names'][view['active']]}'s turn"


def just_now(screen: Screen) -> None:
    table_header.just_now(screen, "va", OPENING_WORDS, for_the_table)


def prompt(text: str) -> None:
    table_header.prompt("va", text)


def next_step(screen: Screen) -> str:
    """What the table waits for now, in a sentence."""
    view = screen.view
    opening, max_gear = screen.data.opening, screen.data.max_gear
    names = view["names"]
    phase = view["phase"]
    if phase == TOSS:
        return "Flip a coin: its winner takes the first turn."
    if phase == DEAL:
        if screen.cards == APP_CARDS:
            return (
                f"Deal: the app shuffles and names {opening} hero cards and {opening} equipment "
                "cards for each player, in private."
            )
        return (
            f"Each player shuffles their hero deck and their equipment deck and draws {opening} "
            "of each; then each enters them in private."
        )
    if phase == PREPARE:
        waiting = [screen.called(p) for p in (0, 1) if not view["heroes"][p]]
        return (
            f"{' and '.join(waiting)}: place one hero face down with up to {max_gear} pieces of "
            "equipment, then say ready. Both are revealed together."
        )
    if phase == DECLARE:
        a = view["active"]
        if view["declared"][a]:
            return (
                f"{screen.called(a)} has declared face down. {screen.called(1 - a)}: attack or "
                "block? Both are revealed together."
            )
        return (
            f"Turn {view['turn']}: {screen.called(a)} declares first, attack or block, face "
            f"down; then {screen.called(1 - a)}."
        )
    if phase == DRAW:
        if screen.cards == APP_CARDS:
            return (
                f"Draw step: each player draws one hero card and one equipment card, "
                f"{names[view['active']]} first."
            )
        return (
            "Draw step: each player draws one hero card and one equipment card from their decks; "
            "then each enters them in private."
        )
    if phase == EQUIP:
        p = view["equipping"]
        if not view["heroes"][p]:
            return f"{screen.called(p)}'s hero fell: {names[p]} brings in a new hero, face up."
        return f"{screen.called(p)} may attach equipment from the hand, then is done."
    return ""


def game_over(screen: Screen) -> None:
    view = screen.view
    winner = view["winner"]
    life = view["life"]
    head = f"{screen.called(winner)} wins the game!" if winner in (0, 1) else "The game is a draw."
    said = f"Life points: {view['names'][0]} {life[0]}, {view['names'][1]} {life[1]}."
    table_header.game_over(screen, "va", head, said, "Play a new game", forget=forget)
