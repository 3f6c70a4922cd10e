"""A turn's main part on Luturas's page: every card in the hand with what it may do now (or,
disabled, why it can't), every Lutura with its attacks worked out in words and its effect, the
Tool, the Soldier's ability, the face-down Strategy, and the end of the turn.

Only the engine's legal actions get a live button; a card or Lutura with none gets a disabled
button carrying the engine's reason ("Tidepup Gear 2 needs Tidepup Gear 1 on your side and 2
Aquatic Crystals; you have 1 Aquatic (1 Crystal in all).") and a tap to the ruling behind it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.luturas.checks import why_not_play
from companion.games.luturas.state import SOLDIER, design
from companion.screens import parts
from companion.screens.luturas import buttons, hand, scan
from companion.screens.luturas.eyes import Screen
from companion.screens.luturas.words import attack_explained, card_words

Action = dict[str, Any]
HAND_KINDS = ("crystal", "deploy", "upgrade", "tool", "strategy", "set")


def main(screen: Screen) -> None:
    p = screen.view["active"]
    if screen.seat != p:  # another player's device: only what they may do during this turn
        _others(screen)
        return
    _hand(screen, p)
    _luturas(screen, p)
    _rest(screen, p)
    _others(screen)


def _section(title: str) -> None:
    st.html(f'<div class="lt-section">{escape(title)}</div>')


def _hand(screen: Screen, p: int) -> None:
    """Each design in the hand once: its buttons, or one disabled button saying why not."""
    held = [c for c in screen.view["sides"][p]["hand"] if c != HIDDEN]
    if screen.cards == "app":
        for line in hand.to_take(screen, p):
            st.html(f'<div class="lt-todo">☞ {escape(line)}</div>')
    _section(f"Your hand ({len(held)})")
    hand.pictures(screen, held)
    scan.from_hand(screen, p, HAND_KINDS)
    data = screen.data
    rows = []
    for card, count in hand.by_design(held):
        mine = [
            a
            for a in screen.legal
            if a["type"] in HAND_KINDS and design(str(a.get("card", ""))) == design(card)
        ]
        rows.append((card, count, mine))
    rows.sort(key=lambda row: not row[2])  # what can be played first, in hand order
    for card, count, mine in rows:
        many = f"{count} × " if count > 1 else ""
        st.html(f'<div class="lt-card-row">{escape(many + card_words(data, card))}</div>')
        if mine:
            _in_pairs(screen, mine)
            continue
        reason = why_not_play(data, screen.state, p, card) or "It can't be played now."
        buttons.refused(f"Play {data.title(card)}", reason, key=f"lt_no_{design(card)}")


def _in_pairs(screen: Screen, actions: list[Action]) -> None:
    """A card's buttons two to a row when there are several (a deploy into each free space)."""
    actions = buttons.distinct(screen, actions)
    if len(actions) == 1:
        buttons.button(screen, actions[0])
        return
    for column, action in parts.in_rows(actions, 2):
        with column:
            buttons.button(screen, action)


def _luturas(screen: Screen, p: int) -> None:
    """Each Lutura of `p`'s: its attacks, each explained, its effect, the Tool pointed at it."""
    state, data = screen.state, screen.data
    side = state.sides[p]
    if not any(side.spaces):
        return
    _section("Your Luturas")
    for space in range(data.lutura_spaces):
        lutura = side.spaces[space]
        if lutura is None:
            continue
        st.html(f'<div class="lt-card-row">Space {space + 1}: {escape(data.title(lutura.top))}'
                "</div>")  # fmt: skip
        attacks = [a for a in screen.legal if a["type"] == "attack" and a["space"] == space]
        for action in buttons.distinct(screen, attacks):
            buttons.button(screen, action)
            st.html(f'<div class="lt-explain">{escape(attack_explained(screen, action))}</div>')
        if not attacks:
            reason = screen.seen.check(_an_attack(screen, p, space)) or "No target can be attacked."
            buttons.refused(f"Attack with {data.title(lutura.top)}", reason,
                            key=f"lt_noattack_{space}")  # fmt: skip
        own = [a for a in screen.legal if a["type"] in ("effect", "assign")
               and a.get("space") == space and a["player"] == p]  # fmt: skip
        for action in buttons.distinct(screen, own):
            buttons.button(screen, action)


def _an_attack(screen: Screen, p: int, space: int) -> Action:
    """The attack to ask the engine about when none is legal: on the first Lutura of the other
    side, else on the Soldier."""
    foe = screen.state.sides[1 - p]
    target: int | str = next((i for i, lu in enumerate(foe.spaces) if lu is not None), SOLDIER)
    return {"type": "attack", "player": p, "space": space, "target": target}


def _rest(screen: Screen, p: int) -> None:
    rest = [a for a in screen.legal if a["type"] in ("tool_effect", "ability", "flip")
            and a["player"] == p]  # fmt: skip
    if rest:
        _section("Tool, Soldier and Strategy")
        buttons.each(screen, rest)
        printed(screen, p, rest)
    ends = [a for a in screen.legal if a["type"] == "end"]
    for action in ends:
        buttons.button(screen, action, primary=True)


def printed(screen: Screen, p: int, actions: list[Action]) -> None:
    """The printed text of the Tool, the Soldier's ability and the face-down Strategy these
    actions use, once each, under their buttons (a face-down card only to its owner's eyes)."""
    side, data = screen.view["sides"][p], screen.data
    source = {"tool_effect": side["tool"], "ability": side["soldier"], "flip": side["facedown"]}
    cards = dict.fromkeys(source[a["type"]] for a in actions if a["type"] in source)
    for card in cards:
        if card and card != HIDDEN:
            st.html(f'<div class="lt-explain">{escape(data.title(card))}: '
                    f"{escape(data.of(card).text)}</div>")  # fmt: skip


def _others(screen: Screen) -> None:
    """What the other player may do during this turn (their effects and abilities)."""
    p = screen.view["active"]
    theirs = [a for a in screen.legal if a.get("player") == 1 - p]
    if theirs:
        _section(f"{screen.name(1 - p)} may also act now")
        buttons.each(screen, theirs)
