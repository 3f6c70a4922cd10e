"""Luturas's rulebook at a tap (`screens.rules_panel`): the Rules panel, and each card these eyes
see (both Soldiers, every Lutura, Tool and lasting Strategy in play, the cards in their own hand)
as a button opening its printed text and every ruling on it; the natures and Crystal types in a
fold; a refused tap's flash with the ruling behind it.

Only what the screen's view shows is named: another player's hand and a face-down Strategy never.
"""

from __future__ import annotations

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.luturas.state import design
from companion.games.rulings import rulebook
from companion.screens import parts, rules_panel
from companion.screens.luturas.eyes import Screen
from companion.screens.table import rulings as table_rulings

GAME = "luturas"
SETS = ("nature", "crystal")


def flash(message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it (`table.rulings`)."""
    table_rulings.flash(GAME, "lt", message)


def cards_in_sight(screen: Screen) -> list[str]:
    """The designs these eyes see, once each: Soldiers, the field, and their own hand."""
    view = screen.view
    seen: list[str] = []
    me = screen.seat if screen.seat is not None else 0
    for p in (1 - me, me):
        s = view["sides"][p]
        seen.append(s["soldier"])
        for lutura in s["spaces"]:
            if lutura is not None:
                seen.append(lutura["stack"][-1])
        seen += [c for c in (s["tool"], *s["lasting"]) if c and c != HIDDEN]
        if p == screen.seat and screen.sees_hand(p):
            seen += [c for c in s["hand"] if c != HIDDEN]
            if s["facedown"] and s["facedown"] != HIDDEN:
                seen.append(s["facedown"])
    return list(dict.fromkeys(design(c) for c in seen))


def rules_rows(screen: Screen) -> None:
    data = screen.data
    with st.container(key="lt_rules_row", horizontal=True, gap="small"):
        rules_panel.panel_button(GAME, key="rule_lt_panel", label="Rules", width="content")
        for found in cards_in_sight(screen):
            title = parts.plain(data.title(found))
            rules_panel.explain_button(GAME, rules_panel.card(found), title,
                                       key=f"rule_lt_card_{found}", width="content")  # fmt: skip
    with st.expander("Words of the game: natures and Crystals"):
        book = rulebook(GAME)
        for set_id in SETS:
            words = book.game.keywords.get(set_id, {})
            with st.container(horizontal=True, gap="small"):
                for word_id, word in words.items():
                    rules_panel.explain_button(GAME, rules_panel.keyword(set_id, word_id),
                                               f"{parts.plain(word.name)} ({set_id})",
                                               key=f"rule_lt_word_{set_id}_{word_id}",
                                               width="content")  # fmt: skip
