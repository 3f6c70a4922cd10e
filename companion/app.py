"""The table companion: `streamlit run companion/app.py`.

Routing only: no game in the URL shows the chooser (`companion.screens.chooser`); `?game=<id>`
opens that saved game on its game's page (`companion.screens.<game id>`, or the page its entry
names: every declared game's is `companion.screens.declared`), or with `&view=table`
in its large-type table view (`companion.screens.table_view`). Pages read the engine, never decide
the rules.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from companion.registry import entry
from companion.screens import chooser, keys, parts, session, style, table_view

FOLLOW_SECONDS = 1.0  # other devices show a move (or lose a replaced key) within two seconds


def main() -> None:
    st.set_page_config(page_title="Table companion", page_icon="🎲", layout="wide",
                       initial_sidebar_state="collapsed")  # fmt: skip
    style.tablet_style()
    session.waiting_style()  # a wait for the saved games in sight, however far it scrolled
    gid = st.query_params.get(keys.QUERY)
    if not gid:
        chooser.chooser()
        return
    table = session.open_game(gid, st.query_params.get(keys.KEY))
    if table is None:
        st.button("Back to the games", on_click=session.leave, key="back_missing")
        return
    game = entry(table.public.rules.game_id)
    if game is None or not game.playable:
        st.error("This saved game is for a game the companion cannot play yet.")
        st.button("Back to the games", on_click=session.leave, key="back_unplayable")
        return
    if session.table_view_shown():
        table_view.render(table)
    else:
        from importlib import import_module

        import_module(f"companion.screens.{game.page or game.id}").render(table)
    table_view.at_the_table(table)  # sounds (if on) and the screen kept awake, on both
    if not session.table_view_shown():
        parts.devices(table)
    follow()


@st.fragment(run_every=FOLLOW_SECONDS)
def follow() -> None:
    """Every second, a glance at the store: another device's move redraws this one, and new
    codes made at the table take the game from a device whose key is no longer among them."""
    if session.changed_elsewhere():
        st.rerun(scope="app")


main()
