"""VA Card Game's page CSS: the two battlefields beside the controls (below them on a portrait
tablet, so the buttons are in sight without scrolling), each hero as printed beside its numbers
and its equipment beside it (wrapping under it on a phone), each piece a tap laid over it
(`table.pieces`), the last duel, the prompts, the confirmations and the covers.

The classes are the ones the page's markup and `st.container(key=...)` boxes carry; the browser
tests check the layout this gives at both tablet sizes.
"""

from __future__ import annotations

from companion.screens.table import style as table_style

OWN = """\
  .va-tag { font-size: 0.9rem; font-weight: 800; border-radius: 6px; padding: 1px 7px;
            white-space: nowrap; }
  .va-active-tag { background: #C45E00; color: #FFF; }
  .va-done { color: #1B5E20; background: #E8F5E9; }
  .va-busy { color: #7A4B00; background: #FFF1D6; }
  .va-life { white-space: nowrap; font-size: 1.05rem; }
  .va-life b { font-size: 1.5rem; }
  .va-hearts { color: #C62828; font-size: 1.35rem; letter-spacing: 1px; }
  .va-hearts .va-gone { color: #999; }
  div[class*="st-key-va_side_"], div[class*="st-key-va_active_side_"] {
    background: #FFFFFF; color: #111; border: 2px solid #C8C8C8; border-radius: 12px;
    padding: 2px 10px 6px; gap: 4px; }
  div[class*="st-key-va_active_side_"] { border: 4px solid #E0A800; background: #FFFBEA;
                                         padding: 0 8px 4px; }
  div[class*="st-key-va_who_"] { gap: 0 10px; }
  div[class*="st-key-va_who_"] > div:last-child { margin-left: auto; }
  div[class*="st-key-va_who_"] .va-name { font-size: 1.25rem; line-height: 1.3; }
  div[class*="st-key-va_body_"], div[class*="st-key-va_piles_"] { gap: 6px 10px; }
  div[class*="st-key-va_bearer_"] { flex: 0 0 auto; width: auto; background: #F7F3EA;
    border: 2px solid #8A6D3B; border-radius: 10px; padding: 4px 6px; gap: 6px; }
  div[class*="st-key-va_bearer_"] > div { flex: 0 0 auto; }
  div[class*="st-key-va_stats_"] > div, div[class*="st-key-va_stats_"] div[class*="st-key-piece_"],
  div[class*="st-key-va_counts_"] > div,
  div[class*="st-key-va_counts_"] div[class*="st-key-piece_"] { width: 100%; }
  div[class*="st-key-va_bearer_"] .tb-caption { font-size: 1rem; font-weight: 800; }
  .va-hero.va-none { background: #F2F2F2; border: 2px dashed #8A6D3B; border-radius: 10px;
                     color: #444; font-size: 1.05rem; padding: 14px 8px; text-align: center;
                     width: 228px; }
  .va-note { font-size: 0.85rem; color: #555; font-style: italic; }
  .va-stat { display: flex; align-items: center; gap: 5px; font-size: 1.05rem; line-height: 1.2;
             padding: 0 4px; }
  .va-stat b { font-size: 1.5rem; line-height: 1.1; }
  .va-of { color: #444; font-size: 1.05rem; margin-left: -3px; }
  .va-k { display: inline-block; min-width: 38px; text-align: center; font-size: 0.85rem;
          font-weight: 800; border-radius: 5px; padding: 0 4px; color: #FFF; }
  .va-k.hp { background: #C62828; }
  .va-k.ad { background: #5D4037; }
  .va-k.df { background: #2F6FB8; }
  .va-pips { display: inline-flex; flex-wrap: wrap; gap: 2px; margin-left: 4px; max-width: 64px; }
  .va-pip { display: inline-block; width: 7px; height: 12px; border-radius: 2px;
            border: 1.5px solid #444; }
  .va-pip.hp { background: #C62828; border-color: #8E1B1B; }
  .va-pip.df { background: #2F6FB8; border-color: #1E4C80; }
  .va-pip.lost { background: transparent; border-color: #999; }
  .va-printed { font-size: 0.82rem; color: #444; line-height: 1.25; margin-top: 2px;
                max-width: 190px; }
  div[class*="st-key-va_kit_"] .va-title { padding: 0 4px; }
  .va-nothing { font-size: 1rem; color: #444; padding: 0 4px; }
  div[class*="st-key-va_pieces_"] .tb-caption { font-size: 0.82rem; }
  div[class*="st-key-va_pieces_"] .tb-caption b { display: block; }
  .va-count { font-size: 1rem; padding: 0 4px; white-space: nowrap; }
  .va-count b { font-size: 1.2rem; }
  .va-grave { display: flex; align-items: center; gap: 8px; font-size: 0.92rem; color: #333;
              padding: 2px 4px; }
  .va-grave .tb-face { flex: 0 0 auto; }
  .va-back { width: 228px; background: repeating-linear-gradient(45deg, #34495E, #34495E 8px,
             #2C3E50 8px, #2C3E50 16px); color: #FFF; border-radius: 10px; padding: 8px 10px;
             font-size: 1rem; font-weight: 650; display: flex; gap: 10px; align-items: center; }
  .va-back-mark { font-size: 2rem; font-weight: 900; line-height: 1; }
  .va-duel { background: #F5F1EA; border-radius: 12px; padding: 6px 10px; font-size: 1rem;
             line-height: 1.3; }
  .va-duel.fresh { background: #FFF3E0; border: 3px solid #E07B00; padding: 3px 7px; }
  .va-duel.va-empty { color: #444; text-align: center; padding: 10px; }
  .va-saids { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 2px 0; }
  .va-said { display: flex; gap: 8px; align-items: center; font-size: 1.1rem; }
  .va-said b { font-size: 1.25rem; text-transform: uppercase; }
  .va-sword { font-size: 1.2rem; }
  .va-sum { font-size: 1.1rem; font-weight: 700; color: #5A2500; }
  .va-words { margin: 3px 0 0; padding-left: 1.1em; font-size: 0.95rem; }
  .va-todo { font-size: 1.08rem; font-weight: 700; color: #4A2A00; margin-top: 4px; }
  .va-confirm { background: #FFFFFF; border: 4px solid #C62828; border-radius: 12px;
                padding: 10px 12px; font-size: 1.3rem; font-weight: 750; color: #111; }
  .va-confirm small { display: block; font-size: 1rem; font-weight: 500; color: #444;
                      margin-top: 4px; }
  .va-preview { font-size: 1.1rem; color: #111; background: #F3F6FB; border-radius: 8px;
                padding: 5px 10px; }
  .va-hand { background: #FAFAFA; border: 2px solid #D0D0D0; border-radius: 12px;
             padding: 4px 8px 6px; }
"""

CSS = table_style.sheet(
    table_style.head("va"), table_style.sides("va"), OWN, table_style.tail("va")
)
