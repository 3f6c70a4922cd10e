"""What Riposte's page shows in every phase: the title bar with Undo, what just happened (with
what the physical cards must do), the log, and the end of the game."""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.riposte.state import (
    BRACE,
    CAST,
    CHOOSE,
    CLASH,
    DEAL,
    DRAFT,
    LOOK,
    OVER,
    SWAP,
    TURN_UP,
)
from companion.screens import last_moves, parts, session
from companion.screens.riposte import memory, taps
from companion.screens.riposte.eyes import APP_CARDS, Screen
from companion.screens.riposte.table_talk import for_the_table

LOG_SHOWN = 150
OPENING = (
    "A new duel. The tablet deals, keeps the damage and referees each clash; the cards stay on "
    "the table."
)


def title_bar(screen: Screen) -> None:
    """The title (with whose screen this is), Undo as far as this device may take back (the
    engine's reason under it when it may not), Back to games."""
    table, view = screen.table, screen.view
    notes = ""
    if screen.app is not None:
        notes += " · against the app"
    if table.access.seat is not None:
        notes += f" · {view['names'][table.access.seat]}'s screen"
    elif table.access.public:
        notes += " · watching"
    device = table.look()  # the eyes the engine answers an undo from this device to
    can_undo = bool(device.length) and not table.access.public
    why_not = session.undo_refusal(table) if can_undo else None
    parts.title_bar(f"Riposte · {moment(view)}{notes}", prefix="rp", can_undo=can_undo,
                    undo=_undo, undo_args=(screen.app,), wrap=True, why_not=why_not)  # fmt: skip
    taps.undo_ruling(why_not)
    if table.access.public:
        st.caption(session.WATCHING)


def clashes_in_round(view: dict[str, Any]) -> int:
    """The clashes of the round under way: those played, and one more for each card a player
    holds (a card laid face down counts) beyond the one kept when the round ends."""
    held = len(view["hands"][0]) + bool(view["chosen"][0])
    return view["clash"] + held - 1


def moment(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == OVER:
        return "the duel is over"
    if phase in (CAST, CHOOSE, DEAL):
        return "setting up"
    if phase in (CLASH, BRACE):
        return f"round {view['round']}, clash {view['clash'] + 1} of {clashes_in_round(view)}"
    if view["round"] == 0:
        return "the first draft"
    return f"drafting for round {view['round'] + 1}"


def _undo(app: int | None) -> None:
    """Take back the last action; against the app, also everything the app did after it."""
    memory.forget_entry()
    session.undo(last_moves.with_the_apps_reply(app))


def just_now(screen: Screen) -> None:
    """What the last move did (against the app, with the app's answers), in the engine's words,
    and with the app's cards what the table does with the physical cards."""
    seen = screen.seen
    shown = last_moves.recent(seen, screen.app)
    todo: list[str] = []
    if screen.cards == APP_CARDS:
        todo = [t for i in shown for t in for_the_table(seen, screen.app, i)]
    last_moves.show("rp", seen, shown, todo, OPENING)


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def spelled(number: int) -> str:
    """A small rule number as the page says it ("two cards"); larger ones in digits."""
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else str(number)


def prompt(text: str) -> None:
    st.html(f'<div class="rp-prompt">{escape(text)}</div>')


def next_step(screen: Screen) -> str:
    """What the table does now, in a sentence."""
    view, data = screen.view, screen.data
    dealt = spelled(data.offered)
    names = view["names"]
    phase = view["phase"]
    if phase == CAST:
        if screen.cards == APP_CARDS:
            return f"Deal the characters: the app deals {dealt} to each player, in private."
        return (
            f"Shuffle the {spelled(len(data.characters))} character cards and deal "
            f"{dealt} to each player, face down."
        )
    if phase == CHOOSE:
        return f"Each player keeps one of their {dealt} characters, in secret."
    if phase == DEAL:
        if screen.cards == APP_CARDS:
            return "Deal the combat cards: the app shuffles, deals and tosses the marker."
        return (
            f"Shuffle the combat cards, deal {spelled(data.start_cards)} to each player and turn "
            f"up {spelled(data.row)} as the row."
        )
    if phase == TURN_UP:
        return "The round is over: turn up a new draft row."
    if phase in (DRAFT, LOOK, SWAP):
        p = view["active"]
        return f"{names[p]} picks a card ({len(view['hands'][p])} of {data.hand} in hand)."
    if phase == CLASH:
        waiting = [names[p] for p in (0, 1) if not view["chosen"][p]]
        return f"{' and '.join(waiting)}: choose a card and lay it face down."
    if phase == BRACE:
        struck = names[1 - view["offensive"]]
        return f"{struck} is struck: take 2 less damage now (Rook, once a round)?"
    return ""


def log(seen: SeenMatch) -> None:
    parts.log_list(seen.events, height=280, most=LOG_SHOWN)


def game_over(screen: Screen) -> None:
    view = screen.view
    winner = view["winner"]
    loser = 1 - winner
    st.html(
        f'<div class="rp-cover">{escape(view["names"][winner])} wins the duel!'
        f"<small>{escape(view['names'][loser])} has taken {view['damage'][loser]} damage.</small>"
        "</div>"
    )
    if not screen.table.access.table:
        return  # a new game is started from the table
    st.button("Play a new duel", key="rp_new", type="primary", width="stretch", wrap=True,
              on_click=_again, args=(screen.seen.rules, dict(screen.seen.options)))  # fmt: skip


def _again(rules: Any, options: dict[str, Any]) -> None:
    memory.forget_entry()
    session.start(rules, options)
