"""Pacing on Vita Luna's page: the app's moves played at once, then every paced step (each hit of
an attack, each move of the app) shown one at a time for the players to mirror on the table.

`walk` works out the steps from the log; this module keeps the cursor, "entry.step", in the URL (so
a reload shows the same step), draws the step under the board and the buttons that move it on.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.engine.core import step_rng
from companion.games.vita_luna import opponent
from companion.screens import session
from companion.screens.keys import MATCH, WALK
from companion.screens.vita_luna.walk import Cursor, WalkStep

APP_SALT = 0x5EED  # the app's choices come from its own random stream of the match's seed
MOST_APP_ACTIONS = 100  # a bound, never reached: a whole turn is a handful of actions


# --- the app's moves -----------------------------------------------------------------------------


def app_player(match) -> int | None:
    """The player the app plays (Player 2), or None in a game of two people."""
    return 1 if match.options.get("opponent") == "app" else None


def app_plays(match, app: int) -> None:
    """Everything the app has to do now, played at once; the walk-through then paces it."""
    rules = match.rules
    for _ in range(MOST_APP_ACTIONS):
        rng = step_rng(match.seed ^ APP_SALT, len(match.log))
        action = opponent.choose(match.state, match.legal_actions(), rng, me=app, data=rules.data)
        if action is None:
            return
        before = len(match.log)
        session.act(action)
        if len(match.log) == before:  # refused or not saved: the flash says why
            return


# --- the walk-through cursor ---------------------------------------------------------------------


def read_cursor(match) -> Cursor:
    """The URL's cursor, kept within the log; a page opened without one has seen everything."""
    end = (len(match.log), 0)
    raw = st.query_params.get(WALK)
    try:
        entry, step = (int(x) for x in str(raw).split("."))
    except (TypeError, ValueError):
        set_cursor(end)
        return end
    return min((entry, step), end)


def set_cursor(cursor: Cursor) -> None:
    st.query_params[WALK] = f"{cursor[0]}.{cursor[1]}"


def _next(after: Cursor) -> None:
    set_cursor(after)


def _skip() -> None:
    set_cursor((len(st.session_state[MATCH].log), 0))


# --- the walk-through ----------------------------------------------------------------------------


def walk_says(steps: list[WalkStep]) -> None:
    """The step on the screen, under the board (so it stays in sight with it)."""
    step = steps[0]
    lines = "".join(f'<div class="vl-say">{escape(line)}</div>' for line in step.lines)
    left = len(steps) - 1
    more = f" · {left} more to show" if left else ""
    st.markdown(
        f'<div class="vl-walk"><div class="vl-step">{escape(step.title)}{more}</div>{lines}</div>',
        unsafe_allow_html=True,
    )


def walk_buttons(match, steps: list[WalkStep]) -> None:
    """Next (or Done) once the table shows the step; Show all to catch up at once."""
    step = steps[0]
    left = len(steps) - 1
    st.caption("Do the same on the table, then go on.")
    if left == 0:
        label = "Done ✓"
    elif steps[1].kind == "attack":
        label = "Next attack ▶"
    else:
        label = "Next ▶"
    go, skip = st.columns([2.2, 1])
    go.button(
        label,
        key="vl_next",
        type="primary",
        width="stretch",
        wrap=True,
        on_click=_next,
        args=(step.after,),
    )
    if left:
        skip.button("Show all", key="vl_skip", width="stretch", wrap=True, on_click=_skip)
