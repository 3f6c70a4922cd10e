"""What lies open on a card game's table, each piece a tap to its rules, drawn as it looks: a
printed card in play, a hero's number with its pips, the hearts of a life total, a pile counted.

A Streamlit button holds only a line of Markdown, so a piece is drawn as markup (the picture, the
big number, the pips) with its button laid over the whole of it, unseen (`PIECES_CSS`), as Vita
Luna's board lays its buttons over the cards: the page keeps its look and its words, the whole
piece is the touch target (never under 44 px), and the tap opens the rules (`rules_panel`), a
card with its picture large. The button's label says what the markup says, so a screen reader
reads each piece once, as a button; the markup under it is hidden from it.
"""

from __future__ import annotations

from typing import Literal

import streamlit as st

from companion.screens import rules_panel
from companion.screens.table.faces import face_html

Width = int | Literal["content", "stretch"]  # a Streamlit container's width


def piece(game_id: str, what: rules_panel.What, label: str, markup: str, *, key: str,
          width: Width = "content", svg: bool = False) -> None:  # fmt: skip
    """`markup` with a button over it that opens `what`; `label` (Markdown) says its words.
    The box is keyed `piece_<key>`, the button `key` (a `rule_` key). Markup holding `svg`
    (a drawn card, a track) goes through Markdown: `st.html` strips SVG."""
    with st.container(key=f"piece_{key}", gap=None, width=width):
        drawn = f'<div class="tb-piece" aria-hidden="true">{markup}</div>'
        if svg:
            st.markdown(drawn, unsafe_allow_html=True)
        else:
            st.html(drawn)
        rules_panel.explain_button(game_id, what, label, key=key)


def card(game_id: str, card_id: str, words: str, label: str, width_px: int, *, key: str,
         caption: str = "", when: tuple | None = None) -> None:  # fmt: skip
    """A printed card in play (`faces`, its `words` as the picture's text) with `caption`
    (markup) under it, a tap to the card's rules."""
    face = face_html(game_id, card_id, width_px, words, 1, when)
    under = f'<div class="tb-caption">{caption}</div>' if caption else ""
    piece(game_id, rules_panel.card(card_id), label, face + under, key=key, width=width_px)


PIECES_CSS = """
div[class*="st-key-piece_"] { position: relative; min-height: 44px; justify-content: center;
                              border-radius: 8px; box-shadow: inset 0 0 0 1px #D6D6D6; }
div[class*="st-key-piece_"]:has(button:hover) { background: rgba(0, 0, 0, 0.06); }
div[class*="st-key-piece_"]:has(button:active) { background: rgba(0, 0, 0, 0.12); }
div[class*="st-key-piece_"] > div[class*="st-key-rule_"] {
  position: absolute; inset: 0; z-index: 2; margin: 0; overflow: hidden; }
div[class*="st-key-piece_"] > div[class*="st-key-rule_"] div[data-testid="stButton"],
div[class*="st-key-piece_"] > div[class*="st-key-rule_"] button {
  width: 100%; height: 100%; min-height: 44px; }
div[class*="st-key-piece_"] > div[class*="st-key-rule_"] button { opacity: 0; }
div[class*="st-key-piece_"] > div[class*="st-key-rule_"] button:focus-visible {
  opacity: 1; background: transparent; border: 3px solid #1F6FA3; }
div[class*="st-key-piece_"] > div[class*="st-key-rule_"] button:focus-visible p {
  visibility: hidden; }
div[class*="st-key-piece_"] div[data-testid="stMarkdownContainer"] { margin-bottom: 0; }
.tb-piece { display: flex; flex-direction: column; justify-content: center; min-height: 44px; }
.tb-caption { font-size: 0.85rem; line-height: 1.2; text-align: center; color: #222;
              margin-top: 2px; overflow-wrap: break-word; }
"""
