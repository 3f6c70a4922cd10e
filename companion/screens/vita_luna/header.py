"""What Vita Luna's page shows in every phase: the title bar, the board as it stands, the players
strip, what to do now, the cards of the player whose eyes the screen shows, the log, and the end.

Everything is drawn from the screen's eyes (`eyes.Screen`): a card those eyes may not see is a
card back (its deck's colour shows, as on the table, never the creature), and only the seat whose
eyes these are has its hand listed.
"""

from __future__ import annotations

from collections import Counter

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.vita_luna.actions import lot_colour
from companion.games.vita_luna.checks import waiting_for
from companion.games.vita_luna.data import EPICS
from companion.games.vita_luna.state import (
    BETWEEN,
    BIDDING,
    DEAL,
    FIRST_ATTACKER,
    FIRST_BIDDER,
    PLACE,
    REWARD,
    TURN,
    TURN_UP,
    VitaLunaState,
    grey_index,
    greys,
    white_index,
    whites,
)
from companion.screens import parts, rules_panel
from companion.screens.table import header as table_header
from companion.screens.table.held import held_cards
from companion.screens.vita_luna.board import (
    Side,
    Track,
    board_svg,
    cell_box,
    row_box,
    track_box,
)
from companion.screens.vita_luna.buttons import deck_rank
from companion.screens.vita_luna.cards import EPIC_WORD, Cell
from companion.screens.vita_luna.eyes import Screen
from companion.screens.vita_luna.pacing import forget_cursor
from companion.screens.vita_luna.player_cards import (
    CHIPS_CSS,
    Chip,
    PlayerCard,
    card_css,
    chips,
    heads,
    who_html,
)
from companion.screens.vita_luna.walk import Cursor, WalkStep

LOG_SHOWN = 120
GAME = "vita_luna"
CARD_PX = 112  # as the other card games' hands: three to a row on a phone
MODES = {"basic": "Basic", "advanced": "Advanced"}


def title_bar(screen: Screen) -> None:
    """The title bar (`table.header`) with the battle and the mode; Undo also forgets where a
    walk-through of the log had got to."""
    state = screen.state
    mode = MODES.get(state.mode, state.mode) + (", extended" if state.extended else "")
    battle = f"Battle {state.battle}" if state.battle else "Before the first battle"
    table_header.title_bar(screen, f"Vita Luna · {battle} · {mode}", "vl", forget=forget_cursor)


# --- the board -----------------------------------------------------------------------------------


def cell(data, state: VitaLunaState, card: str | None, grey: bool, seen: bool, mark="") -> Cell:
    """What the board shows of `card`: its face, or its back if the eyes have not `seen` it."""
    if card is None:
        return Cell(mark=mark)
    creature = data.cards[card]
    if not seen:
        return Cell(kind="back", deck=creature.deck, mark=mark)
    armour = ("on" if card in state.armour else "gone") if creature.armour else ""
    return Cell(
        kind="creature",
        name=creature.name,
        deck=creature.deck,
        attack=creature.attack,
        health=state.health.get(card, creature.health),
        max_health=creature.health,
        armour=armour,
        epics=tuple(e for e in EPICS if e in creature.epics),  # in the engine's order
        face_down=grey,
        mark=mark,
    )


def _side(screen: Screen, state: VitaLunaState, p: int, hidden, step: WalkStep | None) -> Side:
    data = screen.data
    marks = {}
    if step is not None and step.column is not None:
        if step.player == p:
            marks[step.column] = "attacker"
        else:
            marks.update({t: "heart" if t in step.hearts else "target" for t in step.targets})
    white = tuple(
        cell(data, state, c, False, True, marks.get(i, ""))
        for i, c in enumerate(whites(data, state, p))
    )
    grey = tuple(
        cell(data, state, c, True, grey_index(data, p, i) not in hidden)
        for i, c in enumerate(greys(data, state, p))
    )
    role = ""
    if state.attacker in (0, 1) and state.battle:
        role = "attacker" if state.attacker == p else "defender"
    active = step.player == p if step is not None else state.active == p
    return Side(screen.name(p), role, white, grey, state.hearts[p], data.hearts, active)


def board(screen: Screen, step: WalkStep | None) -> None:
    """The board as it lies on the table, or as it stood at the walk-through's step, as these
    eyes see it; every creature face up to these eyes is a tap target for its rules, a card
    face down to them for what a player may see of the other's cards, each row (its empty
    positions) for how cards move along it, and the track for how far it runs."""
    state = step.state if step is not None else screen.state
    data, hidden = screen.data, screen.hidden(state)
    sides = [_side(screen, state, p, hidden, step) for p in (0, 1)]
    track = Track(state.track, data.steps(state.extended))
    styles = [_over("rule_vl_track", track_box())]
    with st.container(key="vl_board"):
        st.markdown(board_svg(sides[0], sides[1], track), unsafe_allow_html=True)
        for p in (0, 1):
            for row, cards in (("white", whites(data, state, p)), ("grey", greys(data, state, p))):
                for i, card in enumerate(cards):
                    if card is None:
                        continue
                    index = white_index(data, p, i) if row == "white" else grey_index(data, p, i)
                    down = index in hidden  # then keyed and worded by its place alone
                    key = f"rule_vl_{'down' if down else 'at'}_{p}_{row}_{i}"
                    styles.append(_over(key, cell_box(p, row, i)))
                    if down:
                        rules_panel.explain_button(GAME, rules_panel.ruling("hidden_hands"),
                                                   f"{row.capitalize()} {i + 1}: face down",
                                                   key=key)  # fmt: skip
                        continue
                    rules_panel.explain_button(GAME, rules_panel.card(data.cards[card].id),
                                               f"{parts.plain(data.cards[card].name)}: its rules",
                                               key=key)  # fmt: skip
        rules_panel.explain_button(GAME, rules_panel.ruling("track_steps"), "The track: its rules",
                                   key="rule_vl_track")  # fmt: skip
        for p in (0, 1):  # under the cards' targets: a tap on an empty position lands here
            for row, ruling in ROW_RULES.items():
                key = f"rule_vl_row_{p}_{row}"
                styles.append(_over(key, row_box(p, row)))
                rules_panel.explain_button(GAME, ruling,
                                           f"{parts.plain(state.names[p])}'s {row} row: its rules",
                                           key=key)  # fmt: skip
    st.html(f"<style>{''.join(styles)}</style>")


ROW_RULES = {  # what a row's empty spots open
    "white": rules_panel.ruling("white_move"),
    "grey": rules_panel.ruling("grey_and_promote"),
}


def _over(key: str, box: tuple[float, float, float, float]) -> str:
    x, y, w, h = (100 * v for v in box)
    return f".st-key-{key} {{ left: {x:.3f}%; top: {y:.3f}%; width: {w:.3f}%; height: {h:.3f}%; }}"


def rules_row(screen: Screen, step: WalkStep | None) -> None:
    """The Rules panel's button, and one button per epic on the board (face up to these eyes),
    each opening that epic's glossary text and rulings."""
    state = step.state if step is not None else screen.state
    data, hidden = screen.data, screen.hidden(state)
    shown = {e for i, c in enumerate(state.board) if c and i not in hidden
             for e in data.cards[c].epics}  # fmt: skip
    epics = [e for e in EPICS if e in shown]
    with st.container(key="vl_rules_row", horizontal=True, gap="small"):
        rules_panel.panel_button(GAME, key="rule_vl_panel", label="Rules", width="content")
        for epic in epics:
            rules_panel.explain_button(GAME, rules_panel.keyword("epic", epic), EPIC_WORD[epic],
                                       key=f"rule_vl_epic_{epic}", width="content")  # fmt: skip


# --- the players strip ---------------------------------------------------------------------------


def players(screen: Screen, step: WalkStep | None) -> None:
    """Each player at a glance: cards held of each colour (backs show colours), Singulars,
    hearts and markers, all of it open on the table; each piece a button opening its rules."""
    state, data = (step.state if step else screen.state), screen.data
    auction = state.mode == "advanced" and state.battle == 0 and state.phase != FIRST_BIDDER
    styles = [CHIPS_CSS]
    with st.container(key="vl_players", gap=None):
        for p in (1, 0):  # as on the board: Player 2 above Player 1
            role = ""
            if state.attacker in (0, 1) and state.battle:
                role = "attacker" if state.attacker == p else "defender"
            decks = Counter(data.cards[c].deck for c in state.owned[p])
            card = PlayerCard(
                player=p,
                name=state.names[p],
                note="the app" if p == screen.app else "",
                role=role,
                active=step.player == p if step else _decides(state, p),
                hearts=state.hearts[p] if state.battle else None,
                max_hearts=data.hearts,
                decks={d: decks.get(d, 0) for d in ("black", "blue", "red")},
                singulars=tuple((s, n, s in state.singulars[p]) for s, n in data.singulars.items()),
                markers=state.markers[p] if auction else None,
            )
            styles.append(card_css(card))
            with st.container(key=f"vl_player_{p}", gap=None):
                with st.container(key=f"vl_who_{p}", horizontal=True, gap=None,
                                  vertical_alignment="center"):  # fmt: skip
                    st.markdown(who_html(card), unsafe_allow_html=True)
                    for chip in heads(card):
                        _chip(chip, p)
                with st.container(key=f"vl_chips_{p}", horizontal=True, gap=None):
                    for chip in chips(card):
                        _chip(chip, p)
    st.html(f"<style>{''.join(styles)}</style>")


CHIP_RULES = {  # what a tap on each piece of a player card opens
    "role": lambda of: rules_panel.ruling("roles_alternate"),
    "hearts": lambda of: rules_panel.card("heart_marker"),
    "singular": rules_panel.card,
    "markers": lambda of: rules_panel.card("health_marker"),
    "deck": lambda of: rules_panel.group(
        "creature", "deck", of, f"The {of} deck", "name",
        (("attack", "attack "), ("health", "· health "), ("quantity", "· cards: ")),
    ),
}  # fmt: skip


def _chip(chip: Chip, player: int) -> None:
    rules_panel.explain_button(GAME, CHIP_RULES[chip.kind](chip.of), chip.label,
                               key=chip.key(player), width="content")  # fmt: skip


def _decides(state: VitaLunaState, p: int) -> bool:
    if state.phase in (PLACE, TURN):
        return state.active == p
    if state.phase in BIDDING:
        return state.bids[p] is None  # a sealed bid, made up or not, is in
    return False


# --- what to do now ------------------------------------------------------------------------------


def next_step(screen: Screen) -> str:
    """What the table does now, in a sentence (on another player's device: what they do)."""
    state = screen.state
    names = state.names
    phase = state.phase
    theirs = state.active not in screen.table.acts_for
    if phase == DEAL:
        hand = screen.data.hand
        return (
            f"Deal the starting cards: {hand['black']} black and {hand['blue']} blue to each "
            "player, face down."
        )
    if phase == FIRST_ATTACKER:
        return "Who attacks first? Agree, then tap."
    if phase == FIRST_BIDDER:
        return "Who opens the bidding for the first attack?"
    if phase == TURN_UP:
        return (
            f"Turn up the next {lot_colour(screen.data, state)} card of the auction "
            f"({state.lots + 1} of {screen.data.auction_lots})."
        )
    if phase == PLACE:
        p = state.active
        role = "attacker: places first" if p == state.attacker else "defender: places second"
        if theirs:
            return f"{names[p]} ({role}) is placing creatures."
        return (
            f"{names[p]} ({role}). Tap a card, then a position. White is face up, grey face down."
        )
    if phase == TURN:
        if theirs:
            return f"{names[state.active]}'s turn."
        return (
            f"{names[state.active]}'s turn: Singular cards first, then moves, then "
            "End moves / Attack."
        )
    if phase == REWARD:
        return state.last or "The battle is over: draw the reward cards."
    if phase == BETWEEN:
        return (
            "Between battles: each player may trade two black cards for a random blue one. "
            f"Then battle {state.battle + 1}: {names[1 - state.attacker]} attacks."
        )
    return waiting_for(screen.data, state)


# --- the cards in the hands of the player looking, the log, the end ------------------------------


def private_cards(screen: Screen) -> None:
    """The cards of the player whose eyes the screen shows (on the shared tablet only behind
    that player's cover), as printed, each a tap to its rules: nobody else's, ever."""
    seat = screen.seen.seat
    state, data = screen.state, screen.data
    if seat is None or screen.covered or not state.owned[seat]:
        return
    with st.expander(f"Your cards, {parts.plain(state.names[seat])}"):
        on_board = set(state.board)
        counts = Counter(data.cards[c].id for c in state.owned[seat])
        placed = Counter(data.cards[c].id for c in state.owned[seat] if c in on_board)
        held = []
        for kind, n in sorted(counts.items(), key=lambda kv: deck_rank(data, f"{kv[0]}.1")):
            creature = data.creatures[kind]
            there = f", {placed[kind]} on the board" if placed[kind] else ""
            words = f"{creature.name} ({creature.deck}, {creature.attack}/{creature.health}){there}"
            held.append((kind, creature.name, words, n))
        held_cards(GAME, held, CARD_PX, key="vl_hand")


def log(seen: SeenMatch, shown: Cursor | None) -> None:
    """The log in the engine's public sentences, newest first; during a walk-through only up to
    the step on the screen."""
    events = list(seen.events)
    if shown is not None:
        entry, steps = shown
        events = events[: entry + (1 if steps else 0)]
        if steps:
            events[entry] = events[entry][:steps]
    parts.log_list(events, height=300, most=LOG_SHOWN)


def game_over(screen: Screen) -> None:
    state = screen.state
    head = f"{state.names[state.winner]} wins the game!"
    table_header.game_over(screen, "vl", head, state.last, "Play a new game", forget=forget_cursor)
