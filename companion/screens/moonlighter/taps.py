"""What can be tapped on Moonlighter's page besides the action buttons: the map, the status cards,
the tile box and the dice.

The map is a grid of buttons laid out like the table, north up: a room you may walk to walks you
there (its key is the move's, `act_move_x1_y0`), a free side while a tile waits lays it there
(`act_place_tile_x0_y1`), and every other room opens its rules, with the engine's reason when it
is no walk now. Each status card is a button too (a transparent one over the card), opening the
rules of what it shows, and so is each chip of the tile box (its tile's rules). Nothing here
decides a rule: what may be walked to or placed on is the engine's legal actions, and why not is
the engine's `check`.

What a walk changes is drawn in fragments of its own (`redraw`): the cards' faces (their buttons
stay, and open what the cards show when tapped), and the map, a fragment per row, drawn from the
values `squares` works out, so a walk sends the rows of the squares it changed and the map's CSS.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.moonlighter.data import MoonlighterData
from companion.games.moonlighter.outcomes import max_hearts, tile_roll
from companion.games.moonlighter.state import BOSS_TILE, FIGHT, GREEN
from companion.games.rulings import rulebook
from companion.screens import parts, rules_panel, session
from companion.screens.moonlighter import redraw, squares
from companion.screens.moonlighter.map import (
    PAWN_FILL,
    Card,
    cards_html,
    cell_name,
    hearts_row,
    look,
    map_window,
    supply_css,
    supply_label,
)
from companion.screens.table.words import Said, say

Action = dict[str, Any]
GAME = "moonlighter"
LEAVE = "Leave the room (enemies heal)"
Shown = tuple[str, rules_panel.What, Card]  # a status card: its name, what it explains, its face


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


CSS = """
<style>
  .st-key-ml_cards { display: grid !important; gap: 8px;
                     grid-template-columns: repeat(var(--ml-cards), minmax(0, 1fr)); }
  .st-key-ml_cards > div { min-width: 0; width: 100% !important; }
  .st-key-ml_cards > div:has(.ml-cards) { grid-area: 1 / 1 / 2 / -1; }  /* the faces, one row */
  .ml-strip.ml-cards { display: grid; gap: 8px;
                       grid-template-columns: repeat(var(--ml-cards), minmax(0, 1fr)); }
  .ml-cards .ml-card { min-height: 132px; height: 100%; }
  [class*="st-key-rule_ml_card_"] { position: relative; z-index: 3; grid-row: 1; height: 100%; }
  [class*="st-key-rule_ml_card_"] div[data-testid="stButton"] { position: absolute; inset: 0; }
  [class*="st-key-rule_ml_card_"] button { width: 100%; height: 100%; min-height: 0; opacity: 0; }
  [class*="st-key-rule_ml_card_"] button:focus-visible { opacity: 1; background: transparent;
                                                        outline: 4px solid #0B5CAD; }
  .ml-down { white-space: nowrap; color: #B00020; font-weight: 700; }
  .ml-cards .ml-label::after {
    content: "i"; float: right; width: 1.25rem; height: 1.25rem; line-height: 1.05rem;
    text-align: center; border: 2px solid #0B5CAD; border-radius: 50%; color: #0B5CAD;
    font: italic 800 0.85rem Georgia, serif; }
  .st-key-ml_map { margin: 0 auto; display: grid !important; gap: 4px; width: 100%; }
  .st-key-ml_map > div, .st-key-ml_map > div > div {  /* a row's fragment and its box: */
    display: contents !important; }                   /* its squares are the grid's items */
  .st-key-ml_map .stElementContainer { min-width: 0; width: 100% !important; height: 100%; }
  .st-key-ml_map .stElementContainer :has(button) { height: 100%; }  /* the tooltip's spans */
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
  .ml-log p { margin: 0 0 0.6rem; }
  .ml-log .ml-log-note { font-size: 0.875rem; color: rgba(49, 51, 63, 0.6); }
  @media (orientation: portrait) {
    .ml-cards .ml-value { font-size: 1.5rem; }
    .ml-cards .ml-value.word { font-size: 1.25rem; }
    .ml-cards .ml-card { padding: 4px 6px 6px; }
    .st-key-ml_main > div > div[data-testid="stHorizontalBlock"] { flex-direction: column; }
    .st-key-ml_main > div > div[data-testid="stHorizontalBlock"] > div[data-testid="stColumn"] {
      width: 100% !important; flex: 1 1 100% !important; }
  }
</style>
"""


# --- the status cards ----------------------------------------------------------------------------


def cards(table: session.Table, drawn: redraw.Moment) -> None:
    """The state at a glance, one card per thing, each a tap target for its rules: the cards'
    faces are one picture redrawn with every walk (`status`), the buttons over them stay, and
    each opens what its card shows as last drawn (`CARD_RULES`)."""
    shown = _cards(drawn.seen)
    with st.container(key="ml_cards", gap=None):  # a grid: the faces in a row, a button on each
        status(table, shown)
        for name, _, card in shown:
            st.button(f"{card.label.capitalize()}: its rules", key=f"rule_ml_card_{name}",
                      on_click=_card_rules, args=(name,), width="stretch", wrap=True)  # fmt: skip
    places = "".join(f".st-key-rule_ml_card_{name} {{ grid-column: {column}; }}"
                     for column, (name, _, _) in enumerate(shown, start=1))  # fmt: skip
    st.html(f"<style>.st-key-ml_cards {{ --ml-cards: {len(shown)}; }}{places}</style>")


@st.fragment(key=redraw.STATUS)
def status(table: session.Table, shown: list[Shown]) -> None:
    """The status cards' faces, one picture, and what each card's button opens now."""
    if redraw.fragment_only():  # after a walk: `shown` is the page's last run's
        shown = _cards(table.look())
    st.session_state[redraw.CARD_RULES] = {name: what for name, what, _ in shown}
    st.html(cards_html([card for _, _, card in shown]))


def _card_rules(name: str) -> None:
    """Callback: the rules of what the card `name` shows (as the page last drew it)."""
    what = st.session_state.get(redraw.CARD_RULES, {}).get(name, rules_panel.PANEL)
    rules_panel.open_rules(GAME, what)


def _cards(seen: SeenMatch) -> list[Shown]:
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


@st.fragment(key=redraw.MAP)
def tap_map(table: session.Table, drawn: redraw.Moment) -> None:
    """The map as squares to tap, north up, following you when the dungeon outgrows it: a
    fragment per row, so that a walk sends the rows it changed (`squares`), and the map's CSS
    and caption in one more (`map_note`)."""
    found = squares.plan(*redraw.fresh(table, drawn))
    with st.container(key=squares.GRID, gap=None):  # a grid: only the squares holding something
        for y in found.rows:
            st.fragment(_row, key=squares.row_key(y))(table, y, found)
    map_note(table, found)


def _current(table: session.Table, found: squares.Plan) -> squares.Plan:
    """The map as drawn in this run (`found`, handed down from `tap_map`), or as it is now when
    a row or the map's CSS runs alone after a walk."""
    return squares.plan(*redraw.moment(table)) if redraw.fragment_only() else found


def _row(table: session.Table, y: int, found: squares.Plan) -> None:
    """The squares of the map's row `y`, each a button: the row's fragment (`tap_map`)."""
    for square in _current(table, found).rows.get(y, ()):
        _square(table, square)


@st.fragment(key=redraw.MAP_NOTE)
def map_note(table: session.Table, found: squares.Plan) -> None:
    """Where each square stands and its colours, and the line under the map."""
    found = _current(table, found)
    st.html(squares.css(found))
    if found.caption:
        st.caption(found.caption)


def _square(table: session.Table, square: squares.Square) -> None:
    """One square's button: a walk, a placing, or the room's rules (with why no walk, if not)."""
    cell, action = square.cell, square.action
    if action is None:
        rules_panel.explain_button(GAME, room_what(cell.face), square.label, key=square.key,
                                   note=square.note,
                                   help=f"The rules of {parts.plain(cell_name(cell))}")  # fmt: skip
    elif action["type"] == "move":
        st.button(square.label, key=square.key, on_click=redraw.walk, args=(table, action),
                  width="stretch", help=f"Walk to {parts.plain(cell_name(cell))}")  # fmt: skip
    else:
        parts.action_button(square.label, action, key=square.key, play=redraw.play)


def far_moves(table: session.Table, legal: list[Action]) -> None:
    """Walks to rooms the map cannot show now (it follows you), as buttons, nearest first."""
    state = table.look().state
    rooms = squares.rooms_of(state)
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
                                key=parts.action_key(action, named=True),
                                play=partial(redraw.walk, table))  # fmt: skip


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
