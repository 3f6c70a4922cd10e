"""What Vita Luna's page shows in every phase: the title bar, the board as it stands, the players
strip, what just happened and what to do now, each player's cards, the log, and the game's end.

Secrets stay covered here too: the grey cards of the side not holding the tablet are card backs.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

import streamlit as st

from companion.games.vita_luna.actions import AUCTION_LOTS, lot_colour
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
    greys,
    whites,
)
from companion.screens import parts, session
from companion.screens.keys import FLASH, MATCH, WALK
from companion.screens.vita_luna.board import Side, Track, board_svg
from companion.screens.vita_luna.buttons import deck_rank
from companion.screens.vita_luna.cards import Cell, epic_legend
from companion.screens.vita_luna.pacing import set_cursor
from companion.screens.vita_luna.player_cards import PlayerCard, player_cards_html
from companion.screens.vita_luna.walk import Cursor, WalkStep

LOG_SHOWN = 120
OPENING = "A new game. The tablet deals, counts and checks; the cards stay on the table."
MODES = {"basic": "Basic", "advanced": "Advanced"}


def title_bar(table: session.Table, app: int | None) -> None:
    match = table.match
    state = match.state
    mode = MODES.get(state.mode, state.mode) + (", extended" if state.extended else "")
    against = " · against the app" if app is not None else ""
    battle = f"Battle {state.battle}" if state.battle else "Before the first battle"
    parts.title_bar(f"### Vita Luna · {battle} · {mode}{against}", prefix="vl",
                    can_undo=bool(match.log), undo=_undo, undo_args=(app,), wrap=True)  # fmt: skip


def _undo(app: int | None) -> None:
    """Take back the last action; against the app, also everything the app did after it."""
    match = st.session_state[MATCH]
    while match.log:
        last = match.log[-1]
        session.undo()
        if st.session_state.get(FLASH) or app is None or last.get("player") != app:
            break
    set_cursor((len(match.log), 0))


# --- the board -----------------------------------------------------------------------------------


def _viewer(state: VitaLunaState, app: int | None, walking: bool) -> int | None:
    """Whose secrets the page may show: the human against the app; otherwise the player placing
    or in their turn (the tablet is in their hands), and nobody's during a walk-through."""
    if app is not None:
        return 1 - app
    if walking or state.phase not in (PLACE, TURN):
        return None
    return state.active


def cell(data, state: VitaLunaState, card: str | None, grey: bool, seen: bool, mark="") -> Cell:
    """What the board shows of `card`: its face, or its back if it is grey and not `seen`."""
    if card is None:
        return Cell(mark=mark)
    creature = data.cards[card]
    if grey and not seen:
        return Cell(kind="back", deck=creature.deck)
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


def _side(match, state: VitaLunaState, p: int, viewer: int | None, step, app) -> Side:
    data = match.rules.data
    marks = {}
    if step is not None and step.column is not None:
        if step.player == p:
            marks[step.column] = "attacker"
        else:
            marks.update({t: "target" for t in step.targets})
    white = tuple(
        cell(data, state, c, False, True, marks.get(i, ""))
        for i, c in enumerate(whites(data, state, p))
    )
    grey = tuple(cell(data, state, c, True, viewer == p) for c in greys(data, state, p))
    role = ""
    if state.attacker in (0, 1) and state.battle:
        role = "attacker" if state.attacker == p else "defender"
    name = state.names[p] + (" (the app)" if p == app else "")
    active = step.player == p if step is not None else state.active == p
    return Side(name, role, white, grey, state.hearts[p], data.hearts, active)


def board(match, app: int | None, step: WalkStep | None) -> None:
    """The board as it lies on the table, or as it stood at the walk-through's step."""
    state = step.state if step is not None else match.state
    viewer = _viewer(match.state, app, step is not None)
    sides = [_side(match, state, p, viewer, step, app) for p in (0, 1)]
    track = Track(state.track, match.rules.data.steps(state.extended))
    st.markdown(board_svg(sides[0], sides[1], track), unsafe_allow_html=True)
    epics = [e for c in state.board if c for e in match.rules.data.cards[c].epics]
    legend = epic_legend(epics)
    if legend:
        st.caption(f"Epics on the board: {legend}. ⚔ attack, ♥ health, shield: armour.")


# --- the players strip ---------------------------------------------------------------------------


def players(match, app: int | None, step: WalkStep | None) -> str:
    state, data = (step.state if step else match.state), match.rules.data
    auction = state.mode == "advanced" and state.battle == 0 and state.phase != FIRST_BIDDER
    cards = []
    for p in (1, 0):  # as on the board: Player 2 above Player 1
        role = ""
        if state.attacker in (0, 1) and state.battle:
            role = "attacker" if state.attacker == p else "defender"
        decks = Counter(data.cards[c].deck for c in state.owned[p])
        cards.append(
            PlayerCard(
                player=p,
                name=state.names[p],
                note="the app" if p == app else "",
                role=role,
                active=step.player == p if step else _decides(state, p),
                hearts=state.hearts[p] if state.battle else None,
                max_hearts=data.hearts,
                decks={d: decks.get(d, 0) for d in ("black", "blue", "red")},
                singulars=tuple((n, s in state.singulars[p]) for s, n in data.singulars.items()),
                markers=state.markers[p] if auction else None,
            )
        )
    return player_cards_html(cards)


def _decides(state: VitaLunaState, p: int) -> bool:
    if state.phase in (PLACE, TURN):
        return state.active == p
    if state.phase in BIDDING:
        return state.bids[p] is None
    return False


# --- what just happened, and what to do now ------------------------------------------------------


def just_now(match) -> None:
    """What the last action did; the moment the second secret bid is in, both bids side by side."""
    if not _reveal(match):
        parts.just_now(match, look="vl-now", opening=OPENING)


def _reveal(match) -> bool:
    """Both secret bids side by side, the moment the second one is in."""
    state = match.state
    if not match.log or match.log[-1]["type"] != "bid" or state.bids != (None, None):
        return False
    second = match.log[-1]
    first = next(a for a in reversed(match.log[:-1]) if a["type"] == "bid")
    amounts = {second["player"]: second["amount"], first["player"]: first["amount"]}
    boxes = "".join(f"<div>{escape(state.names[p])} bid<b>{amounts[p]}</b></div>" for p in (0, 1))
    said = "<br>".join(escape(e) for e in match.events[-1])
    st.html(f'<div class="vl-reveal">{boxes}</div><div class="vl-now">{said}</div>')
    return True


def next_step(match) -> str:
    """What the table does now, in a sentence."""
    state = match.state
    names = state.names
    phase = state.phase
    if phase == DEAL:
        return "Deal the starting cards: 4 black and 2 blue to each player, face down."
    if phase == FIRST_ATTACKER:
        return "Who attacks first? Agree, then tap."
    if phase == FIRST_BIDDER:
        return "Who opens the bidding for the first attack?"
    if phase == TURN_UP:
        return (
            f"Turn up the next {lot_colour(state)} card of the auction "
            f"({state.lots + 1} of {AUCTION_LOTS})."
        )
    if phase == PLACE:
        p = state.active
        role = "attacker: places first" if p == state.attacker else "defender: places second"
        return (
            f"{names[p]} ({role}). Tap a card, then a position. White is face up, grey face down."
        )
    if phase == TURN:
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
    return waiting_for(state)


# --- the cards in each player's hands, the log, the end ------------------------------------------


def private_cards(match, app: int | None) -> None:
    state, data = match.state, match.rules.data
    for p in (0, 1):
        if not state.owned[p]:
            continue
        if p == app:
            title = f"{state.names[p]}'s cards (the app's; to set up its side of the table)"
        else:
            title = f"{state.names[p]}'s cards (only {state.names[p]} looks)"
        with st.expander(title):
            on_board = set(state.board)
            counts = Counter(data.cards[c].id for c in state.owned[p])
            placed = Counter(data.cards[c].id for c in state.owned[p] if c in on_board)
            lines = []
            for kind, n in sorted(counts.items(), key=lambda kv: deck_rank(data, f"{kv[0]}.1")):
                creature = data.creatures[kind]
                there = f", {placed[kind]} on the board" if placed[kind] else ""
                lines.append(
                    f"- **{creature.name}** ×{n} ({creature.deck}, {creature.attack}/"
                    f"{creature.health}){there}"
                )
            st.markdown("\n".join(lines))


def log(match, shown: Cursor | None) -> None:
    """The log, newest first; during a walk-through only up to the step on the screen."""
    events = list(match.events)
    if shown is not None:
        entry, seen = shown
        events = events[: entry + (1 if seen else 0)]
        if seen:
            events[entry] = events[entry][:seen]
    parts.log_list(events, height=300, most=LOG_SHOWN)


def game_over(match) -> None:
    state = match.state
    st.html(
        f'<div class="vl-cover">{escape(state.names[state.winner])} wins the game!'
        f"<small>{escape(state.last)}</small></div>"
    )
    st.button(
        "Play a new game",
        key="vl_new",
        type="primary",
        width="stretch",
        wrap=True,
        on_click=_again,
        args=(match.rules, dict(match.options)),
    )


def _again(rules, options: dict[str, Any]) -> None:
    st.query_params.pop(WALK, None)
    session.start(rules, options)
