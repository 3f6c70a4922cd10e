"""What VA Card Game's page shows in every phase: the title bar with Undo, what just happened (with
what the physical cards must do), what the turn waits for, the log, and the end of the game."""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.va_card_game.data import MAX_GEAR, OPENING
from companion.games.va_card_game.state import DEAL, DECLARE, DRAW, EQUIP, OVER, PREPARE, TOSS
from companion.screens import last_moves, parts, session
from companion.screens.va_card_game import memory, taps
from companion.screens.va_card_game.eyes import APP_CARDS, Screen
from companion.screens.va_card_game.table_talk import for_the_table

LOG_SHOWN = 150
OPENING_WORDS = (
    "A new game. The tablet keeps every hero's HP and DEF, the life points and the secret "
    "declarations; the cards stay on the table."
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
    parts.title_bar(f"VA Card Game · {moment(view)}{notes}", prefix="va", can_undo=can_undo,
                    undo=_undo, undo_args=(screen.app, _keeper(screen)), wrap=True,
                    why_not=why_not)  # fmt: skip
    taps.undo_ruling(why_not)
    if table.access.public:
        st.caption(session.WATCHING)


def moment(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == OVER:
        return "the game is over"
    if phase in (TOSS, DEAL, PREPARE):
        return "setting up"
    return f"turn {view['turn']}, {view['names'][view['active']]}'s turn"


def _keeper(screen: Screen) -> str | None:
    """On an uncovered private screen whose player took the last action: the cover of the
    screen before it, theirs too. Taking back their own move, they keep the tablet."""
    private, seen = screen.private, screen.seen
    if private is None or screen.covered or not seen.log:
        return None
    if seen.log[-1].get("player") != private.seat:
        return None
    return f"{screen.table.gid}:{private.seat}:{seen.length - 1}"


def _undo(app: int | None, keeper: str | None) -> None:
    """Take back the last action; against the app, also everything the app did after it. A
    player who takes back their own move on their private screen keeps the tablet."""
    memory.forget_choice()
    memory.forget_entry()
    if keeper is not None:
        memory.uncover(keeper)
    session.undo(last_moves.with_the_apps_reply(app))


def just_now(screen: Screen) -> None:
    """What the last move did (against the app, with the app's answers), in the engine's words,
    and with the app's cards what the table does with the physical cards."""
    seen = screen.seen
    shown = last_moves.recent(seen, screen.app)
    todo: list[str] = []
    if screen.cards == APP_CARDS:
        todo = [t for i in shown for t in for_the_table(seen, screen.app, i)]
    last_moves.show("va", seen, shown, todo, OPENING_WORDS)


def prompt(text: str) -> None:
    st.html(f'<div class="va-prompt">{escape(text)}</div>')


def next_step(screen: Screen) -> str:
    """What the table waits for now, in a sentence."""
    view = screen.view
    names = view["names"]
    phase = view["phase"]
    if phase == TOSS:
        return "Flip a coin: its winner takes the first turn."
    if phase == DEAL:
        if screen.cards == APP_CARDS:
            return (
                f"Deal: the app shuffles and names {OPENING} hero cards and {OPENING} equipment "
                "cards for each player, in private."
            )
        return (
            f"Each player shuffles their hero deck and their equipment deck and draws {OPENING} "
            "of each; then each enters them in private."
        )
    if phase == PREPARE:
        waiting = [screen.called(p) for p in (0, 1) if not view["heroes"][p]]
        return (
            f"{' and '.join(waiting)}: place one hero face down with up to {MAX_GEAR} pieces of "
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


def log(seen: SeenMatch) -> None:
    parts.log_list(seen.events, height=280, most=LOG_SHOWN)


def game_over(screen: Screen) -> None:
    view = screen.view
    winner = view["winner"]
    life = view["life"]
    head = f"{screen.called(winner)} wins the game!" if winner in (0, 1) else "The game is a draw."
    said = f"Life points: {view['names'][0]} {life[0]}, {view['names'][1]} {life[1]}."
    st.html(f'<div class="va-cover">{escape(head)}<small>{escape(said)}</small></div>')
    if not screen.table.access.table:
        return  # a new game is started from the table
    st.button("Play a new game", key="va_new", type="primary", width="stretch", wrap=True,
              on_click=_again, args=(screen.seen.rules, dict(screen.seen.options)))  # fmt: skip


def _again(rules: Any, options: dict[str, Any]) -> None:
    memory.forget_choice()
    memory.forget_entry()
    session.start(rules, options)
