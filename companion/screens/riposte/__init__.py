"""Riposte's page: the duel as it lies on the table (both damage trackers with the characters'
thresholds and abilities, the offensive marker, each player's previous card and follow-up bar,
the last clash as the two cards met, the draft row, the deck and the discard pile), and one
button per legal action, in players' words.

Three steps (STYLE.md, principle 12): read the game through this screen's eyes, ask the engine
(legal actions, what it waits for), draw. The page never holds the match: `eyes` picks the
`SeenMatch` it draws from (a player's own seat on their device, the public view on the shared
tablet and on a watching screen, the player whose private screen is uncovered on the shared
tablet), so a card those eyes may not see cannot reach the screen, the log or the markup. Every
action button plays through `session.act`, so the engine checks each tap (for this device's
seat) and a refusal comes back as `table.flash`. What the page adds is privacy and the physical
cards, never rules:
- secrets stay covered: on the shared tablet keeping a character, a pick in the draft (the hand
  is in view), Rook's look and swap, laying a card, and the cards the app drew for a player,
  each behind a "pass the tablet" cover;
- the physical cards stay true: with the app's cards the page names each card to take or turn
  up; with the table's cards the players enter the cards that came up (`entry`).

This module is the frame and its routing by phase: `opening` (characters, the deal), `drafting`
(the row, picks, Rook), `clashing` (laying cards, Rook's relief). `eyes` decides whose eyes a
run draws through, `header` what every phase shows, `mat` the table, `hand` the hand in view,
`buttons` the action buttons and their words, `entry` the cards typed in, `table_talk` what the
physical cards must do, `taps` the rulebook at a tap (cards, characters, words, and the ruling
behind each refusal), `memory` the session's small memories, `pictures` the SVG and `style`
the CSS.
"""

from __future__ import annotations

from companion.games.riposte import state as phases
from companion.screens import session
from companion.screens.riposte import clashing, drafting, eyes, header, mat, opening, taps
from companion.screens.riposte.hand import hand
from companion.screens.riposte.style import CSS
from companion.screens.table import page as table_page

SCREENS: table_page.Phases = {
    phases.CAST: opening.cast,
    phases.CHOOSE: opening.choose,
    phases.DEAL: opening.deal,
    phases.TURN_UP: drafting.turn_up,
    phases.SWAP: drafting.swap,
    phases.DRAFT: drafting.pick,
    phases.LOOK: drafting.look,
    phases.CLASH: clashing.lay,
    phases.BRACE: clashing.brace,
}


def _controls(screen: eyes.Screen) -> None:
    """What this phase asks of the table, on the screen of its own."""
    phase = screen.view["phase"]
    players = {a["player"] for a in screen.legal if "player" in a}
    if screen.private is None and not players:
        header.prompt(header.next_step(screen))
    if screen.covered:
        eyes.cover(screen)
        return
    if screen.private is not None and screen.private.kind == "drawn":
        drafting.drawn(screen)
        return
    SCREENS[phase](screen)
    seat = screen.seen.seat
    setting_up = phase in (phases.CHOOSE, phases.CAST, phases.DEAL)
    if seat is not None and seat not in players and not setting_up:
        hand(screen, seat)  # a player's own cards, also while the other one decides


PAGE = table_page.of("rp", CSS, (1.7, 1), eyes, header, taps, mat.draw, _controls)


def render(table: session.Table) -> None:
    table_page.render(PAGE, table)
