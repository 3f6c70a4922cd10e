"""Vita Luna's bidding screens (the advanced game's auction): the card bid for each lot turned up,
the bid for the first attack, the sealed bid entry with its draft, and, in a game of two people,
the "pass the tablet" cover between the two secret bids.

The first bid stays secret until the second is in; the number being entered is a draft kept in
the session (`keys.DRAFT`) for its bidder only, so the next bidder starts from 0 again.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.games.vita_luna.actions import AUCTION_LOTS, lot_opener
from companion.games.vita_luna.state import ATTACK_BID, CARD_BID, VitaLunaState
from companion.screens import parts, session
from companion.screens.keys import DRAFT
from companion.screens.vita_luna.buttons import button
from companion.screens.vita_luna.cards import card_svg
from companion.screens.vita_luna.header import cell

Action = dict[str, Any]


def _bidder_now(state: VitaLunaState, app: int | None) -> tuple[int, str]:
    """Who enters a bid now: the one still to bid; with neither in, the opener of this lot."""
    waiting = [p for p in (0, 1) if state.bids[p] is None and p != app]
    if len(waiting) == 1:
        return waiting[0], state.names[waiting[0]]
    first = state.opener if state.phase == ATTACK_BID else lot_opener(state)
    return first, state.names[first]


def bidding(table: session.Table, app: int | None, legal: list[Action]) -> None:
    """The lot (or the first attack) up for bidding, then the bid entry of whoever bids now."""
    match = table.match
    state, data = match.state, match.rules.data
    if state.phase == CARD_BID:
        lot = cell(data, state, state.lot, False, True)
        st.markdown(
            f'<div class="vl-lot">{card_svg(lot, 200)}<div>Card {state.lots} of {AUCTION_LOTS} '
            f"turned up ({data.cards[state.lot].deck}). Both bid in secret; the higher bid "
            "takes it and both pay what they bid.</div></div>",
            unsafe_allow_html=True,
        )
    else:
        st.html(
            '<div class="vl-next">Bid for the right to attack first. Both bid in secret; '
            "both pay what they bid.</div>"
        )
    hidden = match.rules.hidden_bid(state)
    if hidden is not None and app is None and not _covered(table):
        return
    p, name = _bidder_now(state, app)
    if hidden is not None:
        who = state.names[hidden] + (" (the app)" if hidden == app else "")
        st.info(f"{who} has made a secret bid: it stays covered until yours is in.")
    bids = {a["amount"]: a for a in legal if a["type"] == "bid" and a["player"] == p}
    if not bids:
        return
    most = max(bids)
    amount = _draft(match, p, most)
    st.html(f'<div class="vl-next">{escape(name)}: enter your bid (you have {most} markers)</div>')
    minus, number, plus = st.columns([1, 1.3, 1], vertical_alignment="center")
    minus.button(
        "−",
        key="vl_bid_minus",
        width="stretch",
        wrap=True,
        disabled=amount <= 0,
        on_click=_set_draft,
        args=(len(match.log), p, amount - 1),
    )
    number.html(f'<div class="vl-bid">{amount}</div>')
    plus.button(
        "+",
        key="vl_bid_plus",
        width="stretch",
        wrap=True,
        disabled=amount >= most,
        on_click=_set_draft,
        args=(len(match.log), p, amount + 1),
    )
    quick = [n for n in (0, 1, 2, 3, 5) if n <= most] + ([most] if most > 5 else [])
    for column, n in parts.in_rows(quick):
        column.button(
            str(n),
            key=f"vl_bid_set_{n}",
            width="stretch",
            wrap=True,
            on_click=_set_draft,
            args=(len(match.log), p, n),
        )
    button(f"Confirm my bid of {amount}", bids[amount], primary=True)


def _covered(table: session.Table) -> bool:
    """Whether the second bidder has the tablet: draws "pass the tablet" until they say so."""
    match = table.match
    who = _bidder_now(match.state, None)[1]
    token = f"{table.gid}:bid:{len(match.log)}"
    return parts.pass_tablet(token, who, f"I am {who}: enter my bid", key="vl_cover",
                             look="vl-cover")  # fmt: skip


def _draft(match, p: int, most: int) -> int:
    draft = st.session_state.get(DRAFT)
    if not draft or draft[0] != (len(match.log), p):
        return 0  # every bidder starts from 0: nobody sees the number the other one chose
    return max(0, min(most, draft[1]))


def _set_draft(length: int, p: int, amount: int) -> None:
    st.session_state[DRAFT] = ((length, p), amount)
