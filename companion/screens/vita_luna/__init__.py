"""Vita Luna's page: the board as it lies on the table, the players at a glance, and one button
per legal action, with every attack walked through one hit at a time.

Three steps (STYLE.md, principle 12): read the match, ask the engine (legal actions, what it waits
for), draw. Every action button plays through `session.act`, so the engine checks each tap and a
refusal comes back as `table.flash`. What the page adds is pacing and privacy, never rules:
- attacks (and, against the app, everything the app does) are shown one step at a time so the
  players can mirror them on the physical board; the cursor lives in the URL, so a reload keeps it;
- secrets stay covered: a placing player's hand behind a "pass the tablet" screen, the first
  secret bid until the second is in, the other side's grey cards as card backs.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

import streamlit as st

from companion import session
from companion.engine.core import step_rng
from companion.games.vita_luna import opponent
from companion.games.vita_luna.actions import AUCTION_LOTS, lot_colour, lot_opener
from companion.games.vita_luna.checks import waiting_for
from companion.games.vita_luna.data import EPICS
from companion.games.vita_luna.state import (
    ATTACK_BID,
    BETWEEN,
    BIDDING,
    CARD_BID,
    DEAL,
    FIRST_ATTACKER,
    FIRST_BIDDER,
    OVER,
    PLACE,
    REWARD,
    TURN,
    TURN_UP,
    VitaLunaState,
    greys,
    locate,
    whites,
)
from companion.views.vita_luna_board import (
    CSS,
    Cell,
    PlayerCard,
    Side,
    Track,
    board_svg,
    card_svg,
    epic_legend,
    player_cards_html,
)
from companion.views.vita_luna_walk import Cursor, WalkStep, pending

Action = dict[str, Any]

# page-only session keys (the game itself is in session.MATCH and the URL)
PICK = "vl_pick"  # the card or Singular tapped first, with the log length it belongs to
DRAFT = "vl_draft"  # the bid being entered, with the log length and bidder it belongs to
COVERS = "vl_covers"  # "pass the tablet" screens already passed in this session
WALK = "walk"  # URL parameter: the walk-through cursor, "entry.step"

APP_SALT = 0x5EED  # the app's choices come from its own random stream of the match's seed
MOST_APP_ACTIONS = 100  # a bound, never reached: a whole turn is a handful of actions
LOG_SHOWN = 120
HAND_PER_ROW = 3
MODES = {"basic": "Basic", "advanced": "Advanced"}


def action_key(action: Action) -> str:
    """The widget key of an action's button: stable, unique, readable in tests and CSS."""
    parts = [action["type"]]
    for key in sorted(k for k in action if k != "type"):
        value = action[key]
        parts.append("+".join(map(str, value)) if isinstance(value, list) else str(value))
    return "act_" + "_".join(parts).replace(".", "-")


def app_player(match) -> int | None:
    """The player the app plays (Player 2), or None in a game of two people."""
    return 1 if match.options.get("opponent") == "app" else None


# --- the page ------------------------------------------------------------------------------------


def render(table: session.Table) -> None:
    match = table.match
    app = app_player(match)
    cursor = _cursor(match)
    steps = pending(match.rules, match, cursor, app)
    if app is not None and not steps:
        _app_plays(match, app)
        steps = pending(match.rules, match, cursor, app)
    if not steps and cursor != (len(match.log), 0):
        _set_cursor((len(match.log), 0))
    st.html(CSS)
    _header(table, app)
    with st.container(key="vl_main"):
        left, right = st.columns([1.7, 1], gap="small")
        with left, st.container(key="vl_left"):
            _board(match, app, steps[0] if steps else None)
            if steps:
                _walk_says(steps)
            if table.flash:  # under the board: in sight however far the page has scrolled
                st.warning(table.flash, icon="⚠️")
                st.toast(table.flash, icon="⚠️")
        with right, st.container(key="vl_right"):
            st.markdown(_players(match, app, steps[0] if steps else None), unsafe_allow_html=True)
            if steps:
                _walk(match, steps)
            else:
                _controls(table, app)
            _private_cards(match, app)
            _log(match, steps[0].after if steps else None)  # here, the board stays in sight


def _header(table: session.Table, app: int | None) -> None:
    match = table.match
    state = match.state
    mode = MODES.get(state.mode, state.mode) + (", extended" if state.extended else "")
    against = " · against the app" if app is not None else ""
    battle = f"Battle {state.battle}" if state.battle else "Before the first battle"
    title, undo, back = st.columns([3, 1.1, 1.3], vertical_alignment="center")
    title.markdown(f"### Vita Luna · {battle} · {mode}{against}")
    undo.button(
        "↶ Undo",
        key="vl_undo",
        on_click=_undo,
        args=(app,),
        width="stretch",
        wrap=True,
        disabled=not match.log,
    )
    back.button("Back to games", key="vl_back", on_click=session.leave, width="stretch", wrap=True)


# --- the walk-through cursor ---------------------------------------------------------------------


def _cursor(match) -> Cursor:
    """The URL's cursor, kept within the log; a page opened without one has seen everything."""
    end = (len(match.log), 0)
    raw = st.query_params.get(WALK)
    try:
        entry, step = (int(x) for x in str(raw).split("."))
    except (TypeError, ValueError):
        _set_cursor(end)
        return end
    return min((entry, step), end)


def _set_cursor(cursor: Cursor) -> None:
    st.query_params[WALK] = f"{cursor[0]}.{cursor[1]}"


def _next(after: Cursor) -> None:
    _set_cursor(after)


def _skip() -> None:
    _set_cursor((len(st.session_state[session.MATCH].log), 0))


def _undo(app: int | None) -> None:
    """Take back the last action; against the app, also everything the app did after it."""
    match = st.session_state[session.MATCH]
    while match.log:
        last = match.log[-1]
        session.undo()
        if st.session_state.get(session.FLASH) or app is None or last.get("player") != app:
            break
    _set_cursor((len(match.log), 0))


# --- the app's moves -----------------------------------------------------------------------------


def _app_plays(match, app: int) -> None:
    """Everything the app has to do now, played at once; the walk-through then paces it."""
    rules = match.rules
    for _ in range(MOST_APP_ACTIONS):
        rng = step_rng(match.seed ^ APP_SALT, len(match.log))
        action = opponent.choose(match.state, match.legal_actions(), rng, me=app, data=rules.data)
        if action is None:
            return
        before = len(match.log)
        session.act(action)
        if len(match.log) == before:  # refused or not saved: the flash says why
            return


# --- what the table sees -------------------------------------------------------------------------


def _viewer(state: VitaLunaState, app: int | None, walking: bool) -> int | None:
    """Whose secrets the page may show: the human against the app; otherwise the player placing
    or in their turn (the tablet is in their hands), and nobody's during a walk-through."""
    if app is not None:
        return 1 - app
    if walking or state.phase not in (PLACE, TURN):
        return None
    return state.active


def _cell(data, state: VitaLunaState, card: str | None, grey: bool, seen: bool, mark="") -> Cell:
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
        _cell(data, state, c, False, True, marks.get(i, ""))
        for i, c in enumerate(whites(data, state, p))
    )
    grey = tuple(_cell(data, state, c, True, viewer == p) for c in greys(data, state, p))
    role = ""
    if state.attacker in (0, 1) and state.battle:
        role = "attacker" if state.attacker == p else "defender"
    name = state.names[p] + (" (the app)" if p == app else "")
    active = step.player == p if step is not None else state.active == p
    return Side(name, role, white, grey, state.hearts[p], data.hearts, active)


def _board(match, app: int | None, step: WalkStep | None) -> None:
    state = step.state if step is not None else match.state
    viewer = _viewer(match.state, app, step is not None)
    sides = [_side(match, state, p, viewer, step, app) for p in (0, 1)]
    track = Track(state.track, match.rules.data.steps(state.extended))
    st.markdown(board_svg(sides[0], sides[1], track), unsafe_allow_html=True)
    epics = [e for c in state.board if c for e in match.rules.data.cards[c].epics]
    legend = epic_legend(epics)
    if legend:
        st.caption(f"Epics on the board: {legend}. ⚔ attack, ♥ health, shield: armour.")


def _players(match, app: int | None, step: WalkStep | None) -> str:
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


# --- the walk-through ----------------------------------------------------------------------------


def _walk_says(steps: list[WalkStep]) -> None:
    """The step on the screen, under the board (so it stays in sight with it)."""
    step = steps[0]
    lines = "".join(f'<div class="vl-say">{escape(line)}</div>' for line in step.lines)
    left = len(steps) - 1
    more = f" · {left} more to show" if left else ""
    st.markdown(
        f'<div class="vl-walk"><div class="vl-step">{escape(step.title)}{more}</div>{lines}</div>',
        unsafe_allow_html=True,
    )


def _walk(match, steps: list[WalkStep]) -> None:
    step = steps[0]
    left = len(steps) - 1
    st.caption("Do the same on the table, then go on.")
    if left == 0:
        label = "Done ✓"
    elif steps[1].kind == "attack":
        label = "Next attack ▶"
    else:
        label = "Next ▶"
    go, skip = st.columns([2.2, 1])
    go.button(
        label,
        key="vl_next",
        type="primary",
        width="stretch",
        wrap=True,
        on_click=_next,
        args=(step.after,),
    )
    if left:
        skip.button("Show all", key="vl_skip", width="stretch", wrap=True, on_click=_skip)


# --- the controls --------------------------------------------------------------------------------


def _controls(table: session.Table, app: int | None) -> None:
    match = table.match
    state = match.state
    legal = match.legal_actions()
    mine = [a for a in legal if app is None or a.get("player") != app]
    if not _reveal(match):
        _just_now(match)
    phase = state.phase
    if phase == OVER:
        _over(match)
        return
    if phase in BIDDING:
        _bidding(table, app, legal)
        return
    if phase in (PLACE, TURN) and state.active == app:
        st.html(f'<div class="vl-next">{escape(state.names[app])} (the app) is thinking…</div>')
        return
    if (
        phase == PLACE
        and app is None
        and not _covered(table, f"place:{state.battle}:{state.active}")
    ):
        return
    st.html(f'<div class="vl-next">{escape(_next_step(match))}</div>')
    if phase == PLACE:
        _placing(match, mine)
    elif phase == TURN:
        _turn(match, mine)
    elif phase == BETWEEN:
        _between(match, mine)
    else:
        for action in mine:
            _button(_label(match, action), action, primary=len(mine) == 1)


def _next_step(match) -> str:
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


def _just_now(match) -> None:
    if not match.log:
        text = "A new game. The tablet deals, counts and checks; the cards stay on the table."
        st.html(f'<div class="vl-now">{escape(text)}</div>')
        return
    events = match.events[-1]
    st.html(f'<div class="vl-now">{"<br>".join(escape(e) for e in events)}</div>')


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


def _button(label: str, action: Action, primary: bool = False, key: str | None = None) -> None:
    st.button(
        label,
        key=key or action_key(action),
        on_click=_play,
        args=(action,),
        type="primary" if primary else "secondary",
        width="stretch",
        wrap=True,
    )


def _play(action: Action) -> None:
    st.session_state.pop(PICK, None)
    session.act(action)


def _label(match, action: Action) -> str:
    state, data = match.state, match.rules.data
    names = state.names
    kind = action["type"]
    if kind == "deal":
        return "Deal the starting cards"
    if kind == "first_attacker":
        return f"{names[action['attacker']]} attacks first"
    if kind == "first_bidder":
        return f"{names[action['bidder']]} opens the bidding"
    if kind == "turn_up":
        return f"Turn up the next {lot_colour(state)} card"
    if kind == "deal_rest":
        return "Deal the remaining cards at random"
    if kind == "reward":
        due = ", ".join(
            f"{names[p]}: a {state.due[p]} card" for p in (state.victor, 1 - state.victor)
        )
        return f"Draw the reward cards ({due})"
    if kind == "next_battle":
        return f"Start battle {state.battle + 1}"
    if kind == "ready":
        return "Done placing"
    if kind == "attack":
        return "End moves / Attack ⚔"
    return kind.replace("_", " ").capitalize() + " " + str(data.name(action["card"]))


# --- privacy -------------------------------------------------------------------------------------


def _covered(table: session.Table, what: str) -> bool:
    """Whether the "pass the tablet" screen for `what` has been passed; draws it if not."""
    token = f"{table.gid}:{what}"
    if token in st.session_state.get(COVERS, set()):
        return True
    state = table.match.state
    who = state.names[state.active] if state.phase == PLACE else _bidder_now(state, None)[1]
    st.html(
        f'<div class="vl-cover">Pass the tablet to {escape(who)}.'
        f"<small>Only {escape(who)} should look at the screen now.</small></div>"
    )
    st.button(
        f"I am {who}: show my cards" if state.phase == PLACE else f"I am {who}: enter my bid",
        key="vl_cover",
        type="primary",
        width="stretch",
        wrap=True,
        on_click=_uncover,
        args=(token,),
    )
    return False


def _uncover(token: str) -> None:
    st.session_state.setdefault(COVERS, set()).add(token)


# --- placing -------------------------------------------------------------------------------------


def _pick(match) -> tuple | None:
    picked = st.session_state.get(PICK)
    if not picked or picked[0] != len(match.log):
        return None
    return picked[1]


def _choose(length: int, what: tuple | None) -> None:
    if what is None:
        st.session_state.pop(PICK, None)
    else:
        st.session_state[PICK] = (length, what)


def _placing(match, mine: list[Action]) -> None:
    state, data = match.state, match.rules.data
    places = [a for a in mine if a["type"] == "place"]
    picked = _pick(match)
    card = picked[1] if picked and picked[0] == "card" else None
    by_kind: dict[str, list[str]] = {}
    for c in dict.fromkeys(a["card"] for a in places):
        by_kind.setdefault(data.cards[c].id, []).append(c)
    if by_kind:
        st.markdown("**Your cards to place** (tap one):")
        kinds = sorted(by_kind.values(), key=lambda cs: (_deck_rank(data, cs[0]), cs[0]))
        for start in range(0, len(kinds), HAND_PER_ROW):
            row = kinds[start : start + HAND_PER_ROW]
            for column, copies in zip(st.columns(HAND_PER_ROW, gap="small"), row, strict=False):
                c = copies[0]
                count = f" ×{len(copies)}" if len(copies) > 1 else ""
                chosen = card in copies
                column.button(
                    f"{_short(data, c)}{count}",
                    key=f"vl_pick_{c}".replace(".", "-"),
                    type="primary" if chosen else "secondary",
                    width="stretch",
                    wrap=True,
                    on_click=_choose,
                    args=(len(match.log), ("card", c)),
                )
    if card is not None:
        st.markdown(f"**Where does {escape(data.name(card))} go?**")
        targets = {(a["row"], a["position"]): a for a in places if a["card"] == card}
        _grid(match, state.active, targets, lambda row, i, a: f"{row.capitalize()} {i + 1}")
    ready = next((a for a in mine if a["type"] == "ready"), None)
    if ready:
        _button(_label(match, ready), ready, primary=not places)


def _deck_rank(data, card: str) -> int:
    return ("red", "blue", "black").index(data.cards[card].deck)


def _short(data, card: str) -> str:
    creature = data.cards[card]
    return f"{creature.name} {creature.attack}/{creature.health}"


def _grid(match, player: int, targets: dict, label) -> None:
    """Buttons laid out like `player`'s half of the board: for Player 1 (bottom) the white row
    above the grey one, for Player 2 (top) the grey row above the white one. Positions in
    `targets` ((row, index) -> action) are buttons; the rest say what stands there."""
    state, data = match.state, match.rules.data
    rows = ("white", "grey") if player == 0 else ("grey", "white")
    for row in rows:
        cards = whites(data, state, player) if row == "white" else greys(data, state, player)
        face = "face up" if row == "white" else "face down"
        st.html(f'<div class="vl-rowname">{row.upper()} ({face})</div>')
        for i, column in enumerate(st.columns(len(cards), gap="small")):
            action = targets.get((row, i))
            if action is not None:
                with column:
                    _button(label(row, i, action), action)
            else:
                here = cards[i]
                text = data.cards[here].name if here else "empty"
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>{escape(text)}</div>')


# --- a turn --------------------------------------------------------------------------------------

SINGULAR_HELP = {
    "burn": "remove an enemy creature on white from the game",
    "swap": "swap one of yours for one of theirs (both on white)",
    "steal": "take an enemy creature into your free white position opposite",
    "heal": "back to full health and armour",
}


def _turn(match, mine: list[Action]) -> None:
    state, data = match.state, match.rules.data
    p = state.active
    picked = _pick(match)
    singulars = [a for a in mine if a["type"] in SINGULAR_HELP]
    if singulars:
        _singulars(match, singulars, picked)
    moves = [a for a in mine if a["type"] in ("move", "promote", "swap_places")]
    if moves:
        st.markdown("**Move** (tap one of your creatures, then where it goes):")
        movers = {a["card"] for a in moves}
        card = picked[1] if picked and picked[0] == "card" else None
        if card is None:
            _pick_grid(match, p, movers)
        else:
            targets = {}
            for a in moves:
                if a["card"] != card:
                    continue
                if a["type"] == "swap_places":
                    where = locate(data, state, a["other"])
                    targets[("white", where[2])] = a
                else:
                    row = "white" if a["type"] == "promote" else locate(data, state, card)[0]
                    targets[(row, a["position"])] = a
            st.caption(f"Moving {data.name(card)}:")
            _grid(match, p, targets, lambda row, i, a: _move_label(data, row, i, a))
            st.button(
                "Cancel the move",
                key="vl_cancel",
                width="stretch",
                wrap=True,
                on_click=_choose,
                args=(len(match.log), None),
            )
    attack = next((a for a in mine if a["type"] == "attack"), None)
    if attack:
        _button(_label(match, attack), attack, primary=True)


def _move_label(data, row: str, i: int, action: Action) -> str:
    kind = action["type"]
    if kind == "swap_places":
        return f"⇄ {data.name(action['other'])}"
    if kind == "promote":
        return f"↑ White {i + 1}"
    return f"→ {row.capitalize()} {i + 1}"


def _pick_grid(match, player: int, movers: set[str]) -> None:
    """Your half of the board as buttons: the creatures that can move are the buttons."""
    state, data = match.state, match.rules.data
    rows = ("white", "grey") if player == 0 else ("grey", "white")
    for row in rows:
        cards = whites(data, state, player) if row == "white" else greys(data, state, player)
        st.html(f'<div class="vl-rowname">{row.upper()}</div>')
        for i, column in enumerate(st.columns(len(cards), gap="small")):
            here = cards[i]
            if here in movers:
                column.button(
                    data.name(here),
                    key=f"vl_mover_{here}".replace(".", "-"),
                    width="stretch",
                    wrap=True,
                    on_click=_choose,
                    args=(len(match.log), ("card", here)),
                )
            else:
                text = data.cards[here].name if here else "empty"
                column.html(f'<div class="vl-slot">{row[0].upper()}{i + 1}<br>{escape(text)}</div>')


def _singulars(match, singulars: list[Action], picked: tuple | None) -> None:
    state, data = match.state, match.rules.data
    st.markdown("**Singular cards** (before any move; each once a game):")
    kinds = list(dict.fromkeys(a["type"] for a in singulars))
    chosen = picked[1] if picked and picked[0] == "singular" else None
    for column, kind in zip(st.columns(len(kinds), gap="small"), kinds, strict=True):
        on = chosen == kind
        column.button(
            data.singulars[kind],
            key=f"vl_sing_{kind}",
            type="primary" if on else "secondary",
            width="stretch",
            wrap=True,
            on_click=_choose,
            args=(len(match.log), ("singular", kind)),
        )
    if chosen is None:
        return
    st.caption(f"{data.singulars[chosen]}: {SINGULAR_HELP[chosen]}.")
    for action in (a for a in singulars if a["type"] == chosen):
        _button(_singular_label(data, state, action), action)


def _singular_label(data, state: VitaLunaState, action: Action) -> str:
    def at(card: str) -> str:
        where = locate(data, state, card)
        return f"{data.name(card)} (white {where[2] + 1})" if where else data.name(card)

    kind = action["type"]
    if kind == "swap":
        return f"Give {at(action['own'])}, take {at(action['target'])}"
    verb = {"burn": "Burn", "steal": "Steal", "heal": "Heal"}[kind]
    return f"{verb} {at(action['target'])}"


# --- between battles -----------------------------------------------------------------------------


def _between(match, mine: list[Action]) -> None:
    state, data = match.state, match.rules.data
    trades = [a for a in mine if a["type"] == "trade"]
    picked = _pick(match)
    trader = picked[1] if picked and picked[0] == "trade" else None
    players = sorted({a["player"] for a in trades})
    if players:
        st.markdown("**Trade two black cards for a random blue one** (as often as you like):")
        for column, p in zip(st.columns(len(players), gap="small"), players, strict=True):
            on = trader == p
            column.button(
                f"{state.names[p]} trades",
                key=f"vl_trader_{p}",
                type="primary" if on else "secondary",
                width="stretch",
                wrap=True,
                on_click=_choose,
                args=(len(match.log), ("trade", p)),
            )
    if trader is not None:
        seen: set[tuple[str, str]] = set()
        for action in (a for a in trades if a["player"] == trader):
            kinds = tuple(sorted(data.cards[c].id for c in action["cards"]))
            if kinds in seen:
                continue  # two Wolves are two Wolves, whichever copies
            seen.add(kinds)
            names = " + ".join(data.name(c) for c in action["cards"])
            _button(f"Give {names}", action)
    following = next((a for a in mine if a["type"] == "next_battle"), None)
    if following:
        _button(_label(match, following), following, primary=True)


# --- the auction ---------------------------------------------------------------------------------


def _bidder_now(state: VitaLunaState, app: int | None) -> tuple[int, str]:
    """Who enters a bid now: the one still to bid; with neither in, the opener of this lot."""
    waiting = [p for p in (0, 1) if state.bids[p] is None and p != app]
    if len(waiting) == 1:
        return waiting[0], state.names[waiting[0]]
    first = state.opener if state.phase == ATTACK_BID else lot_opener(state)
    return first, state.names[first]


def _bidding(table: session.Table, app: int | None, legal: list[Action]) -> None:
    match = table.match
    state, data = match.state, match.rules.data
    if state.phase == CARD_BID:
        lot = _cell(data, state, state.lot, False, True)
        st.markdown(
            f'<div class="vl-lot">{card_svg(lot, 200)}<div>Card {state.lots} of {AUCTION_LOTS} '
            f"turned up ({data.cards[state.lot].deck}). Both bid in secret; the higher bid "
            "takes it and both pay what they bid.</div></div>",
            unsafe_allow_html=True,
        )
    else:
        st.html(
            '<div class="vl-next">Bid for the right to attack first. Both bid in secret; '
            "both pay what they bid.</div>"
        )
    hidden = match.rules.hidden_bid(state)
    if hidden is not None and app is None and not _covered(table, f"bid:{len(match.log)}"):
        return
    p, name = _bidder_now(state, app)
    if hidden is not None:
        who = state.names[hidden] + (" (the app)" if hidden == app else "")
        st.info(f"{who} has made a secret bid: it stays covered until yours is in.")
    bids = {a["amount"]: a for a in legal if a["type"] == "bid" and a["player"] == p}
    if not bids:
        return
    most = max(bids)
    amount = _draft(match, p, most)
    st.html(f'<div class="vl-next">{escape(name)}: enter your bid (you have {most} markers)</div>')
    minus, number, plus = st.columns([1, 1.3, 1], vertical_alignment="center")
    minus.button(
        "−",
        key="vl_bid_minus",
        width="stretch",
        wrap=True,
        disabled=amount <= 0,
        on_click=_set_draft,
        args=(len(match.log), p, amount - 1),
    )
    number.html(f'<div class="vl-bid">{amount}</div>')
    plus.button(
        "+",
        key="vl_bid_plus",
        width="stretch",
        wrap=True,
        disabled=amount >= most,
        on_click=_set_draft,
        args=(len(match.log), p, amount + 1),
    )
    quick = [n for n in (0, 1, 2, 3, 5) if n <= most] + ([most] if most > 5 else [])
    for column, n in zip(st.columns(len(quick), gap="small"), quick, strict=True):
        column.button(
            str(n),
            key=f"vl_bid_set_{n}",
            width="stretch",
            wrap=True,
            on_click=_set_draft,
            args=(len(match.log), p, n),
        )
    _button(f"Confirm my bid of {amount}", bids[amount], primary=True)


def _draft(match, p: int, most: int) -> int:
    draft = st.session_state.get(DRAFT)
    if not draft or draft[0] != (len(match.log), p):
        return 0  # every bidder starts from 0: nobody sees the number the other one chose
    return max(0, min(most, draft[1]))


def _set_draft(length: int, p: int, amount: int) -> None:
    st.session_state[DRAFT] = ((length, p), amount)


# --- the end -------------------------------------------------------------------------------------


def _over(match) -> None:
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


# --- the cards in each player's hands ------------------------------------------------------------


def _private_cards(match, app: int | None) -> None:
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
            for kind, n in sorted(counts.items(), key=lambda kv: _deck_rank(data, f"{kv[0]}.1")):
                creature = data.creatures[kind]
                there = f", {placed[kind]} on the board" if placed[kind] else ""
                lines.append(
                    f"- **{creature.name}** ×{n} ({creature.deck}, {creature.attack}/"
                    f"{creature.health}){there}"
                )
            st.markdown("\n".join(lines))


# --- the log -------------------------------------------------------------------------------------


def _log(match, shown: Cursor | None) -> None:
    """The log, newest first; during a walk-through only up to the step on the screen."""
    st.markdown("**Log** (newest first)")
    with st.container(height=300, border=True):
        count = len(match.log)
        events = list(match.events)
        if shown is not None:
            entry, seen = shown
            count = min(count, entry + (1 if seen else 0))
            if seen:
                events[entry] = events[entry][:seen]
        if not count:
            st.caption("Nothing has happened yet.")
            return
        lines = [
            f"**{i + 1}.** " + " ".join(escape(e) for e in events[i])
            for i in range(count - 1, max(-1, count - 1 - LOG_SHOWN), -1)
        ]
        st.markdown("\n\n".join(lines))
        if count > LOG_SHOWN:
            st.caption(f"{count - LOG_SHOWN} older moves are kept in the saved game.")
