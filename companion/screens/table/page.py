"""The frame of a card game's page: the board with what lies open (each a tap to its rules) on
the left, the controls on the right (below the board on a portrait tablet, by the game's CSS),
the log under both.

A game's page is a `Page`: its prefix and CSS, how it builds a run's `Screen`, and its own
pieces (its board, its rules rows, its controls, its header's words). `render` runs the three
steps of every page (STYLE.md, principle 12): read the game through this screen's eyes (letting
the app play its seat first), ask the engine, draw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from types import ModuleType
from typing import Any, Generic, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from companion.engine.seen import SeenMatch
from companion.screens import rules_panel, session
from companion.screens.table import header as table_header
from companion.screens.table.eyes import Screen, app_seat

S = TypeVar("S", bound="Screen[Any]")
Phases = dict[str, Callable[[Any], None]]  # a phase's controls, by the phase's name
OVER = "over"  # every card game's last phase: its end, and a new game


@dataclass(frozen=True)
class Page(Generic[S]):
    """A card game's page, described in the table pieces and its own."""

    prefix: str  # the game's keys and CSS classes: `rp_main`, `rp-now` ...
    css: str
    widths: tuple[float, float]  # the board's and the controls' columns
    screen: Callable[[session.Table, int | None], S]  # the run's eyes (`table.eyes.look`)
    title_bar: Callable[[S], None]
    board: Callable[[S], None]  # what lies on the table: the game's own picture
    rules_rows: Callable[[S], None]  # what lies open, each a tap to its rules
    just_now: Callable[[S], None]
    flash: Callable[[str | None], None]  # a refused tap's reason, by the buttons
    controls: Callable[[S], None]  # what this phase asks of the table
    log: Callable[[SeenMatch], None]
    game_over: Callable[[S], None]  # who won, and a new game
    private_first: bool = False  # on an uncovered private screen, its choices before "just now"


def of(
    prefix: str,
    css: str,
    widths: tuple[float, float],
    eyes: ModuleType,
    header: ModuleType,
    taps: ModuleType,
    board: Callable[[Any], None],
    controls: Callable[[Any], None],
    private_first: bool = False,
) -> Page[Any]:
    """A page from a game's modules named as every card game names them: `eyes.screen`,
    `header.title_bar`, `header.just_now`, `header.game_over`, `taps.rules_rows`, `taps.flash`
    (the log is the table's own, `table.header.log`)."""
    return Page(prefix, css, widths, eyes.screen, header.title_bar, board, taps.rules_rows,
                header.just_now, taps.flash, controls, table_header.log, header.game_over,
                private_first)  # fmt: skip


def sides(prefix: str, widths: tuple[float, float]) -> tuple[DeltaGenerator, DeltaGenerator]:
    """The board's column and the controls' column, keyed `<prefix>_left` and `<prefix>_right`
    inside `<prefix>_main` (the CSS turns them into rows on a portrait tablet)."""
    with st.container(key=f"{prefix}_main"):
        left, right = st.columns(list(widths), gap="small")
    return left.container(key=f"{prefix}_left"), right.container(key=f"{prefix}_right")


def render(page: Page[S], table: session.Table) -> None:
    """One run of a card game's page: its controls, or its end once the game is over."""
    app = app_seat(table.public)
    if app is not None:
        session.let_the_app_play(table)
    screen = page.screen(table, app)
    st.html(page.css)
    page.title_bar(screen)
    left, right = sides(page.prefix, page.widths)
    with left:
        page.board(screen)
        page.rules_rows(screen)
    with right:
        private = page.private_first and screen.private is not None and not screen.covered
        if not private:
            page.just_now(screen)
        page.flash(table.flash)  # by the buttons: in sight where the tap was
        if screen.view["phase"] == OVER:
            page.game_over(screen)
        else:
            page.controls(screen)
        if private:  # a player's own screen: their choices first, in sight
            page.just_now(screen)
    page.log(screen.seen)
    rules_panel.show_open()


def stops_before_controls(screen: Any, prefix: str, header: ModuleType, eyes: ModuleType) -> bool:
    """The common start of a page's controls: the next step said on a covered screen or on the
    table's when no player is choosing, then the cover, or the app's thinking, where the run
    stops (True)."""
    choosing = any("player" in a for a in screen.legal)
    if screen.covered or (screen.private is None and not choosing):
        header.prompt(header.next_step(screen))
    if screen.covered:
        eyes.cover(screen)
        return True
    return thinking(screen, prefix)


def thinking(screen: Screen, prefix: str, noted: bool = True) -> bool:
    """Whether the table waits for the app alone (it has just not moved yet); if so, says so
    (naming the app's seat with "(the app)" when `noted`)."""
    app = screen.app
    if app is None or screen.legal or app not in screen.seen.to_move():
        return False
    who = screen.called(app) if noted else screen.name(app)
    st.html(f'<div class="{prefix}-now">{escape(who)} is thinking…</div>')
    return True
