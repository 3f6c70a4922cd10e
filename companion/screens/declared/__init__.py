"""The page of any game whose table is declared in its data (`companion.games.declared`): each
seat's counters and zones, the shared counters, the dice with the last roll, the decks counted,
the sealed choices and the last reveal, the turn line, and one button per action the engine
offers, worded by the engine. It is put together from the table pieces exactly like the five
games' pages (`companion.screens.table`), so it gets the same header and Undo, "just now" strip,
pass-the-tablet covers, seat devices and QR codes, log, rules at a tap and scanning.

Nothing here knows a game: the declaration names every counter, zone, die, deck and phase, and
the engine's `view` for this screen's eyes is all that is drawn, so a card those eyes may not see
cannot reach the screen. `eyes` decides whose eyes a run draws through, `header` the title, the
turn line and the end, `board` the table, `controls` the buttons, `scan` the camera, `taps` the
rules and refusals, `style` the CSS.
"""

from __future__ import annotations

from dataclasses import replace

from companion.screens import session
from companion.screens.declared import board, controls, eyes, header, taps
from companion.screens.declared.style import CSS
from companion.screens.table import page as table_page

PAGE = replace(
    table_page.of("dc", CSS, (1.5, 1), eyes, header, taps, board.draw, controls.controls),
    game_over=controls.ending,
)


def render(table: session.Table) -> None:
    table_page.render(PAGE, table)
