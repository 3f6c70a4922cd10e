"""Luturas's cards read by the camera: a card of the hand to play (a Lutura deployed or upgraded,
a Tool, a Strategy used or set, a Crystal placed) and, with the table's cards, the cards a player
draws: an opening or new hand (several cards in one photo, each to the pile it came from) and the
turn's draw.

A scan asks what a tap would ask. A card of the hand is offered with the very actions its row of
buttons offers (the engine's legal actions for that card), or refused with the engine's reason
(`why_not_play`) when it has none; a card drawn is entered only while the picker would still
offer it (a copy left in that player's pile as they see it) and played only if the engine accepts
it. A refused card is said in one line on the next run, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import streamlit as st

from cardgen.data.codes import CardRef
from companion.engine.seats import HIDDEN
from companion.games.luturas.checks import why_not_play
from companion.games.luturas.setup import hand_sizes
from companion.games.luturas.state import LuturasState, design
from companion.screens import parts, scanner
from companion.screens.luturas import buttons, entry, eyes
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.words import card_words

Action = dict[str, Any]
Plays = Callable[[str], list[Action]]  # a design -> the legal actions that play it from the hand
GAME = "luturas"
DRAWN = ("lutura", "crystal", "tool", "strategy")  # the card types a Deck or a hand holds
SCANNED = "lt_scanned"  # the card of the hand scanned: (game, log length, seat, design)
PILES = {"m": "Deck", "c": "Crystal deck"}  # entry's keys for an opening hand -> the pile


def _title(screen: Screen, card: CardRef) -> str:
    """The card's name as the page says it ("Tidepup Gear 1", where the print says "Tidepup")."""
    return screen.data.title(card.id) if card.id in screen.data.designs else card.name


# --- a card of the hand, played ----------------------------------------------------------------


def _scanned_at(screen: Screen, p: int) -> tuple[str, int, int]:
    return (screen.table.gid, screen.seen.length, p)


def from_hand(screen: Screen, p: int, kinds: tuple[str, ...]) -> None:
    """Scan a card of `p`'s hand: its actions (of `kinds`) are offered under the control, or the
    engine's reason for none is said."""
    held = [c for c in screen.view["sides"][p]["hand"] if c != HIDDEN]
    if not held:
        return
    at = _scanned_at(screen, p)

    def plays(card_id: str) -> list[Action]:
        return [a for a in screen.legal if a["type"] in kinds and a.get("player") == p
                and design(str(a.get("card", ""))) == card_id]  # fmt: skip

    def allowed(card: CardRef) -> str | None:
        copies = [c for c in held if design(c) == card.id]
        if not copies:
            return f"{_title(screen, card)} is not in {screen.name(p)}'s hand."
        if plays(card.id):
            return None
        reason = why_not_play(screen.data, screen.state, p, copies[0])
        return reason or f"{_title(screen, card)} can't be played now."

    def taken(photo: bytes) -> None:
        card = scanner.one(photo, GAME, DRAWN, allowed, "the card you play")
        if card is not None:
            st.session_state[SCANNED] = (*at, card.id)

    scanner.control(f"lt_scan_play{p}", screen.seen.length, "Scan a card of your hand", taken)
    _offer(screen, at, plays)


def _offer(screen: Screen, at: tuple[str, int, int], plays: Plays) -> None:
    """The scanned card's actions, while the moment it was scanned at lasts."""
    held = st.session_state.get(SCANNED)
    if not held or tuple(held[:3]) != at:
        st.session_state.pop(SCANNED, None)
        return
    actions = plays(held[3])
    if not actions:
        st.session_state.pop(SCANNED, None)
        return
    shown = card_words(screen.data, str(actions[0]["card"]))
    st.html(f'<div class="lt-prompt">Scanned: {escape(shown)}</div>')
    for column, action in parts.in_rows(actions, 2):  # two to a row, as the hand's rows are
        with column:
            buttons.button(screen, action, key=f"lt_scanned_{parts.action_key(action)}")
    st.button("Not this card", key="lt_scanned_clear", width="stretch", on_click=_forget)


def _forget() -> None:
    st.session_state.pop(SCANNED, None)


# --- the cards drawn, entered -----------------------------------------------------------------


def opening_hand(screen: Screen) -> None:
    """Scan the opening hand the player on this screen enters (the deal, cards from the table)."""
    if screen.private is None:
        return
    _hand(screen, screen.private.seat, screen.state, "lt_scan_hand")


def new_hand(screen: Screen, p: int) -> None:
    """Scan the new hand `p` drew after shuffling this one back."""
    if any(a["type"] == "mulligan" for a in screen.legal):
        _hand(screen, p, entry.shuffled_back(screen, p), "lt_scan_newhand")


def _hand(screen: Screen, p: int, state: LuturasState, name: str) -> None:
    """Scan cards into `p`'s hand as entry keeps it: each card to the pile that holds a copy of
    it (the Crystal deck first, in fast mode), while that pile's share has room."""
    at = entry.moment(screen)
    deck, crystals = entry.pools(state, p)
    main, crystal = hand_sizes(screen.data, state)
    sizes = {"c": min(crystal, len(crystals)), "m": min(main, len(deck))}
    pools = {"c": crystals, "m": deck}
    if all(len(entry.kept(at).get(f"{p}{k}", [])) >= n for k, n in sizes.items()):
        return  # the whole hand is entered

    def taken(photo: bytes) -> None:
        chosen = {k: list(entry.kept(at).get(f"{p}{k}", [])) for k in sizes}
        left = {k: _without(pools[k], chosen[k]) for k in sizes}
        takes: list[tuple[str, str]] = []

        def allowed(card: CardRef) -> str | None:
            piles = [k for k in sizes if sizes[k] and any(design(c) == card.id for c in pools[k])]
            for k in piles:
                copy = next((c for c in left[k] if design(c) == card.id), None)
                if copy is not None and len(chosen[k]) < sizes[k]:
                    left[k].remove(copy)
                    chosen[k].append(copy)
                    takes.append((k, copy))
                    return None
            if piles and len(chosen[piles[0]]) >= sizes[piles[0]]:
                return (f"{_title(screen, card)}: no room for it, the {sizes[piles[0]]} cards "
                        f"from the {PILES[piles[0]]} are all entered.")  # fmt: skip
            return _none_left(screen, p, card, PILES[piles[0]] if piles else "Deck")

        def add(k: str, copy: str) -> None:
            entry.add(at, f"{p}{k}", copy, sizes[k])

        scanner.enter_all(photo, GAME, DRAWN, allowed, takes, add)

    scanner.control(f"{name}{p}", screen.seen.length, "Scan the cards you drew", taken)


def _without(pool: list[str], chosen: list[str]) -> list[str]:
    left = list(pool)
    for card in chosen:
        if card in left:
            left.remove(card)
    return left


def _none_left(screen: Screen, p: int, card: CardRef, pile: str) -> str:
    name, who = _title(screen, card), screen.name(p)
    return f"No {name} is left in {who}'s {pile}: check the card and scan it again."


def drawn(screen: Screen) -> None:
    """Scan the card the turn's draw brought: played at once, as its button would be (from the
    Crystal deck when the card is a copy left there, in fast mode)."""
    p = screen.view["active"]
    mine = [a for a in screen.legal if a["type"] == "draw" and a.get("player") == p]
    if not mine or screen.seat != p:
        return
    side = screen.state.sides[p]
    deck, crystals = entry.pools(screen.state, p)
    chosen: list[Action] = []

    def allowed(card: CardRef) -> str | None:
        reasons = []
        for action in mine:
            pile = action.get("pile")
            if pile != "crystals" and side.top:
                top = side.top[0]
                if design(top) != card.id:
                    reasons.append(
                        f"The top card of {screen.name(p)}'s Deck is known: it is "
                        f"{screen.data.title(top)}, not {_title(screen, card)}."
                    )
                    continue
                copies = [top]
            else:
                pool = crystals if pile == "crystals" else deck
                copies = [c for c in pool if design(c) == card.id]
            if not copies:
                continue
            candidate = action | {"card": copies[0]}
            reason = screen.seen.check(candidate)
            if reason is None:
                chosen.append(candidate)
                return None
            reasons.append(reason)
        return reasons[0] if reasons else _none_left(screen, p, card, "Deck")

    def taken(photo: bytes) -> None:
        if scanner.one(photo, GAME, DRAWN, allowed, "the card you drew") is not None:
            buttons.play(eyes.keep_tablet(screen), chosen[-1])

    scanner.control(f"lt_scan_draw{p}", screen.seen.length, "Scan the card you drew", taken)
