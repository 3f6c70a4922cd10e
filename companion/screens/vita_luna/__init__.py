"""Vita Luna's page: the board as it lies on the table, the players at a glance, and one button
per legal action, with every attack walked through one hit at a time.

Three steps (STYLE.md, principle 12): read the game through this screen's eyes, ask the engine
(legal actions, what it waits for), draw. The page never holds the match: `eyes` picks the
`SeenMatch` it draws from (a player's own seat on their device, the public view on the shared
tablet and on a watching screen, the player whose private screen is uncovered on the shared
tablet), so a card or bid those eyes may not see cannot reach the screen, the log or the markup.
Every action button plays through `session.act`, so the engine checks each tap (for this
device's seat) and a refusal comes back as `table.flash`. What the page adds is pacing and
privacy, never rules:
- attacks (and, against the app, everything the app does) are shown one step at a time so the
  players can mirror them on the physical board; the cursor lives in the URL, so a reload keeps it;
- secrets stay covered: on the shared tablet a placing player's hand, a sealed bid's entry and a
  trade behind a "pass the tablet" cover; everyone else's grey cards as card backs.

This module is the page's frame and its routing by phase; each phase has a screen of its own:
`placement`, `battle` (a turn: a fragment of its own, so a choice made in it reruns only it),
`bidding` (the advanced game's auction) and `between` (the steps around the battles). `eyes`
decides whose eyes a run draws through, `header` draws what every phase shows, `pacing` the
walk-through, `buttons` what the screens share; `board`, `cards` and `player_cards` are the
pictures as markup, `style` the CSS, and `walk` works out the steps.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from companion.games.vita_luna.state import BETWEEN, BIDDING, OVER, PLACE, TURN
from companion.screens import rules_panel, session
from companion.screens.table import page as table_page
from companion.screens.table import rulings as table_rulings
from companion.screens.vita_luna import (
    battle,
    between,
    bidding,
    eyes,
    header,
    pacing,
    placement,
)
from companion.screens.vita_luna.style import CSS
from companion.screens.vita_luna.walk import pending


def render(table: session.Table) -> None:
    app = eyes.app_seat(table.public)
    seen = eyes.device_eyes(table, app)
    cursor = pacing.read_cursor(seen.length)
    steps = pending(seen, cursor, app)
    if app is not None and not steps and session.let_the_app_play(table):
        seen = eyes.device_eyes(table, app)
        steps = pending(seen, cursor, app)
    if not steps and cursor != (seen.length, 0):
        pacing.set_cursor((seen.length, 0))
    screen = eyes.screen(table, app, walking=bool(steps))
    step = steps[0] if steps else None
    st.html(CSS)
    header.title_bar(screen)
    left, right = table_page.sides("vl", (1.7, 1))
    with left:
        header.board(screen, step)
        if steps:
            pacing.walk_says(steps)
        _flash(table.flash)  # under the board: in sight however far the page has scrolled
        if not steps:  # while the table mirrors an attack, only the step under the board
            header.rules_row(screen, step)
    with right:
        header.players(screen, step)
        if steps:
            pacing.walk_buttons(steps, screen.seen.length)
        else:
            _controls(screen)
        header.private_cards(screen)
        header.log(screen.seen, steps[0].after if steps else None)  # the board stays in sight
    rules_panel.show_open()


def _flash(message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it (`table.rulings`)."""
    table_rulings.flash(header.GAME, "vl", message)


def _controls(screen: eyes.Screen) -> None:
    """What this phase asks of the table, on the screen of its own."""
    state = screen.state
    bidding.just_now(screen.seen)
    phase = state.phase
    if phase == OVER:
        header.game_over(screen)
        return
    if phase in BIDDING:
        bidding.bidding(screen)
        return
    if phase in (PLACE, TURN) and state.active == screen.app:
        st.html(f'<div class="vl-next">{escape(screen.name(state.active))} is thinking…</div>')
        return
    if phase == PLACE and screen.covered:
        eyes.cover(screen)
        return
    st.html(f'<div class="vl-next">{escape(header.next_step(screen))}</div>')
    if phase == PLACE:
        placement.placing(screen)
    elif phase == TURN:
        battle.turn_alone(screen)
    elif phase == BETWEEN:
        between.between(screen)
    else:
        between.one_button_each(screen)
