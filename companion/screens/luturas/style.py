"""Luturas's page CSS: the table beside the controls (below them on a portrait tablet), each
player's side with its four Lutura spaces, the boxes for Crystals, Tool, Strategy and piles, the
prompts and the covers. Every button keeps the tablet's 64 px height (`screens.style`)."""

from __future__ import annotations

from companion.screens.table import style as table_style

OWN = """\
  .lt-side { background: #FFFFFF; border: 2px solid #C8C8C8; border-radius: 12px;
             padding: 4px 8px 6px; }
  .lt-side.active { border: 4px solid #E0A800; background: #FFFBEA; padding: 2px 6px 4px; }
  .lt-who { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 10px;
            font-size: 1.05rem; line-height: 1.3; }
  .lt-name { font-weight: 800; font-size: 1.2rem; }
  .lt-ink0 { color: #A85A00; }
  .lt-ink1 { color: #1F6FA3; }
  .lt-stamina { font-size: 1.4rem; font-weight: 800; }
  .lt-wins { color: #7A5A00; font-weight: 700; }
  .lt-tag { font-size: 0.85rem; font-weight: 800; color: #FFF; background: #C45E00;
            border-radius: 6px; padding: 1px 6px; }
  .lt-first { background: #555; }
  .lt-spaces { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 4px;
               margin: 4px 0; }
  .lt-space { border: 2px solid #8FA9C4; border-radius: 10px; padding: 3px 5px;
              background: #F4F7FB; font-size: 0.92rem; line-height: 1.25; min-width: 0; }
  .lt-space.lt-empty { border-style: dashed; color: #555; text-align: center; background: #FAFAFA;
                       display: flex; align-items: center; justify-content: center; }
  .lt-space-no { font-size: 0.78rem; color: #444; font-weight: 700; }
  .lt-card-name { font-weight: 800; font-size: 1.0rem; overflow-wrap: anywhere; }
  .lt-bar { height: 8px; background: #E3E3E3; border-radius: 4px; overflow: hidden; margin: 2px 0; }
  .lt-bar span { display: block; height: 100%; background: #2E7D32; }
  .lt-gears { font-size: 0.82rem; color: #333; }
  .lt-tool-mark { font-size: 0.85rem; font-weight: 700; color: #5D3A00; }
  .lt-note { font-size: 0.8rem; color: #5A5A5A; font-style: italic; }
  .lt-rest { display: flex; flex-wrap: wrap; gap: 4px; }
  .lt-box { border: 1px solid #D0D0D0; border-radius: 8px; padding: 2px 6px; font-size: 0.92rem;
            line-height: 1.3; background: #FCFCFC; }
  .lt-title { font-size: 0.78rem; font-weight: 800; color: #3D3D3D; text-transform: uppercase;
              letter-spacing: 0.03em; }
  .lt-chip { display: inline-block; border: 2px solid #444; border-radius: 12px; padding: 0 6px;
             margin: 1px 2px 1px 0; }
  .lt-middle { min-height: 4px; }
  .lt-attack { background: #FDECEA; border: 2px solid #B3261E; border-radius: 10px;
               padding: 4px 8px;
               font-size: 1.05rem; font-weight: 700; }
  .lt-now { background: #F5F1EA; border-radius: 10px; padding: 6px 10px; font-size: 1.02rem;
            line-height: 1.35; color: #111; }
  .lt-prompt { font-size: 1.15rem; font-weight: 700; color: #111; margin: 4px 0; }
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
  .lt-cover { font-size: 1.5rem; font-weight: 800; text-align: center; background: #FFF4D6;
              border: 3px solid #A86A00; border-radius: 14px; padding: 18px 10px; color: #111; }
  .lt-cover small { display: block; font-size: 1.05rem; font-weight: 500; margin-top: 6px; }
  .st-key-lt_right button { min-height: 56px; }
  @media (max-width: 900px) {
    .st-key-lt_main div[data-testid="stHorizontalBlock"] { flex-direction: column-reverse; }
    .st-key-lt_main div[data-testid="stColumn"] { width: 100% !important;
                                                  flex: 1 1 100% !important; }
  }
"""

CSS = table_style.sheet(table_style.head("lt"), OWN)
