"""What can be tapped on Moonlighter's page besides the action buttons: the map, the status cards,
the tile box and the dice.

The map is a grid of buttons laid out like the table, north up: a room you may walk to walks you
there (its key is the move's, `act_move_x1_y0`), a free side while a tile waits lays it there
(`act_place_tile_x0_y1`), and every other room opens its rules, with the engine's reason when it
is no walk now. Each status card is a button too (a transparent one over the card), opening the
rules of what it shows, and so is each chip of the tile box (its tile's rules). Nothing here
decides a rule: what may be walked to or placed on is the engine's legal actions, and why not is
the engine's `check`.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.outcomes import max_hearts, tile_roll
from companion.games.moonlighter.state import BOSS_TILE, FIGHT, GREEN
from companion.games.rulings import rulebook
from companion.screens import parts, rules_panel, session
from companion.screens.moonlighter.map import (
    PAWN_FILL,
    Card,
    MapCell,
    MapRoom,
    cards_html,
    cell_css,
    cell_label,
    cell_name,
    hearts_row,
    look,
    map_cells,
    map_grid_css,
    map_window,
    supply_css,
    supply_label,
)
from companion.screens.table.words import Said, say

Action = dict[str, Any]
GAME = "moonlighter"
LEAVE = "Leave the room (enemies heal)"


def powers(data: MoonlighterData) -> dict[str, str]:
    """Each pawn's power in a few words, its numbers the engine's; the full text is the data's."""
    return {
        "white": "no power",
        "red": f"{data.doubled_blow}× hits on the boss",
        "orange": "a 1 is your hit",
        "yellow": f"{data.yellow_chest_limit} chest rooms allowed",
        "green": "a kill fells the room",
        "blue": f"{data.doubled_blow}× hits, {data.doubled_blow}× hurt",
        "purple": "a 3 opens a chest",
        "pink": f"+{data.pink_bonus} max hearts",
        "black": "black rooms don't lock",
    }


CELL_MAX = {"landscape": 72, "portrait": 64}  # a square's largest side, in CSS pixels

CSS = """
<style>
  .st-key-ml_cards { display: grid !important; gap: 8px; grid-auto-flow: column;
                     grid-auto-columns: minmax(0, 1fr); }
  .st-key-ml_cards > div { min-width: 0; width: 100% !important; height: 100%; }
  [class*="st-key-ml_tapcard_"] { position: relative; height: 100%; }
  [class*="st-key-ml_tapcard_"] .ml-card { height: 100%; min-height: 132px; }
  [class*="st-key-ml_tapcard_"] :has(.ml-card) { height: 100%; }  /* each as tall as the row */
  [class*="st-key-rule_ml_card_"] { position: absolute; inset: 0; z-index: 3; }
  [class*="st-key-rule_ml_card_"] div[data-testid="stButton"],
  [class*="st-key-rule_ml_card_"] button { width: 100%; height: 100%; min-height: 0; }
  [class*="st-key-rule_ml_card_"] button { opacity: 0; }
  [class*="st-key-rule_ml_card_"] button:focus-visible { opacity: 1; background: transparent;
                                                        outline: 4px solid #0B5CAD; }
  .ml-down { white-space: nowrap; color: #B00020; font-weight: 700; }
  [class*="st-key-ml_tapcard_"] .ml-label::after {
    content: "i"; float: right; width: 1.25rem; height: 1.25rem; line-height: 1.05rem;
    text-align: center; border: 2px solid #0B5CAD; border-radius: 50%; color: #0B5CAD;
    font: italic 800 0.85rem Georgia, serif; }
  .st-key-ml_map { margin: 0 auto; display: grid !important; gap: 4px; width: 100%; }
  .st-key-ml_map > div { min-width: 0; width: 100% !important; height: 100%; }
  .st-key-ml_map > div :has(button) { height: 100%; }  /* the tooltip's spans too */
  .st-key-ml_map div[data-testid="stButton"] button {  /* square, a room's rules button too */
    min-height: 44px; height: 100%; width: 100%; padding: 0 2px; border-radius: 9px;
    line-height: 1.05; }
  .st-key-ml_map button p { font-size: 1.35rem !important; font-weight: 800 !important;
                            line-height: 1.05 !important; word-break: normal; }
  .st-key-ml_map [class*="st-key-act_place_tile"] button p,
  .st-key-ml_map .st-key-rule_ml_here button p { font-size: 0.95rem !important; }
  [class*="st-key-rule_ml_die_"] button { min-height: 48px; justify-content: flex-start; }
  .st-key-ml_supply { gap: 6px; }
  .st-key-ml_supply div[class*="st-key-rule_ml_tile_"] button {
    min-height: 44px; padding: 2px 10px 2px 6px; border-radius: 10px; background: #FFFFFF;
    border: 2px solid #D0D0D0; color: #111; gap: 0; }
  .st-key-ml_supply div[class*="st-key-rule_ml_tile_"] button p {
    font-size: 1.05rem !important; font-weight: 500 !important; white-space: nowrap; }
  .st-key-ml_supply div[class*="st-key-rule_ml_tile_"] button::before,
  .st-key-ml_supply div[class*="st-key-rule_ml_tile_"] button p::before {
    display: inline-block; min-width: 1.5em; padding: 0 4px; margin-right: 6px;
    text-align: center; border: 2px solid #555; border-radius: 6px; font-weight: 800; }
  @media (orientation: portrait) {
    [class*="st-key-ml_tapcard_"] .ml-value { font-size: 1.5rem; }
    [class*="st-key-ml_tapcard_"] .ml-value.word { font-size: 1.25rem; }
    [class*="st-key-ml_tapcard_"] .ml-card { padding: 4px 6px 6px; }
    .st-key-ml_main > div > div[data-testid="stHorizontalBlock"] { flex-direction: column; }
    .st-key-ml_main > div > div[data-testid="stHorizontalBlock"] > div[data-testid="stColumn"] {
      width: 100% !important; flex: 1 1 100% !important; }
  }
</style>
"""


# --- the status cards ----------------------------------------------------------------------------


def cards(seen: SeenMatch) -> None:
    """The state at a glance, one card per thing, each a tap target for its rules."""
    shown = _cards(seen)
    with st.container(key="ml_cards", gap=None):  # a grid, one card a column, no column boxes
        for name, what, card in shown:
            with st.container(key=f"ml_tapcard_{name}"):
                st.html(cards_html([card]))
                words = f"{card.label.capitalize()}: its rules"
                rules_panel.explain_button(GAME, what, words, key=f"rule_ml_card_{name}")


def _cards(seen: SeenMatch) -> list[tuple[str, rules_panel.What, Card]]:
    state, data = seen.state, game_data(seen)
    book = rulebook(GAME)
    row = data.dungeon(state.dungeon)
    room, top = state.room, max_hearts(data, state)
    pawn = data.pawns.get(state.pawn)
    name = pawn.name if pawn else ""
    room_look = look(room.face)
    where = f"<b>{room_look.letter}</b> · {escape(room_look.word)}"
    foes, foe_what = _foes(state)
    return [
        ("room", room_what(room.face),
         Card("ROOM", escape(room.face.capitalize()), where, room_look.fill, word=True)),
        ("hearts", rules_panel.card("counter_player"),
         Card("HEARTS", f"{state.hearts} / {top}", hearts_row(state.hearts, top),
              "#C62828")),
        ("foes", foe_what, foes),
        ("pawn", rules_panel.card(book.find("pawn", "colour", state.pawn) or "pawn_white"),
         Card("PAWN", escape(state.pawn.capitalize()),
              f"<b>{escape(name)}</b>: {escape(powers(data).get(state.pawn, name))}",
              PAWN_FILL.get(state.pawn, ""), word=True)),
        ("pool", rules_panel.card("counter_pool"),
         Card("POOL", str(state.pool), f"healing hearts left of {row.pool}",
              look("blue").fill)),
        ("cleared", rules_panel.ruling("boss_room_threshold"),
         Card("CLEARED", f"{state.greens} / {row.greens_for_boss}", _boss_note(state, data),
              look("green").fill)),
        ("rules", rules_panel.PANEL,
         Card("RULES", "Search", "the rulebook and its rulings", "#0B5CAD",
              word=True)),
    ]  # fmt: skip


def game_data(seen: SeenMatch) -> MoonlighterData:
    return seen.rules.data  # type: ignore[attr-defined]  # Moonlighter's rules hold it


def room_what(face: str) -> rules_panel.What:
    """What a tap on a room of `face` explains: its tile (a cleared room: the ruling on it)."""
    if face == GREEN:
        return rules_panel.ruling("cleared_rooms")
    tile = rulebook(GAME).find("tile", "colour", face)
    return rules_panel.card(tile) if tile else rules_panel.ruling("free_movement")


def _foes(state) -> tuple[Card, rules_panel.What]:
    if state.phase != FIGHT or not state.foes:
        card = Card("ENEMIES", "none", "nobody to fight here", "#C8C8C8", word=True)
        return card, rules_panel.ruling("enemy_rooms")
    if state.room.tile == BOSS_TILE:
        boss = state.foes[0]
        card = Card("BOSS", f"{boss} ♥", hearts_row(boss, boss), look("red").fill)
        return card, rules_panel.card("counter_boss")
    standing = sum(1 for h in state.foes if h > 0)
    rows = "".join(
        f"<div>Enemy {i}: <span class='ml-hearts'>{'♥' * h}</span>"
        + ("" if h else "<span class='ml-down'>✕ down</span>")
        + "</div>"
        for i, h in enumerate(state.foes, start=1)
    )
    card = Card("ENEMIES", f"{standing} up", rows, look(state.room.face).fill)
    return card, rules_panel.card("counter_enemy")


def _boss_note(state, data) -> str:
    boss = data.dungeon(state.dungeon).boss_hearts
    if state.placed.get(BOSS_TILE):
        return f"green rooms; boss room ({boss} ♥) laid"
    if tile_roll(data, state, data.boss_face).colour == BOSS_TILE:
        return f"<b>a {data.boss_face} now opens the boss room</b> ({boss} ♥)"
    return f"green rooms open the boss ({boss} ♥)"


# --- the map -------------------------------------------------------------------------------------


def _rooms(state) -> list[MapRoom]:
    return [MapRoom(x, y, room.face, room.chest) for (x, y), room in state.rooms.items()]


def tap_map(seen: SeenMatch, legal: list[Action], watching: bool) -> None:
    """The map as squares to tap, north up, following you when the dungeon outgrows it."""
    state = seen.state
    rooms = _rooms(state)
    free = [(a["x"], a["y"]) for a in legal if a["type"] == "place_tile"]
    moves = {(a["x"], a["y"]): a for a in legal if a["type"] == "move"}
    places = {(a["x"], a["y"]): a for a in legal if a["type"] == "place_tile"}
    rows = map_cells(rooms, state.at, free)
    styles = [map_grid_css("ml_map", len(rows[0]), len(rows), CELL_MAX)]
    with st.container(key="ml_map", gap=None):  # a grid: only the squares that hold something
        for line, row in enumerate(rows, start=1):
            for column, cell in enumerate(row, start=1):
                if cell.kind != "empty":
                    styles.append(_square(seen, cell, moves, places, watching, (line, column)))
    st.html(f"<style>{''.join(styles)}</style>")
    (x0, x1), (y0, y1) = map_window(rooms, state.at, free)
    hidden = sum(1 for r in rooms if not (x0 <= r.x <= x1 and y0 <= r.y <= y1))
    if hidden:
        st.caption(f"The map follows you: {hidden} more rooms lie beyond its edges.")
    elif not watching:
        st.caption("Tap a ringed room to walk there; any other room for its rules.")


def _square(
    seen: SeenMatch,
    cell: MapCell,
    moves: dict[tuple[int, int], Action],
    places: dict[tuple[int, int], Action],
    watching: bool,
    area: tuple[int, int],
) -> str:
    """One square's button, and its CSS (its colours, and its `area` in the grid: row, column)."""
    state = seen.state
    xy = (cell.x, cell.y)
    label = cell_label(cell, state.at)
    if cell.kind == "free":
        action = places[xy]
        key = parts.action_key(action, named=True)
        parts.action_button(label, action, key=key)
        return cell_css(key, cell, state.rolled, walk=False, area=area)
    if xy in moves and not watching:
        action = moves[xy]
        key = parts.action_key(action, named=True)
        st.button(label, key=key, on_click=session.act, args=(action,), width="stretch",
                  help=f"Walk to {parts.plain(cell_name(cell))}")  # fmt: skip
        return cell_css(key, cell, state.rolled, walk=True, area=area)
    key = "rule_ml_here" if cell.here else f"rule_ml_room_x{cell.x}_y{cell.y}"
    note = None
    if not cell.here and not watching:
        note = seen.check({"type": "move", "x": cell.x, "y": cell.y})
    rules_panel.explain_button(GAME, room_what(cell.face), label, key=key, note=note,
                               help=f"The rules of {parts.plain(cell_name(cell))}")  # fmt: skip
    return cell_css(key, cell, state.rolled, walk=False, area=area)


def far_moves(seen: SeenMatch, legal: list[Action]) -> None:
    """Walks to rooms the map cannot show now (it follows you), as buttons, nearest first."""
    state = seen.state
    rooms = _rooms(state)
    free = [(a["x"], a["y"]) for a in legal if a["type"] == "place_tile"]
    (x0, x1), (y0, y1) = map_window(rooms, state.at, free)
    here = state.at
    far = [a for a in legal if a["type"] == "move"
           and not (x0 <= a["x"] <= x1 and y0 <= a["y"] <= y1)]  # fmt: skip
    if not far:
        return
    far.sort(key=lambda a: abs(a["x"] - here[0]) + abs(a["y"] - here[1]))
    st.markdown("**Walk to a room beyond the map's edges**, nearest first:")
    with st.container(height=300 if len(far) > 4 else "content", border=False):
        for action in far:
            parts.action_button(walk_words(state, action), action,
                                key=parts.action_key(action, named=True))  # fmt: skip


def walk_words(state, action: Action) -> str:
    """A walk's button: the room and the way there from here ("Walk to the red room: 2 east,
    1 north"), so two rooms alike at one distance read apart."""
    dx, dy = action["x"] - state.at[0], action["y"] - state.at[1]
    room = state.rooms[(action["x"], action["y"])]
    way = [f"{abs(dx)} {'east' if dx > 0 else 'west'}" if dx else "",
           f"{abs(dy)} {'north' if dy > 0 else 'south'}" if dy else ""]  # fmt: skip
    return f"Walk to {_room_name(room)}: {', '.join(w for w in way if w)}"


def _room_name(room) -> str:
    if room.chest:
        return f"the {room.face} chest ({room.chest} pawn)"
    if room.face == "blue":
        return "the blue pool"
    return f"the {room.face} room"


OTHER_LABELS: dict[str, Said] = {
    "leave_room": LEAVE,
    "take_pawn": lambda state, data, a: (
        f"Take the {state.room.chest} pawn ({powers(data).get(state.room.chest, '')})"
    ),
    "keep_pawn": lambda state, data, a: f"Keep your {state.pawn} pawn",
    "swap_pawn": lambda state, data, a: (
        f"Swap your {state.pawn} pawn for the {state.room.chest} one here"
    ),
    "next_dungeon": lambda state, data, a: f"Next dungeon ({state.dungeon + 1})",
    "restart": "Start again",
}


def other_label(state, action: Action, data: MoonlighterData) -> str:
    """The words on a button of an action neither a walk nor a fight (`OTHER_LABELS`)."""
    return say(OTHER_LABELS, action, state, data)


# --- the tile box -------------------------------------------------------------------------------


def supply(left: Mapping[str, tuple[int, int]], cleared: Mapping[str, str]) -> None:
    """The tile box, one chip per tile kind (its letters, what it holds, tiles left of the
    total), each a button opening that tile's rules."""
    styles = []
    with st.container(key="ml_supply", horizontal=True, gap=None):
        for colour, (remaining, total) in left.items():
            key = f"rule_ml_tile_{colour}"
            words = supply_label(colour, remaining, total)
            rules_panel.explain_button(GAME, room_what(colour), words, key=key, width="content",
                                       help=f"The rules of the {colour} room")  # fmt: skip
            styles.append(supply_css(key, colour, cleared.get(colour)))
    st.html(f"<style>{''.join(styles)}</style>")


# --- the dice ------------------------------------------------------------------------------------


def die_button(die: str, name: str) -> None:
    """The die's name, as a button opening what each of its faces does and the rulings on it."""
    texts = (("meaning", ""), ("condition", "Unless: "))
    what = rules_panel.group("die_face", "die", die, name, "face", texts)
    rules_panel.explain_button(GAME, what, f"{parts.plain(name)}: its faces",
                               key=f"rule_ml_die_{die}", width="content")  # fmt: skip
