"""Luturas's rulebook at a tap (`screens.rules_panel`): the Rules panel; the natures and Crystal
types in a fold; a refused tap's flash with the ruling behind it. The cards and words on the
board open their own rules where they lie (`field`, `hand`), so nothing is named twice.
"""

from __future__ import annotations

import streamlit as st

from companion.games.rulings import rulebook
from companion.screens import parts, rules_panel
from companion.screens.luturas.eyes import Screen
from companion.screens.table import rulings as table_rulings

GAME = "luturas"
SETS = ("nature", "crystal")


def flash(message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it (`table.rulings`)."""
    table_rulings.flash(GAME, "lt", message)


def rules_rows(screen: Screen) -> None:
    """The Rules panel and the game's words; every card and term in sight is a tap on the board
    itself (`field`, `hand`)."""
    with st.container(key="lt_rules_row", horizontal=True, gap="small"):
        rules_panel.panel_button(GAME, key="rule_lt_panel", label="Rules", width="content")
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
