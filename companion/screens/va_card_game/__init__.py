"""VA Card Game's page: both battlefields as they lie on the table (life points, each hero in play
with its HP and DEF left against its totals, its equipment and their bonuses, hands and decks
counted, the graveyards), the last duel explained between them, and one button per legal action,
in players' words.

Three steps (STYLE.md, principle 12): read the game through this screen's eyes, ask the engine
(legal actions, what it waits for), draw. The page never holds the match: `eyes` picks the
`SeenMatch` it draws from (a player's own seat on their device, the public view on the shared
tablet and on a watching screen, the player whose private screen is uncovered on the shared
tablet), so a card or a declaration those eyes may not see cannot reach the screen, the log or
the markup. Every action button plays through `session.act`, so the engine checks each tap (for
this device's seat) and a refusal comes back as `table.flash`. What the page adds is privacy,
confirmation and the physical cards, never rules:
- secrets stay covered: on the shared tablet placing the opening hero, declaring, equipping from
  the hand and entering the cards drawn, each behind a "pass the tablet" cover;
- what cannot be taken back asks for a second tap: a declaration, the opening hero face down;
- the physical cards stay true: with the app's cards the page names each card to take (in
  private) and, against the app, which of the app's cards to lay out; with the table's cards the
  players enter the cards that came up (`entry`).

This module is the frame and its routing by phase: `opening` (the coin, the deal, the opening
heroes), `declaring` (attack or block), `between` (the draw and equip steps). `eyes` decides whose
eyes a run draws through, `header` what every phase shows, `field` the table, `exchange` the last
duel in words, `hand` the hand in view, `buttons` the action buttons and their words, `entry` the
cards typed in, `table_talk` what the physical cards must do, `taps` the rulebook at a tap (the
cards in sight, attack, block, life, and the ruling behind each refusal), `memory` the session's
small memories, `words` and `pictures` the cards in words and markup, and `style` the CSS.
"""

from __future__ import annotations

from companion.games.va_card_game.state import DEAL, DECLARE, DRAW, EQUIP, PREPARE, TOSS
from companion.screens import session
from companion.screens.table import page as table_page
from companion.screens.va_card_game import between, declaring, eyes, field, header, opening, taps
from companion.screens.va_card_game.hand import hand, to_take
from companion.screens.va_card_game.style import CSS

SCREENS: table_page.Phases = {
    TOSS: opening.toss,
    DEAL: opening.deal,
    PREPARE: opening.place,
    DECLARE: declaring.declare,
    DRAW: between.draw,
    EQUIP: between.equip,
}


def _controls(screen: eyes.Screen) -> None:
    """What this phase asks of the table, on the screen of its own."""
    phase = screen.view["phase"]
    if table_page.stops_before_controls(screen, "va", header, eyes):
        return
    to_take(screen)
    SCREENS[phase](screen)
    seat = screen.seen.seat
    choosing = any("player" in a for a in screen.legal)
    if seat in (0, 1) and not choosing and phase not in (TOSS, DEAL):
        hand(screen, seat)  # a player's own cards, also while the other one decides


PAGE = table_page.of(
    "va", CSS, (1.55, 1), eyes, header, taps, field.draw, _controls, private_first=True
)


def render(table: session.Table) -> None:
    table_page.render(PAGE, table)
