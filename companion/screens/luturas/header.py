"""What Luturas's page shows in every phase: the title bar with Undo, what just happened (with
the app's answers), what the table does next, the log in plain words, and the end of the match."""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.games.luturas.state import DEAL, DRAW, MAIN, MULLIGAN, OVER, RESPOND, TOSS
from companion.screens import last_moves, parts, rules_panel, session
from companion.screens.luturas.eyes import Screen

LOG_SHOWN = 150
OPENING = (
    "A new match of Luturas. The tablet keeps every Stamina, Crystal and Gear and checks each "
    "play; the cards stay on the table."
)


def title_bar(screen: Screen) -> None:
    """The title (with whose screen this is), Undo as far as this device may take back (the
    engine's reason under it when it may not), Table view, Back to games."""
    table, view = screen.table, screen.view
    notes = f" · {view['mode']} mode"
    if screen.app is not None:
        notes += " · against the app"
    if table.access.seat is not None:
        notes += f" · {view['names'][table.access.seat]}'s screen"
    elif table.access.public:
        notes += " · watching"
    device = table.look()
    can_undo = bool(device.length) and not table.access.public
    why_not = session.undo_refusal(table) if can_undo else None
    parts.title_bar(f"Luturas · {moment(view)}{notes}", prefix="lt", can_undo=can_undo,
                    undo=_undo, undo_args=(screen.app,), wrap=True, why_not=why_not)  # fmt: skip
    if why_not and can_undo:
        rules_panel.why("luturas", why_not, key="lt_undo_why")
    if table.access.public:
        st.caption(session.WATCHING)


def moment(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == OVER:
        return "the match is over"
    if phase in (TOSS, "choose", DEAL, MULLIGAN):
        return f"round {view['round']}, setting up"
    return f"round {view['round']}, turn {view['turn']}"


def _undo(app: int | None) -> None:
    """Take back the last action; against the app, also everything the app did after it."""
    session.undo(last_moves.with_the_apps_reply(app))


def just_now(screen: Screen) -> None:
    """What the last move did (against the app, with the app's answers: which physical cards it
    deploys, which Crystals it places), in the engine's words."""
    shown = last_moves.recent(screen.seen, screen.app)
    todo = [t for i in shown for t in for_the_table(screen, i)]
    last_moves.show("lt", screen.seen, shown, todo, OPENING)


def for_the_table(screen: Screen, index: int) -> list[str]:
    """Against the app, what the table does with the app's physical cards after log entry
    `index`: the app's hand stays in the stock, and what it plays is laid out from there."""
    app = screen.app
    action = screen.seen.log[index]
    if app is None or action.get("player") != app:
        return []
    data, who = screen.data, screen.name(app)
    kind, card = action["type"], str(action.get("card", ""))
    if kind == "crystal":
        return [f"From the stock, lay {data.title(card)} on {who}'s side."]
    if kind == "deploy":
        return [f"From the stock, lay {data.title(card)} in {who}'s space {action['space'] + 1}."]
    if kind == "upgrade":
        return [f"From the stock, lay {data.title(card)} on top of {who}'s Lutura in space "
                f"{action['space'] + 1}."]  # fmt: skip
    if kind == "tool":
        return [f"From the stock, lay the Tool {data.title(card)} in front of {who}'s Soldier."]
    if kind == "strategy":
        return [f"From the stock, lay {data.title(card)} on {who}'s side while it works."]
    if kind == "set":
        return [f"Lay any card face down in {who}'s Strategy corner: the app knows which it is."]
    return []


def prompt(text: str) -> None:
    if text:
        st.html(f'<div class="lt-prompt">{escape(text)}</div>')


def next_step(screen: Screen) -> str:
    """What the table does now, in a sentence."""
    view = screen.view
    names = view["names"]
    phase = view["phase"]
    if view["pending"]:
        return f"{names[view['pending'][0]['player']]} has a choice to make."
    if phase == TOSS:
        return "Toss the coin: its winner chooses who starts the round."
    if phase == "choose":
        return f"{names[view['chooser']]} won the toss and chooses who starts."
    if phase == DEAL:
        return "Shuffle the decks and draw the opening hands."
    if phase == MULLIGAN:
        return f"{names[view['active']]} keeps the opening hand or takes a new one."
    if phase == DRAW:
        return f"{names[view['active']]}'s turn begins with a draw."
    if phase == MAIN:
        return f"{names[view['active']]}'s turn: Crystals, Luturas, Tools, Strategies, attacks."
    if phase == RESPOND and view["attack"] is not None:
        return f"{names[1 - view['attack']['player']]} may answer the attack."
    return ""


def log(seen: SeenMatch) -> None:
    parts.log_list(seen.events, height=280, most=LOG_SHOWN)


def game_over(screen: Screen) -> None:
    view = screen.view
    winner = int(view["winner"])
    wins = [int(s["wins"]) for s in view["sides"]]
    st.html(
        f'<div class="lt-cover">{escape(view["names"][winner])} wins the match!'
        f"<small>Rounds won: {escape(view['names'][0])} {wins[0]}, "
        f"{escape(view['names'][1])} {wins[1]}.</small></div>"
    )
    if not screen.table.access.table:
        return
    st.button("Play a new match", key="lt_new", type="primary", width="stretch", wrap=True,
              on_click=session.start,
              args=(screen.seen.rules, dict(screen.seen.options)))  # fmt: skip
