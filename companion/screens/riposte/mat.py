"""What lies open on the table, as Riposte's page draws it: each duelist (damage tracker with the
character's thresholds, the abilities unlocked, the marker, the cards in hand, the previous card
and its follow-up bar), the last clash as the two cards met, and the draft row with the deck and
the discard pile.

Everything comes from the screen's view, never from the made-up parts of its state: a hand is
only counted, a card laid face down is only said to be there, a character kept in secret is only
said to be kept. The player whose eyes these are sits at the bottom (Player 1 on the shared
screen), as at the table.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.riposte.clash import accepted
from companion.games.riposte.state import BRACE, CHOOSE, CLASH, DRAFT, LOOK, OVER, SWAP
from companion.screens import parts
from companion.screens.riposte.eyes import Screen
from companion.screens.riposte.pictures import back_svg, card_svg, clash_svg, join, track_svg

OUTCOMES = ("Perfect block", "Strike", "Block")
CLASH_HEIGHT = 236
ROW_PX = 76
PREVIOUS_PX = 80
FIRST = "First card of the round: any card."


def draw(screen: Screen) -> None:
    """The whole table: the other duelist above, the clash and the row, these eyes' below."""
    me = screen.seen.seat if screen.seen.seat in (0, 1) else 0
    html = duelist(screen, 1 - me) + middle(screen) + duelist(screen, me)
    st.markdown(f'<div class="rp-table">{html}</div>', unsafe_allow_html=True)
    discard = screen.view["discard"]
    if discard:
        with st.expander(f"Discard pile ({len(discard)}, face up: anyone may look)"):
            names = sorted(screen.data.name(c) for c in discard)
            st.markdown(parts.plain(", ".join(names)))


# --- a duelist -----------------------------------------------------------------------------------


def duelist(screen: Screen, p: int) -> str:
    view, data = screen.view, screen.data
    name = screen.name(p) + (" (the app)" if p == screen.app else "")
    role = _role(view, p)
    held = len(view["hands"][p])
    laid = ""
    if view["phase"] == CLASH and view["chosen"][p]:
        laid = '<span class="rp-laid">card laid face down ✓</span>'
    who = (
        f'<div class="rp-who"><span class="rp-name rp-ink{p}">{escape(name)}</span>'
        f"{_character_name(screen, p)}{role}{laid}"
        f'<span class="rp-hand">hand <b>{held}</b></span></div>'
    )
    thresholds = _thresholds(screen, p)
    track = track_svg(view["damage"][p], data.limit, thresholds, p)
    body = (
        f'<div class="rp-body"><div class="rp-left"><div class="rp-damage">'
        f'<span class="rp-dmg">{view["damage"][p]}</span><span class="rp-of">damage</span>'
        f"{track}</div>{_abilities(screen, p)}</div>{_previous(screen, p)}</div>"
    )
    active = " active" if _decides(screen, p) else ""
    return f'<div class="rp-duelist{active}">{who}{body}</div>'


def _role(view: dict[str, Any], p: int) -> str:
    if view["offensive"] not in (0, 1) or view["phase"] == OVER:
        return ""
    if view["offensive"] == p:
        return '<span class="rp-role rp-attacks">⚔ OFFENSIVE</span>'
    return '<span class="rp-role rp-defends">DEFENDS</span>'


def _character(screen: Screen, p: int) -> Any:
    kept = screen.view["characters"][p]
    if not kept or kept == HIDDEN:
        return None
    return screen.data.characters[kept]


def _character_name(screen: Screen, p: int) -> str:
    character = _character(screen, p)
    if character is not None:
        return f'<span class="rp-char">{escape(character.name)}</span>'
    view = screen.view
    if view["phase"] == CHOOSE:
        word = "has kept a character face down" if view["characters"][p] else "is choosing"
        return f'<span class="rp-char rp-muted">{word}</span>'
    return ""


def _thresholds(screen: Screen, p: int) -> tuple[int, ...]:
    character = _character(screen, p)
    return character.thresholds if character is not None else ()


def _abilities(screen: Screen, p: int) -> str:
    character = _character(screen, p)
    if character is None:
        return ""
    unlocked = screen.view["unlocked"][p]
    items = []
    for n, (at, words) in enumerate(zip(character.thresholds, character.abilities, strict=True)):
        on = n < unlocked
        mark = "✓" if on else "○"
        state = "unlocked" if on else f"at {at}"
        items.append(
            f'<li class="{"on" if on else "off"}"><span class="rp-mark">{mark}</span>'
            f"<b>{n + 1}</b> <i>({state})</i> {escape(words)}</li>"
        )
    return f'<ul class="rp-abilities">{"".join(items)}</ul>'


def _previous(screen: Screen, p: int) -> str:
    """The card `p` played last this round, with the positions their next card must use."""
    view, data = screen.view, screen.data
    stack = view["table"][p]
    if not stack:
        if view["phase"] in (CLASH, BRACE):
            return f'<div class="rp-prev"><div class="rp-next">{FIRST}</div></div>'
        return ""
    bar = accepted(data, screen.state, p)
    move = data.cards[stack[-1]]
    extra = "" if bar == move.follow_up else " (widened)"
    return (
        f'<div class="rp-prev">{card_svg(move, PREVIOUS_PX, bar)}'
        f'<div class="rp-next">Next card:<br><b>{join(bar)}</b>{extra}</div></div>'
    )


def _decides(screen: Screen, p: int) -> bool:
    view = screen.view
    phase = view["phase"]
    if phase in (DRAFT, LOOK, SWAP):
        return view["active"] == p
    if phase == CLASH:
        return not view["chosen"][p]
    if phase == CHOOSE:
        return not view["characters"][p]
    if phase == BRACE:
        return p != view["offensive"]
    return False


# --- the middle of the table ---------------------------------------------------------------------


def middle(screen: Screen) -> str:
    return f'<div class="rp-middle">{clash_area(screen)}{row_area(screen)}</div>'


def clash_area(screen: Screen) -> str:
    """The cards just revealed (while Rook decides), else the last clash, with its outcome."""
    view, data = screen.view, screen.data
    names = view["names"]
    if view["phase"] == BRACE:
        cards, title, words = view["chosen"], "Revealed now", ["Rook decides before the damage."]
    else:
        cards, title, words = view["last_cards"], "Last clash", list(view["last_words"])
    if not all(cards) or view["offensive"] not in (0, 1):
        return '<div class="rp-clash rp-empty">No clash yet.</div>'
    o = view["offensive"] if view["phase"] == BRACE else _attacker_of(screen, cards)
    d = 1 - o
    attack, defend = data.cards[cards[o]], data.cards[cards[d]]
    picture = clash_svg(attack, defend, (names[o], names[d]), CLASH_HEIGHT)
    outcome = next((w for w in OUTCOMES if any(x.startswith(w) for x in words)), "")
    said = "".join(f"<li>{escape(w)}</li>" for w in words)
    head = f'<div class="rp-outcome">{outcome}</div>' if outcome else ""
    cards_said = (
        f'<div class="rp-tag">▲ {escape(names[d])}: {escape(defend.name)} (upside down)</div>'
        f'<div class="rp-tag">▼ {escape(names[o])}: {escape(attack.name)} ⚔</div>'
    )
    return (
        f'<div class="rp-clash"><div class="rp-clash-pic">{picture}</div>'
        f'<div class="rp-words"><div class="rp-title">{title}</div>{head}{cards_said}'
        f"<ul>{said}</ul></div></div>"
    )


def _attacker_of(screen: Screen, cards: list[str]) -> int:
    """Who was offensive in the last clash: the marker passes only as a round ends, so after the
    round's last clash (every stack cleared) it is the other player."""
    view = screen.view
    ended = not view["table"][0] and not view["table"][1]
    return 1 - view["offensive"] if ended else view["offensive"]


def row_area(screen: Screen) -> str:
    view, data = screen.view, screen.data
    deck = view["deck"] + len(view["bottom"])
    counts = (
        f'<div class="rp-counts">Deck <b>{deck}</b> · Discard <b>{len(view["discard"])}</b>'
        f" · hands up to {data.hand}</div>"
    )
    if not view["row"]:
        cards = _empty_row()
        return f'<div class="rp-row"><div class="rp-title">Draft row</div>{cards}{counts}</div>'
    cards = "".join(
        f'<div class="rp-slot">{card_svg(data.cards[c], ROW_PX)}<span>{i + 1}</span></div>'
        for i, c in enumerate(view["row"])
    )
    return (
        f'<div class="rp-row"><div class="rp-title">Draft row</div>'
        f'<div class="rp-cards">{cards}</div>{counts}</div>'
    )


def _empty_row() -> str:
    backs = "".join(f'<div class="rp-slot">{back_svg(ROW_PX, "to come")}</div>' for _ in range(3))
    return f'<div class="rp-cards">{backs}</div>'
