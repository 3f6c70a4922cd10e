"""A declared game's rules at a tap (`screens.rules_panel`): the Rules panel, and each card in
sight (its printed fields and the rulings that name it), from the game's own data; and a refused
tap's reason, the engine's one line naming the declaration that refuses it.

The rulebook is the one `companion.games.rulings.rulebook` finds for the game's id; a declared
game it cannot find yet (a folder outside the checkout's card_data) gets no rules buttons rather
than a button that fails when tapped. Only cards these eyes see are named: a hidden hand never.
"""

from __future__ import annotations

from functools import lru_cache

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.rulings import rulebook
from companion.screens import parts, rules_panel
from companion.screens.declared.eyes import Screen


def flash(message: str | None) -> None:
    """The refused tap's reason, in the engine's words, by the buttons."""
    parts.flash(message)


@lru_cache(maxsize=32)
def has_rulebook(game_id: str) -> bool:
    try:
        rulebook(game_id)
    except Exception:  # any failure to load means: no rules to open
        return False
    return True


def cards_in_sight(screen: Screen) -> list[str]:
    """Each card these eyes see anywhere on the table, once, in the order they lie."""
    view = screen.view
    found: list[str] = []
    for hands in view["zones"].values():
        for cards in hands:
            found += cards
    found += [c for c in (*view["sealed"], *(view.get("revealed") or [])) if c]
    return [c for c in dict.fromkeys(found) if c != HIDDEN]


def rules_rows(screen: Screen) -> None:
    """The Rules panel and a button per card in sight, when the game's rulebook is in reach."""
    game = str(screen.seen.rules.game_id)
    if not has_rulebook(game):
        return
    with st.container(key="dc_rules_row", horizontal=True, gap="small"):
        rules_panel.panel_button(game, key="rule_dc_panel", label="Rules", width="content")
        for card in cards_in_sight(screen):
            rules_panel.explain_button(game, rules_panel.card(card),
                                       parts.plain(screen.card_name(card)),
                                       key=f"rule_dc_card_{card}", width="content")  # fmt: skip
