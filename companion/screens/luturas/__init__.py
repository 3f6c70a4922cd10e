"""Luturas's page: the match as it lies on the table (both Soldiers' Stamina, each Lutura with its
Gear stack, damage and Stamina left, the Crystals by type, the Tool and whom it points at, a
face-down Strategy, the Deck, hand and Workshop counted) and one button per legal action, in
players' words, with every attack worked out before it is made and every card that can do nothing
now disabled with the engine's reason.

Three steps (STYLE.md, principle 12): read the game through this screen's eyes, ask the engine
(legal actions, what it waits for), draw. The page never holds the match: `eyes` picks the
`SeenMatch` it draws from, so a card those eyes may not see cannot reach the screen, the log or
the markup. Every action button plays through `session.act`, so the engine checks each tap and a
refusal comes back as `table.flash`. What the page adds is privacy and the physical cards, never
rules: on the shared tablet a player's hand is shown only behind a "pass the tablet" cover, and
with the app's cards the page names the cards to take from the stock.

This module is the frame and its routing by phase: `opening` (the coin, who starts, the opening
hands, the draw), `turn` (a turn's main part), `answer` (the answer to an attack and an effect's
choices). `eyes` decides whose eyes a run draws through, `field` the table, `hand` the hand in
view, `header` what every phase shows, `buttons` the buttons, `words` the words, `taps` the
rulebook at a tap, `style` the CSS.
"""

from __future__ import annotations

from companion.games.luturas.state import CHOOSE, DEAL, DRAW, MAIN, MULLIGAN, RESPOND, TOSS
from companion.screens import session
from companion.screens.luturas import answer, entry, eyes, field, hand, header, opening, taps, turn
from companion.screens.luturas.style import CSS
from companion.screens.table import page as table_page

SCREENS: table_page.Phases = {
    TOSS: opening.toss,
    CHOOSE: opening.choose,
    DEAL: opening.deal,
    MULLIGAN: opening.mulligan,
    DRAW: opening.draw,
    MAIN: turn.main,
    RESPOND: answer.respond,
}


def _controls(screen: eyes.Screen) -> None:
    """What this phase asks of the table, on the screen of its own."""
    view = screen.view
    phase = view["phase"]
    header.prompt(header.next_step(screen))
    if screen.covered:
        eyes.cover(screen)
        return
    if table_page.thinking(screen, "lt"):
        return
    shown = False  # whether this phase's controls drew the seat's hand among them
    if entry.effect_cards(screen):
        pass  # the cards an action's effects take from a real pile, entered before it plays
    elif view["pending"]:
        answer.pick(screen)
    else:
        SCREENS.get(phase, lambda s: None)(screen)
        shown = phase in (MAIN, MULLIGAN) and view["active"] == screen.seat
    seat = screen.seat
    if seat is not None and not shown and view["sides"][seat]["hand"]:
        hand.cards(screen, seat)  # a player's own cards, whatever the table waits for


PAGE = table_page.of("lt", CSS, (1.5, 1), eyes, header, taps, field.draw, _controls)


def render(table: session.Table) -> None:
    table_page.render(PAGE, table)
