"""Vita Luna's page: the board as it lies on the table, the players at a glance, and one button
per legal action, with every attack walked through one hit at a time.

Three steps (STYLE.md, principle 12): read the match, ask the engine (legal actions, what it waits
for), draw. Every action button plays through `session.act`, so the engine checks each tap and a
refusal comes back as `table.flash`. What the page adds is pacing and privacy, never rules:
- attacks (and, against the app, everything the app does) are shown one step at a time so the
  players can mirror them on the physical board; the cursor lives in the URL, so a reload keeps it;
- secrets stay covered: a placing player's hand behind a "pass the tablet" screen, the first
  secret bid until the second is in, the other side's grey cards as card backs.

This module is the page's frame and its routing by phase; each phase has a screen of its own:
`placement`, `battle` (a turn), `bidding` (the advanced game's auction) and `between` (the steps
around the battles). `header` draws what every phase shows, `pacing` the walk-through and the
app's moves, `buttons` what the screens share; `board`, `cards` and `player_cards` are the
pictures as markup, `style` the CSS, and `walk` works out the walk-through's steps.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.games.vita_luna.state import BETWEEN, BIDDING, OVER, PLACE, TURN
from companion.screens import parts, session
from companion.screens.vita_luna import battle, between, bidding, header, pacing, placement
from companion.screens.vita_luna.style import CSS
from companion.screens.vita_luna.walk import pending


def render(table: session.Table) -> None:
    match = table.match
    app = pacing.app_player(match)
    cursor = pacing.read_cursor(match)
    steps = pending(match.rules, match, cursor, app)
    if app is not None and not steps:
        pacing.app_plays(match, app)
        steps = pending(match.rules, match, cursor, app)
    if not steps and cursor != (len(match.log), 0):
        pacing.set_cursor((len(match.log), 0))
    st.html(CSS)
    header.title_bar(table, app)
    with st.container(key="vl_main"):
        left, right = st.columns([1.7, 1], gap="small")
        with left, st.container(key="vl_left"):
            header.board(match, app, steps[0] if steps else None)
            if steps:
                pacing.walk_says(steps)
            parts.flash(table.flash)  # under the board: in sight however far the page has scrolled
        with right, st.container(key="vl_right"):
            strip = header.players(match, app, steps[0] if steps else None)
            st.markdown(strip, unsafe_allow_html=True)
            if steps:
                pacing.walk_buttons(match, steps)
            else:
                _controls(table, app)
            header.private_cards(match, app)
            header.log(match, steps[0].after if steps else None)  # here, the board stays in sight


def _controls(table: session.Table, app: int | None) -> None:
    """What this phase asks of the table, on the screen of its own."""
    match = table.match
    state = match.state
    legal = match.legal_actions()
    mine = [a for a in legal if app is None or a.get("player") != app]
    header.just_now(match)
    phase = state.phase
    if phase == OVER:
        header.game_over(match)
        return
    if phase in BIDDING:
        bidding.bidding(table, app, legal)
        return
    if phase in (PLACE, TURN) and state.active == app:
        st.html(f'<div class="vl-next">{escape(state.names[app])} (the app) is thinking…</div>')
        return
    if phase == PLACE and app is None and not placement.covered(table):
        return
    st.html(f'<div class="vl-next">{escape(header.next_step(match))}</div>')
    if phase == PLACE:
        placement.placing(match, mine)
    elif phase == TURN:
        battle.turn(match, mine)
    elif phase == BETWEEN:
        between.between(match, mine)
    else:
        between.one_button_each(match, mine)
