"""What lies on a declared table, as these eyes see it: the shared counters, the dice with their
last roll, the shared decks counted, and one band per seat with its counters, its zones (cards by
name, or face-down backs with a count where the zone is another seat's secret), its own decks, its
sealed card and whether it has ended the phase; then the last reveal.

Everything is read from the engine's `view` for these eyes, so a card the eyes may not see is
"hidden" here and can only be drawn as a back.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.screens.declared.eyes import Screen


def spec(screen: Screen) -> Any:
    return screen.seen.rules.table  # type: ignore[attr-defined]


def _card(screen: Screen, card: str) -> str:
    return f'<span class="dc-card">{escape(screen.card_name(card))}</span>'


def _backs(count: int) -> str:
    shown = min(count, 8)  # a long hidden hand reads by its count, not by its backs
    backs = '<span class="dc-back" aria-hidden="true"></span>' * shown
    return f'{backs}<span class="dc-count">{count} face down</span>'


def cards(screen: Screen, listed: list[str]) -> str:
    """A zone's cards: names for those these eyes see, backs (and how many) for the rest."""
    if not listed:
        return '<span class="dc-none">none</span>'
    seen = [_card(screen, c) for c in listed if c != HIDDEN]
    hidden = sum(c == HIDDEN for c in listed)
    return "".join(seen) + (_backs(hidden) if hidden else "")


def _counter(name: str, value: Any) -> str:
    return f'<span class="dc-counter">{escape(name)} <b>{escape(str(value))}</b></span>'


def _decks(screen: Screen, seat: int | None) -> str:
    """The decks counted: the table's (seat None) or one seat's own."""
    out = []
    for deck in spec(screen).decks:
        key = f"{deck.id}:{seat}" if deck.each else deck.id
        if deck.each == (seat is None) or key not in screen.view["decks"]:
            continue
        left = screen.view["decks"][key]
        out.append(_counter(deck.name, f"{left} card{'s' if left != 1 else ''}"))
    return "".join(out)


def middle(screen: Screen) -> str:
    """The shared counters, the dice and the table's decks, in one line."""
    view, table = screen.view, spec(screen)
    found = [_counter(c.name, view["shared"].get(c.id)) for c in table.shared]
    for die in table.dice:
        value = view["dice"].get(die.id)
        found.append(_counter(die.name, value if value is not None else "not rolled"))
    found.append(_decks(screen, None))
    shown = "".join(f for f in found if f)
    return f'<div class="dc-middle">{shown}</div>' if shown else ""


def seat_band(screen: Screen, seat: int) -> str:
    view, table = screen.view, spec(screen)
    active = view["stage"] == "play" and (
        view.get("active") == seat if view.get("active") is not None else not view["ended"][seat]
    )
    marks = ""
    if view.get("active") is None and view["stage"] == "play" and view["ended"][seat]:
        marks += '<span class="dc-mark">ended the phase</span>'
    sealed = view["sealed"][seat]
    if sealed == HIDDEN:
        marks += '<span class="dc-mark">has sealed a card</span>'
    elif sealed is not None:
        marks += (
            f'<span class="dc-mark">sealed {escape(screen.card_name(sealed))}, face down</span>'
        )
    counters = "".join(_counter(c.name, view["counters"][c.id][seat]) for c in table.counters)
    zones = "".join(
        f'<div class="dc-zone"><span class="dc-zname">{escape(z.name)}</span>'
        f"{cards(screen, view['zones'][z.id][seat])}</div>"
        for z in table.zones
    )
    name = escape(str(view["names"][seat]))
    return (
        f'<div class="dc-seat{" active" if active else ""}" data-seat="{seat}">'
        f'<div class="dc-who"><span class="dc-name dc-ink{seat % 2}">{name}</span>'
        f"{counters}{_decks(screen, seat)}{marks}</div>{zones}</div>"
    )


def revealed(screen: Screen) -> str:
    """The last reveal of sealed cards, each seat's card by name."""
    shown = screen.view.get("revealed") or []
    pairs = [(s, c) for s, c in enumerate(shown) if c]
    if not pairs:
        return ""
    names = screen.view["names"]
    said = " · ".join(f"{escape(str(names[s]))}: {_card(screen, c)}" for s, c in pairs)
    return f'<div class="dc-reveal"><span class="dc-title">Last reveal</span> {said}</div>'


def draw(screen: Screen) -> None:
    """The table, the seat whose eyes these are at the bottom (nearest its player)."""
    seats = list(range(len(screen.view["names"])))
    me = screen.seat
    if me is not None and me in seats:
        seats = [s for s in seats if s != me] + [me]
    bands = [seat_band(screen, s) for s in seats]
    if len(bands) > 1:
        bands.insert(len(bands) - 1, middle(screen) + revealed(screen))
    else:
        bands.insert(0, middle(screen) + revealed(screen))
    st.html(f'<div class="dc-table">{"".join(bands)}</div>')
