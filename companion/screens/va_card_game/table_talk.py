"""What the physical cards must do to stay true to the game, in sentences for the table.

When the app shuffles (cards "app"), each player's hero cards and equipment cards lie sorted in two
stocks and the page names each card to take: in private the cards dealt or drawn for one player.
Against the app, the app's hand stays in its stocks (the players set them aside, unseen): the
page says which of the app's cards to lay out when the app reveals its opening hero, brings in a
hero or attaches a piece.

Every sentence is made from the log as these eyes saw it, so a private sentence only ever names
the cards of the player whose eyes they are.
"""

from __future__ import annotations

from typing import Any

from companion.engine.seats import HIDDEN
from companion.engine.seen import SeenMatch
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import PREPARE
from companion.screens.va_card_game.words import names

Action = dict[str, Any]


def for_the_table(seen: SeenMatch, app: int | None, index: int) -> list[str]:
    """What the table does with the physical cards after log entry `index` (the app's cards)."""
    data: VaCardGameData = seen.rules.data  # type: ignore[attr-defined]
    action = seen.log[index]
    kind = action["type"]
    if kind in ("deal", "draw"):
        if app is None:
            return ["Each player takes the cards the app names for them, on their own screen."]
        rival = seen.view["names"][app]
        if kind == "deal":
            return [
                f"Set {rival}'s hero and equipment cards aside as {rival}'s stocks, unseen: the "
                "app holds its hand and names each card it plays."
            ]
        return [f"{rival}'s new cards stay in {rival}'s stocks, unseen."]
    if app is None:
        return []
    rival = seen.view["names"][app]
    if kind == "prepare":
        after = seen.state_at(index + 1)
        if after.phase != PREPARE:  # both ready: revealed
            hero, gear = after.heroes[app], after.gear[app]
            tucked = f", with {names(data, gear)} tucked under it" if gear else ""
            return [f"From {rival}'s stocks, lay {data.name(hero)} face up{tucked}."]
        if action.get("player") == app:
            return [f"{rival}'s opening hero stays in its stocks until both are revealed."]
    if action.get("player") != app:
        return []
    if kind == "bring_in":
        return [f"From {rival}'s hero stock, bring in {data.name(action['card'])} face up."]
    if kind == "equip":
        hero = seen.state_at(index).heroes[app]
        return [
            f"From {rival}'s equipment stock, tuck {data.name(action['card'])} under "
            f"{data.name(hero)}."
        ]
    return []


def news(seen: SeenMatch, seat: int) -> list[str]:
    """The cards the app dealt or drew for `seat` that its player must take from their stocks,
    as `seat`'s own eyes saw them: everything since the player last acted, and the card of the
    player's own last draw."""
    data: VaCardGameData = seen.rules.data  # type: ignore[attr-defined]
    said: list[str] = []
    for action in reversed(seen.log):
        kind = action["type"]
        if action.get("player") == seat:
            card = action.get("card")
            if kind == "draw_hero" and card and card != HIDDEN:
                said.append(f"You drew {data.name(card)}: take it from your hero stock, unseen.")
            break
        if kind == "deal":
            heroes, gear = action["heroes"][seat], action["equipment"][seat]
            if HIDDEN not in (*heroes, *gear):
                said.append(
                    f"Your opening cards: take {names(data, heroes)} (heroes) and "
                    f"{names(data, gear)} (equipment) from your stocks, unseen."
                )
        if kind == "draw":
            drawn = [c for c in (action["heroes"][seat], action["equipment"][seat]) if c]
            if drawn and HIDDEN not in drawn:
                said.append(f"You drew {names(data, drawn)}: take them from your stocks, unseen.")
    return list(reversed(said))
