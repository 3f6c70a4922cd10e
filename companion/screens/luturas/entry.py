"""The cards players read off their physical decks, entered on Luturas's page (cards "table").

With the table's cards nobody asks the app to shuffle: each player shuffles their own Deck, and
the page asks which cards came up. A draw asks for one card; an opening hand (the deal, or a new
hand) asks for as many as the rules draw, from the Deck and in fast mode from the Crystal deck.
Each is entered on its player's own screen, from buttons that list only the designs still in that
player's piles as that player sees them, and the engine checks the entered cards like any other
action. Until the players' hands are in, the deal waits.

What has been entered is kept in the session for its moment (the game and the log's length): any
action played or undone leaves it behind, so a hand entered for one player never turns up on the
other's screen.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

import streamlit as st

from companion.games.luturas.board import CRYSTALS
from companion.games.luturas.entering import pool_of
from companion.games.luturas.setup import hand_sizes
from companion.games.luturas.state import FAST, LuturasState, design
from companion.screens import parts
from companion.screens.luturas import asked, buttons, eyes
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.words import label
from companion.screens.table.memory import Entered

Action = dict[str, Any]
ENTRY = eyes.ENTRY  # (moment, {"0m": [copies], "0c": [copies], "ok0": True ...})

Moment = tuple[str, int]


def moment(screen: Screen) -> Moment:
    return (screen.table.gid, screen.seen.length)


_entered = Entered(ENTRY)
add = _entered.add  # callback: one more card for a target, at most so many
_put = _entered.put


def kept(at: Moment) -> dict[str, Any]:
    """What has been entered at `at` (a copy); anything entered at another moment is dropped."""
    return dict(_entered.get(at))


def _clear(at: Moment, key: str) -> None:
    _put(at, key, [])


def pools(state: LuturasState, p: int) -> tuple[list[str], list[str]]:
    """(main Deck, Crystal deck) of `p` as `p`'s own eyes see them: what is left to come up.
    A player knows their deck list and every card of theirs in sight, so these are exact."""
    side = state.sides[p]
    return sorted((*side.top, *side.deck, *side.bottom)), sorted(side.crystal_deck)


def _picker(screen: Screen, at: Moment, key: str, pool: list[str], most: int, tag: str) -> None:
    """One button per design still in `pool` (with how many are left of it)."""
    chosen = kept(at).get(key, [])
    left = list(pool)
    for card in chosen:
        if card in left:
            left.remove(card)
    counts = Counter(design(c) for c in left)
    firsts: dict[str, str] = {}
    for card in left:
        firsts.setdefault(design(card), card)
    full = len(chosen) >= most
    with st.container(key=f"lt_pick_{tag}", horizontal=True, gap="small"):
        for name, card in firsts.items():
            st.button(parts.plain(f"{screen.data.title(card)} ×{counts[name]}"),
                      key=f"lt_enter_{tag}_{name}", on_click=add, args=(at, key, card, most),
                      disabled=full, width="content")  # fmt: skip


def _hand_entry(screen: Screen, p: int, at: Moment, state: LuturasState) -> list[str] | None:
    """The opening hand `p` enters from the piles of `state`; the cards once all are in, else
    None (the pickers drawn)."""
    main, crystal = hand_sizes(screen.data, state)
    deck, crystals = pools(state, p)
    main, crystal = min(main, len(deck)), min(crystal, len(crystals))
    values = kept(at)
    got_main, got_crystal = values.get(f"{p}m", []), values.get(f"{p}c", [])
    said = ", ".join(screen.data.title(c) for c in (*got_main, *got_crystal)) or "none yet"
    count = f"{len(got_main) + len(got_crystal)} of {main + crystal}"
    st.html(f'<div class="lt-prompt">{escape(screen.name(p))}: which cards did you draw? '
            f"({count}: {escape(said)})</div>")  # fmt: skip
    if screen.view["mode"] == FAST:
        st.html(f'<div class="lt-line">From the Deck ({len(got_main)} of {main}):</div>')
    _picker(screen, at, f"{p}m", deck, main, f"{p}m")
    if crystal:
        st.html(f'<div class="lt-line">From the Crystal deck ({len(got_crystal)} of '
                f"{crystal}):</div>")  # fmt: skip
        _picker(screen, at, f"{p}c", crystals, crystal, f"{p}c")
    st.button("Enter them again", key=f"lt_enter_clear_{p}", on_click=_clear_hand, args=(at, p),
              width="stretch")  # fmt: skip
    if len(got_main) == main and len(got_crystal) == crystal:
        return [*got_main, *got_crystal]
    return None


def _clear_hand(at: Moment, p: int) -> None:
    _clear(at, f"{p}m")
    _clear(at, f"{p}c")


def deal(screen: Screen) -> None:
    """Each player enters their opening hand on their own screen; then the deal is played with
    both. On a player's own device the app deals (the two hands can't meet on one screen)."""
    if screen.private is None:
        buttons.each(screen, screen.legal, primary=True)
        return
    p, at = screen.private.seat, moment(screen)
    hand = _hand_entry(screen, p, at, screen.state)
    if hand is None:
        return
    values = kept(at)
    if not values.get(f"ok{1 - p}"):
        st.button("These are my cards: pass the tablet on", key="lt_enter_done", type="primary",
                  width="stretch", on_click=_put, args=(at, f"ok{p}", True))  # fmt: skip
        return
    other = [*values.get(f"{1 - p}m", []), *values.get(f"{1 - p}c", [])]
    hands = [hand, other] if p == 0 else [other, hand]
    buttons.button(screen, {"type": "deal", "hands": hands}, "These are my cards: start the round",
                   primary=True, key="lt_deal_entered")  # fmt: skip


def mulligan(screen: Screen, p: int) -> None:
    """A new hand with the table's cards: shuffle the hand back, draw, and enter the new cards."""
    if not any(a["type"] == "mulligan" for a in screen.legal):
        return
    at = moment(screen)
    entered = any(kept(at).get(f"{p}{k}") for k in "mc")  # open once cards are in
    with st.expander("Take a new hand: shuffle this one back, draw, enter the new cards",
                     expanded=entered):  # fmt: skip
        hand = _hand_entry_after(screen, p, at)
        if hand is not None:
            buttons.button(screen, {"type": "mulligan", "player": p, "hand": hand},
                           "Take this new hand", primary=True, key="lt_new_hand")  # fmt: skip


def _hand_entry_after(screen: Screen, p: int, at: Moment) -> list[str] | None:
    return _hand_entry(screen, p, at, shuffled_back(screen, p))


def shuffled_back(screen: Screen, p: int) -> LuturasState:
    """A new hand: the hand goes back into the piles first, so its cards may come up again."""
    shuffled = screen.state.clone()
    mine = shuffled.sides[p]
    fast = shuffled.mode == FAST
    back_crystals = [c for c in mine.hand if fast and screen.data.of(c).kind == "crystal"]
    back_main = [c for c in mine.hand if c not in back_crystals]
    mine.deck = tuple(sorted((*mine.deck, *back_main)))
    mine.crystal_deck = tuple(sorted((*mine.crystal_deck, *back_crystals)))
    mine.hand = ()
    return shuffled


def draw(screen: Screen) -> None:
    """The turn's draw, entered: one button per design that can be on top of the pile."""
    p = screen.view["active"]
    mine = [a for a in screen.legal if a["type"] == "draw" and a["player"] == p]
    if not mine or screen.seat != p:
        buttons.each(screen, screen.legal)
        return
    side = screen.state.sides[p]
    deck, crystals = pools(screen.state, p)
    st.html(f'<div class="lt-prompt">{escape(screen.name(p))}: draw, then tap the card you '
            "drew.</div>")  # fmt: skip
    for action in mine:
        pile = action.get("pile")
        if pile != "crystals" and side.top:
            buttons.button(
                screen, action, f"Draw {screen.data.title(side.top[0])} (known)", primary=True
            )
            continue
        pool = crystals if pile == "crystals" else deck
        st.html(f'<div class="lt-line">From the {"Crystal deck" if pile == "crystals" else "Deck"}'
                ":</div>")  # fmt: skip
        firsts: dict[str, str] = {}
        for card in pool:
            firsts.setdefault(design(card), card)
        with st.container(horizontal=True, gap="small"):
            for name, card in firsts.items():
                buttons.button(screen, action | {"card": card}, screen.data.title(card),
                               key=f"lt_drew_{pile or 'deck'}_{name}")  # fmt: skip


def effect_cards(screen: Screen) -> bool:
    """The cards an action's effects take from a real pile, entered before it is played (see
    `asked`); True when an action is waiting for them and this panel was drawn instead of the
    phase's controls."""
    at = moment(screen)
    action = asked.waiting(at)
    if action is None:
        return False
    piles = buttons.asks_for_cards(screen, action)
    if not piles:  # nothing to enter after all (the screen changed hands): play it as it is
        asked.cancel()
        return False
    p = int(action["player"])
    got = list(kept(at).get("effect", []))
    said = ", ".join(screen.data.title(c) for c in got) or "none yet"
    where = " and ".join(sorted({_pile_words(pile) for pile in piles}))
    st.html(f'<div class="lt-prompt">{escape(label(screen, action))}: {len(piles)} card'
            f'{"s" if len(piles) > 1 else ""} come{"" if len(piles) > 1 else "s"} up from your '
            f"{where}. Take {'them' if len(piles) > 1 else 'it'} off the real pile as the card "
            f"says and tap each, in the order {'they come' if len(piles) > 1 else 'it comes'} "
            f"up ({len(got)} of {len(piles)}: {escape(said)}).</div>")  # fmt: skip
    if len(got) < len(piles):
        pile = piles[len(got)]
        pool = [c for c in pool_of(screen.state, p, pile) if c not in got]
        st.html(f'<div class="lt-line">From the {_pile_words(pile)}:</div>')
        _picker(screen, at, "effect", [*got, *pool], len(piles), "effect")
    else:
        buttons.button(screen, action | {"cards": got}, f"{label(screen, action)} with these cards",
                       primary=True, key="lt_effect_entered")  # fmt: skip
    st.button("Enter them again", key="lt_effect_clear", on_click=_clear, args=(at, "effect"),
              width="stretch")  # fmt: skip
    st.button("Cancel", key="lt_effect_cancel", on_click=asked.cancel, width="stretch")
    return True


def _pile_words(pile: str) -> str:
    return "Crystal deck" if pile == CRYSTALS else "Deck"
