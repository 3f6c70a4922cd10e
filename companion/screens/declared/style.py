"""A declared game's page CSS: the shared table pieces' look (`table.style`) under the prefix
`dc`, and the bands, counters, zones and card backs of a table declared in data. Touch targets
stay large at 1024x768 and 768x1024: every button keeps the tablet's 64 px (`screens.style`)."""

from __future__ import annotations

from companion.screens.table import style as table_style

OWN = """\
  .dc-middle, .dc-reveal { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center;
                           background: #F5F1EA; border-radius: 12px; padding: 6px 10px;
                           font-size: 1.1rem; }
  .dc-counter { white-space: nowrap; }
  .dc-counter b { font-size: 1.4rem; }
  .dc-mark { font-size: 0.95rem; font-weight: 700; color: #1B5E20; background: #E8F5E9;
             border-radius: 6px; padding: 0 6px; }
  .dc-zone { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px; margin-top: 4px;
             font-size: 1.05rem; }
  .dc-zname { font-weight: 800; color: #444; margin-right: 4px; }
  .dc-card { background: #FFFFFF; border: 2px solid #6A3D8C; border-radius: 8px;
             padding: 2px 8px; font-weight: 650; }
  .dc-back { display: inline-block; width: 22px; height: 32px; border-radius: 4px;
             background: repeating-linear-gradient(45deg, #0072B2 0 4px, #2E8BC9 4px 8px);
             border: 2px solid #004C77; }
  .dc-count { font-weight: 700; color: #333; margin-left: 4px; }
  .dc-none { color: #666; font-style: italic; }
  div[class*="st-key-dc_seat_"] { background: #FFFFFF; border: 2px solid #C8C8C8;
    border-radius: 12px; padding: 4px 10px 6px; }
  div[class*="st-key-dc_who_"] > div:last-child { margin-left: auto; }
  .st-key-dc_middle { background: #F5F1EA; border-radius: 12px; padding: 4px 10px;
    gap: 6px 14px; }
  div[class*="st-key-dc_faces_"] button { min-width: 52px; min-height: 52px; }
"""

CSS = table_style.sheet(
    table_style.head("dc"), table_style.sides("dc", "seat"), OWN, table_style.tail("dc")
)
