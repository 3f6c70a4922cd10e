"""A declared game in the table view (`screens.table_view`): each seat's deciding counter in
large type, its other counters under it, and the turn line. Which counter decides is read from
the declaration: the one `end.winner` names, else the first whose bound loses or wins, else the
first; a hit, for the sound, is that counter going the way that loses."""

from __future__ import annotations

from typing import Any

from companion.screens.declared.header import moment
from companion.screens.glance import Glance, Side


def deciding(table: Any) -> Any | None:
    """The counter the table view shows each seat by, or None when seats count nothing."""
    if not table.counters:
        return None
    if table.winner is not None:
        named = next((c for c in table.counters if c.id == table.winner[1]), None)
        if named is not None:
            return named
    bounded = [c for c in table.counters if {c.at_min, c.at_max} & {"loses", "wins"}]
    return (bounded or list(table.counters))[0]


def glance(rules: Any, state: Any) -> Glance:
    view, table = rules.view(state, None), rules.table
    names = view["names"]
    counter = deciding(table)
    winner = view.get("winner")
    if view["stage"] == "over":
        turn = f"{names[winner]} wins" if isinstance(winner, int) and winner >= 0 else "Game over"
    else:
        said = moment(view)
        turn = said[0].upper() + said[1:]
    sides = []
    for seat, name in enumerate(names):
        others = " · ".join(
            f"{c.name} {view['counters'][c.id][seat]}" for c in table.counters if c is not counter
        )
        active = view["stage"] == "play" and (
            view["active"] == seat if view.get("active") is not None else not view["ended"][seat]
        )
        if counter is None:
            sides.append(Side(name, 0, None, "", others, active))
            continue
        value = view["counters"][counter.id][seat]
        most = counter.max if counter.at_max in ("wins", "ends") else None
        worse_up = counter.at_max == "loses" or counter.at_min == "wins"  # a doom count
        sides.append(Side(name, value, most, counter.name.lower(), others, active,
                          hurt=value if worse_up else -value))  # fmt: skip
    shared = " · ".join(f"{c.name} {view['shared'][c.id]}" for c in table.shared)
    title = f"{rules.title} · {shared}" if shared else str(rules.title)
    return Glance(title, turn, tuple(sides))
