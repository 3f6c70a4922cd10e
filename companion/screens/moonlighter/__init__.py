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
"""

from __future__ import annotations

from html import escape
from math import ceil
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.moonlighter.checks import ROLLS, can_roll_tile, is_locked, waiting_for
from companion.games.moonlighter.state import EXPLORE, FIGHT, WON
from companion.games.rulings import ruling_of
from companion.screens import parts, rules_panel, session
from companion.screens.moonlighter import taps
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
FACES_PER_ROW = 5  # keeps each face button a finger wide on a portrait tablet
LOG_SHOWN = 80  # newest log entries drawn on the page


def action_key(action: Action, value: int | None = None) -> str:
    """The widget key of an action's button, its coordinates named (`act_place_tile_x0_y-1`) and a
    typed die face last (`act_roll_tile_v3`): the tests and the page's CSS use these keys."""
    return parts.action_key(action, value, named=True)


def render(table: session.Table) -> None:
    seen = table.look()  # Moonlighter hides nothing: every device sees the whole dungeon
    state, data = seen.state, taps.game_data(seen)
    legal = [] if table.access.public else seen.legal_actions()
    st.html(CSS + taps.CSS)
    _header(table, seen)
    taps.cards(seen)
    with st.container(key="ml_main"):
        left, right = st.columns([1.05, 1], gap="medium")
        with left:
            taps.tap_map(seen, legal, watching=table.access.public)
            taps.supply(_supply(state, data), data.cleared_face)
        with right:
            _flash(table.flash)  # beside the buttons, where the refused tap was made
            st.html(f'<div class="ml-next">{escape(_next_step(seen, legal))}</div>')
            _just_now(seen)
            _buttons(seen, legal, watching=table.access.public)
            parts.log_list(seen.events, height=220, most=LOG_SHOWN)
    rules_panel.show_open()


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


def _buttons(seen: SeenMatch, legal: list[Action], watching: bool) -> None:
    state = seen.state
    if watching:
        st.caption(session.WATCHING)
        return
    if not legal:
        st.button("Play a new game", key="ml_new", type="primary", width="stretch",
                  on_click=session.start, args=(seen.rules,))  # fmt: skip
        return
    for action in legal:
        if action["type"] in ROLLS:
            _dice(action, taps.game_data(seen).faces[ROLLS[action["type"]]])
    _refusals(seen, legal)
    places = [a for a in legal if a["type"] == "place_tile"]
    if places:
        colour = state.rolled
        st.markdown(f"**Tap a dashed square on the map** to lay the {parts.plain(colour)} room "
                    "there.")  # fmt: skip
    others = [
        a for a in legal if a["type"] not in ROLLS and a["type"] not in ("place_tile", "move")
    ]
    for action in others:
        _button(taps.other_label(state, action, taps.game_data(seen)), action)
    taps.far_moves(seen, legal)


def _refusals(seen: SeenMatch, legal: list[Action]) -> None:
    """The actions of this moment the engine refuses now, disabled, each with its reason and
    its ruling: rolling the tile die where no tile can go, leaving a room that locks you in."""
    state = seen.state
    kinds = {a["type"] for a in legal}
    if state.phase == EXPLORE and "roll_tile" not in kinds:
        reason = seen.check({"type": "roll_tile"})
        if reason:
            rules_panel.refused(GAME, ROLL_LABELS["roll_tile"], reason, key="roll_tile")
    if state.phase == FIGHT and is_locked(state) and "leave_room" not in kinds:
        reason = seen.check({"type": "leave_room"})
        if reason:
            rules_panel.refused(GAME, taps.LEAVE, reason, key="leave_room")


def _button(label: str, action: Action, value: int | None = None, primary: bool = False) -> None:
    parts.action_button(label, action, key=action_key(action, value), value=value, primary=primary)


def _dice(action: Action, faces: range) -> None:
    die = ROLLS[action["type"]]
    taps.die_button(die, DIE_NAMES[die])
    _button(ROLL_LABELS[action["type"]], action, primary=True)
    st.caption("…or tap the face your own die shows:")
    per_row = ceil(len(faces) / ceil(len(faces) / FACES_PER_ROW))
    key = f"ml_faces_{die}"  # a grid of its own: one element per face, no row and column boxes
    with st.container(key=key, gap=None):
        for value in faces:
            _button(str(value), action, value)
    st.html(
        f"<style>.st-key-{key} {{ display: grid !important; gap: 8px; "
        f"grid-template-columns: repeat({per_row}, minmax(0, 1fr)); }}</style>"
    )
