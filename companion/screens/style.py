"""The tablet's look on every page: big touch targets, readable numbers, no Streamlit chrome."""

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


def tablet_style() -> None:
    """Drawn first on every run, so the chooser and every game's page look the same."""
    st.html(TABLET_CSS)
