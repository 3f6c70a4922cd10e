"""Vita Luna's bidding screens (the advanced game's auction): the card bid for each lot turned up,
the bid for the first attack, the sealed bid entry with its draft, and the reveal of both bids.

A sealed bid is seen by its bidder only: on the bidder's own device, or on the shared tablet
behind the bidder's "pass the tablet" cover (`eyes`). The number being entered is a draft kept in
the session (`keys.DRAFT`) tied to the game, the bidder and the log's length, and dropped once a
bid is played: nobody else ever finds it on the pad, even after an undo.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.engine.seen import SeenMatch
from companion.games.vita_luna.state import CARD_BID
from companion.screens import parts
from companion.screens.keys import DRAFT
from companion.screens.vita_luna.buttons import button
from companion.screens.vita_luna.cards import card_svg
from companion.screens.vita_luna.eyes import Screen, cover
from companion.screens.vita_luna.header import cell

Action = dict[str, Any]

OPENING = "A new game. The tablet deals, counts and checks; the cards stay on the table."


def just_now(seen: SeenMatch) -> None:
    """What the last action did; the moment the second sealed bid is in, both bids side by side."""
    if not _reveal(seen):
        parts.just_now(seen, look="vl-now", opening=OPENING)


def _reveal(seen: SeenMatch) -> bool:
    """Both bids side by side, the moment the second one is in. Each bid is read from the
    markers its bidder paid (public from then on), never from the log, where the other
    player's bid stays sealed."""
    sealed = any(bid is not None for bid in seen.view["bids"])
    if not seen.log or seen.log[-1]["type"] != "bid" or sealed:
        return False
    before, after = seen.state_at(seen.length - 1), seen.state
    names = after.names
    paid = [before.markers[p] - after.markers[p] for p in (0, 1)]
    boxes = "".join(f"<div>{escape(names[p])} bid<b>{paid[p]}</b></div>" for p in (0, 1))
    said = "<br>".join(escape(e) for e in seen.events[-1])
    st.html(f'<div class="vl-reveal">{boxes}</div><div class="vl-now">{said}</div>')
    return True


def bidding(screen: Screen) -> None:
    """The lot (or the first attack) up for bidding, who has bid, then the pad of whoever bids
    on this screen now."""
    state, data = screen.state, screen.data
    if state.phase == CARD_BID:
        lot = cell(data, state, state.lot, False, True)
        st.markdown(
            f'<div class="vl-lot">{card_svg(lot, 200)}<div>Card {state.lots} of '
            f"{data.auction_lots} turned up ({escape(data.cards[state.lot].deck)}). Both bid in "
            "secret; the higher bid takes it and both pay what they bid.</div></div>",
            unsafe_allow_html=True,
        )
    else:
        st.html(
            '<div class="vl-next">Bid for the right to attack first. Both bid in secret; '
            "both pay what they bid.</div>"
        )
    if screen.covered:
        cover(screen)
        return
    bids: dict[int, dict[int, Action]] = {}
    for a in screen.legal:
        if a["type"] == "bid":
            bids.setdefault(a["player"], {})[a["amount"]] = a
    bidder = next(iter(bids), None)
    _who_has_bid(screen, bidder)
    if bidder is not None:
        _pad(screen, bidder, bids[bidder])


def _who_has_bid(screen: Screen, bidder: int | None) -> None:
    """Whose bid is in: a sealed bid is only said to be there; its amount only to its bidder."""
    seen = screen.seen
    for p, bid in enumerate(seen.view["bids"]):
        if bid is None:
            continue
        if bid != HIDDEN and p == seen.seat:
            st.info(f"Your bid of {bid} is sealed: it stays covered until the other bid is in.")
        elif bidder is not None:
            st.info(
                f"{parts.plain(screen.name(p))} has made a secret bid: it stays covered until "
                "yours is in."
            )
        else:
            st.info(f"{parts.plain(screen.name(p))} has made a secret bid.")


def _pad(screen: Screen, p: int, bids: dict[int, Action]) -> None:
    """The bid entry of `p`: −, the number, +, a few quick amounts, and Confirm."""
    length = screen.seen.length
    most = max(bids)
    moment = (screen.table.gid, p, length)
    amount = _draft(moment, most)
    name = screen.state.names[p]
    st.html(f'<div class="vl-next">{escape(name)}: enter your bid (you have {most} markers)</div>')
    minus, number, plus = st.columns([1, 1.3, 1], vertical_alignment="center")
    minus.button("−", key="vl_bid_minus", width="stretch", wrap=True, disabled=amount <= 0,
                 on_click=_set_draft, args=(moment, amount - 1))  # fmt: skip
    number.html(f'<div class="vl-bid">{amount}</div>')
    plus.button("+", key="vl_bid_plus", width="stretch", wrap=True, disabled=amount >= most,
                on_click=_set_draft, args=(moment, amount + 1))  # fmt: skip
    quick = [n for n in (0, 1, 2, 3, 5) if n <= most] + ([most] if most > 5 else [])
    for column, n in parts.in_rows(quick):
        column.button(str(n), key=f"vl_bid_set_{n}", width="stretch", wrap=True,
                      on_click=_set_draft, args=(moment, n))  # fmt: skip
    button(f"Confirm my bid of {amount}", bids[amount], primary=True)


def _draft(moment: tuple[str, int, int], most: int) -> int:
    """The draft entered at `moment` (game, bidder, log length); any other is dropped: every
    bidder starts from 0, and nobody sees the number someone else chose."""
    draft = st.session_state.get(DRAFT)
    if not draft or draft[0] != moment:
        st.session_state.pop(DRAFT, None)
        return 0
    return max(0, min(most, draft[1]))


def _set_draft(moment: tuple[str, int, int], amount: int) -> None:
    st.session_state[DRAFT] = (moment, amount)
