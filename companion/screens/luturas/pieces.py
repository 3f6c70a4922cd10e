"""The pieces of Luturas's board: a card in play as its printed face, and a game term as a flat
chip that opens its rule. Chips look like the words they replace (light, small, outlined), not
like the action buttons beside the board, so the board still reads as a table and a player can
tell "what is this?" taps from moves; each keeps a 44 px touch height.
"""

from __future__ import annotations

from companion.games.luturas.data import ANY, LuturasData
from companion.games.luturas.state import design
from companion.screens import rules_panel
from companion.screens.luturas.words import card_words
from companion.screens.table.faces import face_html

GAME = "luturas"
FACE_PX = 120  # a card in play: the widest a landscape tablet's column gives five of them
SMALL_PX = 64  # a Tool or Strategy beside the counts: recognised, its words a tap away

CRYSTAL_COLOURS = {
    "aquatic": "#1F6FA3",
    "flammable": "#B3261E",
    "botanical": "#2E7D32",
    "nuclear": "#8A6D00",
    "terrestrial": "#6D4C41",
    "plasmatic": "#7B1FA2",
    ANY: "#111111",
}


def crystal_name(kind: str) -> str:
    return "Black" if kind == ANY else kind.capitalize()


def piece(what: rules_panel.What, label: str, key: str) -> None:
    """A game term on the board (`label`, Markdown) as a chip opening `what`'s rules."""
    rules_panel.explain_button(GAME, what, label, key=key, width="content")


def face(data: LuturasData, card: str, when: tuple, small: bool = False) -> str:
    """A card in play as printed (its words as the picture's text, for a screen reader)."""
    width = SMALL_PX if small else FACE_PX
    return face_html(GAME, design(card), width, card_words(data, card), 1, when)


def _crystal_css(kind: str, colour: str) -> str:
    return (
        f'div[class*="st-key-rule_lt_crystal_{kind}_"] button {{ border: 2px solid {colour}; '
        "border-radius: 14px; }"
    )


BOARD_CSS = """\
  div[class*="st-key-lt_side_"] { background: #FFFFFF; border: 2px solid #C8C8C8;
    border-radius: 12px; padding: 4px 10px 6px; }
  div[class*="st-key-lt_spaces_"] { display: grid !important; gap: 6px;
    grid-template-columns: repeat(5, minmax(0, 1fr)); }
  div[class*="st-key-lt_space_"], div[class*="st-key-lt_soldier_box_"] {
    border: 2px solid #8FA9C4; border-radius: 10px; padding: 3px 4px; background: #F4F7FB;
    min-width: 0; }
  div[class*="st-key-lt_soldier_box_"] { border-color: #D55E00; background: #FFF6EF; }
  div[class*="st-key-lt_spaces_"] .tb-face { width: 100% !important; max-width: 120px;
    margin: 2px auto; }
  div[class*="st-key-lt_spaces_"] .tb-face img { width: 100%; }
  div[class*="st-key-lt_"] div[class*="st-key-rule_lt_"] button {
    min-height: 44px; padding: 2px 8px; background: #FFFFFF; border: 1px solid #B8B8B8;
    border-radius: 10px; }
  div[class*="st-key-lt_"] div[class*="st-key-rule_lt_"] button p {
    font-size: 0.95rem !important; font-weight: 500 !important; line-height: 1.2;
    overflow-wrap: normal; word-break: normal; }
  div[class*="st-key-lt_space_"] div[class*="st-key-rule_lt_"],
  div[class*="st-key-lt_soldier_box_"] div[class*="st-key-rule_lt_"] { width: 100%; }
  div[class*="st-key-lt_space_"] div[class*="st-key-rule_lt_"] button,
  div[class*="st-key-lt_soldier_box_"] div[class*="st-key-rule_lt_"] button {
    width: 100%; padding: 2px 3px; }
  div[class*="st-key-rule_lt_lutura_"] button p, div[class*="st-key-rule_lt_soldier_"] button p {
    font-weight: 800 !important; }
  div[class*="st-key-rule_lt_space_"] button { border-style: dashed !important;
    min-height: 120px !important; background: #FAFAFA !important; }
  div[class*="st-key-rule_lt_turn_"] button { background: #C45E00 !important;
    border-color: #C45E00 !important; }
  div[class*="st-key-rule_lt_turn_"] button p { color: #FFFFFF; font-weight: 800 !important; }
  div[class*="st-key-rule_lt_first_"] button { background: #555555 !important; }
  div[class*="st-key-rule_lt_first_"] button p { color: #FFFFFF; font-weight: 700 !important; }
  div[class*="st-key-rule_lt_wins_"] button p { color: #7A5A00; font-weight: 700 !important; }
  div[class*="st-key-lt_crystals_"], div[class*="st-key-lt_tool_"],
  div[class*="st-key-lt_strategy_"], div[class*="st-key-lt_piles_"] {
    border: 1px solid #D0D0D0; border-radius: 8px; padding: 2px 4px; background: #FCFCFC; }
  div[class*="st-key-lt_tool_"] .tb-face, div[class*="st-key-lt_strategy_"] .tb-face {
    margin: 0; }
  @media (max-width: 640px) {
    div[class*="st-key-lt_spaces_"] { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
""" + "".join(_crystal_css(kind, colour) for kind, colour in CRYSTAL_COLOURS.items())
