"""Vita Luna's page CSS: the board beside the controls (above them on a portrait tablet, kept in
sight while the controls scroll), the players strip, the prompts, the covers and the bids.

The classes are the ones the page's markup and `st.container(key=...)` boxes carry; the browser
tests check the layout this gives at both tablet sizes.
"""

from __future__ import annotations

from companion.screens.table import style as table_style
from companion.screens.vita_luna.board import HEIGHT, WIDTH

OWN = """\
  .vl-board svg { display: block; margin: 0 auto; width: 100%; height: auto; max-height: 86vh; }
  .st-key-vl_players { gap: 6px; }
  div[class*="st-key-vl_player_"] { background: #FFFFFF; color: #111; border: 2px solid #C8C8C8;
                                    border-radius: 12px; padding: 2px 8px 6px; gap: 2px; }
  div[class*="st-key-vl_who_"] { gap: 6px; min-height: 44px; }
  div[class*="st-key-vl_who_"] > div:first-child { flex: 1 1 auto; min-width: 0; width: auto; }
  div[class*="st-key-vl_chips_"] { gap: 4px; }
  .vl-who { font-size: 1.2rem; line-height: 1.3; color: #111; }
  .vl-who svg { vertical-align: -5px; }
  .vl-note { color: #555; font-size: 0.95rem; }
  .vl-turn { font-weight: 800; color: #7A5A00; white-space: nowrap; }
  .st-key-vl_players div[class*="st-key-rule_vl_"] button {
    min-height: 44px; padding: 0 8px; border-radius: 8px; }
  .st-key-vl_players div[class*="st-key-rule_vl_"] button p {
    font-size: 1rem !important; font-weight: 700 !important; white-space: nowrap; }
  .st-key-vl_players div[class*="st-key-rule_vl_singular_"] button {
    background: #EDE3F5; border: 1.5px solid #6A3D8C; }
  .st-key-vl_players div[class*="st-key-rule_vl_singular_"] button p { color: #3B1A55; }
  .st-key-vl_players div[class*="st-key-rule_vl_role_"] button { border: none; }
  .st-key-vl_players div[class*="st-key-rule_vl_role_"] button p {
    color: #FFFFFF; font-size: 0.85rem !important; font-weight: 800 !important; }
  .st-key-vl_players div[class*="st-key-rule_vl_hearts_"] button { border: none;
    background: transparent; padding: 0 4px; }
  .st-key-vl_players div[class*="st-key-rule_vl_hearts_"] button p {
    font-size: 1.1rem !important; color: #444; font-weight: 400 !important; }
  .st-key-vl_players div[class*="st-key-rule_vl_hearts_"] button p strong {
    font-size: 1.7rem; color: #C62828; font-weight: 800; }
  .st-key-vl_players div[class*="st-key-rule_vl_markers_"] button p strong { font-size: 1.3rem; }
  .vl-next { font-size: 1.2rem; font-weight: 700; color: #111; background: #FFF8E1;
             border-left: 8px solid #F5A623; border-radius: 8px; padding: 6px 12px; }
  .vl-now { font-size: 1.02rem; color: #222; background: #F3F6FB; border-radius: 10px;
            padding: 6px 10px; }
  .vl-walk { background: #FFFFFF; border: 4px solid #F08A24; border-radius: 14px;
             padding: 8px 14px; color: #111; }
  .vl-walk .vl-step { font-size: 0.95rem; font-weight: 800; color: #8A4B00;
                      letter-spacing: 0.03em; text-transform: uppercase; }
  .vl-walk .vl-say { font-size: 1.55rem; font-weight: 750; line-height: 1.3; margin-top: 4px; }
  .vl-walk .vl-say + .vl-say { font-size: 1.2rem; font-weight: 600; }
  .vl-cover { background: #263238; color: #FFFFFF; border-radius: 14px; padding: 18px 16px;
              font-size: 1.5rem; font-weight: 700; text-align: center; }
  .vl-cover small { display: block; font-size: 1.05rem; font-weight: 500; margin-top: 6px;
                    color: #CFD8DC; }
  .vl-bid { font-size: 3.6rem; font-weight: 800; text-align: center; line-height: 1.1;
            color: #111; }
  .vl-reveal { display: flex; gap: 12px; }
  .vl-reveal div { flex: 1; text-align: center; border: 3px solid #999; border-radius: 12px;
                   padding: 6px; font-size: 1.15rem; color: #111; background: #FFF; }
  .vl-reveal b { display: block; font-size: 2.6rem; }
  .vl-lot { display: flex; gap: 14px; align-items: center; color: #111; font-size: 1.1rem; }
  .vl-slot { text-align: center; font-size: 1rem; font-weight: 700; color: #333;
             padding-top: 10px; line-height: 1.25; }
  .vl-rowname { font-size: 0.95rem; font-weight: 800; color: #444; margin: 2px 0 -8px; }
  div[data-testid="stButton"] button div[data-testid="stMarkdownContainer"] p {
    font-size: 1.15rem; font-weight: 650; line-height: 1.15; word-break: normal;
    overflow-wrap: normal; hyphens: manual; }
  .st-key-vl_main div[data-testid="stColumn"] div[data-testid="stColumn"] button p {
    font-size: clamp(0.8rem, 1.45vw, 1.05rem); }
  .st-key-vl_board { position: relative; width: 100%; aspect-ratio: BOARD_RATIO;
                     max-width: calc(86vh * BOARD_RATIO); margin: 0 auto; gap: 0; }
  .st-key-vl_board > div[data-testid="stElementContainer"]:has(.vl-board) {
    position: absolute; inset: 0; }
  .st-key-vl_board .vl-board svg { width: 100%; height: 100%; max-height: none; }
  .st-key-vl_board > div[class*="st-key-rule_vl_"] { position: absolute; z-index: 3; }
  .st-key-vl_board > div[class*="st-key-rule_vl_row_"] { z-index: 2; }  /* under the cards */
  .st-key-vl_board div[class*="st-key-rule_vl_"] div[data-testid="stButton"],
  .st-key-vl_board div[class*="st-key-rule_vl_"] button {
    width: 100%; height: 100%; min-height: 0 !important; }
  .st-key-vl_board div[class*="st-key-rule_vl_"] button { opacity: 0; }
  .st-key-vl_board div[class*="st-key-rule_vl_"] button:focus-visible {
    opacity: 1; background: transparent; outline: 4px solid #0B5CAD; }
  .st-key-vl_rules_row { gap: 6px; }
  .st-key-vl_rules_row button { min-height: 44px !important; padding: 2px 12px; }
  .st-key-vl_rules_row button p { font-size: 1rem !important; }
  div[data-testid="stAlert"] div[data-testid="stMarkdownContainer"] p {
    font-size: 1.3rem; font-weight: 700; }
  @media (orientation: landscape) {
    div[data-testid="stColumn"]:has(.st-key-vl_left) {
      position: sticky; top: 0.4rem; align-self: flex-start; }
  }
  @media (orientation: portrait) {
    .st-key-vl_main > div > div[data-testid="stHorizontalBlock"] { flex-direction: column; }
    .st-key-vl_main > div > div[data-testid="stHorizontalBlock"] > div[data-testid="stColumn"] {
      width: 100% !important; flex: 1 1 100% !important; }
    div[data-testid="stColumn"]:has(.st-key-vl_left) {
      position: sticky; top: 0; z-index: 5; background: #FFFFFF; padding-bottom: 4px;
      box-shadow: 0 8px 8px -8px rgba(0, 0, 0, 0.35); }
    .vl-board svg { max-height: 50vh; }
    .st-key-vl_rules_row { flex-wrap: nowrap; overflow-x: auto; }
    .st-key-vl_board { max-width: calc(50vh * BOARD_RATIO); }
    .st-key-vl_players { flex-direction: row; }
    .st-key-vl_players > div { flex: 1 1 0; min-width: 0; }
  }
"""

# the tap targets lie over the board
CSS = table_style.sheet(table_style.MARGINS, OWN).replace("BOARD_RATIO", f"{WIDTH} / {HEIGHT}")
