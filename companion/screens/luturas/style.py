"""Luturas's page CSS: the shared table's look (`table.style`: the sides, the words around the
board, the covers, the buttons' words and the portrait tablet's order), and Luturas's own: each
player's four Lutura spaces, the boxes for Crystals, Tool, Strategy and piles, the attack under
way, the hand and the turn's sections. Every button keeps the tablet's 64 px (`screens.style`)."""

from __future__ import annotations

from companion.screens.luturas.pieces import BOARD_CSS
from companion.screens.table import style as table_style

OWN = """\
  .lt-space-no { font-size: 0.78rem; color: #444; font-weight: 700; }
  .lt-bar { height: 8px; background: #E3E3E3; border-radius: 4px; overflow: hidden; margin: 2px 0; }
  .lt-bar span { display: block; height: 100%; background: #2E7D32; }
  .lt-note { font-size: 0.8rem; color: #5A5A5A; font-style: italic; }
  .lt-middle { min-height: 4px; }
  .lt-attack { background: #FDECEA; border: 2px solid #B3261E; border-radius: 10px;
               padding: 4px 8px;
               font-size: 1.05rem; font-weight: 700; }
  .lt-todo { background: #E8F5E9; border-left: 6px solid #1B5E20; border-radius: 8px;
             padding: 4px 8px; font-weight: 650; margin: 2px 0; }
  .lt-section { font-size: 1.05rem; font-weight: 800; margin-top: 6px;
                border-bottom: 2px solid #DDD; }
  .lt-card-row { font-size: 1.0rem; font-weight: 650; margin-top: 4px; }
  .lt-explain { font-size: 0.95rem; color: #3A2A00; background: #FFF8E6; border-radius: 8px;
                padding: 2px 8px; margin: -2px 0 4px; }
  .lt-line { font-size: 1.0rem; }
  .lt-hand { border: 2px solid #1F6FA3; border-radius: 10px; padding: 4px 8px; }
  .lt-hand ul { margin: 2px 0 0 1.1em; padding: 0; }
"""

CSS = table_style.sheet(
    table_style.head("lt"), table_style.sides("lt"), OWN, BOARD_CSS, table_style.tail("lt")
)
