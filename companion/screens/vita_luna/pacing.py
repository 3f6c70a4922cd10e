"""Pacing on Vita Luna's page: every paced step (each hit of an attack, each move of the app) shown
one at a time for the players to mirror on the table.

The app's moves are played by `session.let_the_app_play`, each decided from the app seat's view
alone; `walk` works out the steps from the log as this screen's eyes saw it. This module keeps the
cursor, "entry.step", in the URL (so a reload shows the same step; each device has its own), draws
the step under the board and the buttons that move it on.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.screens.keys import WALK
from companion.screens.vita_luna.walk import Cursor, WalkStep

# --- the walk-through cursor ---------------------------------------------------------------------


def read_cursor(length: int) -> Cursor:
    """The URL's cursor, kept within a log of `length` actions; a page opened without one (or
    after an undo) has seen everything."""
    end = (length, 0)
    raw = st.query_params.get(WALK)
    try:
        entry, step = (int(x) for x in str(raw).split("."))
    except (TypeError, ValueError):
        set_cursor(end)
        return end
    return min((entry, step), end)


def set_cursor(cursor: Cursor) -> None:
    st.query_params[WALK] = f"{cursor[0]}.{cursor[1]}"


def forget_cursor() -> None:
    """After an undo: the next run starts from the end of the log as it is then."""
    st.query_params.pop(WALK, None)


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


def walk_buttons(steps: list[WalkStep], length: int) -> None:
    """Next (or Done) once the table shows the step; Show all to catch up at once with the log
    of `length` actions."""
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
        on_click=set_cursor,
        args=(step.after,),
    )
    if left:
        skip.button("Show all", key="vl_skip", width="stretch", wrap=True, on_click=set_cursor,
                    args=((length, 0),))  # fmt: skip
