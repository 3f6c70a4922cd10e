"""The tablet's look on every page: big touch targets, readable numbers, no Streamlit chrome, and
the rules dialog's text (`screens.rules_panel`) dark enough to read at arm's length."""

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
  div[data-testid="stCaptionContainer"], div[data-testid="stCaptionContainer"] p {
    color: #4A4A4A; }
  div[data-testid="stFileUploader"] button, div[data-testid="stFileUploaderDropzone"] button {
    min-height: 48px; font-size: 1.1rem; }
  div[data-testid="stFileUploaderDropzone"] { min-height: 64px; }
  div[data-testid="stExpander"] summary { min-height: 48px; font-size: 1.1rem; }
  div[class*="st-key-rule_"] button { min-height: 48px; font-size: 1.05rem; border-radius: 24px; }
  .rules-why { font-size: 1.05rem; line-height: 1.35; color: #4A2F00; background: #FFF4D6;
               border-left: 6px solid #A86A00; border-radius: 8px; padding: 6px 10px; }
  .rules-note { font-size: 1.15rem; font-weight: 700; color: #4A2F00; background: #FFF4D6;
                border-left: 6px solid #A86A00; border-radius: 8px; padding: 8px 12px; }
  .rules-kind { font-size: 0.9rem; font-weight: 800; letter-spacing: 0.05em; color: #3D3D3D;
                text-transform: uppercase; }
  .rules-line { font-size: 1.12rem; line-height: 1.45; color: #111; }
  .rules-head { font-size: 1.2rem; font-weight: 800; color: #111; margin-top: 4px; }
  .rules-ruling { font-size: 1.05rem; line-height: 1.45; color: #111; background: #F4F7FB;
                  border: 2px solid #C9D3E0; border-radius: 10px; padding: 8px 12px; }
  .rules-ruling.cited { background: #FFF8E6; border-color: #A86A00; }
  .rules-topic { font-weight: 800; font-size: 1.1rem; }
  .rules-q { font-style: italic; color: #2B2B2B; }
  .st-key-companion_sounds label { min-height: 48px; align-items: center; }
  .st-key-companion_sounds label p { font-size: 1.1rem; }
</style>
"""


def tablet_style() -> None:
    """Drawn first on every run, so the chooser and every game's page look the same."""
    st.html(TABLET_CSS)
