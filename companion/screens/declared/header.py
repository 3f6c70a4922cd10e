"""What a declared game's page shows in every moment (`table.header`): the title bar with Undo,
the "just now" strip in the engine's words, the prompt, and the end. The words come from the
declaration (its seats' names, its phases' names) and the engine's log, never from this page."""

from __future__ import annotations

from typing import Any

from companion.engine.seats import HIDDEN
from companion.engine.seen import SeenMatch
from companion.screens.declared.eyes import TABLE_CARDS, Screen
from companion.screens.table import header as table_header

OPENING = (
    "A new game. The tablet keeps the counters, the dice and whose turn it is; the cards stay "
    "on the table."
)


def title(screen: Screen) -> str:
    return str(screen.seen.rules.title)  # type: ignore[attr-defined]


def title_bar(screen: Screen) -> None:
    table_header.title_bar(screen, f"{title(screen)} · {moment(screen.view)}", "dc")


def moment(view: dict[str, Any]) -> str:
    """The turn line: round, whose turn, phase."""
    stage = view["stage"]
    if stage == "over":
        return "the game is over"
    if stage in ("setup", "deal"):
        return "setting up"
    active = view.get("active")
    who = f"{view['names'][active]}'s turn" if active is not None else "everyone at once"
    return f"round {view['round']} · {who} · {view['phase_name']}"


def just_now(screen: Screen) -> None:
    table_header.just_now(screen, "dc", OPENING, for_the_table)


def for_the_table(seen: SeenMatch, app: int | None, i: int) -> list[str]:
    """With the app's shuffled cards, what the physical cards must do after log entry `i`: the
    cards dealt or drawn, named only to the eyes that may see them (the log already hides the
    rest), so the cards in the players' hands are the ones the app drew."""
    action = seen.log[i]
    names = seen.view["names"]
    name = seen.rules.card_name  # type: ignore[attr-defined]
    if action.get("type") == "draw" and action.get("card") not in (None, HIDDEN):
        return [f"{names[action['player']]}: take {name(action['card'])} from the deck."]
    seat = seen.seat
    if action.get("type") != "shuffle" or not isinstance(seat, int) or seat < 0:
        return []
    dealt = seen.rules.view(seen.state_at(i + 1), seat)["zones"]  # type: ignore[attr-defined]
    cards = [name(c) for zone in dealt.values() for c in zone[seat] if c != HIDDEN]
    if not cards:
        return []
    listed = ", ".join(cards[:-1]) + f" and {cards[-1]}" if len(cards) > 1 else cards[0]
    return [f"{names[seat]}: take {listed} from the deck."]


def prompt(text: str) -> None:
    table_header.prompt("dc", text)


def next_step(screen: Screen) -> str:
    """What the table does now, in a sentence."""
    view = screen.view
    names = view["names"]
    stage = view["stage"]
    if stage == "setup":
        if screen.cards == TABLE_CARDS:
            return "Shuffle the decks at the table, then start: each player enters the cards dealt."
        return "Start the game: the app shuffles the decks and deals."
    if stage == "deal":
        return "Each player enters the cards dealt to them."
    active = view.get("active")
    if active is not None:
        return f"{names[active]}: {view['phase_name']}."
    waiting = [names[s] for s, ended in enumerate(view["ended"]) if not ended]
    return f"{' and '.join(waiting)}: {view['phase_name']}, all at once."


def game_over(screen: Screen) -> None:
    """The end: the winner and the engine's result, and a new game on the table's device."""
    view = screen.view
    winner = view.get("winner")
    if isinstance(winner, int) and winner >= 0:
        head = f"{view['names'][winner]} wins!"
    else:
        head = "The game is over"
    said = str(view.get("result") or "")
    table_header.game_over(screen, "dc", head, said, "Play again")
