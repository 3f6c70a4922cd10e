"""Moonlighter's page: the state at a glance, the map, and one big button per legal action.

Three steps (STYLE.md, principle 12): read the seat's view, ask the engine (legal actions, what it
waits for, what a room or pawn is), draw. Every button plays through `session.act`, so the engine
checks each tap and a refusal comes back as `table.flash`. Rolls can be left to the app or typed in
from a physical die; both are the same action, the typed one carrying its `value`. The pictures are
drawn in `map`; the pieces every page shares come from `screens.parts`.
"""

from __future__ import annotations

from html import escape
from math import ceil
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.moonlighter.checks import ROLLS, can_roll_tile, waiting_for
from companion.games.moonlighter.outcomes import BOSS_FACE, max_hearts, tile_roll
from companion.games.moonlighter.state import BOSS_TILE, EXPLORE, FIGHT, WON
from companion.screens import parts, session
from companion.screens.moonlighter.map import (
    CSS,
    PAWN_FILL,
    Card,
    MapRoom,
    cards_html,
    hearts_row,
    look,
    map_svg,
    map_window,
    supply_html,
    swatch,
)

Action = dict[str, Any]

DIE_SIDES = {"tile": 10, "attack": 6, "loot": 8}
DIE_INK = {"tile": "#262626", "attack": "#C62828", "loot": "#B8860B"}
DIE_NAMES = {"tile": "Tile die (d10)", "attack": "Attack die (d6)", "loot": "Loot die (d8)"}
ROLL_LABELS = {
    "roll_tile": "Roll the tile die for me",
    "roll_attack": "Attack: roll for me",
    "roll_loot": "Open the chest: roll for me",
}
SIDES = {
    (1, 0): ("East", "→"),
    (0, 1): ("North", "↑"),
    (-1, 0): ("West", "←"),
    (0, -1): ("South", "↓"),
}
COMPASS = (  # the placement buttons, laid out like the sides of your room: (widths, sides)
    ((1, 2, 1), (None, (0, 1), None)),
    ((2, 0.9, 2), ((-1, 0), "you", (1, 0))),
    ((1, 2, 1), (None, (0, -1), None)),
)
POWERS = {  # each pawn's power in a few words; the full text comes from the card data
    "white": "no power",
    "red": "2× hits on the boss",
    "orange": "a 1 is your hit",
    "yellow": "4 chest rooms allowed",
    "green": "a kill fells the room",
    "blue": "2× hits, 2× hurt",
    "purple": "a 3 opens a chest",
    "pink": "+2 max hearts",
    "black": "black rooms don't lock",
}
FACES_PER_ROW = 5  # keeps each face button a finger wide on a portrait tablet
LOG_SHOWN = 80  # newest log entries drawn on the page


def action_key(action: Action, value: int | None = None) -> str:
    """The widget key of an action's button, its coordinates named (`act_place_tile_x0_y-1`) and a
    typed die face last (`act_roll_tile_v3`): the tests and the page's CSS use these keys."""
    return parts.action_key(action, value, named=True)


def render(table: session.Table) -> None:
    seen = table.look()  # Moonlighter hides nothing: every device sees the whole dungeon
    state, data = seen.state, seen.rules.data
    legal = seen.legal_actions()
    st.html(CSS)
    _header(table, seen)
    st.html(cards_html(_cards(state, data)))
    left, right = st.columns([1.05, 1], gap="medium")
    with left:
        _map(state, legal)
        st.html(supply_html(_supply(state, data), data.cleared_face))
        parts.log_list(seen.events, height=220, most=LOG_SHOWN)
    with right:
        parts.flash(table.flash)  # beside the buttons, where the refused tap was made
        st.html(f'<div class="ml-next">{escape(_next_step(seen, legal))}</div>')
        _just_now(seen)
        _buttons(seen, legal, watching=table.access.public)


def _header(table: session.Table, seen: SeenMatch) -> None:
    state, data = seen.state, seen.rules.data
    title = f"### {escape(table.name)} · Dungeon {state.dungeon} of {data.last_dungeon}"
    why_not = session.undo_refusal(table) if seen.length and not table.access.public else None
    parts.title_bar(title, prefix="ml", can_undo=bool(seen.length) and not table.access.public,
                    why_not=why_not)  # fmt: skip


# --- the state at a glance ---------------------------------------------------------------------


def _cards(state, data) -> list[Card]:
    row = data.dungeon(state.dungeon)
    room, top = state.room, max_hearts(data, state)
    pawn = data.pawns.get(state.pawn)
    name = pawn.name if pawn else ""
    room_look = look(room.face)
    where = f"<b>{room_look.letter}</b> · {escape(room_look.word)} · at {state.at[0]},{state.at[1]}"
    return [
        Card("ROOM", escape(room.face.capitalize()), where, room_look.fill, word=True),
        Card("HEARTS", f"{state.hearts} / {top}", hearts_row(state.hearts, top), "#C62828"),
        _foes_card(state),
        Card("PAWN", escape(state.pawn.capitalize()),
             f"<b>{escape(name)}</b>: {escape(POWERS.get(state.pawn, name))}",
             PAWN_FILL.get(state.pawn, ""), word=True),
        Card("POOL", str(state.pool), f"healing hearts left of {row.pool}", look("blue").fill),
        Card("CLEARED", f"{state.greens} / {row.greens_for_boss}", _boss_note(state, data),
             look("green").fill),
    ]  # fmt: skip


def _foes_card(state) -> Card:
    if state.phase != FIGHT or not state.foes:
        return Card("ENEMIES", "none", "nobody to fight here", "#C8C8C8", word=True)
    if state.room.tile == BOSS_TILE:
        boss = state.foes[0]
        return Card("BOSS", f"{boss} ♥", hearts_row(boss, boss), look("red").fill)
    standing = sum(1 for h in state.foes if h > 0)
    rows = "".join(
        f"<div>Enemy {i}: <span class='ml-hearts'>{'♥' * h if h else '✕ down'}</span></div>"
        for i, h in enumerate(state.foes, start=1)
    )
    return Card("ENEMIES", f"{standing} up", rows, look(state.room.face).fill)


def _boss_note(state, data) -> str:
    boss = data.dungeon(state.dungeon).boss_hearts
    if state.placed.get(BOSS_TILE):
        return f"green rooms; boss room ({boss} ♥) laid"
    if tile_roll(data, state, BOSS_FACE).colour == BOSS_TILE:
        return f"<b>a {BOSS_FACE} now opens the boss room</b> ({boss} ♥)"
    return f"green rooms open the boss ({boss} ♥)"


def _supply(state, data) -> dict[str, tuple[int, int]]:
    return {c: (n - state.placed.get(c, 0), n) for c, n in data.supply.items()}


def _map(state, legal: list[Action]) -> None:
    rooms = [MapRoom(x, y, room.face, room.chest) for (x, y), room in state.rooms.items()]
    free = [(a["x"], a["y"]) for a in legal if a["type"] == "place_tile"]
    svg = map_svg(rooms, state.at, state.pawn, free, state.rolled)
    st.markdown(svg, unsafe_allow_html=True)  # st.html would strip the inline SVG
    (x0, x1), (y0, y1) = map_window(rooms, state.at, free)
    hidden = sum(1 for r in rooms if not (x0 <= r.x <= x1 and y0 <= r.y <= y1))
    if hidden:
        st.caption(f"The map follows you: {hidden} more rooms lie beyond its edges.")


def _next_step(seen: SeenMatch, legal: list[Action]) -> str:
    state = seen.state
    if state.phase == WON:
        return "You beat the last boss: the game is won!"
    if state.phase == EXPLORE:
        refusal = can_roll_tile(state)
        if refusal:
            return refusal
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
            _dice(action, seen.rules.data.faces[ROLLS[action["type"]]])
    places = [a for a in legal if a["type"] == "place_tile"]
    if places:
        _placement(state, places)
    moves = [a for a in legal if a["type"] == "move"]
    others = [
        a for a in legal if a["type"] not in ROLLS and a["type"] not in ("place_tile", "move")
    ]
    for action in others:
        _button(_other_label(state, action), action)
    if moves:
        _movement(state, moves)


def _button(label: str, action: Action, value: int | None = None, primary: bool = False) -> None:
    parts.action_button(label, action, key=action_key(action, value), value=value, primary=primary)


def _dice(action: Action, faces: range) -> None:
    die = ROLLS[action["type"]]
    st.markdown(f"**{DIE_NAMES[die]}**")
    _button(ROLL_LABELS[action["type"]], action, primary=True)
    st.caption("…or tap the face your own die shows:")
    per_row = ceil(len(faces) / ceil(len(faces) / FACES_PER_ROW))
    for column, value in parts.in_rows(list(faces), per_row):
        with column:
            _button(str(value), action, value)


def _placement(state, places: list[Action]) -> None:
    colour = state.rolled
    st.markdown(f"**Place the new {colour} room ({escape(look(colour).word)})** next to yours:")
    by_side = {
        (a["x"] - state.at[0], a["y"] - state.at[1]): (n, a) for n, a in enumerate(places, 1)
    }
    for widths, sides in COMPASS:
        for column, side in zip(st.columns(widths, gap="small"), sides, strict=True):
            if side == "you":
                column.html('<div class="ml-you">' + swatch(state.room.face) + "you</div>")
            elif side in by_side:
                number, action = by_side[side]
                name, arrow = SIDES[side]
                with column:
                    _button(f"{arrow} {name} ({number})", action)


def _movement(state, moves: list[Action]) -> None:
    here = state.at
    moves = sorted(moves, key=lambda a: abs(a["x"] - here[0]) + abs(a["y"] - here[1]))
    st.markdown("**Walk** (through open rooms), nearest first:")
    with st.container(height=300 if len(moves) > 4 else "content", border=False):
        for action in moves:
            room = state.rooms[(action["x"], action["y"])]
            _button(f"Walk to {_room_name(room)} at {action['x']},{action['y']}", action)


def _room_name(room) -> str:
    if room.chest:
        return f"the {room.face} chest ({room.chest} pawn)"
    if room.face == "blue":
        return "the blue pool"
    return f"the {room.face} room"


def _other_label(state, action: Action) -> str:
    kind = action["type"]
    chest = state.room.chest
    if kind == "leave_room":
        return "Leave the room (enemies heal)"
    if kind == "take_pawn":
        return f"Take the {chest} pawn ({POWERS.get(chest, '')})"
    if kind == "keep_pawn":
        return f"Keep your {state.pawn} pawn"
    if kind == "swap_pawn":
        return f"Swap your {state.pawn} pawn for the {chest} one here"
    if kind == "next_dungeon":
        return f"Next dungeon ({state.dungeon + 1})"
    if kind == "restart":
        return "Start again"
    return kind.replace("_", " ").capitalize()
