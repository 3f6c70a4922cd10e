"""What the last move did, at the top of a card game's page, and how far one Undo goes back.

Against the app a player's move and the app's answers to it read as one moment: "just now" shows
them together, and Undo takes them back together (the app would only answer again the same way).
Each game words its own moves and what the table does with the physical cards; the moment, its
markup and the Undo count are the same for every game and live here.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import streamlit as st

from companion.engine.seen import SeenMatch


def recent(seen: SeenMatch, app: int | None) -> list[int]:
    """The log entries "just now" shows: the last one, and against the app the last move that
    was not the app's with every answer the app gave to it."""
    if not seen.log:
        return []
    start = len(seen.log) - 1
    while app is not None and start > 0 and seen.log[start].get("player") == app:
        start -= 1
    return list(range(start, len(seen.log)))


def with_the_apps_reply(app: int | None) -> Callable[[SeenMatch], int] | None:
    """For `session.undo`: against the app, how many actions one tap takes back (the app's
    answers and the move they answered); None, one action, between two players."""
    if app is None:
        return None

    def count(seen: SeenMatch) -> int:
        taken = 0
        for action in reversed(seen.log):
            taken += 1
            if action.get("player") != app:
                break
        return taken

    return count


def show(prefix: str, seen: SeenMatch, shown: list[int], todo: list[str], opening: str) -> None:
    """The moment's events in the engine's words (or `opening` before the first move), then what
    the table does with the physical cards, each line marked ☞. `prefix` names the game's CSS."""
    if not shown:
        st.html(f'<div class="{prefix}-now">{escape(opening)}</div>')
        return
    said = [escape(e) for i in shown for e in seen.events[i]]
    extra = "".join(f'<div class="{prefix}-todo">☞ {escape(t)}</div>' for t in todo)
    st.html(f'<div class="{prefix}-now">{"<br>".join(said)}{extra}</div>')
