"""A hand of printed cards to tap: each card as the print kit draws it (`faces`), its name
beneath as a button that opens the card's rules, with the card large above them
(`rules_panel`). The cards wrap in rows at any width; a design held more than once is one card,
its count beside its name (not over the picture, where it would hide the card's own words)."""

from __future__ import annotations

import streamlit as st

from companion.screens import rules_panel
from companion.screens.parts import plain
from companion.screens.table.faces import face_html, stamp

Held = tuple[str, str, str, int]  # card id, name, words (what the picture says), copies held


def held_cards(game_id: str, held: list[Held], width_px: int, *, key: str) -> None:
    """`held` side by side; each name a `rule_<key>_<card id>` button."""
    when = stamp(game_id)
    with st.container(horizontal=True, gap="xsmall", key=f"{key}_faces"):
        for card_id, name, words, count in held:
            with st.container(width=width_px, gap=None, key=f"{key}_face_{card_id}"):
                many = f" ×{count}" if count > 1 else ""
                st.html(face_html(game_id, card_id, width_px, f"{words}{many}", 1, when))
                label = plain(name) + many
                rules_panel.explain_button(game_id, rules_panel.card(card_id), label,
                                           key=f"rule_{key}_{card_id}")  # fmt: skip
