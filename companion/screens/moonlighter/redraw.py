"""What a walk on Moonlighter's map redraws, and nothing more.

A walk moves the pawn and nothing else a table cares about: no die is rolled, no tile laid, the
dungeon and the header stay as they were. So the parts of the page a walk changes are keyed
fragments (the status cards' faces, the map, the next step with the just-now strip, the dice, the
other buttons with the log), and a walk's callback reruns only those (`st.rerun` with their keys),
leaving the header, the tile box, the cards' rules buttons, the devices and the sounds switch as
the browser has them: a late game's walk sent 104 messages and redrew the whole page before
(benchmarks/bench_taps.py). The dice are rerun only when what they show changed (a room with no
free side refuses the tile die). Every other action, and a walk the engine or the store refused,
runs the whole page, as before: a roll sounds, a laid tile empties the box, a refusal is flashed.

A fragment rerun alone calls its function again with the `Table` of the page's last full run:
its match is the one the session holds (a walk plays on it in place; a reload from the store
always runs the whole page), and its flash was shown then, so a fragment run alone shows none.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.engine.seen import SeenMatch
from companion.games.moonlighter.checks import ROLLS, is_locked
from companion.games.moonlighter.state import EXPLORE, FIGHT
from companion.screens import session
from companion.screens.keys import FLASH
from companion.screens.moonlighter import squares

Action = dict[str, Any]

# The fragments' keys. A walk reruns the status cards' faces, the map's rows it changed (each a
# fragment: `squares.row_key`) and its CSS, the next step, the dice only when what they show
# changed, the other buttons and the log's newest lines.
STATUS, MAP, NOW, DICE, REST = "ml_f_status", "ml_f_map", "ml_f_now", "ml_f_dice", "ml_f_rest"
MAP_NOTE = "ml_f_map_note"  # the map's CSS and the line under it
LOG = "ml_f_log"  # the log's moves since the page last ran whole
DICE_SHOWN = "ml_dice_shown"  # what the dice part was last drawn from (`dice_inputs`)
CARD_RULES = "ml_card_rules"  # what each status card's rules button opens, as last drawn
LOG_UPTO = "ml_log_upto"  # how many log entries the page drew when it last ran whole


class Moment(NamedTuple):
    """What the page is drawn from: the game as this device sees it, what it may play now, and
    whether it only watches. Worked out once per run of the page and handed to its parts."""

    seen: SeenMatch
    legal: list[Action]
    watching: bool


def moment(table: session.Table) -> Moment:
    seen, watching = table.look(), table.access.public
    return Moment(seen, [] if watching else seen.legal_actions(), watching)


def fresh(table: session.Table, drawn: Moment) -> Moment:
    """The moment a part of the page is drawn at: the page's (`drawn`), or, when the part is a
    fragment run alone after a walk, worked out again (its arguments are still the page's)."""
    return moment(table) if fragment_only() else drawn


def fragment_only() -> bool:
    """Whether this run (its callbacks included) reruns fragments alone, not the page."""
    context = get_script_run_ctx()
    return bool(context and context.fragment_ids_this_run)


def walk(table: session.Table, action: Action) -> None:
    """Callback of a walk (the map's ringed rooms, the walks beyond its edges): play it, then
    rerun only what a walk changes: the map's rows it changed (all of the map if the map
    moved), and the dice if what they show changed. A walk refused (by the engine, a stale
    save, a replaced key) runs the whole page, which shows why and what another device played."""
    then = moment(table)
    before, length = squares.plan(*then), then.seen.length
    session.act(action)
    if FLASH in st.session_state or table.look().length != length + 1:
        st.rerun()
    now = moment(table)
    rows = squares.changed_rows(before, squares.plan(*now))
    drawn = [MAP] if rows is None else [*map(squares.row_key, rows), MAP_NOTE]
    dice = [DICE] if dice_inputs(*now) != st.session_state.get(DICE_SHOWN) else []
    st.rerun([STATUS, *drawn, NOW, *dice, REST, LOG])


def play(action: Action) -> None:
    """Callback of every other action on the page: played through `session.act`; tapped in a
    fragment, the whole page runs after it (a roll sounds, a tile leaves the box, the title
    may change), not the fragment alone."""
    session.act(action)
    if fragment_only():
        st.rerun()


def start_again(rules: Any) -> None:
    """Callback of "Play a new game": the new game's address is the page's, so the page runs."""
    session.start(rules)
    if fragment_only():
        st.rerun()


def refused_now(seen: SeenMatch, legal: list[Action]) -> list[tuple[str, str]]:
    """The actions of this moment the engine refuses now, as (their key, the engine's reason):
    rolling the tile die where no tile can go, leaving a room that locks you in. A reason is
    the engine's own (it carries the ruling it follows: `ruling_of`)."""
    state = seen.state
    kinds = {a["type"] for a in legal}
    found = []
    if state.phase == EXPLORE and "roll_tile" not in kinds:
        reason = seen.check({"type": "roll_tile"})
        if reason:
            found.append(("roll_tile", reason))
    if state.phase == FIGHT and is_locked(state) and "leave_room" not in kinds:
        reason = seen.check({"type": "leave_room"})
        if reason:
            found.append(("leave_room", reason))
    return found


def dice_inputs(seen: SeenMatch, legal: list[Action], watching: bool) -> tuple:
    """Everything the dice part of the page is drawn from: whether this device only watches,
    whether the game is over, the rolls offered and the refusals shown. A walk that leaves all
    of it as it was drawn leaves the dice as they are."""
    rolls = tuple(a["type"] for a in legal if a["type"] in ROLLS)
    return watching, bool(legal), rolls, tuple(refused_now(seen, legal))
