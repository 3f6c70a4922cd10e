"""What lies on a declared table, as these eyes see it: the shared counters, the dice with their
last roll, the shared decks counted, and one band per seat with its counters, its zones (the
cards as printed, or face-down backs with a count where the zone is another seat's secret), its
own decks, its sealed card and whether it has ended the phase; then the last reveal.

Each piece opens its rule: a card its printed text, a counter, die, deck or place for cards the
declaration's own words for it (`games.declared.words`), since a declared game's rulebook has no
glossary row for the pieces its designer declared.

Everything is read from the engine's `view` for these eyes, so a card the eyes may not see is
"hidden" here and can only be drawn as a back.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.declared import words
from companion.screens import parts, rules_panel
from companion.screens.declared.eyes import Screen
from companion.screens.declared.taps import has_rulebook
from companion.screens.table import pieces
from companion.screens.table.faces import face_html, stamp

CARD_PX = 96  # a card in a place on the table: a row of them fits a phone's width


def spec(screen: Screen) -> Any:
    return screen.seen.rules.table  # type: ignore[attr-defined]


def _card(screen: Screen, card: str) -> str:
    return f'<span class="dc-card">{escape(screen.card_name(card))}</span>'


def _backs(count: int) -> str:
    shown = min(count, 8)  # a long hidden hand reads by its count, not by its backs
    backs = '<span class="dc-back" aria-hidden="true"></span>' * shown
    return f'{backs}<span class="dc-count">{count} face down</span>'


def _counter(name: str, value: Any) -> str:
    return f'<span class="dc-counter">{escape(name)} <b>{escape(str(value))}</b></span>'


class Pieces:
    """One run's way of drawing the table's pieces: each a tap to its rule in words when the
    game's rulebook is in reach (`taps.has_rulebook`), else the same markup alone."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.game = str(screen.seen.rules.game_id)
        self.tappable = has_rulebook(self.game)
        self.when = stamp(self.game)

    def term(self, name: str, kind: str, lines: words.Lines, markup: str, key: str) -> None:
        if not self.tappable:
            st.html(markup)
            return
        pieces.piece(self.game, rules_panel.term(name, kind, lines), parts.plain(name), markup,
                     key=f"rule_dc_{key}")  # fmt: skip

    def counter(self, counter: Any, value: Any, key: str) -> None:
        lines = words.counter_lines(spec(self.screen), counter)
        markup = _counter(counter.name, value)
        if self.tappable:
            label = f"{parts.plain(counter.name)} **{parts.plain(str(value))}**"
            pieces.piece(self.game, rules_panel.term(counter.name, "Counter", lines), label,
                         markup, key=f"rule_dc_{key}")  # fmt: skip
        else:
            st.html(markup)

    def decks(self, seat: int | None) -> None:
        """The decks counted: the table's (seat None) or one seat's own."""
        types = self.screen.seen.rules.data.spec.type  # type: ignore[attr-defined]
        for deck in spec(self.screen).decks:
            key = f"{deck.id}:{seat}" if deck.each else deck.id
            if deck.each == (seat is None) or key not in self.screen.view["decks"]:
                continue
            left = self.screen.view["decks"][key]
            lines = words.deck_lines(spec(self.screen), deck, lambda t: types(t).name)
            count = f"{left} card{'s' if left != 1 else ''}"
            self.term(deck.name, "Deck", lines, _counter(deck.name, count),
                      f"deck_{deck.id}_{'table' if seat is None else seat}")  # fmt: skip

    def cards(self, listed: list[str], key: str) -> None:
        """A place's cards: each card these eyes see as printed (a tap to its rules), backs
        and a count for the rest."""
        seen = [c for c in listed if c != HIDDEN]
        for i, card in enumerate(seen):
            name = self.screen.card_name(card)
            if self.tappable:
                pieces.card(self.game, card, name, parts.plain(name), CARD_PX,
                            key=f"rule_dc_held_{key}_{i}", caption=escape(name),
                            when=self.when)  # fmt: skip
            else:
                st.html(face_html(self.game, card, CARD_PX, name, 1, self.when))
        hidden = sum(c == HIDDEN for c in listed)
        if hidden:
            st.html(_backs(hidden))
        if not listed:
            st.html('<span class="dc-none">none</span>')


def middle(screen: Screen, drawn: Pieces) -> None:
    """The shared counters, the dice and the table's decks, in one line; the last reveal."""
    view, table = screen.view, spec(screen)
    with st.container(key="dc_middle", horizontal=True, gap="small", vertical_alignment="center"):
        for c in table.shared:
            drawn.counter(c, view["shared"].get(c.id), f"shared_{c.id}")
        for die in table.dice:
            value = view["dice"].get(die.id)
            drawn.term(die.name, "Die", words.die_lines(die),
                       _counter(die.name, value if value is not None else "not rolled"),
                       f"die_{die.id}")  # fmt: skip
        drawn.decks(None)
    shown = revealed(screen)
    if shown:
        st.html(shown)


def seat_band(screen: Screen, seat: int, drawn: Pieces) -> None:
    view, table = screen.view, spec(screen)
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
    name = escape(str(view["names"][seat]))
    with st.container(key=f"dc_seat_{seat}", gap="xsmall"):
        with st.container(key=f"dc_who_{seat}", horizontal=True, gap="small",
                          vertical_alignment="center"):  # fmt: skip
            st.html(f'<span class="dc-name dc-ink{seat % 2}">{name}</span>')
            for c in table.counters:
                drawn.counter(c, view["counters"][c.id][seat], f"counter_{c.id}_{seat}")
            drawn.decks(seat)
            if marks:
                st.html(marks)
        for z in table.zones:
            with st.container(key=f"dc_zone_{z.id}_{seat}", horizontal=True, gap="xsmall",
                              vertical_alignment="center"):  # fmt: skip
                drawn.term(z.name, "Place for cards", words.zone_lines(z),
                           f'<span class="dc-zname">{escape(z.name)}</span>',
                           f"zone_{z.id}_{seat}")  # fmt: skip
                drawn.cards(view["zones"][z.id][seat], f"{z.id}_{seat}")


def _active(screen: Screen, seat: int) -> bool:
    view = screen.view
    return bool(
        view["stage"] == "play"
        and (
            view.get("active") == seat
            if view.get("active") is not None
            else not view["ended"][seat]
        )
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
    drawn = Pieces(screen)
    with st.container(key="dc_board", gap="small"):
        if len(seats) == 1:
            middle(screen, drawn)
        for i, seat in enumerate(seats):
            if len(seats) > 1 and i == len(seats) - 1:
                middle(screen, drawn)
            seat_band(screen, seat, drawn)
    active = [s for s in seats if _active(screen, s)]
    st.html("<style>" + "".join(
        f"div.st-key-dc_seat_{s} {{ border: 4px solid #E0A800; background: #FFFBEA; "
        "padding: 2px 8px 4px; }" for s in active) + "</style>")  # fmt: skip
