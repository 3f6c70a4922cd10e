"""What every card game's page shows around its board: the title bar with Undo (as far as this
device may take back, with the engine's reason under it when it may not), the "just now" strip
(what the last move did, and what the physical cards must do), the prompt, the log and the end.

The game gives its words (its title and moment, its opening sentence, what the table does with
the app's cards, its winner's line); the markup, the keys (`<prefix>_undo`, `<prefix>_new`) and
the CSS classes (`<prefix>-now`, `<prefix>-prompt`, `<prefix>-cover`) are the same for all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.screens import last_moves, parts, session
from companion.screens.table.eyes import APP_CARDS, Screen, uncover

LOG_SHOWN = 150
# what the table does with the app's physical cards after a log entry: (eyes, app's seat, entry)
ForTheTable = Callable[[SeenMatch, "int | None", int], list[str]]
Forget = Callable[[], None]  # what a page forgets when the game moves under it (half-entered cards)


def title_bar(
    screen: Screen[Any],
    title: str,
    prefix: str,
    forget: Forget | None = None,
    keep_tablet: bool = False,
    ruling: Callable[[str | None], None] | None = None,
) -> None:
    """`title` (the game and its moment) with whose screen this is, Undo as far as this device may
    take back (the engine's reason under it when it may not, and its `ruling`), Table view, Back
    to games. With `keep_tablet`, a player taking back their own move on their private screen
    keeps the tablet."""
    table = screen.table
    notes = ""
    if screen.app is not None:
        notes += " · against the app"
    if table.access.seat is not None:
        notes += f" · {screen.name(table.access.seat)}'s screen"
    elif table.access.public:
        notes += " · watching"
    device = table.look()  # the eyes the engine answers an undo from this device to
    can_undo = bool(device.length) and not table.access.public
    why_not = session.undo_refusal(table) if can_undo else None
    keeper = keeper_of(screen) if keep_tablet else None
    parts.title_bar(f"{title}{notes}", prefix=prefix, can_undo=can_undo, undo=undo,
                    undo_args=(screen.app, forget, keeper), wrap=True, why_not=why_not)  # fmt: skip
    if ruling is not None:
        ruling(why_not)
    if table.access.public:
        st.caption(session.WATCHING)


def keeper_of(screen: Screen[Any]) -> str | None:
    """On an uncovered private screen whose player took the last action: the cover of the
    screen before it, theirs too. Taking back their own move, they keep the tablet."""
    private, seen = screen.private, screen.seen
    if private is None or screen.covered or not seen.log:
        return None
    if seen.log[-1].get("player") != private.seat:
        return None
    return f"{screen.table.gid}:{private.seat}:{seen.length - 1}"


def undo(app: int | None, forget: Forget | None = None, keeper: str | None = None) -> None:
    """Take back the last action; against the app, also everything the app did after it."""
    if forget is not None:
        forget()
    if keeper is not None:
        uncover(keeper)
    session.undo(last_moves.with_the_apps_reply(app))


def just_now(
    screen: Screen[Any], prefix: str, opening: str, todo: ForTheTable | None = None
) -> None:
    """What the last move did (against the app, with the app's answers), in the engine's words
    (`opening` before the first), and with the app's cards `todo`: what the table does with the
    physical cards after each of those log entries."""
    seen = screen.seen
    shown = last_moves.recent(seen, screen.app)
    said: list[str] = []
    if todo is not None and screen.cards == APP_CARDS:
        said = [t for i in shown for t in todo(seen, screen.app, i)]
    last_moves.show(prefix, seen, shown, said, opening)


def prompt(prefix: str, text: str) -> None:
    """What the table does now, in a sentence, where it catches the eye."""
    st.html(f'<div class="{prefix}-prompt">{escape(text)}</div>')


def log(seen: SeenMatch, events: Sequence[Sequence[str]] | None = None, most: int = LOG_SHOWN,
        height: int = 280) -> None:  # fmt: skip
    """The log in the engine's public sentences, newest first."""
    parts.log_list(seen.events if events is None else list(events), height=height, most=most)


def game_over(
    screen: Screen[Any], prefix: str, head: str, said: str, again: str, forget: Forget | None = None
) -> None:
    """The end: who won (`head`) and how (`said`); on the table's device, a button to play
    `again` with the same options."""
    st.html(f'<div class="{prefix}-cover">{escape(head)}<small>{escape(said)}</small></div>')
    if not screen.table.access.table:
        return  # a new game is started from the table
    rules, options = screen.seen.rules, dict(screen.seen.options)
    st.button(again, key=f"{prefix}_new", type="primary", width="stretch", wrap=True,
              on_click=play_again, args=(rules, options, forget))  # fmt: skip


def play_again(rules: Any, options: dict[str, Any], forget: Forget | None = None) -> None:
    """Callback: a new game of the same rules and options."""
    if forget is not None:
        forget()
    session.start(rules, options)
