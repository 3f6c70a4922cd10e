"""What Luturas's page shows in every phase: the title bar with Undo, what just happened (with
the app's answers), what the table does next, the log in plain words, and the end of the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.luturas.state import DEAL, DRAW, MAIN, MULLIGAN, OVER, RESPOND, TOSS
from companion.games.rulings import rulebook, ruling_of
from companion.screens import rules_panel
from companion.screens.luturas.eyes import Screen
from companion.screens.parts import plain
from companion.screens.table import header as table_header

OPENING = (
    "A new match of Luturas. The tablet keeps every Stamina, Crystal and Gear and checks each "
    "play; the cards stay on the table."
)


def title_bar(screen: Screen) -> None:
    """The title bar (`table.header`) with the match's moment and mode; under a refused Undo, the
    ruling behind the refusal."""
    title = f"Luturas · {moment(screen.view)} · {screen.view['mode']} mode"
    table_header.title_bar(screen, title, "lt", ruling=undo_ruling)


def undo_ruling(why_not: str | None) -> None:
    """The ruling behind a refused Undo, a tap away; the reason itself is already under the
    button (`parts.title_bar`), so it is not said twice."""
    found = ruling_of(why_not) if why_not else None
    if found is None:
        return
    topic = plain(rulebook("luturas").ruling(found).topic)
    rules_panel.explain_button("luturas", rules_panel.ruling(found), f"Rule: {topic}",
                               key="rule_why_undo", note=why_not, width="content")  # fmt: skip


def moment(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == OVER:
        return "the match is over"
    if phase in (TOSS, "choose", DEAL, MULLIGAN):
        return f"round {view['round']}, setting up"
    return f"round {view['round']}, turn {view['turn']}"


def just_now(screen: Screen) -> None:
    """What the last move did (`table.header`; against the app, with the app's answers: which
    physical cards it deploys, which Crystals it places)."""
    table_header.just_now(screen, "lt", OPENING, lambda seen, app, i: for_the_table(screen, i))


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
        table_header.prompt("lt", text)


def _responder(view: dict[str, Any]) -> str:
    attack = view["attack"]
    return "" if attack is None else f"{view['names'][1 - attack['player']]} may answer the attack."


def _active(view: dict[str, Any]) -> str:
    return view["names"][view["active"]]


NEXT_STEPS: dict[str, Callable[[dict[str, Any]], str]] = {
    TOSS: lambda v: "Toss the coin: its winner chooses who starts the round.",
    "choose": lambda v: f"{v['names'][v['chooser']]} won the toss and chooses who starts.",
    DEAL: lambda v: "Shuffle the decks and draw the opening hands.",
    MULLIGAN: lambda v: f"{_active(v)} keeps the opening hand or takes a new one.",
    DRAW: lambda v: f"{_active(v)}'s turn begins with a draw.",
    MAIN: lambda v: f"{_active(v)}'s turn: Crystals, Luturas, Tools, Strategies, attacks.",
    RESPOND: _responder,
}


def next_step(screen: Screen) -> str:
    """What the table does now, in a sentence: a choice waiting first, else the phase's step."""
    view = screen.view
    if view["pending"]:
        return f"{view['names'][view['pending'][0]['player']]} has a choice to make."
    step = NEXT_STEPS.get(view["phase"])
    return step(view) if step else ""


def game_over(screen: Screen) -> None:
    view = screen.view
    names = view["names"]
    wins = [int(s["wins"]) for s in view["sides"]]
    said = f"Rounds won: {names[0]} {wins[0]}, {names[1]} {wins[1]}."
    head = f"{names[int(view['winner'])]} wins the match!"
    table_header.game_over(screen, "lt", head, said, "Play a new match")
