"""The last duel explained, between the two battlefields: both declarations as they were revealed,
what each hero did and had left ("Iron Monk attacks for 3; Bastion Knight blocks: DEF 4 → 1, HP
unchanged"), and the engine's own words for it.

The numbers before and after come from the states these eyes saw just before and just after the
reveal (`SeenMatch.state_at`): both heroes lie face up in a duel, so nothing hidden is read.
"""

from __future__ import annotations

from html import escape
from typing import Any

from companion.engine.seen import SeenMatch
from companion.games.va_card_game.data import VaCardGameData
from companion.games.va_card_game.state import ATTACK, DECLARE, DRAW, EQUIP, OVER
from companion.games.va_card_game.stats import left
from companion.screens.va_card_game.eyes import Screen
from companion.screens.va_card_game.pictures import stance_mark


def panel(screen: Screen) -> str:
    """The last duel, or what the table waits for before the first one."""
    view = screen.view
    if not all(view["last_declared"]):
        return f'<div class="va-duel va-empty">{escape(_before_any(view))}</div>'
    seen = screen.seen
    index = reveal_index(seen)
    if index is None:  # cannot happen: a duel was declared, so a reveal is in the log
        return '<div class="va-duel va-empty">No duel yet.</div>'
    before, after = seen.state_at(index), seen.state_at(index + 1)
    fresh = " fresh" if index == seen.length - 1 else ""
    order = (before.active, 1 - before.active)
    marks = "".join(
        f'<div class="va-said"><span class="va-name va-ink{p}">{escape(screen.called(p))}</span>'
        f"<b>{stance_mark(after.last_declared[p])}</b></div>"
        for p in order
    )
    words = "".join(f"<li>{escape(w)}</li>" for w in view["last_words"][1:])
    return (
        f'<div class="va-duel{fresh}"><div class="va-title">'
        f"{'Duel just revealed' if fresh else 'Last duel'} · turn {before.turn}</div>"
        f'<div class="va-saids">{marks}</div>'
        f'<div class="va-sum">{escape(summary(screen.data, before, after))}</div>'
        f'<ul class="va-words">{words}</ul></div>'
    )


def _before_any(view: dict[str, Any]) -> str:
    if view["phase"] == DECLARE:
        return "The first duel: both heroes are in play. Attack or block?"
    if view["phase"] in (DRAW, EQUIP, OVER):
        return "No duel was fought."
    return "No duel yet: the heroes are still to be placed."


def reveal_index(seen: SeenMatch) -> int | None:
    """The log entry of the last reveal: a declaration made while the other one was in."""
    for index in range(seen.length - 1, -1, -1):
        action = seen.log[index]
        if action["type"] != "declare":
            continue
        if seen.state_at(index).declared[1 - action["player"]]:
            return index
    return None


def summary(data: VaCardGameData, before: Any, after: Any) -> str:
    """Each hero's part in the duel, the active player's first: "Iron Monk attacks for 3;
    Bastion Knight blocks: DEF 4 → 1, HP unchanged"."""
    said = after.last_declared
    if ATTACK not in said:
        names = [data.name(before.heroes[p]) for p in (before.active, 1 - before.active)]
        return f"{names[0]} blocks; {names[1]} blocks: nothing happens."
    return "; ".join(_part(data, before, after, p) for p in (before.active, 1 - before.active))


def _part(data: VaCardGameData, before: Any, after: Any, p: int) -> str:
    hero = before.heroes[p]
    was = left(data, before, p)
    verb = f"attacks for {was.ad}" if after.last_declared[p] == ATTACK else "blocks"
    head = f"{data.name(hero)} {verb}"
    if after.heroes[p] != hero:
        return f"{head}: HP {was.hp} → none left, it falls"
    now = left(data, after, p)
    if (now.hp, now.df) == (was.hp, was.df):
        return head  # an attacker facing a block takes nothing
    changes = []
    if now.df != was.df:
        changes.append(f"DEF {was.df} → {now.df}")
    changes.append(f"HP {was.hp} → {now.hp}" if now.hp != was.hp else "HP unchanged")
    return f"{head}: {', '.join(changes)}"
