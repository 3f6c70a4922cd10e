"""What the physical cards must do to stay true to the game, in sentences for the table.

When the app shuffles (cards "app"), the physical cards lie sorted in a stock and the page names
each card to take: the row turned up for everyone to see, and in private the cards dealt or drawn
for one player. Against the app, the app's hand stays in the stock: a card it takes from the row
goes back there, and a card it plays is laid from there once both cards are revealed.

Every sentence is made from the log as these eyes saw it, so a private sentence only ever names
the cards of the player whose eyes they are.
"""

from __future__ import annotations

from typing import Any

from companion.engine.seats import HIDDEN
from companion.engine.seen import SeenMatch
from companion.games.riposte.data import RiposteData
from companion.games.riposte.state import BRACE

Action = dict[str, Any]


def names(data: RiposteData, cards: list[str]) -> str:
    """ "Feint", "Feint and Bind", "Feint, Bind and Slant"."""
    words = [data.name(c) for c in cards]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def for_the_table(seen: SeenMatch, app: int | None, index: int) -> list[str]:
    """What the table does with the physical cards after log entry `index` (app's cards)."""
    data: RiposteData = seen.rules.data  # type: ignore[attr-defined]
    action = seen.log[index]
    kind = action["type"]
    said: list[str] = []
    if kind in ("deal", "turn_up"):
        new = "the new draft row" if kind == "turn_up" else "the draft row"
        said.append(f"From the stock, turn up {names(data, action['row'])} as {new}.")
        if kind == "deal":
            said.append("Each player takes the two cards the app names for them in private.")
    if kind == "take":
        said.append(f"From the stock, turn up {data.name(action['refill'])} to fill the gap.")
        if action["player"] == app:
            taken = seen.state_at(index).row[action["slot"]]
            said.append(f"{data.name(taken)} goes back to the stock: the app holds it.")
    if kind == "swap" and action["player"] == app and action["slot"] is not None:
        taken = seen.state_at(index).row[action["slot"]]
        said.append(
            f"From the stock, put {data.name(action['card'])} in the row where "
            f"{data.name(taken)} was; {data.name(taken)} goes back to the stock."
        )
    if kind == "play" and app is not None and any("reveals" in e for e in seen.events[index]):
        after = seen.state_at(index + 1)
        card = after.chosen[app] if after.phase == BRACE else after.last_cards[app]
        said.append(f"From the stock, lay {data.name(card)} for {after.names[app]}.")
    return said


def news(seen: SeenMatch, seat: int) -> list[str]:
    """The cards the app dealt or drew for `seat` that its player must take from the stock, as
    `seat`'s own eyes saw them: the starting cards until the player first acts, and the card of
    the player's own last draw."""
    data: RiposteData = seen.rules.data  # type: ignore[attr-defined]
    log = seen.log
    said: list[str] = []
    for action in reversed(log):
        if action.get("player") == seat:
            break
        if action["type"] == "deal" and HIDDEN not in action["hands"][seat]:
            cards = names(data, action["hands"][seat])
            said.append(f"Your starting cards: take {cards} from the stock, unseen.")
    drawn = drawn_card(log, seat)
    if drawn is not None:
        said.append(f"Take {data.name(drawn)} from the stock, without showing it.")
    return said


def drawn_card(log: list[Action], seat: int) -> str | None:
    """The card `seat` took with the last action (a blind draw, or Rook's kept card)."""
    if not log:
        return None
    last = log[-1]
    if last.get("player") != seat or last["type"] not in ("draw", "keep"):
        return None
    card = last.get("card")
    return card if card and card != HIDDEN else None
