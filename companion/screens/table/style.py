"""The CSS every card game's page shares, under the game's prefix (`rp`, `va`, `lt`, `dc`): the
page's margins, the table's column, and for the pages that end the same way the covers, the
button words, the card buttons, the printed cards (`faces`), the alerts, the words around the
board (what just happened, the prompt, a box's title, the reason under a refused Undo) and the
portrait tablet's order (the controls first, in sight without scrolling). A game's own rules go
between `head` and `tail` (`sheet`); what the games share is written here once, so their pages
look alike: one button height, weight and type size, no words under 12 px.

The classes are the ones the table pieces' markup and `st.container(key=...)` boxes carry; the
browser tests check the layout this gives at both tablet sizes.
"""

from __future__ import annotations

from companion.screens.table.faces import FACES_CSS
from companion.screens.table.pieces import PIECES_CSS

MARGINS = """\
  div[data-testid="stMainBlockContainer"] { padding-left: 0.8rem; padding-right: 0.8rem;
                                            padding-top: 0.6rem; }
"""


def head(prefix: str) -> str:
    """The margins and the table's column of sides."""
    return (
        MARGINS
        + f"  .{prefix}-table {{ display: flex; flex-direction: column; gap: 6px; color: #111; }}\n"
    )


def sides(prefix: str, side: str = "side") -> str:
    """Each player's band (`<prefix>-<side>`, the active one marked), the line with who they are,
    and each seat's ink."""
    return f"""\
  .{prefix}-{side} {{ background: #FFFFFF; border: 2px solid #C8C8C8; border-radius: 12px;
              padding: 4px 10px 6px; }}
  .{prefix}-{side}.active {{ border: 4px solid #E0A800; background: #FFFBEA;
                     padding: 2px 8px 4px; }}
  .{prefix}-who {{ display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px;
            font-size: 1.15rem; line-height: 1.3; }}
  .{prefix}-name {{ font-weight: 800; font-size: 1.25rem; }}
  .{prefix}-ink0 {{ color: #A85A00; }}
  .{prefix}-ink1 {{ color: #1F6FA3; }}
"""


def tail(prefix: str) -> str:
    """The pass-the-tablet cover (and the end's), the words on buttons, the card buttons of the
    entry (`<prefix>_design_`, `<prefix>_card_`), alerts, and on a portrait tablet the controls
    above the board."""
    return (
        f"""\
  .{prefix}-cover {{ background: #263238; color: #FFFFFF; border-radius: 14px; padding: 18px 16px;
              font-size: 1.5rem; font-weight: 700; text-align: center; }}
  .{prefix}-cover small {{ display: block; font-size: 1.05rem; font-weight: 500; margin-top: 6px;
                    color: #CFD8DC; }}
  div[data-testid="stButton"] button div[data-testid="stMarkdownContainer"] p {{
    font-size: 1.12rem; font-weight: 650; line-height: 1.15; }}
  div[class*="st-key-{prefix}_design_"] button, div[class*="st-key-{prefix}_card_"] button {{
    min-height: 52px; padding: 4px 6px; }}
  div[class*="st-key-{prefix}_design_"] button p, div[class*="st-key-{prefix}_card_"] button p {{
    font-size: 1rem !important; }}
  div[data-testid="stAlert"] div[data-testid="stMarkdownContainer"] p {{
    font-size: 1.15rem; font-weight: 650; }}
  .{prefix}-now {{ font-size: 1.02rem; color: #222; background: #F3F6FB; border-radius: 10px;
            padding: 6px 10px; line-height: 1.35; }}
  .{prefix}-prompt, .{prefix}-next-step {{ font-size: 1.2rem; font-weight: 700; color: #111;
            background: #FFF8E1; border-left: 8px solid #F5A623; border-radius: 8px;
            padding: 6px 12px; }}
  .{prefix}-private {{ background: #FFF3E0; border-left: 8px solid #E07B00; border-radius: 8px;
                padding: 6px 10px; margin: 0; }}
  .{prefix}-title {{ font-size: 0.9rem; font-weight: 800; color: #555; text-transform: uppercase;
              letter-spacing: 0.03em; }}
  div[data-testid="stHorizontalBlock"]:has(.st-key-{prefix}_undo) {{ align-items: flex-start; }}
  div[data-testid="stColumn"]:has(.st-key-{prefix}_undo) div[data-testid="stCaptionContainer"],
  div[data-testid="stColumn"]:has(.st-key-{prefix}_undo) div[data-testid="stCaptionContainer"] p {{
    font-size: 0.95rem; line-height: 1.25; color: #333; }}
  @media (orientation: portrait) {{
    .st-key-{prefix}_main > div > div[data-testid="stHorizontalBlock"] {{
      flex-direction: column-reverse; }}
    .st-key-{prefix}_main > div > div[data-testid="stHorizontalBlock"]
      > div[data-testid="stColumn"] {{
      width: 100% !important; flex: 1 1 100% !important; }}
  }}
"""
        + FACES_CSS
        + PIECES_CSS
    )


def sheet(*parts: str) -> str:
    """A page's style element from its parts, in order."""
    return "\n<style>\n" + "".join(parts) + "</style>\n"
