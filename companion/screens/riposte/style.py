"""Riposte's page CSS: the table beside the controls (below them on a portrait tablet, so the
buttons are in sight without scrolling), each duelist's band, the clash, the row, the prompts
and the covers.

The classes are the ones the page's markup and `st.container(key=...)` boxes carry; the browser
tests check the layout this gives at both tablet sizes.
"""

from __future__ import annotations

from companion.screens.table import style as table_style

OWN = """\
  .rp-char { font-weight: 650; }
  .rp-muted { color: #555; font-weight: 500; font-style: italic; }
  .rp-role { font-size: 0.9rem; font-weight: 800; color: #FFF; border-radius: 6px;
             padding: 1px 7px; white-space: nowrap; }
  .rp-attacks { background: #C45E00; }
  .rp-defends { background: #2F6FB8; }
  .rp-laid { font-size: 0.95rem; font-weight: 700; color: #1B5E20; background: #E8F5E9;
             border-radius: 6px; padding: 0 6px; }
  div[class*="st-key-rp_duelist_"] { background: #FFFFFF; color: #111; border: 2px solid #C8C8C8;
    border-radius: 12px; padding: 4px 10px 6px; }
  div[class*="st-key-piece_rule_rp_"] .tb-piece { padding: 0 4px; }
  div[class*="st-key-rp_who_"] { gap: 0 10px; }
  div[class*="st-key-rp_who_"] > div:last-child { margin-left: auto; }
  div[class*="st-key-rp_body_"] { align-items: flex-start; flex-wrap: nowrap; }
  div[class*="st-key-rp_left_"] { flex: 1 1 auto; min-width: 0; }
  div[class*="st-key-rp_prev_"] { flex: 0 0 96px; }
  .st-key-rp_middle { align-items: stretch; flex-wrap: nowrap; }
  .st-key-rp_clash { flex: 1 1 auto; background: #F5F1EA; border-radius: 12px;
    padding: 6px 8px; min-width: 0; flex-wrap: nowrap; align-items: flex-start; }
  .st-key-rp_clash_words { flex: 1 1 auto; min-width: 0; }
  .st-key-rp_row { flex: 0 0 auto; background: #EEF3F8; border-radius: 12px; padding: 6px 8px; }
  .st-key-rp_row_cards { flex-wrap: nowrap; }
  .st-key-rp_counts { gap: 0 10px; }
  @media (max-width: 640px) {
    div[class*="st-key-rp_body_"] { flex-direction: column; }
    div[class*="st-key-rp_left_"] { width: 100%; }
    div[class*="st-key-rp_prev_"] { flex: 0 0 auto; flex-direction: row; gap: 6px; }
    .st-key-rp_middle { flex-wrap: wrap; }
    .st-key-rp_clash { flex-wrap: wrap; } }
  .rp-hand { font-size: 1.05rem; white-space: nowrap; }
  .rp-hand b { font-size: 1.35rem; }
  .rp-body { display: flex; gap: 10px; align-items: flex-start; }
  .rp-left { flex: 1 1 auto; min-width: 0; }
  .rp-damage { display: flex; align-items: center; gap: 6px; }
  .rp-damage svg { flex: 1 1 auto; min-width: 0; height: auto; }
  .rp-dmg { font-size: 2.2rem; font-weight: 800; line-height: 1; }
  .rp-of { font-size: 0.85rem; color: #444; writing-mode: vertical-rl; transform: rotate(180deg); }
  .rp-abilities { list-style: none; margin: 2px 0 0; padding: 0; font-size: 0.9rem;
                  line-height: 1.2; }
  .rp-abilities li { margin: 1px 0; }
  .rp-abilities li.off { color: #666; }
  .rp-abilities li.on { color: #111; }
  .rp-abilities i { font-style: normal; font-size: 0.85rem; color: #555; }
  .rp-abilities .rp-mark { display: inline-block; width: 1.2em; font-weight: 900; }
  .rp-abilities li.on .rp-mark { color: #1B5E20; }
  .rp-prev { flex: 0 0 96px; text-align: center; }
  .rp-prev svg { display: block; margin: 0 auto; }
  .rp-next { font-size: 0.9rem; line-height: 1.2; color: #222; margin-top: 2px; }
  .rp-next b { font-size: 1.15rem; }
  .rp-middle { display: flex; gap: 8px; align-items: stretch; }
  .rp-clash { flex: 1 1 auto; display: flex; gap: 8px; background: #F5F1EA; border-radius: 12px;
              padding: 6px 8px; min-width: 0; }
  .rp-clash.rp-empty { align-items: center; justify-content: center; color: #555;
                       font-size: 1.05rem; }
  .rp-clash-pic { flex: 0 0 auto; display: flex; flex-direction: column; align-items: center;
                  gap: 2px; }
  .rp-tag { font-size: 0.9rem; font-weight: 700; color: #333; line-height: 1.2;
            margin-top: 2px; }
  .rp-words { flex: 1 1 auto; min-width: 0; font-size: 1rem; line-height: 1.3; }
  .rp-words ul { margin: 4px 0 0; padding-left: 1.1em; }
  .rp-words li { margin: 3px 0; }
  .rp-outcome { font-size: 1.6rem; font-weight: 850; color: #8A2B00; line-height: 1.2; }
  .rp-row { flex: 0 0 auto; background: #EEF3F8; border-radius: 12px; padding: 6px 8px;
            min-width: 0; }
  .rp-cards { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 4px; }
  .rp-slot { display: flex; flex-direction: column; align-items: center; font-weight: 800;
             color: #444; font-size: 0.95rem; }
  .rp-counts { font-size: 1.05rem; margin-top: 6px; }
  .rp-counts b { font-size: 1.3rem; }
  .rp-todo { font-size: 1.1rem; font-weight: 700; color: #4A2A00; margin-top: 4px; }
  .rp-hand-box { background: #FAFAFA; border: 2px solid #D0D0D0; border-radius: 12px;
                 padding: 4px 8px 6px; margin-bottom: 6px; }
  .rp-character { background: #FFFFFF; border: 2px solid #6A3D8C; border-radius: 12px;
                  padding: 6px 10px; font-size: 1rem; color: #111; }
  .rp-character b { font-size: 1.15rem; }
  .rp-character ul { margin: 4px 0 0; padding-left: 1.1em; }
"""

CSS = table_style.sheet(
    table_style.head("rp"),
    table_style.sides("rp", "duelist"),
    OWN,
    table_style.tail("rp"),
)
