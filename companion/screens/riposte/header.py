"""What Riposte's page shows in every phase: the title bar with Undo, what just happened (with
what the physical cards must do), the log, and the end of the game."""

from __future__ import annotations

from typing import Any

from companion.games.riposte import state as phases
from companion.screens.riposte import memory, taps
from companion.screens.riposte.eyes import APP_CARDS, Screen
from companion.screens.riposte.table_talk import for_the_table
from companion.screens.table import header as table_header

OPENING = (
    "A new duel. The tablet deals, keeps the damage and referees each clash; the cards stay on "
    "the table."
)


def title_bar(screen: Screen) -> None:
    """The title bar (`table.header`) with Riposte's moment; under a refused Undo, its ruling."""
    table_header.title_bar(screen, f"Riposte · {moment(screen.view)}", "rp",
                           forget=memory.forget_entry, ruling=taps.undo_ruling)  # fmt: skip


def clashes_in_round(view: dict[str, Any]) -> int:
    """The clashes of the round under way: those played, and one more for each card a player
    holds (a card laid face down counts) beyond the one kept when the round ends."""
    held = len(view["hands"][0]) + bool(view["chosen"][0])
    return view["clash"] + held - 1


def moment(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == phases.OVER:
        return "the duel is over"
    if phase in (phases.CAST, phases.CHOOSE, phases.DEAL):
        return "setting up"
    if phase in (phases.CLASH, phases.BRACE):
        return f"round {view['round']}, clash {view['clash'] + 1} of {clashes_in_round(view)}"
    if view["round"] == 0:
        return "the first draft"
    return f"drafting for round {view['round'] + 1}"


def just_now(screen: Screen) -> None:
    table_header.just_now(screen, "rp", OPENING, for_the_table)


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def spelled(number: int) -> str:
    """A small rule number as the page says it ("two cards"); larger ones in digits."""
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else str(number)


def prompt(text: str) -> None:
    table_header.prompt("rp", text)


def next_step(screen: Screen) -> str:
    """What the table does now, in a sentence."""
    view, data = screen.view, screen.data
    dealt = spelled(data.offered)
    names = view["names"]
    phase = view["phase"]
    if phase == phases.CAST:
        if screen.cards == APP_CARDS:
            return f"Deal the characters: the app deals {dealt} to each player, in private."
        return (
            f"Shuffle the {spelled(len(data.characters))} character cards and deal "
            f"{dealt} to each player, face down."
        )
    if phase == phases.CHOOSE:
        return f"Each player keeps one of their {dealt} characters, in secret."
    if phase == phases.DEAL:
        if screen.cards == APP_CARDS:
            return "Deal the combat cards: the app shuffles, deals and tosses the marker."
        return (
            f"Shuffle the combat cards, deal {spelled(data.start_cards)} to each player and turn "
            f"up {spelled(data.row)} as the row."
        )
    if phase == phases.TURN_UP:
        return "The round is over: turn up a new draft row."
    if phase in (phases.DRAFT, phases.LOOK, phases.SWAP):
        p = view["active"]
        return f"{names[p]} picks a card ({len(view['hands'][p])} of {data.hand} in hand)."
    if phase == phases.CLASH:
        waiting = [names[p] for p in (0, 1) if not view["chosen"][p]]
        return f"{' and '.join(waiting)}: choose a card and lay it face down."
    if phase == phases.BRACE:
        struck = names[1 - view["offensive"]]
        return f"{struck} is struck: take 2 less damage now (Rook, once a round)?"
    return ""


def game_over(screen: Screen) -> None:
    view = screen.view
    winner = view["winner"]
    loser = 1 - winner
    said = f"{view['names'][loser]} has taken {view['damage'][loser]} damage."
    table_header.game_over(screen, "rp", f"{view['names'][winner]} wins the duel!", said,
                           "Play a new duel", forget=memory.forget_entry)  # fmt: skip
