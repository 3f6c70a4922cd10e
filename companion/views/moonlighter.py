"""Moonlighter's page: the state at a glance, the map, and one big button per legal action.

Three steps (STYLE.md, principle 12): read the match, ask the engine (legal actions, what it waits
for, what a room or pawn is), draw. Every button plays through `session.act`, so the engine checks
each tap and a refusal comes back as `table.flash`. Rolls can be left to the app or typed in from a
physical die; both are the same action, the typed one carrying its `value`.
"""

from __future__ import annotations

from html import escape
from math import ceil
from typing import Any

import streamlit as st

from companion import session, ui
from companion.games.moonlighter.checks import ROLLS, can_roll_tile, waiting_for
from companion.games.moonlighter.outcomes import max_hearts, tile_roll
from companion.games.moonlighter.state import BOSS_TILE, EXPLORE, FIGHT, WON
from companion.views.moonlighter_map import (
    CSS,
    PAWN_FILL,
    Card,
    MapRoom,
    cards_html,
    hearts_row,
    look,
    map_svg,
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
SIDES = {(1, 0): ("East", "→"), (0, 1): ("North", "↑"), (-1, 0): ("West", "←"), (0, -1): ("South", "↓")}
COMPASS = (((0, 1),), ((-1, 0), None, (1, 0)), ((0, -1),))  # rows of the placement buttons
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
LOG_SHOWN = 80  # newest log entries drawn on the page


def action_key(action: Action, value: int | None = None) -> str:
    """The widget key of an action's button: stable, unique, and readable in tests."""
    where = f":{action['x']}:{action['y']}" if "x" in action else ""
    face = f":v{value}" if value is not None else ""
    return f"act:{action['type']}{where}{face}"


def render(table: session.Table) -> None:
    match = table.match
    state, data = match.state, match.rules.data
    legal = match.legal_actions()
    st.html(CSS)
    _header(table)
    if table.flash:
        st.warning(table.flash, icon="⚠️")
    st.html(cards_html(_cards(state, data)))
    left, right = st.columns([1.05, 1], gap="medium")
    with left:
        st.html(_map(state, legal))
        st.html(supply_html(_supply(state, data), data.cleared_face))
        _log(match)
    with right:
        st.html(f'<div class="ml-next">{escape(_next_step(match, legal))}</div>')
        _just_now(match)
        _buttons(table, legal)


def _header(table: session.Table) -> None:
    title, undo, back = st.columns([3, 1.2, 1.4], vertical_alignment="center")
    title.markdown(f"## {escape(table.name)}")
    undo.button("↶ Undo", key="ml_undo", on_click=session.undo, width="stretch",
                disabled=not table.match.log)  # fmt: skip
    back.button("Back to games", key="ml_back", on_click=session.leave, width="stretch")


# --- the state at a glance ---------------------------------------------------------------------


def _cards(state, data) -> list[Card]:
    row = data.dungeon(state.dungeon)
    room = state.room
    top = max_hearts(data, state)
    pawn = data.pawns.get(state.pawn)
    power = POWERS.get(state.pawn, pawn.name if pawn else "")
    return [
        Card("ROOM", swatch(room.face) + escape(room.face.capitalize()),
             escape(look(room.face).word) + f" · at {state.at[0]},{state.at[1]}"),
        Card("HEARTS", f"{state.hearts} / {top}", hearts_row(state.hearts, top)),
        _foes_card(state),
        Card("PAWN", swatch_pawn(state.pawn) + escape(state.pawn.capitalize()),
             f"<b>{escape(pawn.name if pawn else '')}</b>: {escape(power)}"),
        Card("HEALING POOL", str(state.pool), f"of {row.pool} hearts left"),
        Card("GREEN ROOMS", f"{state.greens} / {row.greens_for_boss}", _boss_note(state, data)),
        Card("DUNGEON", f"{state.dungeon} / {data.last_dungeon}",
             f"boss has {row.boss_hearts} ♥"),
    ]  # fmt: skip


def swatch_pawn(colour: str) -> str:
    fill = PAWN_FILL.get(colour, "#BBBBBB")
    return f'<span class="ml-swatch" style="background:{fill}">&nbsp;</span>'


def _foes_card(state) -> Card:
    if state.phase != FIGHT or not state.foes:
        return Card("ENEMIES", "none", "nobody to fight here")
    if state.room.tile == BOSS_TILE:
        boss = state.foes[0]
        return Card("BOSS", f"{boss} ♥", hearts_row(boss, boss))
    standing = sum(1 for h in state.foes if h > 0)
    rows = "".join(
        f"<div>Enemy {i}: <span class='ml-hearts'>{'♥' * h if h else '✕ down'}</span></div>"
        for i, h in enumerate(state.foes, start=1)
    )
    return Card("ENEMIES", f"{standing} standing", rows)


def _boss_note(state, data) -> str:
    if state.placed.get(BOSS_TILE):
        return "boss room is on the board"
    if tile_roll(data, state, 0).colour == BOSS_TILE:
        return "<b>a 0 now opens the boss room</b>"
    return "open the boss room"


def _supply(state, data) -> dict[str, tuple[int, int]]:
    return {c: (n - state.placed.get(c, 0), n) for c, n in data.supply.items()}


def _map(state, legal: list[Action]) -> str:
    rooms = [MapRoom(x, y, room.face, room.chest) for (x, y), room in state.rooms.items()]
    free = [(a["x"], a["y"]) for a in legal if a["type"] == "place_tile"]
    return map_svg(rooms, state.at, state.pawn, free, state.rolled)


def _next_step(match, legal: list[Action]) -> str:
    state = match.state
    if state.phase == WON:
        return "You beat the last boss: the game is won!"
    if state.phase == EXPLORE:
        refusal = can_roll_tile(state)
        if refusal:
            return refusal
    return waiting_for(state)


def _just_now(match) -> None:
    """The last action's events, with the die face if it was a roll."""
    if not match.log:
        st.html('<div class="ml-now">You stand in the white starting room. Good luck!</div>')
        return
    action, events = match.log[-1], match.events[-1]
    die = ROLLS.get(action["type"])
    face = ""
    if die and action.get("value") is not None:
        face = ui.die_svg(DIE_SIDES[die], action["value"], size=84, colour=DIE_INK[die])
    text = "<br>".join(escape(e) for e in events)
    st.html(f'<div class="ml-now">{face}<div>{text}</div></div>')


def _log(match) -> None:
    st.markdown("**Log** (newest first)")
    with st.container(height=220, border=True):
        count = len(match.log)
        if not count:
            st.caption("Nothing has happened yet.")
            return
        lines = [
            f"**{i + 1}.** " + " ".join(escape(e) for e in match.events[i])
            for i in range(count - 1, max(-1, count - 1 - LOG_SHOWN), -1)
        ]
        st.markdown("\n\n".join(lines))
        if count > LOG_SHOWN:
            st.caption(f"{count - LOG_SHOWN} older moves are kept in the saved game.")


# --- the buttons -------------------------------------------------------------------------------


def _buttons(table: session.Table, legal: list[Action]) -> None:
    state = table.match.state
    if not legal:
        st.button("Play a new game", key="ml_new", type="primary", width="stretch",
                  on_click=session.start, args=(table.match.rules,))  # fmt: skip
        return
    for action in legal:
        if action["type"] in ROLLS:
            _dice(action, table.match.rules.data.faces[ROLLS[action["type"]]])
    places = [a for a in legal if a["type"] == "place_tile"]
    if places:
        _placement(state, places)
    moves = [a for a in legal if a["type"] == "move"]
    others = [a for a in legal if a["type"] not in ROLLS and a["type"] not in ("place_tile", "move")]
    for action in others:
        _button(_other_label(state, action), action)
    if moves:
        _movement(state, moves)


def _button(label: str, action: Action, value: int | None = None, primary: bool = False) -> None:
    played = action | {"value": value} if value is not None else action
    st.button(label, key=action_key(action, value), on_click=session.act, args=(played,),
              type="primary" if primary else "secondary", width="stretch")  # fmt: skip


def _dice(action: Action, faces: range) -> None:
    die = ROLLS[action["type"]]
    st.markdown(f"**{DIE_NAMES[die]}**")
    _button(ROLL_LABELS[action["type"]], action, primary=True)
    st.caption("…or tap the face your own die shows:")
    per_row = ceil(len(faces) / ceil(len(faces) / 6))
    for start in range(0, len(faces), per_row):
        row = list(faces[start : start + per_row])
        for column, value in zip(st.columns(per_row, gap="small"), row, strict=False):
            with column:
                _button(str(value), action, value)


def _placement(state, places: list[Action]) -> None:
    colour = state.rolled
    st.markdown(f"**Place the new {colour} room ({escape(look(colour).word)})** next to yours:")
    by_side = {(a["x"] - state.at[0], a["y"] - state.at[1]): (n, a) for n, a in enumerate(places, 1)}
    for row in COMPASS:
        columns = st.columns(3, gap="small")
        spots = row if len(row) == 3 else (None, row[0], None)
        for column, side in zip(columns, spots, strict=True):
            with column:
                if side is None:
                    if len(row) == 3:
                        st.html(f'<div style="text-align:center;font-size:1.2rem;padding-top:14px">'
                                f'{swatch(state.room.face)}you</div>')  # fmt: skip
                    continue
                if side in by_side:
                    number, action = by_side[side]
                    name, arrow = SIDES[side]
                    _button(f"{arrow} {name} ({number})", action)


def _movement(state, moves: list[Action]) -> None:
    here = state.at
    moves = sorted(moves, key=lambda a: abs(a["x"] - here[0]) + abs(a["y"] - here[1]))
    st.markdown("**Walk** (through open rooms) to:")
    box = st.container(height=300 if len(moves) > 4 else None, border=False)
    with box:
        for action in moves:
            room = state.rooms[(action["x"], action["y"])]
            chest = f" ({room.chest} pawn inside)" if room.chest else ""
            name = f"{room.face} {look(room.face).word} room"
            _button(f"Walk to the {name}{chest} at {action['x']},{action['y']}", action)


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
