"""VA Card Game after the duel: the draw step, then each player's equip step (attach pieces from
the hand, and bring in a new hero if theirs fell).

With the app's cards the draw is one tap and each player is told in private which cards to take;
with the table's cards each player enters the two cards they drew, in private (the draw needs
both players' cards, so on the players' own devices it is entered on the table's screen). An
equip step is its player's screen, since it shows the hand: a button for each piece that may be
attached (with what the hero would have), and a crossed-out one for each piece that may not, whose
tap asks the engine and shows why not; the engine's reasons are shown under them before any tap,
with a tap to the ruling each follows.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.games.va_card_game.data import design
from companion.screens import parts, session
from companion.screens.table import buttons as table_buttons
from companion.screens.va_card_game import entry, memory, scan, taps
from companion.screens.va_card_game.buttons import (
    button,
    equip_words,
    keep_tablet,
    label,
    one_button_each,
)
from companion.screens.va_card_game.eyes import APP_CARDS, Screen, drawers
from companion.screens.va_card_game.hand import hand
from companion.screens.va_card_game.header import prompt
from companion.screens.va_card_game.words import gear_words

Action = dict[str, Any]
ON_THE_TABLE = "The players enter the cards they drew on the table's screen, each in private."


def draw(screen: Screen) -> None:
    table_buttons.dealt(screen, one_button_each, ON_THE_TABLE, _enter_draws)


def _enter_draws(screen: Screen, p: int) -> None:
    """Player `p` enters the hero card and the equipment card they drew; the last player's
    entry draws for both."""
    view, moment = screen.view, screen.entry_moment
    prompt(f"{screen.name(p)}: which cards did you draw? Tap each one.")
    scan.drawn(screen, p, {k: min(1, view[f"{k}_decks"][p]) for k in ("hero", "gear")})
    chosen = {}
    for kind, title in (("hero", "Your new hero card"), ("gear", "Your new equipment card")):
        size = min(1, view[f"{kind}_decks"][p])
        target = f"{kind}{p}"
        if not size:
            st.caption(f"Your {'hero' if kind == 'hero' else 'equipment'} deck is empty.")
        chosen[kind] = entry.chosen_line(screen, target, kind, title, size) if size else []
        if len(chosen[kind]) < size:
            entry.picker(screen, target, kind, size, entry.free(screen, p, kind, chosen[kind]))
    if any(len(chosen[k]) < min(1, view[f"{k}_decks"][p]) for k in chosen):
        return
    drawing = drawers(view)
    if p != drawing[-1]:
        entry.pass_on(moment, p)
        return
    entered = memory.entry(moment)
    slots = [(q, kind, d) for q in drawing for kind in ("hero", "gear")
             for d in (chosen[kind] if q == p else entered.get(f"{kind}{q}", []))]  # fmt: skip

    def build(copies: list[str]) -> Action:
        drawn = entry.by_deck(slots, copies)
        return {
            "type": "draw",
            "heroes": [next(iter(drawn[q, "hero"]), None) for q in (0, 1)],
            "equipment": [next(iter(drawn[q, "gear"]), None) for q in (0, 1)],
        }

    entry.play_button(screen, slots, build, "draw")


def equip(screen: Screen) -> None:
    """The equipping player's screen: bring in a new hero, or attach pieces and be done."""
    mine = [a for a in screen.legal if a["type"] in ("equip", "done", "bring_in", "draw_hero")]
    if not mine:
        return
    p = mine[0]["player"]
    if not screen.view["heroes"][p]:
        _bring_in(screen, p, mine)
    else:
        _attach(screen, p, mine)
    hand(screen, p)


def _bring_in(screen: Screen, p: int, mine: list[Action]) -> None:
    prompt(f"{screen.name(p)}: your hero fell. Bring in a new hero from your hand, face up.")
    if any(a["type"] == "bring_in" for a in mine):
        scan.from_hand(screen, p, "hero", "bring_in")
    bring = [a for a in mine if a["type"] == "bring_in"]
    for words, action in table_buttons.distinct(bring, partial(label, screen)):
        button(screen, words, action)  # two copies of one hero: one button
    drawing = next((a for a in mine if a["type"] == "draw_hero"), None)
    if drawing is None:
        return
    if screen.cards == APP_CARDS:
        button(screen, label(screen, drawing), drawing, primary=True)
        return
    scan.one_card(screen, p, "hero", lambda copies: drawing | {"card": copies[0]},
                  keep_tablet(screen))  # fmt: skip
    entry.one_card(screen, "You hold no hero card: draw one from your hero deck. Which is it?", p,
                   "hero", lambda copies: drawing | {"card": copies[0]},
                   keep_tablet(screen))  # fmt: skip


def _attach(screen: Screen, p: int, mine: list[Action]) -> None:
    data = screen.data
    hero = data.name(screen.view["heroes"][p])
    prompt(f"{screen.name(p)}: attach equipment from your hand to {hero}, or be done. Attached "
           "pieces stay on for good.")  # fmt: skip
    allowed = {a["card"]: a for a in mine if a["type"] == "equip"}
    if screen.view["gear_hands"][p]:
        scan.from_hand(screen, p, "gear", "equip")
    shown: set[str] = set()
    refused: list[tuple[str, str | None]] = []
    for piece in screen.view["gear_hands"][p]:
        if design(piece) in shown:
            continue  # two Broadswords are two Broadswords, whichever copy
        shown.add(design(piece))
        if piece in allowed:
            button(screen, equip_words(screen, p, piece), allowed[piece])
        else:
            _refused_button(screen, p, piece)
            action = {"type": "equip", "player": p, "card": piece}
            refused.append(("nofit_" + piece.replace(".", "-"), screen.seen.check(action)))
    taps.reasons(refused)
    done = next(a for a in mine if a["type"] == "done")
    button(screen, label(screen, done), done, primary=True)


def _refused_button(screen: Screen, p: int, piece: str) -> None:
    """A piece that may not go on the hero: tapping it asks the engine, which says why not."""
    action = {"type": "equip", "player": p, "card": piece}
    key = "va_nofit_" + piece.replace(".", "-")
    st.button(parts.plain(f"✗ {gear_words(screen.data, piece)}: cannot be attached"), key=key,
              width="stretch", wrap=True, on_click=session.act, args=(action,))  # fmt: skip
