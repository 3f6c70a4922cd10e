"""What a player did, in one sentence for the table: the page says it for the app's moves.

The app holds its hand in secret like any player, so the people at the table must be told which
physical card it lays and where ("Rival deploys Tidepup Gear 1 from its hand in space 2."). A
sentence is made from the state before the action and the action as logged for the seat that
reads it (`Match.seen_log`): a card still hidden from that seat (a Strategy set face down, a card
drawn) is never named, since the logged action holds HIDDEN in its place. The engine's own log
lines say what followed (damage, effects); this says what the player did, once.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import Action
from companion.engine.seats import HIDDEN
from companion.games.luturas.combat import target_words
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import LuturasState, Side

# The plays from the hand said with the player's name, the card's title and the space alone.
PLAYS = {
    "deploy": "{name} deploys {title} from its hand in {where}.",
    "crystal": "{name} places {title} from its hand beside its Soldier.",
    "tool": "{name} plays the Tool {title} from its hand in front of its Soldier.",
    "strategy": "{name} plays the Strategy {title} from its hand.",
    "set": "{name} sets a Strategy from its hand face down in its Strategy corner.",
}


def says(data: LuturasData, before: LuturasState, action: Action) -> str:
    """`action`'s player's move in words, as the state `before` it shows the table."""
    kind, p = action.get("type"), action.get("player")
    if p not in (0, 1):
        return {"toss": "The coin is tossed.", "deal": "The opening hands are dealt."}.get(
            str(kind), "The table moves on."
        )
    name, side = before.names[p], before.sides[p]
    card = action.get("card")
    title = data.title(card) if isinstance(card, str) and card != HIDDEN else ""
    space = action.get("space")
    where = f"space {space + 1}" if isinstance(space, int) else ""
    if isinstance(kind, str) and kind in PLAYS:
        return PLAYS[kind].format(name=name, title=title, where=where)
    if kind == "upgrade":
        lutura = side.spaces[space] if isinstance(space, int) else None
        below = data.title(lutura.top) if lutura else "its Lutura"
        kept = f", keeping its {lutura.damage} damage" if lutura and lutura.damage else ""
        return f"{name} upgrades {below} in {where} to {title} from its hand{kept}."
    if kind == "assign":
        toward = _lutura_in(data, side, space, where)
        return f"{name} turns its Tool {data.title(side.tool)} toward {toward} in {where}."
    if kind == "flip":
        shown = title or (data.title(side.facedown) if side.facedown not in ("", HIDDEN) else "")
        return f"{name} flips its face-down Strategy{': ' + shown if shown else ''}."
    if kind == "effect":
        return f"{name} uses the effect of {_lutura_in(data, side, space, where)}."
    if kind == "tool_effect":
        return f"{name} uses the effect of its Tool {data.title(side.tool)}."
    if kind == "ability":
        return f"{name}'s Soldier {data.of(side.soldier).name} uses the ability."
    if kind == "choose" and action.get("first") in (0, 1):
        return f"{name} chooses that {before.names[action['first']]} starts."
    if kind == "attack":
        attacker = _lutura_in(data, side, space, where)
        return f"{name}'s {attacker} attacks {target_words(data, before, p, action['target'])}."
    return simple(name, kind, action)


def _lutura_in(data: LuturasData, side: Side, space: Any, otherwise: str) -> str:
    """The top card of the Lutura in `space` (a space number), else `otherwise` (an empty space,
    or none named)."""
    lutura = side.spaces[space] if isinstance(space, int) else None
    return data.title(lutura.top) if lutura else otherwise


def simple(name: str, kind: Any, action: Action) -> str:
    """The moves that name no card on the table."""
    if kind == "draw":
        pile = " from the Crystal deck" if action.get("pile") == "crystals" else ""
        return f"{name} draws a card{pile}."
    if kind == "pick":
        return f"{name} makes the choice the effect asked for."
    words = {
        "keep": "keeps the opening hand",
        "mulligan": "takes a new hand",
        "pass": "lets the attack go on",
        "end": "ends the turn",
    }
    return f"{name} {words.get(str(kind), 'moves')}."
