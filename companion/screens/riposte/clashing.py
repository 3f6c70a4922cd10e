"""Riposte's clash: each player lays a card face down on their own screen, then Rook's choice once
both cards are revealed.

Laying a card is the player's screen: their hand, their previous card's follow-up bar, and one
button per card they may lay (with Liese, also the cards she may lay ignoring her bar). A card
that does not fit the bar while another does is a button too: the engine refuses it and says
why, in the rulebook's words, which is what a player who tapped it wants to know. Under those
cards the engine's reasons are shown before any tap, with a tap to the ruling they follow; and
Liese's once-a-round ignore, spent this round, stays on the screen disabled with its reason.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import streamlit as st

from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import accepted, previous, strike
from companion.screens import parts, rules_panel, session
from companion.screens.riposte import scan
from companion.screens.riposte.buttons import button, card_words, keep_tablet, label
from companion.screens.riposte.eyes import Screen
from companion.screens.riposte.hand import hand
from companion.screens.riposte.header import next_step, prompt
from companion.screens.riposte.pictures import join
from companion.screens.table import buttons as table_buttons

Action = dict[str, Any]
GAME = "riposte"


def lay(screen: Screen) -> None:
    """The laying player's hand and choices; on other screens, who still has to lay."""
    found = table_buttons.chooser(screen, "play", _laid_already)
    if found is None:
        return
    p, plays = found
    state, data = screen.state, screen.data
    before = previous(data, state, p)
    if before is None:
        prompt(f"{screen.name(p)}: lay any card face down (the round's first).")
    else:
        bar = join(accepted(data, state, p))
        prompt(f"{screen.name(p)}: after {before.name}, lay a card with an attack in {bar}.")
    hand(screen, p)
    scan.lay(screen, p, keep_tablet(screen))
    for words, action in table_buttons.distinct(plays, partial(label, screen)):
        button(screen, words, action)
    offered = {a["card"] for a in plays}
    refused = [c for c in state.hands[p] if c not in offered]
    for _, card in table_buttons.distinct(refused, partial(card_words, data)):
        _refused_button(screen, p, card)  # two copies of one card: one button
    _why_not(screen, p, refused)


def _why_not(screen: Screen, p: int, refused: list[str]) -> None:
    """The engine's reason for each card that does not fit, each ruling they follow a tap away;
    and Liese's ignore, when she holds such cards but has spent it this round."""
    reasons = []
    for card in refused:
        reason = screen.seen.check({"type": "play", "player": p, "card": card})
        if reason:
            reasons.append(("nofit_" + card.replace(".", "-"), reason))
    rules_panel.reasons(GAME, reasons)
    if not reasons or ab.may_ignore(screen.state, p) or not ab.has(screen.state, p, ab.LIESE, 1):
        return
    card = refused[0]
    spent = screen.seen.check({"type": "play", "player": p, "card": card, "ignore": True})
    if spent:
        rules_panel.refused(GAME, "Lay a card ignoring the bar (Liese, once a round)", spent,
                            key="liese_ignore")  # fmt: skip


def _refused_button(screen: Screen, p: int, card: str) -> None:
    """A card that does not fit the bar: tapping it asks the engine, which says why not."""
    action = {"type": "play", "player": p, "card": card}
    key = "rp_nofit_" + card.replace(".", "-")
    words = parts.plain(f"✗ {card_words(screen.data, card)} (does not fit)")
    st.button(words, key=key, width="stretch",
              wrap=True, on_click=session.act, args=(action,))  # fmt: skip


def _laid_already(screen: Screen) -> None:
    """Who has laid a card face down: the card itself only to its own player."""
    view = screen.view
    for p, laid in enumerate(view["chosen"]):
        if not laid:
            continue
        if p == screen.seen.seat and not screen.covered:
            st.info(f"You laid {parts.plain(card_words(screen.data, laid))} face down.")
        else:
            app = " (the app)" if p == screen.app else ""
            st.info(f"{parts.plain(screen.name(p))}{app} has laid a card face down.")


def brace(screen: Screen) -> None:
    """Rook, struck, decides before the damage is marked: how much each choice leaves him."""
    braces = [a for a in screen.legal if a["type"] == "brace"]
    if not braces:
        return
    prompt(next_step(screen))
    state, data = screen.state, screen.data
    o, d = state.offensive, 1 - state.offensive
    hit = strike(data, state, data.cards[state.chosen[o]], data.cards[state.chosen[d]]).total
    name = screen.name(d)
    for column, action in parts.in_rows(braces):
        if action["use"]:
            words = f"{name} takes {max(0, hit - 2)} instead of {hit} (Rook, once a round)"
        else:
            words = f"{name} takes all {hit}, keeps the relief for later"
        with column:
            button(screen, words, action, primary=action["use"])
