"""VA Card Game's setting up: the coin flip, the opening cards, and each opening hero placed face
down with its equipment, then revealed together.

The coin is flipped by the app or by hand (then the table says who won). With the app's cards the
deal is one tap and each player is told, in private, which cards to take; with the table's cards
each player enters the six cards they drew, in private (the deal needs both players' cards, so on
the players' own devices it is entered on the table's screen). Placing the opening hero is the
player's screen: a hero, up to three pieces, then a confirmation tap, since a hero placed face
down cannot be taken back.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.rulings import ruling_of
from companion.games.va_card_game.stats import totals
from companion.screens import parts
from companion.screens.table import buttons as table_buttons
from companion.screens.va_card_game import entry, memory, scan, taps
from companion.screens.va_card_game.buttons import button, label, one_button_each, play
from companion.screens.va_card_game.eyes import Screen
from companion.screens.va_card_game.header import prompt
from companion.screens.va_card_game.words import bonus, gear_name, names, printed

Action = dict[str, Any]
ON_THE_TABLE = "The players enter the cards they drew on the table's screen, each in private."


def toss(screen: Screen) -> None:
    """Who won the real coin flip, or the app flips."""
    tosses = [a for a in screen.legal if a["type"] == "toss"]
    if not tosses:
        return
    st.markdown("**Who won the coin flip?** Flip a real coin, or let the app flip it.")
    for column, p in parts.in_rows([0, 1]):
        column.button(f"{parts.plain(screen.name(p))} won", key=f"va_toss_{p}", width="stretch",
                      wrap=True, on_click=play, args=(None, tosses[0] | {"first": p}))  # fmt: skip
    button(screen, label(screen, tosses[0]), tosses[0])


def deal(screen: Screen) -> None:
    table_buttons.dealt(screen, one_button_each, ON_THE_TABLE, _enter_opening)


def _enter_opening(screen: Screen, p: int) -> None:
    """Player `p` enters the cards they drew; the second player's entry deals."""
    view, moment = screen.view, screen.entry_moment
    sizes = {kind: min(screen.data.opening, view[f"{kind}_decks"][p]) for kind in ("hero", "gear")}
    prompt(f"{screen.name(p)}: which cards did you draw? Tap each one.")
    scan.drawn(screen, p, sizes)
    chosen = {}
    for kind, title in (("hero", "Your hero cards"), ("gear", "Your equipment cards")):
        target = f"{kind}{p}"
        chosen[kind] = entry.chosen_line(screen, target, kind, title, sizes[kind])
        if len(chosen[kind]) < sizes[kind]:
            left = entry.free(screen, p, kind, chosen[kind])
            entry.picker(screen, target, kind, sizes[kind], left)
    if any(len(chosen[kind]) < sizes[kind] for kind in sizes):
        return
    first = view["first"]
    if p == first:
        entry.pass_on(moment, p)
        return
    entered = memory.entry(moment)
    slots = [(q, kind, d) for q in (0, 1) for kind in ("hero", "gear")
             for d in (chosen[kind] if q == p else entered.get(f"{kind}{q}", []))]  # fmt: skip

    def build(copies: list[str]) -> Action:
        dealt = entry.by_deck(slots, copies)
        return {"type": "deal", "heroes": [dealt[0, "hero"], dealt[1, "hero"]],
                "equipment": [dealt[0, "gear"], dealt[1, "gear"]]}  # fmt: skip

    entry.play_button(screen, slots, build, "deal")


# --- the opening hero, face down -----------------------------------------------------------------


def place(screen: Screen) -> None:
    """The placing player's hand, a hero and its equipment to choose, and the confirmation."""
    found = table_buttons.chooser(screen, "prepare", _placed_already)
    if found is None:
        return
    p, _ = found
    moment = screen.moment(p)
    chosen = memory.choice(moment)
    hero, gear = chosen.get("hero"), sorted(chosen.get("gear", []))
    action = {"type": "prepare", "player": p, "hero": hero, "equipment": gear}
    if hero and chosen.get("sure"):
        _confirm(screen, p, action)
        return
    most = screen.data.max_gear
    prompt(f"{screen.name(p)}: your opening hero, and up to {most} pieces to tuck under it.")
    heroes, pieces = st.columns(2, gap="small")
    with heroes:
        _heroes(screen, p, hero)
    with pieces:
        _pieces(screen, p, gear)
    if not hero:
        return
    whole = totals(screen.data, hero, gear)
    st.html(
        f'<div class="va-preview">{escape(_kit(screen, hero, gear))}: '
        f"<b>{escape(whole.words())}</b></div>"
    )
    why_not = screen.seen.check(action)
    st.button("Place it face down and say ready", key="va_place", type="primary", width="stretch",
              wrap=True, on_click=memory.make_sure, args=(moment, why_not))  # fmt: skip
    if why_not and ruling_of(why_not):  # the rule the choice breaks, before the tap
        taps.reasons([("va_place", why_not)])


def _kit(screen: Screen, hero: str, gear: list[str]) -> str:
    data = screen.data
    return data.name(hero) + (f" with {names(data, gear)}" if gear else "")


def _heroes(screen: Screen, p: int, hero: str | None) -> None:
    data, moment = screen.data, screen.moment(p)
    st.markdown("**Hero**")
    for card in screen.view["hero_hands"][p]:
        picked = card == hero
        words = parts.plain(f"{data.name(card)} · {printed(data, card).words()}")
        st.button(f"{'✓ ' if picked else ''}{words}", key=f"va_hero_{card.replace('.', '-')}",
                      width="stretch", wrap=True,
                      type="primary" if picked else "secondary", on_click=memory.choose,
                      args=(moment,), kwargs={"hero": card})  # fmt: skip


def _pieces(screen: Screen, p: int, gear: list[str]) -> None:
    data, moment = screen.data, screen.moment(p)
    kit = list(screen.view["gear_hands"][p])
    if not kit:
        return
    st.markdown(f"**Equipment** (up to {data.max_gear}, or none)")
    full = len(gear) >= data.max_gear
    for piece in kit:
        picked = piece in gear
        words = parts.plain(f"{gear_name(data, piece)} · {bonus(data, piece)}")
        st.button(f"{'✓ ' if picked else '+ '}{words}", key=f"va_gear_{piece.replace('.', '-')}",
                      width="stretch", wrap=True,
                      type="primary" if picked else "secondary", disabled=full and not picked,
                      on_click=memory.toggle, args=(moment, piece, data.max_gear))  # fmt: skip


def _confirm(screen: Screen, p: int, action: Action) -> None:
    """The confirmation tap: a hero placed face down cannot be taken back."""
    whole = totals(screen.data, action["hero"], action["equipment"])
    st.html(
        f'<div class="va-confirm">Place {escape(_kit(screen, action["hero"], action["equipment"]))}'
        f" face down ({escape(whole.words())}) and say ready?<small>Once placed it cannot be "
        "taken back.</small></div>"
    )
    yes, change = st.columns([1.4, 1])
    with yes:
        button(screen, "Yes: place it face down", action, primary=True)
    change.button("Change", key="va_change", width="stretch", wrap=True,
                  on_click=memory.choose, args=(screen.moment(p),))  # fmt: skip


def _placed_already(screen: Screen) -> None:
    """Who has placed a hero face down: the hero itself only to its own player."""
    view = screen.view
    for p in (0, 1):
        hero = view["heroes"][p]
        if not hero:
            continue
        if hero != HIDDEN and p == screen.seen.seat:
            kit = parts.plain(_kit(screen, hero, list(view["gear"][p])))
            st.info(f"You placed {kit} face down.")
        else:
            count = len(view["gear"][p])
            st.info(f"{parts.plain(screen.called(p))} has placed a hero face down with {count} "
                    f"piece{'s' if count != 1 else ''} of equipment.")  # fmt: skip
