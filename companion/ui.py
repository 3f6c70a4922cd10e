"""Shared look for the table: big touch targets, readable numbers, die faces as pictures."""

from __future__ import annotations

import streamlit as st

TABLET_CSS = """
<style>
  div[data-testid="stButton"] button, div[data-testid="stDownloadButton"] button {
    min-height: 64px; font-size: 1.25rem; font-weight: 600; border-radius: 12px;
  }
  div[data-testid="stMetricValue"] { font-size: 2.6rem; }
  div[data-testid="stMetricLabel"] p { font-size: 1.05rem; }
  .block-container { padding-top: 1.2rem; padding-bottom: 2rem; max-width: 1400px; }
  header[data-testid="stHeader"], div[data-testid="stToolbar"] { display: none; }
  .flash { font-size: 1.2rem; }
</style>
"""

PIPS = {
    1: [(50, 50)],
    2: [(28, 28), (72, 72)],
    3: [(26, 26), (50, 50), (74, 74)],
    4: [(28, 28), (72, 28), (28, 72), (72, 72)],
    5: [(26, 26), (74, 26), (50, 50), (26, 74), (74, 74)],
    6: [(28, 24), (72, 24), (28, 50), (72, 50), (28, 76), (72, 76)],
}


def tablet_style() -> None:
    st.html(TABLET_CSS)


def die_svg(sides: int, value: int | None, size: int = 96, colour: str = "#0072B2") -> str:
    """A die face as SVG: pips for a d6, the number in the die's outline for d8 and d10."""
    outline = {
        6: '<rect x="6" y="6" width="88" height="88" rx="16"',
        8: '<polygon points="50,3 96,50 50,97 4,50"',
        10: '<polygon points="50,3 96,42 50,97 4,42"',
    }.get(sides, '<circle cx="50" cy="50" r="46"')
    body = f'{outline} fill="white" stroke="{colour}" stroke-width="6"/>'
    if value is None:
        face = '<text x="50" y="62" font-size="34" text-anchor="middle" fill="#999">?</text>'
    elif sides == 6 and value in PIPS:
        face = "".join(f'<circle cx="{x}" cy="{y}" r="8" fill="#1A1A1A"/>' for x, y in PIPS[value])
    else:
        y = 64 if sides == 8 else 58
        face = (f'<text x="50" y="{y}" font-size="36" font-weight="700" text-anchor="middle" '
                f'font-family="sans-serif" fill="#1A1A1A">{value}</text>')  # fmt: skip
    label = f"d{sides} showing {value}" if value is not None else f"d{sides}, not rolled"
    head = f'<svg role="img" aria-label="{label}" width="{size}" height="{size}" '
    return head + f'viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg">{body}{face}</svg>'
