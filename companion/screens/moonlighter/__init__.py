"""Moonlighter's page: the state at a glance, the map to tap, and one big button per legal action.

Three steps (STYLE.md, principle 12): read the seat's view, ask the engine (legal actions, what it
waits for, why an action is refused), draw. Every button plays through `session.act`, so the
engine checks each tap and a refusal comes back as `table.flash`. Rolls can be left to the app or
typed in from a physical die; both are the same action, the typed one carrying its `value`.

The map is where you walk and build: tap a room to walk to it, tap a free side to lay the rolled
tile there. Every other square, every status card and every die opens its rules
(`screens.rules_panel`), with the engine's reason when the tap could not be played; an action the
engine refuses now stays on the screen, disabled, with its reason and its ruling. The pictures are
drawn in `map`, the tap targets in `taps`; the pieces every page shares come from `screens.parts`.

A walk on the map reruns only the parts of the page it changes, each a fragment of its own
(`redraw`; the map's rows: `squares`): late in a game a walk redrew the whole page, a hundred
elements, and now sends about twenty (benchmarks/README.md, "A tap on the companion").
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from math import ceil
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.moonlighter.checks import ROLLS, can_roll_tile, waiting_for
from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.state import EXPLORE, WON
from companion.games.rulings import ruling_of
from companion.screens import parts, rules_panel, session
from companion.screens.moonlighter import redraw, taps
from companion.screens.moonlighter.map import CSS

Action = dict[str, Any]
GAME = "moonlighter"

DIE_SIDES = {"tile": 10, "attack": 6, "loot": 8}
DIE_INK = {"tile": "#262626", "attack": "#C62828", "loot": "#B8860B"}
DIE_NAMES = {"tile": "Tile die (d10)", "attack": "Attack die (d6)", "loot": "Loot die (d8)"}
ROLL_LABELS = {
    "roll_tile": "Roll the tile die for me",
    "roll_attack": "Attack: roll for me",
    "roll_loot": "Open the chest: roll for me",
}
REFUSED_LABELS = {"roll_tile": ROLL_LABELS["roll_tile"], "leave_room": taps.LEAVE}
FACES_PER_ROW = 5  # keeps each face button a finger wide on a portrait tablet
LOG_SHOWN = 80  # newest log entries drawn on the page


def action_key(action: Action, value: int | None = None) -> str:
    """The widget key of an action's button, its coordinates named (`act_place_tile_x0_y-1`) and a
    typed die face last (`act_roll_tile_v3`): the tests and the page's CSS use these keys."""
    return parts.action_key(action, value, named=True)


def render(table: session.Table) -> None:
    drawn = redraw.moment(table)  # Moonlighter hides nothing: every device sees the whole dungeon
    state, data = drawn.seen.state, taps.game_data(drawn.seen)
    st.html(CSS + taps.CSS + _faces_css(data))
    _header(table, drawn.seen)
    taps.cards(table, drawn)
    with st.container(key="ml_main"):
        left, right = st.columns([1.05, 1], gap="medium")
        with left:
            taps.tap_map(table, drawn)
            taps.supply(_supply(state, data), data.cleared_face)
        with right:  # the parts a walk changes are fragments of their own (`redraw`)
            _now(table, drawn)
            _dice_part(table, drawn)
            _rest(table, drawn)
            _log(table, drawn)
    rules_panel.show_open()


@st.fragment(key=redraw.NOW)
def _now(table: session.Table, drawn: redraw.Moment) -> None:
    """The refused tap's reason (beside the buttons, where it was made), the next step and what
    the last action did. A fragment run alone follows a walk that was played: nothing to flash."""
    seen, legal, _ = redraw.fresh(table, drawn)
    _flash(None if redraw.fragment_only() else table.flash)
    st.html(f'<div class="ml-next">{escape(_next_step(seen, legal))}</div>')
    _just_now(seen)


@st.fragment(key=redraw.DICE)
def _dice_part(table: session.Table, drawn: redraw.Moment) -> None:
    """The rolls offered (each die's face buttons) and what is refused now, with why; what it
    showed is kept, so a walk that changes none of it leaves it be (`redraw.walk`)."""
    seen, legal, watching = now = redraw.fresh(table, drawn)
    st.session_state[redraw.DICE_SHOWN] = redraw.dice_inputs(*now)
    if watching:
        st.caption(session.WATCHING)
        return
    if not legal:
        st.button("Play a new game", key="ml_new", type="primary", width="stretch",
                  on_click=redraw.start_again, args=(seen.rules,))  # fmt: skip
        return
    for action in legal:
        if action["type"] in ROLLS:
            _dice(action, taps.game_data(seen).faces[ROLLS[action["type"]]])
    for key, reason in redraw.refused_now(seen, legal):
        rules_panel.refused(GAME, REFUSED_LABELS[key], reason, key=key)


@st.fragment(key=redraw.REST)
def _rest(table: session.Table, drawn: redraw.Moment) -> None:
    """Every other action: a tile to lay, a pawn to take, the walks beyond the map."""
    seen, legal, watching = redraw.fresh(table, drawn)
    if not watching:
        _buttons(table, seen, legal)


def _log(table: session.Table, drawn: redraw.Moment) -> None:
    """The log, newest first, in a box that scrolls: the moves made since the page last ran
    whole (`_log_news`, rerun with every walk), then the newest `LOG_SHOWN` before them, drawn
    with the page alone: sending the 80 lines again made a walk a third slower in chromium."""
    events = drawn.seen.events
    st.session_state[redraw.LOG_UPTO] = len(events)
    st.html("<div><b>Log</b> (newest first)</div>")
    with st.container(key="ml_log", height=220, border=True, gap=None):
        _log_news(table)
        st.html(log_html(events, len(events), max(0, len(events) - LOG_SHOWN), whole=True))


@st.fragment(key=redraw.LOG)
def _log_news(table: session.Table) -> None:
    """The moves made since the page last ran whole: none when it runs with the page."""
    events = table.look().events
    upto = min(st.session_state.get(redraw.LOG_UPTO, len(events)), len(events))
    if upto < len(events):
        st.html(log_html(events, len(events), upto))


def _header(table: session.Table, seen: SeenMatch) -> None:
    state, data = seen.state, taps.game_data(seen)
    title = f"{table.name} · Dungeon {state.dungeon} of {data.last_dungeon}"
    if state.forgiving:
        title += " · forgiving play"  # chosen at New game: a fall restarts only the dungeon
    why_not = session.undo_refusal(table) if seen.length and not table.access.public else None
    parts.title_bar(title, prefix="ml", can_undo=bool(seen.length) and not table.access.public,
                    why_not=why_not)  # fmt: skip


def _flash(message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it when one decides it."""
    parts.flash(message)
    if message and ruling_of(message):
        rules_panel.why(GAME, message, key="flash")


def _supply(state, data) -> dict[str, tuple[int, int]]:
    return {c: (n - state.placed.get(c, 0), n) for c, n in data.supply.items()}


def _next_step(seen: SeenMatch, legal: list[Action]) -> str:
    state = seen.state
    if state.phase == WON:
        return "You beat the last boss: the game is won!"
    if state.phase == EXPLORE:
        refusal = can_roll_tile(state)
        if refusal:
            return refusal
        return "Roll the tile die, or tap a ringed room on the map to walk there."
    return waiting_for(state)


def _just_now(seen: SeenMatch) -> None:
    """The last action's events, with the die face if it was a roll."""
    parts.just_now(seen, look="ml-now", opening="You stand in the white starting room. Good luck!",
                   picture=_die_face(seen))  # fmt: skip


def _die_face(seen: SeenMatch) -> str:
    """The face the last action rolled or was typed in with, or "" if it was no roll."""
    if not seen.length:
        return ""
    action = seen.log[-1]
    die = ROLLS.get(action["type"])
    if die and action.get("value") is not None:
        return parts.die_svg(DIE_SIDES[die], action["value"], size=84, colour=DIE_INK[die])
    return ""


# --- the buttons -------------------------------------------------------------------------------


def _buttons(table: session.Table, seen: SeenMatch, legal: list[Action]) -> None:
    """The actions neither a roll nor a walk on the map: where to lay the rolled tile, then one
    button each, then the walks to rooms beyond the map's edges."""
    state = seen.state
    if any(a["type"] == "place_tile" for a in legal):
        st.markdown(f"**Tap a dashed square on the map** to lay the {parts.plain(state.rolled)} "
                    "room there.")  # fmt: skip
    others = [
        a for a in legal if a["type"] not in ROLLS and a["type"] not in ("place_tile", "move")
    ]
    for action in others:
        _button(taps.other_label(state, action, taps.game_data(seen)), action)
    taps.far_moves(table, legal)


def _button(label: str, action: Action, value: int | None = None, primary: bool = False) -> None:
    parts.action_button(label, action, key=action_key(action, value), value=value, primary=primary,
                        play=redraw.play)  # fmt: skip


def _dice(action: Action, faces: range) -> None:
    die = ROLLS[action["type"]]
    taps.die_button(die, DIE_NAMES[die])
    _button(ROLL_LABELS[action["type"]], action, primary=True)
    st.caption("…or tap the face your own die shows:")
    with st.container(key=f"ml_faces_{die}", gap=None):  # a grid of its own (`_faces_css`)
        for value in faces:
            _button(str(value), action, value)


def _faces_css(data: MoonlighterData) -> str:
    """Each die's face buttons as a grid of even rows: one element per face, no row and column
    boxes. Drawn once with the page, so the dice's part sends no style of its own."""
    rules = []
    for die, faces in data.faces.items():
        per_row = ceil(len(faces) / ceil(len(faces) / FACES_PER_ROW))
        rules.append(f".st-key-ml_faces_{die} {{ display: grid !important; gap: 8px; "
                     f"grid-template-columns: repeat({per_row}, minmax(0, 1fr)); }}")  # fmt: skip
    return f"<style>{''.join(rules)}</style>"


def log_html(events: Sequence[Sequence[str]], stop: int, start: int, whole: bool = False) -> str:
    """The log's entries `start` to `stop` (not included) in plain words, newest first, numbered
    as played, as `parts.log_list` draws them. The `whole` log's part says what it leaves out."""
    lines = [f"<p><b>{i + 1}.</b> {escape(' '.join(events[i]))}</p>"
             for i in range(stop - 1, start - 1, -1)]  # fmt: skip
    if whole and not stop:
        lines.append('<p class="ml-log-note">Nothing has happened yet.</p>')
    elif whole and start:
        lines.append(f'<p class="ml-log-note">{start} older moves are kept in the saved game.</p>')
    return f'<div class="ml-log">{"".join(lines)}</div>'
